import { expect } from 'vitest';
import { addDays, bangkokDayStart } from '../../../contract/clock';
import { dsrAddReply, dsrFormListReply, dsrListReply, dsrStateReply } from '../../../contract/dsr';
import { DSR_CODE_TRIES, dsrIntakeReply, dsrPendingReply } from '../../../contract/dsrIntake';
import { serverMessage } from '../../../server/http/messages';
import { remindAndDropPending } from '../../../server/modules/dsr/verify';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { makePng } from '../png';
import { callFrom } from './public-throttle';

const PNG = makePng(4, 4, () => [40, 160, 90]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const b64 = (bytes: Buffer) => bytes.toString('base64');
const DAY = 86_400_000;

/** The last one-time code e-mailed to `email` (the server's development outbox). */
export async function lastCode(ctx: Pick<Ctx, 'db'>, email: string): Promise<string> {
  const [mail] = await ctx.db!.query<{ body: string }>(
    `select body from mail_outbox where lower(to_address) = lower($1) and template = 'dsr_code' order by id desc limit 1`,
    [email],
  );
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was e-mailed to ${email}`);
  return code;
}

/** The Bangkok day `days` before today (`YYYY-MM-DD`). */
const dayAgo = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(addDays(new Date(), -days));

/**
 * Requests taken by staff (channel, day received, letters; the public form's rules) and the public
 * form's e-mail verification (code, tries, expiry, resend limit, reminder and drop). The public calls
 * come from loopback addresses of their own, so the other cases' per-address limits stay untouched.
 */
export function dsrIntakeCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const block = ctx.target.includes('PostgreSQL') ? 2 : 1;
  let nextAddress = 120;
  const from = () => `127.0.${block}.${nextAddress++}`;

  const demoForm = async () => {
    const reply = await ctx.api.get('/consents/datasubject/fetch/list', { token: admin() });
    return dsrFormListReply.parse(reply.body).formList.find((f) => f.status && f.identityFields.includes('phone'))!;
  };
  const intake = (body: Record<string, unknown>, token = admin(), lang?: 'th' | 'en') =>
    ctx.api.post('/consents/datasubject/intake', body, { token, lang });
  const requestCount = async () => (await ctx.db!.query<{ n: number }>('select count(*)::int as n from dsr_requests'))[0].n;
  const staffBody = async (extra: Record<string, unknown> = {}) => {
    const form = await demoForm();
    return {
      formId: form._id,
      channel: 'phone',
      receivedOn: dayAgo(3),
      rights: ['access'],
      requesterType: 'subject',
      subject: { firstname: 'มานี', lastname: 'โทรมา', email: 'manee.phone@example.com', phone: '0891112222', idNumber: '1100100000002' },
      details: 'โทรศัพท์ขอสำเนาข้อมูลการสั่งซื้อ',
      identityEvidence: { name: 'id.png', contentBase64: b64(PNG) },
      letters: [{ name: 'call-note.pdf', contentBase64: b64(PDF) }],
      ...extra,
    };
  };

  rule.describe('requests taken by staff (telephone, post, e-mail, in person)', () => {
    rule.it('records a telephone request: its clock runs from the day received, the channel and letter kept', async () => {
      const day = dayAgo(3);
      const reply = await intake(await staffBody({ receivedOn: day }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const { requestId, referenceCode, dueAt } = dsrIntakeReply.parse(reply.body);
      expect(referenceCode).toMatch(/^DEMO-DSR-\d{4}$/);
      expect(Date.parse(dueAt) - bangkokDayStart(day).getTime()).toBe(30 * DAY);
      const list = dsrListReply.parse((await ctx.api.get(`/consents/datasubject/list?search=${referenceCode}`, { token: admin() })).body);
      expect(list.requestList[0]).toMatchObject({ _id: requestId, channel: 'phone', statusId: 1, daysLeft: 27 });
      expect(list.requestList[0].receivedAt).toBe(bangkokDayStart(day).toISOString());
      const detail = dsrStateReply.parse((await ctx.api.get(`/consents/datasubject/state?requestId=${requestId}`, { token: admin() })).body).request!;
      expect(detail.files.map((f) => [f.kind, f.name]).sort()).toEqual([
        ['identity', 'id.png'],
        ['letter', 'call-note.pdf'],
      ]);
      expect(detail.history[0]).toMatchObject({ action: 'received', statusId: 1 });
      expect(detail.history[0].by).toBeTruthy();
      // the letter reads back as sent (encrypted at rest, decrypted for staff)
      const letterId = detail.files.find((f) => f.kind === 'letter')!._id;
      const letter = await ctx.api.get(`/consents/datasubject/file?requestId=${requestId}&fileId=${letterId}`, { token: admin() });
      expect(letter.status).toBe(200);
      const [{ channel, recorded_by }] = await ctx.db!.query<{ channel: string; recorded_by: string }>(
        'select channel, recorded_by from dsr_requests where id = $1',
        [requestId],
      );
      expect({ channel, recorded_by }).toEqual({ channel: 'phone', recorded_by: ctx.demoAdmin.user._id });
    });

    rule.it('a request by post received today starts its clock now', async () => {
      const before = Date.now();
      const reply = await intake(await staffBody({ channel: 'post', receivedOn: dayAgo(0), letters: [] }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(Date.parse(dsrIntakeReply.parse(reply.body).dueAt) - before).toBeGreaterThanOrEqual(30 * DAY - 5_000);
    });

    rule.it('refuses a future or absurdly old day, what the form requires, and a disguised letter: nothing stored', async () => {
      const before = await requestCount();
      const future = expectInvalidField(await intake(await staffBody({ receivedOn: dayAgo(-1) })), 'receivedOn');
      expect(future.msg).toContain(serverMessage('th', 'dsr_received_future'));
      const old = expectInvalidField(await intake(await staffBody({ receivedOn: dayAgo(400) }), admin(), 'en'), 'receivedOn', 'en');
      expect(old.msg).toContain(serverMessage('en', 'dsr_received_too_old'));
      expectInvalidField(await intake(await staffBody({ channel: 'web' })), 'channel');
      const body = await staffBody();
      expectMessage(
        await intake({ ...body, subject: { ...body.subject, phone: undefined } }, admin(), 'en'),
        400,
        'dsr_identity_field_required',
        'en',
        {
          field: 'Phone',
        },
      );
      expectInvalidField(await intake({ ...body, rights: ['nonsense'] }), 'rights.0');
      expectMessage(await intake({ ...body, identityEvidence: undefined }), 400, 'dsr_evidence_required');
      expectMessage(await intake({ ...body, requesterType: 'representative' }), 400, 'dsr_representative_proof');
      const disguised = { name: 'letter.pdf', contentBase64: b64(Buffer.from('<html><script>alert(1)</script></html>')) };
      expectMessage(await intake({ ...body, letters: [disguised] }), 400, 'dsr_file_type');
      expect(await requestCount()).toBe(before);
    });

    rule.it("another company's form is a 404; the viewer may not record", async () => {
      const body = await staffBody();
      expectFailure(await intake(body, ctx.siamAdmin.access_token), 404);
      expectMessage(await intake(body, ctx.demoViewer.access_token), 403, 'read_only');
    });
  });

  rule.describe("the public form verifies the requester's e-mail with a one-time code", () => {
    const publicBody = (formId: string, email: string) => ({
      formId,
      rights: ['access'],
      requesterType: 'subject',
      subject: { firstname: 'ชูใจ', lastname: 'ยืนยัน', email, phone: '0823334444', idNumber: '1100100000003' },
      details: 'ขอสำเนาข้อมูล',
      identityEvidence: { name: 'id.png', contentBase64: b64(PNG) },
      consent: true,
    });
    const start = async (address: string, email: string) => {
      const sent = await callFrom(address, ctx.api.baseUrl, 'POST', '/consents/datasubject/add', publicBody((await demoForm())._id, email));
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      return dsrPendingReply.parse(sent.body);
    };
    const verify = (address: string, verificationId: string, code: string) =>
      callFrom(address, ctx.api.baseUrl, 'POST', '/consents/datasubject/verify', { verificationId, code });
    const resend = (address: string, verificationId: string) =>
      callFrom(address, ctx.api.baseUrl, 'POST', '/consents/datasubject/verify/resend', { verificationId });
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    rule.it('files nothing until the right code; a wrong code says the tries left; the request then shows in the list', async () => {
      const address = from();
      const email = 'verify.happy@example.com';
      const before = await requestCount();
      const pending = await start(address, email);
      expect(pending.email).toBe(email);
      expect(Date.parse(pending.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(await requestCount()).toBe(before);
      const code = await lastCode(ctx, email);
      // the code is kept only as a keyed hash; the files sealed
      const [row] = await ctx.db!.query<{ code_hash: string; body: string }>('select code_hash, body::text from dsr_pending where id = $1', [
        pending.verificationId,
      ]);
      expect(row.code_hash).not.toContain(code);
      expect(row.body).not.toContain(b64(PNG));
      const bad = await verify(address, pending.verificationId, wrong(code));
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe(serverMessage('th', 'dsr_code_wrong', { left: DSR_CODE_TRIES - 1 }));
      const malformed = await verify(address, pending.verificationId, '12ab');
      expect(malformed.status).toBe(400);
      const good = await verify(address, pending.verificationId, code);
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      const { referenceCode } = dsrAddReply.parse(good.body);
      const list = dsrListReply.parse((await ctx.api.get(`/consents/datasubject/list?search=${referenceCode}`, { token: admin() })).body);
      expect(list.requestList[0]).toMatchObject({ channel: 'web', email, statusId: 1 });
      const detail = dsrStateReply.parse(
        (await ctx.api.get(`/consents/datasubject/state?requestId=${list.requestList[0]._id}`, { token: admin() })).body,
      ).request!;
      expect(detail.files).toEqual([expect.objectContaining({ kind: 'identity', mime: 'image/png', size: PNG.length })]);
      // nothing of the submission stays; the code cannot file it twice
      expect(await ctx.db!.query('select 1 from dsr_pending where id = $1', [pending.verificationId])).toHaveLength(0);
      expect(await ctx.db!.query('select 1 from dsr_pending_files where pending_id = $1', [pending.verificationId])).toHaveLength(0);
      const again = await verify(address, pending.verificationId, code);
      expect([again.status, again.body.msg]).toEqual([404, serverMessage('th', 'dsr_code_unknown')]);
      const mails = await ctx.db!.query<{ template: string }>('select template from mail_outbox where to_address = $1 order by id', [email]);
      expect(mails.map((m) => m.template)).toEqual(['dsr_code', 'dsr_received']);
    });

    rule.it('an expired code is refused (409); a new code works', async () => {
      const address = from();
      const email = 'verify.expired@example.com';
      const pending = await start(address, email);
      const code = await lastCode(ctx, email);
      await ctx.db!.query(`update dsr_pending set code_expires_at = now() - interval '1 minute' where id = $1`, [pending.verificationId]);
      const expired = await verify(address, pending.verificationId, code);
      expect([expired.status, expired.body.msg]).toEqual([409, serverMessage('th', 'dsr_code_expired')]);
      const renewed = await resend(address, pending.verificationId);
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      const fresh = await lastCode(ctx, email);
      expect((await verify(address, pending.verificationId, fresh)).status).toBe(200);
    });

    rule.it('five tries at most, counted atomically under a burst; then even the right code is refused (429)', async () => {
      const address = from();
      const email = 'verify.tries@example.com';
      const pending = await start(address, email);
      const code = await lastCode(ctx, email);
      const burst = await Promise.all(Array.from({ length: 12 }, () => verify(address, pending.verificationId, wrong(code))));
      expect(burst.filter((r) => r.status === 400)).toHaveLength(DSR_CODE_TRIES);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(12 - DSR_CODE_TRIES);
      const right = await verify(address, pending.verificationId, code);
      expect([right.status, right.body.msg]).toEqual([429, serverMessage('th', 'dsr_code_tries')]);
    });

    rule.it('limits the codes one e-mail address is sent (429), whatever the address they are asked from', async () => {
      const email = 'verify.flood@example.com';
      const pending = await start(from(), email);
      expect((await resend(from(), pending.verificationId)).status).toBe(200);
      expect((await resend(from(), pending.verificationId)).status).toBe(200);
      const over = await resend(from(), pending.verificationId);
      expect([over.status, over.body.msg]).toEqual([429, serverMessage('th', 'dsr_code_mail_throttled')]);
      const another = await callFrom(from(), ctx.api.baseUrl, 'POST', '/consents/datasubject/add', publicBody((await demoForm())._id, email));
      expect(another.status).toBe(429);
      const unknown = await resend(from(), '00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
    });

    rule.it('reminds an unverified submission once after a day, and drops it after a week with its files', async () => {
      const email = 'verify.late@example.com';
      const pending = await start(from(), email);
      const [{ company_id: companyId }] = await ctx.db!.query<{ company_id: string }>('select company_id from dsr_pending where id = $1', [
        pending.verificationId,
      ]);
      const reminders = async () =>
        (await ctx.db!.query<{ body: string }>(`select body from mail_outbox where to_address = $1 and template = 'dsr_code_reminder'`, [email]))
          .length;
      await remindAndDropPending(ctx.db!, companyId);
      expect(await reminders()).toBe(0);
      await ctx.db!.query(`update dsr_pending set created_at = now() - interval '25 hours' where id = $1`, [pending.verificationId]);
      await remindAndDropPending(ctx.db!, companyId);
      await remindAndDropPending(ctx.db!, companyId);
      expect(await reminders()).toBe(1);
      expect(await ctx.db!.query('select 1 from dsr_pending_files where pending_id = $1', [pending.verificationId])).toHaveLength(1);
      await ctx.db!.query(`update dsr_pending set created_at = now() - interval '8 days' where id = $1`, [pending.verificationId]);
      await remindAndDropPending(ctx.db!, companyId);
      expect(await ctx.db!.query('select 1 from dsr_pending where id = $1', [pending.verificationId])).toHaveLength(0);
      expect(await ctx.db!.query('select 1 from dsr_pending_files where pending_id = $1', [pending.verificationId])).toHaveLength(0);
      const gone = await verify(from(), pending.verificationId, '000000');
      expect(gone.status).toBe(404);
    });
  });
}
