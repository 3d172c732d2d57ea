import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';
import { dsrPackContent, dsrPackReply } from '../../../contract/dsrPack';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

// Thai words come out of pdftotext with spaces between them (and sara am doubled at times): compared without either
const flat = (s: string) => s.replace(/\s+/g, '').replace(/\u0E33\u0E32/g, '\u0E33');
const pdfText = (bytes: Buffer) => flat(execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8'));
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
let counter = 0;

/** The access pack of an access or portability request: build, review, mark sent, and the refusals around them. */
export function dsrPackCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const siam = () => ctx.siamAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;

  /**
   * A new request to DEMO on its demo form (every right), as the public form files it: written directly,
   * since the public form's hourly limit per address belongs to the request cases.
   */
  const newRequest = async (rights: string[], email: string, lang: 'th' | 'en' = 'th') => {
    const ref = `PACK-${Date.now().toString(36)}-${(counter++).toString(36)}`.toUpperCase();
    const [row] = await ctx.db!.query<{ id: string }>(
      `insert into dsr_requests (company_id, form_id, reference_code, rights, requester_type, subject, email, details, lang, received_at, due_at)
       select f.company_id, f.id, $1, $2, 'subject', $3, $4, 'ขอสำเนาข้อมูลของข้าพเจ้า', $5, now() - interval '1 day', now() + interval '29 days'
         from dsr_forms f join companies c on c.id = f.company_id where c.code = 'DEMO' order by f.created_at limit 1
       returning id`,
      [ref, rights, JSON.stringify({ firstname: 'ทดสอบ', lastname: 'ชุดข้อมูล', email, idNumber: '1100100000001' }), email, lang],
    );
    return { ref, requestId: row.id };
  };
  const uniqueEmail = () => `pack.${Date.now().toString(36)}.${(counter++).toString(36)}@example.com`;
  const build = (requestId: string, token = admin()) => ctx.api.post('/consents/datasubject/pack', { requestId }, { token });
  const send = (body: Record<string, unknown>, token = admin()) => ctx.api.post('/consents/datasubject/pack/send', body, { token });
  const packOf = async (requestId: string) => {
    const reply = await ctx.api.get(`/consents/datasubject/pack?requestId=${requestId}`, { token: admin() });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return dsrPackReply.parse(reply.body).pack;
  };

  shape.describe('access pack (s.30, s.31)', () => {
    shape.it('refuses the viewer (403 read_only) and an id that is no id (400 naming it)', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      expectMessage(await build(id, viewer()), 403, 'read_only');
      expectMessage(await send({ requestId: id, channel: 'email' }, viewer()), 403, 'read_only');
      expectInvalidField(await build('not-an-id'), 'requestId');
    });

    rule.it('builds a draft for an access request: the activities, consents and earlier requests of the person, no connector rows', async () => {
      const email = uniqueEmail();
      const first = await newRequest(['erasure'], email);
      const { ref, requestId } = await newRequest(['access'], email);
      expect(await packOf(requestId)).toBeNull();
      const reply = await build(requestId);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const pack = dsrPackReply.parse(reply.body).pack!;
      expect(pack.state).toBe('draft');
      expect(pack.sent).toBeNull();
      expect(pack.content.request.referenceCode).toBe(ref);
      expect(pack.content.lang).toBe('th');
      expect(pack.content.activities.length).toBeGreaterThan(0);
      for (const a of pack.content.activities) expect(a.matchedBy.length).toBeGreaterThan(0);
      expect(pack.content.requests.map((r) => r.referenceCode)).toEqual([first.ref]);
      expect(pack.content.connectorRows).toEqual([]);
      expect((await packOf(requestId))!._id).toBe(pack._id);
      // built again while a draft: the same pack, newer facts
      const again = dsrPackReply.parse((await build(requestId)).body).pack!;
      expect(again._id).toBe(pack._id);
    });

    rule.it("lists the person's consent records, matched by e-mail, with their notice versions", async () => {
      const [consent] = await ctx.db!.query<{ email: string; version: number; text_hash: string }>(
        `select c.email, c.version, c.text_hash from consent_records c join companies co on co.id = c.company_id
          where co.code = 'DEMO' order by c.created_at limit 1`,
      );
      const { requestId } = await newRequest(['portability'], consent.email.toUpperCase());
      const pack = dsrPackReply.parse((await build(requestId)).body).pack!;
      expect(pack.content.consents.length).toBeGreaterThan(0);
      expect(pack.content.consents.map((c) => c.textHash)).toContain(consent.text_hash);
      expect(pack.content.activities.some((a) => a.matchedBy.includes('notice'))).toBe(true);
    });

    rule.it('gives the letter (Thai PDF; English for an English request) and the data (JSON and CSV with Buddhist-era dates in a zip)', async () => {
      const email = uniqueEmail();
      await newRequest(['rectification'], email);
      const th = await newRequest(['access'], email);
      await build(th.requestId);
      const letter = await ctx.api.get(`/consents/datasubject/pack/letter?requestId=${th.requestId}`, { token: admin() });
      expect(letter.status).toBe(200);
      expect(letter.headers.get('content-type')).toBe('application/pdf');
      const text = pdfText(letter.bytes);
      expect(text).toContain(flat('หนังสือตอบคำขอเข้าถึง'));
      expect(text).toContain(th.ref);
      expect(text).toContain(flat('ร่าง'));

      const data = await ctx.api.get(`/consents/datasubject/pack/data?requestId=${th.requestId}`, { token: admin() });
      expect(data.status).toBe(200);
      expect(data.headers.get('content-type')).toBe('application/zip');
      const files = unzipSync(new Uint8Array(data.bytes));
      expect(Object.keys(files).sort()).toEqual(['access-pack.json', 'activities.csv', 'consents.csv', 'database-rows.csv', 'requests.csv']);
      const json = dsrPackContent.parse(JSON.parse(strFromU8(files['access-pack.json'])));
      expect(json).toEqual((await packOf(th.requestId))!.content);
      // UTF-8 with a BOM (the decoder drops it: read from the bytes)
      expect(Buffer.from(files['requests.csv'].subarray(0, 3)).toString('hex')).toBe('efbbbf');
      const requests = strFromU8(files['requests.csv']);
      expect(requests).toMatch(new RegExp(`${json.requests[0].referenceCode},.*25\\d\\d`));

      const en = await newRequest(['access'], uniqueEmail(), 'en');
      await build(en.requestId);
      const enLetter = await ctx.api.get(`/consents/datasubject/pack/letter?requestId=${en.requestId}`, { token: admin() });
      expect(pdfText(enLetter.bytes)).toContain(flat('Reply to your request for access'));
      expect((await packOf(en.requestId))!.content.lang).toBe('en');
    });

    rule.it('refuses a request that is neither access nor portability (400), and another company (404)', async () => {
      const erasure = await newRequest(['erasure'], uniqueEmail());
      expectMessage(await build(erasure.requestId), 400, 'dsr_pack_wrong_kind');
      expectMessage(await ctx.api.get(`/consents/datasubject/pack?requestId=${erasure.requestId}`, { token: admin() }), 400, 'dsr_pack_wrong_kind');
      const access = await newRequest(['access'], uniqueEmail());
      await build(access.requestId);
      expectFailure(await build(access.requestId, siam()), 404);
      expectFailure(await ctx.api.get(`/consents/datasubject/pack?requestId=${access.requestId}`, { token: siam() }), 404);
      expectFailure(await ctx.api.get(`/consents/datasubject/pack/letter?requestId=${access.requestId}`, { token: siam() }), 404);
      expectFailure(await send({ requestId: access.requestId, channel: 'email' }, siam()), 404);
      expect((await packOf(access.requestId))!.state).toBe('draft');
    });

    rule.it('refuses to send before a pack is built (409), a posting without its day or after today (400), and stores nothing', async () => {
      const { requestId } = await newRequest(['access'], uniqueEmail());
      expectMessage(await send({ requestId, channel: 'email' }), 409, 'dsr_pack_missing');
      await build(requestId);
      expectInvalidField(await send({ requestId, channel: 'post' }), 'sentOn');
      expectMessage(await send({ requestId, channel: 'post', sentOn: '2999-01-01' }), 400, 'dsr_pack_sent_on_range');
      expect((await packOf(requestId))!.state).toBe('draft');
    });

    rule.it('marks it sent by e-mail with both files attached; what was sent is kept with its digests and never changes', async () => {
      const email = uniqueEmail();
      const { requestId } = await newRequest(['access'], email);
      await build(requestId);
      const reply = await send({ requestId, channel: 'email', note: 'ส่งตามที่ขอ' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const pack = dsrPackReply.parse(reply.body).pack!;
      expect(pack.state).toBe('sent');
      expect(pack.sent!.channel).toBe('email');
      expect(pack.sent!.to).toBe(email);
      expect(pack.sent!.by).toBeTruthy();
      expect(pack.sent!.files.map((f) => f.name).sort()).toEqual([
        `${pack.content.request.referenceCode}-access-data.zip`,
        `${pack.content.request.referenceCode}-access-letter.pdf`,
      ]);

      const [mail] = await ctx.db!.query<{ template: string; attachments: { filename: string; sha256: string }[] }>(
        `select template, attachments from mail_outbox where lower(to_address) = lower($1) and template = 'dsr_access_pack'`,
        [email],
      );
      expect(mail.attachments.map((a) => a.sha256).sort()).toEqual(pack.sent!.files.map((f) => f.sha256).sort());

      // the files downloaded now are those sent, byte for byte
      const letter = await ctx.api.get(`/consents/datasubject/pack/letter?requestId=${requestId}`, { token: admin() });
      const data = await ctx.api.get(`/consents/datasubject/pack/data?requestId=${requestId}`, { token: admin() });
      const digests = Object.fromEntries(pack.sent!.files.map((f) => [f.mime, f.sha256]));
      expect(sha256(letter.bytes)).toBe(digests['application/pdf']);
      expect(sha256(data.bytes)).toBe(digests['application/zip']);
      expect(pdfText(letter.bytes)).not.toContain(flat('ร่าง'));

      expectMessage(await build(requestId), 409, 'dsr_pack_sent');
      expectMessage(await send({ requestId, channel: 'post', sentOn: '2026-01-01' }), 409, 'dsr_pack_sent');
      await expect(ctx.db!.query(`update dsr_access_packs set note = 'x' where request_id = $1`, [requestId])).rejects.toThrow(/sent access pack/);
      await expect(ctx.db!.query('delete from dsr_access_packs where request_id = $1', [requestId])).rejects.toThrow(/sent access pack/);
    });

    rule.it("shows the demo's sent pack, whose files download as the bytes its digests name", async () => {
      const list = await ctx.api.get('/consents/datasubject/list?search=DEMO-DSR-0006', { token: admin() });
      const requestId = (list.body as { requestList: { _id: string }[] }).requestList[0]._id;
      const pack = (await packOf(requestId))!;
      expect(pack.state).toBe('sent');
      expect(pack.content.consents.length).toBeGreaterThan(0);
      const digests = Object.fromEntries(pack.sent!.files.map((f) => [f.mime, f.sha256]));
      const letter = await ctx.api.get(`/consents/datasubject/pack/letter?requestId=${requestId}`, { token: admin() });
      const data = await ctx.api.get(`/consents/datasubject/pack/data?requestId=${requestId}`, { token: admin() });
      expect(sha256(letter.bytes)).toBe(digests['application/pdf']);
      expect(sha256(data.bytes)).toBe(digests['application/zip']);
    });

    rule.it('marks it handed over in person on a day, with a note', async () => {
      const { requestId } = await newRequest(['portability'], uniqueEmail());
      await build(requestId);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
      const pack = dsrPackReply.parse((await send({ requestId, channel: 'in_person', sentOn: today, note: 'รับที่สาขาสีลม' })).body).pack!;
      expect(pack.sent).toMatchObject({ channel: 'in_person', sentOn: today, note: 'รับที่สาขาสีลม', to: '' });
    });
  });
}
