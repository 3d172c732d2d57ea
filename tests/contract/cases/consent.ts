import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import {
  consentItem,
  consentItemListReply,
  consentListReply,
  consentRow,
  emptyDraft,
  formDetailReply,
  formListReply,
  formRow,
  noticeReply,
  type ConsentDraft,
} from '../../../contract/consent';
import { noticeTransfersReply, transferRecord } from '../../../contract/transfers';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

// ---- the replies, strict: every target answers exactly these fields
const itemsReply = consentItemListReply.extend({ consents: z.array(consentItem.strict()) }).strict();
const itemReply = z.object({ status: z.literal(200), data: consentItem.strict() }).strict();
const formsReply = formListReply.extend({ formlist: z.array(formRow.strict()) }).strict();
const recordsReply = consentListReply.extend({ consentlist: z.array(consentRow.strict()) }).strict();
const savedReply = z.object({ status: z.literal(200), data: z.object({ _id: z.string().uuid(), draft: z.unknown() }).strict() }).strict();
const publishedReply = z
  .object({
    status: z.literal(200),
    data: z.object({ version: z.number().int(), textHash: z.string().regex(/^[0-9a-f]{64}$/), published_dt: z.string() }).strict(),
  })
  .strict();

const HTML = `<script>alert("x")</script><img src=x onerror=alert(1)> & <b>ตัวหนา</b>`;

function ok<T>(reply: Reply, schema: z.ZodType<T>): T {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return schema.parse(reply.body);
}

/**
 * Privacy notices and consent (menu 5): consent items, the notice builder, publishing (s.23),
 * immutable versions, the public consent and policy pages, the append-only consent records.
 */
export function consentCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;
  const siam = () => ctx.siamAdmin.access_token;

  const addItem = async (type: 'source' | 'objective' | 'store', name: string, sensitive = false, token = admin()) =>
    ok(await ctx.api.post('/consents/object', { type, name, sensitive }, { token }), itemReply).data;

  /** A draft with every s.23 item, naming fresh items of the company. */
  async function fullDraft(token = admin()): Promise<ConsentDraft> {
    const objective = await addItem('objective', 'ส่งข่าวสารและโปรโมชัน', false, token);
    const source = await addItem('source', 'แบบฟอร์มสมัครสมาชิก', false, token);
    const phone = await addItem('store', 'เบอร์โทรศัพท์', false, token);
    const health = await addItem('store', 'ข้อมูลสุขภาพ', true, token);
    const draft = emptyDraft();
    return {
      ...draft,
      header: { projectName: 'สมัครสมาชิกร้านค้าออนไลน์', projectStatus: 'ใช้งาน', projectActivity: 'สมัครสมาชิก' },
      forConsent: { active: true, remark: '' },
      objective: [objective._id],
      consent: {
        ...draft.consent,
        form: [source._id],
        list: [phone._id, health._id],
        purposes: [
          { _id: 'marketing', data: [phone._id], list: [objective._id] },
          { _id: 'health', data: [health._id], list: [objective._id] },
        ],
      },
      security: { typeCount: 'ปี', number: 2, remark: '' },
    };
  }

  async function saveDraft(draft: ConsentDraft, formId?: string, token = admin()) {
    return ok(await ctx.api.post('/consents/form/save', { formId, draft }, { token }), savedReply).data._id;
  }
  async function publish(formId: string, token = admin()) {
    return ok(await ctx.api.post('/consents/form/publish', { formId }, { token }), publishedReply).data;
  }
  async function detail(formId: string, token = admin()) {
    return ok(await ctx.api.get(`/consents/form/detail?formId=${formId}`, { token }), formDetailReply).data;
  }
  const give = (formRef: string, formId: string, body: Record<string, unknown>, lang: 'th' | 'en' = 'th') =>
    ctx.api.post(`/consents/public/form/${formRef}/${formId}`, body, { lang });
  const subject = (n: number, extra: Record<string, unknown> = {}) => ({
    subjectId: `ID-${n}`,
    email: `subject${n}@example.com`,
    name: 'สมปอง ทดสอบ',
    age: 30,
    version: 1,
    purposes: [{ _id: 'marketing', consent: true }],
    submissionId: randomUUID(),
    ...extra,
  });

  describe('consent items', () => {
    shape.it('lists sources and objectives (GET /consents/object) and stores (GET /consents/list) with the seed keys', async () => {
      for (const type of ['source', 'objective']) {
        const reply = ok(await ctx.api.get(`/consents/object?type=${type}`, { token: admin() }), itemsReply);
        expect(reply.totalDoc).toBeGreaterThan(0);
      }
      const stores = ok(await ctx.api.get('/consents/list', { token: viewer() }), itemsReply);
      expect(stores.consents.length).toBeGreaterThan(0);
    });

    shape.it('creates, renames, toggles and deletes an item; a view-only role may only read', async () => {
      const item = await addItem('store', 'ที่อยู่จัดส่ง');
      expect(item).toMatchObject({ name: 'ที่อยู่จัดส่ง', sensitive: false, status: true });
      const renamed = ok(await ctx.api.put(`/consents/object/${item._id}`, { name: 'ที่อยู่สำหรับจัดส่ง', status: false }, { token: admin() }), itemReply);
      expect(renamed.data).toMatchObject({ name: 'ที่อยู่สำหรับจัดส่ง', status: false });
      const active = ok(await ctx.api.get('/consents/list?active=true&limit=100', { token: admin() }), itemsReply);
      expect(active.consents.some((c) => c._id === item._id)).toBe(false);
      expectMessage(await ctx.api.post('/consents/object', { type: 'store', name: 'x' }, { token: viewer() }), 403, 'read_only');
      expectMessage(await ctx.api.delete(`/consents/object/${item._id}`, { token: viewer() }), 403, 'read_only');
      ok(await ctx.api.delete(`/consents/object/${item._id}`, { token: admin() }), z.object({ status: z.literal(200) }));
      expectMessage(await ctx.api.delete(`/consents/object/${item._id}`, { token: admin() }), 404, 'not_found');
    });

    shape.it('keeps HTML in a name as text, and refuses a blank name or an unknown type', async () => {
      const item = await addItem('objective', HTML);
      expect(item.name).toBe(HTML);
      expectInvalidField(await ctx.api.post('/consents/object', { type: 'objective', name: '   ' }, { token: admin() }), 'name');
      expectInvalidField(await ctx.api.post('/consents/object', { type: 'cookie', name: 'x' }, { token: admin() }), 'type');
      expectInvalidField(await ctx.api.get('/consents/object?type=store', { token: admin() }), 'type');
    });

    rule.it('keeps an optional English name (trimmed): given, changed, cleared; a rename alone keeps it', async () => {
      const made = ok(
        await ctx.api.post('/consents/object', { type: 'store', name: 'ที่อยู่ตามบัตร', name_en: '  Address on the ID card  ' }, { token: admin() }),
        itemReply,
      ).data;
      expect(made).toMatchObject({ name: 'ที่อยู่ตามบัตร', name_en: 'Address on the ID card' });
      expect((await addItem('store', 'ไม่มีชื่ออังกฤษ')).name_en).toBe('');
      const renamed = ok(await ctx.api.put(`/consents/object/${made._id}`, { name: 'ที่อยู่ตามบัตรประชาชน' }, { token: admin() }), itemReply);
      expect(renamed.data).toMatchObject({ name: 'ที่อยู่ตามบัตรประชาชน', name_en: 'Address on the ID card' });
      const english = ok(
        await ctx.api.put(`/consents/object/${made._id}`, { name_en: 'Address on the national ID card' }, { token: admin() }),
        itemReply,
      );
      expect(english.data.name_en).toBe('Address on the national ID card');
      const listed = ok(
        await ctx.api.get(`/consents/list?search=${encodeURIComponent('national ID card')}&limit=100`, { token: admin() }),
        itemsReply,
      );
      expect(listed.consents.map((c) => c._id)).toEqual([made._id]);
      const cleared = ok(await ctx.api.put(`/consents/object/${made._id}`, { name_en: '   ' }, { token: admin() }), itemReply);
      expect(cleared.data).toMatchObject({ name: 'ที่อยู่ตามบัตรประชาชน', name_en: '' });
      expectInvalidField(await ctx.api.post('/consents/object', { type: 'store', name: 'x', name_en: 42 }, { token: admin() }), 'name_en');
    });

    shape.it('refuses an English name over 300 characters (400, in the reader’s language), writing nothing', async () => {
      const long = 'a'.repeat(301);
      expectInvalidField(await ctx.api.post('/consents/object', { type: 'objective', name: 'ยาวเกิน', name_en: long }, { token: admin() }), 'name_en');
      expectInvalidField(
        await ctx.api.post('/consents/object', { type: 'objective', name: 'ยาวเกิน', name_en: long }, { token: admin(), lang: 'en' }),
        'name_en',
        'en',
      );
      const item = await addItem('objective', 'ชื่อไทยเดิม');
      expectInvalidField(await ctx.api.put(`/consents/object/${item._id}`, { name_en: long }, { token: admin(), lang: 'en' }), 'name_en', 'en');
      // 300 is allowed
      expect(
        ok(await ctx.api.put(`/consents/object/${item._id}`, { name_en: 'a'.repeat(300) }, { token: admin() }), itemReply).data.name_en,
      ).toHaveLength(300);
      const list = ok(await ctx.api.get('/consents/object?type=objective&search=ยาวเกิน&limit=100', { token: admin() }), itemsReply);
      expect(list.totalDoc).toBe(0);
    });

    shape.it('never shows or changes another company’s items', async () => {
      const item = await addItem('source', 'เฉพาะ DEMO');
      const siamList = ok(await ctx.api.get('/consents/object?type=source&limit=100', { token: siam() }), itemsReply);
      expect(siamList.consents.some((c) => c._id === item._id)).toBe(false);
      expectMessage(await ctx.api.put(`/consents/object/${item._id}`, { name: 'ของ SIAM' }, { token: siam() }), 404, 'not_found');
      expectMessage(await ctx.api.delete(`/consents/object/${item._id}`, { token: siam() }), 404, 'not_found');
    });

    rule.it('switching an item off removes it from every draft; an item a notice uses cannot be deleted (409)', async () => {
      const draft = await fullDraft();
      const formId = await saveDraft(draft);
      const [phone] = draft.consent.list;
      expectMessage(await ctx.api.delete(`/consents/object/${phone}`, { token: admin() }), 409, 'consent_item_in_use');
      ok(await ctx.api.put(`/consents/object/${phone}`, { status: false }, { token: admin() }), itemReply);
      const after = (await detail(formId)).draft;
      expect(after.consent.list).not.toContain(phone);
      expect(after.consent.purposes[0].data).not.toContain(phone);
      expect(after.consent.purposes).toHaveLength(2);
      expect(after.objective).toEqual(draft.objective);
    });
  });

  describe('notices: drafts, publishing, versions', () => {
    rule.it('saves a draft at any time and lists it (formlist, totalItem.count) with the seed structure', async () => {
      const formId = await saveDraft({ ...emptyDraft(), header: { projectName: HTML, projectStatus: '', projectActivity: '' } });
      const list = ok(await ctx.api.get('/consents/form/list?limit=100', { token: admin() }), formsReply);
      expect(list.totalItem.count).toBeGreaterThan(0);
      const row = list.formlist.find((f) => f._id === formId)!;
      expect(row).toMatchObject({ projectName: HTML, version: null, published_dt: null });
      const d = await detail(formId);
      expect(d.draft.security.typeCount).toBe('วัน');
      expect(Object.keys(d.draft).sort()).toEqual(
        [
          'consent',
          'disclosure',
          'dpo',
          'forConsent',
          'forHealth',
          'forLaw',
          'forPublic',
          'forResearch',
          'forThirdParty',
          'header',
          'necessityContract',
          'objective',
          'security',
          'tranfer',
        ].sort(),
      );
      expect(d.draft.forThirdParty).toEqual({ active: false, isCompany: false, remark: '' });
      expect(d.draft.tranfer).toEqual({ active: false, country: '', remark: '', mechanism: null });
    });

    rule.it(
      '29: tells of transfers abroad chosen from the register, frozen in the version; no new free text; another company’s refused',
      async () => {
        const transfers = (query: string, token = admin()) => ctx.api.get(`/consents/form/transfers${query}`, { token });
        // the builder's choices: the register's entries, found by the importer's name, readable by a view-only role
        const found = ok(await transfers('?search=MailFlow', viewer()), noticeTransfersReply.extend({ status: z.literal(200) }).strict()).data;
        expect(found.map((t) => t.importer)).toContain('MailFlow Pte. Ltd.');
        const choices = ok(await ctx.api.get('/transfer-choices', { token: admin() }), z.object({ systems: z.array(z.object({ id: z.string() })) }));
        const tag = randomUUID().slice(0, 8);
        const made = ok(
          await ctx.api.post(
            '/transfers',
            { systemId: choices.systems[0].id, country: 'JP', importer: `ผู้รับในญี่ปุ่น ${tag}`, basis: 'consent' },
            { token: admin() },
          ),
          z.object({ data: transferRecord }),
        ).data;
        const bare = ok(
          await ctx.api.post('/transfers', { systemId: choices.systems[0].id, country: 'US', importer: `ไม่มีฐาน ${tag}` }, { token: admin() }),
          z.object({ data: transferRecord }),
        ).data;
        const chosen = ok(await transfers(`?ids=${encodeURIComponent(JSON.stringify([made.id, bare.id]))}`), noticeTransfersReply).data;
        expect(chosen.slice(0, 2).map((t) => t.id)).toEqual([made.id, bare.id]);

        const draft = await fullDraft();
        // a transfer without a basis cannot be told: publishing names the transfer item
        const formId = await saveDraft({ ...draft, tranfer: { ...draft.tranfer, active: true, entries: [made.id, bare.id] } });
        const unpublishable = await ctx.api.post('/consents/form/publish', { formId }, { token: admin() });
        expectFailure(unpublishable, 400);
        expect(unpublishable.body.missing).toEqual(['transfer']);
        await saveDraft({ ...draft, tranfer: { ...draft.tranfer, active: true, entries: [made.id] } }, formId);
        const v1 = await publish(formId);
        const version = async (n: number) =>
          ok(await ctx.api.get(`/consents/form/version?formId=${formId}&version=${n}`, { token: admin() }), noticeReply).notice;
        const first = await version(v1.version);
        expect(first.transfers).toEqual([{ id: made.id, country: 'JP', importer: `ผู้รับในญี่ปุ่น ${tag}`, basis: 'consent' }]);
        const { formRef } = await detail(formId);
        expect(ok(await ctx.api.get(`/consents/public/form/${formRef}/${formId}`), noticeReply).notice.transfers).toEqual(first.transfers);
        // the register changes: the version keeps what it told, the next one tells the new
        ok(
          await ctx.api.put(
            `/transfers/${made.id}`,
            { systemId: choices.systems[0].id, country: 'JP', importer: `ผู้รับรายใหม่ ${tag}`, basis: 'standard_clauses' },
            { token: admin() },
          ),
          z.object({ data: transferRecord }),
        );
        const v2 = await publish(formId);
        expect((await version(v2.version)).transfers).toEqual([
          { id: made.id, country: 'JP', importer: `ผู้รับรายใหม่ ${tag}`, basis: 'standard_clauses' },
        ]);
        expect(await version(v1.version)).toEqual(first);

        // another company's transfer, or one named twice: 400 on the field, nothing stored
        const siamSystems = ok(
          await ctx.api.get('/transfer-choices', { token: siam() }),
          z.object({ systems: z.array(z.object({ id: z.string() })) }),
        );
        const theirs = ok(
          await ctx.api.post('/transfers', { systemId: siamSystems.systems[0].id, country: 'SG', importer: `SIAM ${tag}` }, { token: siam() }),
          z.object({ data: transferRecord }),
        ).data;
        expect(ok(await transfers('', siam()), noticeTransfersReply).data.some((t) => t.id === made.id)).toBe(false);
        expect(
          ok(await transfers(`?ids=${encodeURIComponent(JSON.stringify([theirs.id]))}`), noticeTransfersReply).data.some((t) => t.id === theirs.id),
        ).toBe(false);
        for (const entries of [[theirs.id], [made.id, made.id]]) {
          const refused = expectFailure(
            await ctx.api.post(
              '/consents/form/save',
              { formId, draft: { ...draft, tranfer: { ...draft.tranfer, active: true, entries } } },
              { token: admin() },
            ),
            400,
          );
          expect(refused).toMatchObject({ field: 'draft.tranfer.entries' });
        }
        expect((await detail(formId)).draft.tranfer.entries).toEqual([made.id]);
        // a country typed as free text is refused on a new notice and on an old one (in Thai, naming the register)
        const typed = { ...draft, tranfer: { active: true, country: 'ญี่ปุ่น', remark: '', mechanism: 'exception' as const } };
        const before = ok(await ctx.api.get('/consents/form/list?limit=1', { token: admin() }), formsReply).totalItem.count;
        const free = expectFailure(await ctx.api.post('/consents/form/save', { draft: typed }, { token: admin() }), 400);
        expect(free).toMatchObject({ field: 'draft.tranfer.country' });
        expect(free.msg).toContain('ทะเบียนการโอนข้อมูลไปต่างประเทศ');
        expect(ok(await ctx.api.get('/consents/form/list?limit=1', { token: admin() }), formsReply).totalItem.count).toBe(before);
        expectFailure(await ctx.api.post('/consents/form/save', { formId, draft: typed }, { token: admin() }), 400);
        // the free text written before the register may stay, and may go
        if (ctx.db) {
          await ctx.db.query(`update consent_forms set draft = jsonb_set(draft, '{tranfer}', $2::jsonb) where id = $1`, [
            formId,
            JSON.stringify(typed.tranfer),
          ]);
          await saveDraft({ ...typed, header: { ...typed.header, projectName: 'ยังเก็บข้อความเดิม' } }, formId);
          await saveDraft({ ...draft, tranfer: { ...draft.tranfer, active: true, entries: [made.id] } }, formId);
        }
        // a transfer taken out of the register leaves the draft; the versions keep it
        ok(await ctx.api.delete(`/transfers/${made.id}`, { token: admin() }), z.object({ data: transferRecord }));
        expect((await detail(formId)).draft.tranfer.entries).toEqual([]);
        expect((await version(v2.version)).transfers?.[0].id).toBe(made.id);
        ok(await ctx.api.delete(`/transfers/${bare.id}`, { token: admin() }), z.object({ data: transferRecord }));
        ok(await ctx.api.delete(`/transfers/${theirs.id}`, { token: siam() }), z.object({ data: transferRecord }));
      },
    );

    rule.it('refuses to publish without the s.23 items, naming what is missing in Thai', async () => {
      const formId = await saveDraft(emptyDraft());
      const reply = await ctx.api.post('/consents/form/publish', { formId }, { token: admin() });
      const body = expectFailure(reply, 400);
      expect(reply.body.missing).toEqual(expect.arrayContaining(['projectName', 'purposes', 'basis', 'data', 'retention']));
      expect(body.msg).toContain('มาตรา 23');
      expect(body.msg).toContain('ระยะเวลาการเก็บรักษา');
      const en = expectFailure(await ctx.api.post('/consents/form/publish', { formId }, { token: admin(), lang: 'en' }), 400);
      expect(en.msg).toContain('retention period');
      const list = ok(await ctx.api.get('/consents/form/list?limit=100', { token: admin() }), formsReply);
      expect(list.formlist.find((f) => f._id === formId)!.version).toBeNull();
    });

    rule.it('publishes immutable versions: a new version is a new row, the old one unchanged', async () => {
      const draft = await fullDraft();
      const formId = await saveDraft(draft);
      const v1 = await publish(formId);
      expect(v1.version).toBe(1);
      expectMessage(await ctx.api.post('/consents/form/publish', { formId }, { token: admin() }), 409, 'consent_no_change');
      const first = ok(await ctx.api.get(`/consents/form/version?formId=${formId}&version=1`, { token: admin() }), noticeReply).notice;
      await saveDraft({ ...draft, header: { ...draft.header, projectName: 'ชื่อใหม่' } }, formId);
      const listed = ok(await ctx.api.get('/consents/form/list?limit=100', { token: admin() }), formsReply).formlist.find((f) => f._id === formId)!;
      expect(listed).toMatchObject({ version: 1, changed: true, projectName: 'ชื่อใหม่' });
      const v2 = await publish(formId);
      expect(v2.version).toBe(2);
      expect(v2.textHash).not.toBe(v1.textHash);
      const again = ok(await ctx.api.get(`/consents/form/version?formId=${formId}&version=1`, { token: admin() }), noticeReply).notice;
      expect(again).toEqual(first);
      expect(again.draft.header.projectName).toBe('สมัครสมาชิกร้านค้าออนไลน์');
      expect((await detail(formId)).versions.map((v) => v.version)).toEqual([2, 1]);
      // a published notice is proof: it cannot be deleted
      expectMessage(await ctx.api.post('/consents/form/delete', { formId }, { token: admin() }), 409, 'consent_form_published');
      if (ctx.db) {
        await expect(ctx.db.query('update consent_form_versions set text_hash = $1 where form_id = $2', ['x', formId])).rejects.toThrow(
          /append-only/,
        );
        await expect(ctx.db.query('delete from consent_form_versions where form_id = $1', [formId])).rejects.toThrow(/append-only/);
      }
    });

    rule.it('21: publishes the items’ English names into the version; the old version and every purpose’s hash stay as they were', async () => {
      const draft = await fullDraft();
      const formId = await saveDraft(draft);
      const v1 = await publish(formId);
      const { formRef } = await detail(formId);
      expect((await give(formRef, formId, subject(21, { subjectId: 'ID-21-EN', purposes: [{ _id: 'marketing', consent: true }] }))).status).toBe(200);
      const version = async (n: number) =>
        ok(await ctx.api.get(`/consents/form/version?formId=${formId}&version=${n}`, { token: admin() }), noticeReply).notice;
      const first = await version(1);
      expect(Object.values(first.items).some((i) => 'name_en' in i)).toBe(false);
      const [objective] = draft.objective;
      ok(await ctx.api.put(`/consents/object/${objective}`, { name_en: 'News and offers' }, { token: admin() }), itemReply);
      const v2 = await publish(formId);
      expect(v2.version).toBe(2);
      expect(v2.textHash).not.toBe(v1.textHash);
      const second = await version(2);
      expect(second.items[objective]).toMatchObject({ name: 'ส่งข่าวสารและโปรโมชัน', name_en: 'News and offers' });
      expect(Object.values(second.items).filter((i) => 'name_en' in i)).toHaveLength(1);
      expect(second.purposes).toEqual(first.purposes);
      expect(await version(1)).toEqual(first);
      const shown = ok(await ctx.api.get(`/consents/public/form/${formRef}/${formId}`, { lang: 'en' }), noticeReply).notice;
      expect(shown).toMatchObject({ version: 2, textHash: v2.textHash });
      expect(shown.items[objective].name_en).toBe('News and offers');
      // a translation is no new meaning: the consent given on version 1 is still current
      const records = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&search=ID-21-EN`, { token: admin() }), recordsReply);
      expect(records.consentlist.map((r) => r.state)).toEqual(['given']);
      // the records list names the purpose in the reader's language (Thai for a Thai reader)
      expect(records.consentlist.map((r) => r.purpose)).toEqual(['ส่งข่าวสารและโปรโมชัน']);
      const english = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&search=ID-21-EN`, { token: admin(), lang: 'en' }), recordsReply);
      expect(english.consentlist.map((r) => r.purpose)).toEqual(['News and offers']);
      // and so does the dashboard's count of consents by purpose
      const counted = async (lang: 'th' | 'en') =>
        (
          ctx.api.get(`/user/dashboard/consent-count`, { token: admin(), lang }).then((r) => r.body) as Promise<{
            data: Array<{ formId: string; purpose: string }>;
          }>
        ).then((b) => b.data.filter((d) => d.formId === formId).map((d) => d.purpose));
      expect(await counted('en')).toEqual(['News and offers']);
      expect(await counted('th')).toEqual(['ส่งข่าวสารและโปรโมชัน']);
      expectMessage(await ctx.api.post('/consents/form/publish', { formId }, { token: admin() }), 409, 'consent_no_change');
    });

    rule.it('refuses items or a DPO of another company, and a viewer’s writes', async () => {
      const draft = await fullDraft(siam());
      expectMessage(await ctx.api.post('/consents/form/save', { draft }, { token: admin() }), 400, 'consent_unknown_item');
      expectMessage(
        await ctx.api.post(
          '/consents/form/save',
          { draft: { ...emptyDraft(), dpo: { _id: ctx.siamAdmin.user._id, name: 'x' } } },
          { token: admin() },
        ),
        400,
        'consent_unknown_dpo',
      );
      expectMessage(await ctx.api.post('/consents/form/save', { draft: emptyDraft() }, { token: viewer() }), 403, 'read_only');
      const demoForm = await saveDraft(emptyDraft());
      expectMessage(await ctx.api.get(`/consents/form/detail?formId=${demoForm}`, { token: siam() }), 404, 'not_found');
      expectMessage(await ctx.api.post('/consents/form/save', { formId: demoForm, draft: emptyDraft() }, { token: siam() }), 404, 'not_found');
      expectMessage(await ctx.api.post('/consents/form/publish', { formId: demoForm }, { token: siam() }), 404, 'not_found');
      const siamList = ok(await ctx.api.get('/consents/form/list?limit=100', { token: siam() }), formsReply);
      expect(siamList.formlist.some((f) => f._id === demoForm)).toBe(false);
      expectInvalidField(
        await ctx.api.post('/consents/form/save', { draft: { ...emptyDraft(), security: { typeCount: 'สัปดาห์' } } }, { token: admin() }),
        'draft.security.typeCount',
      );
    });
  });

  describe('public pages and consent records', () => {
    /** The cases' published notice: published by the first case, or on first need, so that a case runs alone. */
    const made = { formId: '', formRef: '', companyId: '' };
    const publishNotice = async () => {
      made.formId = await saveDraft(await fullDraft());
      await publish(made.formId);
      ({ formRef: made.formRef, companyId: made.companyId } = await detail(made.formId));
      return made;
    };
    const theNotice = async () => (made.formId ? made : publishNotice());

    rule.it('publishes a notice whose public pages need no sign-in', async () => {
      const { formId, formRef, companyId } = await publishNotice();
      const notice = ok(await ctx.api.get(`/consents/public/form/${formRef}/${formId}`), noticeReply).notice;
      expect(notice).toMatchObject({ formId, version: 1, companyId });
      expect(notice.purposes.map((p) => [p._id, p.explicit])).toEqual([
        ['marketing', false],
        ['health', true],
      ]);
      expect(notice.controller.name).toBeTruthy();
      const policy = ok(await ctx.api.get(`/consents/public/policy/${companyId}/${formId}`), noticeReply).notice;
      expect(policy.textHash).toBe(notice.textHash);
    });

    rule.it('reaches only the published form it names: wrong ref, wrong company, drafts and unknown ids are 404', async () => {
      const { formId, formRef, companyId } = await theNotice();
      const draftOnly = await saveDraft(emptyDraft());
      const { formRef: draftRef } = await detail(draftOnly);
      expectMessage(await ctx.api.get(`/consents/public/form/${draftRef}/${draftOnly}`), 404, 'not_found');
      expectMessage(await ctx.api.get(`/consents/public/form/${draftRef}/${formId}`), 404, 'not_found');
      expectMessage(await ctx.api.get(`/consents/public/form/${formRef}/00000000-0000-4000-8000-000000000000`), 404, 'not_found');
      expectMessage(await ctx.api.get(`/consents/public/policy/${'00000000-0000-4000-8000-000000000000'}/${formId}`), 404, 'not_found');
      expectInvalidField(await ctx.api.get(`/consents/public/policy/${companyId}/not-a-uuid`), 'formId');
      expectMessage(await give(draftRef, draftOnly, subject(1)), 404, 'not_found');
      // a signed-in staff list is not public
      expectMessage(await ctx.api.get('/consents/manage/list'), 401, 'not_signed_in');
    });

    rule.it('records consent per ticked purpose and refuses bad input without writing', async () => {
      const { formId, formRef } = await theNotice();
      expectMessage(await give(formRef, formId, subject(2, { purposes: [{ _id: 'marketing', consent: false }] })), 400, 'consent_nothing_ticked');
      expectMessage(await give(formRef, formId, subject(2, { purposes: [{ _id: 'other', consent: true }] })), 400, 'consent_unknown_purpose');
      expectMessage(await give(formRef, formId, subject(2, { age: 15 })), 400, 'consent_guardian_required');
      expectMessage(await give(formRef, formId, subject(2, { version: 9 })), 409, 'consent_version_changed');
      expectInvalidField(await give(formRef, formId, subject(2, { email: 'not-mail' })), 'email');
      const given = await give(formRef, formId, subject(2, { name: HTML, subjectId: HTML }));
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      expect(given.body.data.given).toEqual(['marketing']);
      const minor = await give(
        formRef,
        formId,
        subject(3, {
          age: 8,
          lang: 'en',
          guardian: { name: 'มารดา ทดสอบ', relation: 'มารดา', consent: true },
          purposes: [
            { _id: 'marketing', consent: true },
            { _id: 'health', consent: true },
          ],
        }),
        'en',
      );
      expect(minor.status, JSON.stringify(minor.body)).toBe(200);

      const list = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}`, { token: viewer() }), recordsReply);
      expect(list.totalItem.count).toBe(3);
      const mine = list.consentlist.find((r) => r.subjectId === HTML)!;
      expect(mine).toMatchObject({ name: HTML, state: 'given', purposeId: 'marketing', version: 1, email: 'subject2@example.com' });
      expect(mine.history).toHaveLength(1);
      expect(mine.history[0]).toMatchObject({ action: 'given', channel: 'web', lang: 'th', explicit: false, guardian: null });
      expect(mine.history[0].textHash).toMatch(/^[0-9a-f]{64}$/);
      const health = list.consentlist.find((r) => r.subjectId === 'ID-3' && r.purposeId === 'health')!;
      expect(health.history[0]).toMatchObject({ explicit: true, lang: 'en', guardian: { name: 'มารดา ทดสอบ', relation: 'มารดา' } });
      const siamList = ok(await ctx.api.get('/consents/manage/list?limit=100', { token: siam() }), recordsReply);
      expect(siamList.consentlist.some((r) => r.formId === formId)).toBe(false);
    });

    rule.it('13/7: one submission sent again or in parallel (a double click, a retry) is recorded once and answered alike', async () => {
      // a notice of its own: the other cases count the records of theirs
      const formId = await saveDraft(await fullDraft());
      await publish(formId);
      const { formRef } = await detail(formId);
      const body = subject(7, {
        subjectId: 'ID-7-ONCE',
        purposes: [
          { _id: 'marketing', consent: true },
          { _id: 'health', consent: true },
        ],
      });
      const replies = await Promise.all(Array.from({ length: 6 }, () => give(formRef, formId, body)));
      for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(replies[0].body.data.given).toEqual(['marketing', 'health']);
      // a retry after the reply was lost
      const again = await give(formRef, formId, body);
      expect(again.body).toEqual(replies[0].body);
      // the same key with other answers is not a retry
      expectMessage(await give(formRef, formId, { ...body, purposes: [{ _id: 'marketing', consent: true }] }), 409, 'consent_submission_reused');
      const list = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&search=ID-7-ONCE`, { token: admin() }), recordsReply);
      expect(list.consentlist.map((r) => [r.purposeId, r.history.length]).sort()).toEqual([
        ['health', 1],
        ['marketing', 1],
      ]);
      // a new submission (a new key) is a new record: the person gave consent again
      expect((await give(formRef, formId, { ...body, submissionId: randomUUID() })).status).toBe(200);
      const after = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&search=ID-7-ONCE`, { token: admin() }), recordsReply);
      expect(after.consentlist.every((r) => r.history.length === 2)).toBe(true);
    });

    rule.it('13/7: the public consent page must send its submission key', async () => {
      const { formId, formRef } = await theNotice();
      const { submissionId: _, ...keyless } = subject(8);
      expectInvalidField(await give(formRef, formId, keyless), 'submissionId');
      expectInvalidField(await give(formRef, formId, { ...keyless, submissionId: 'not-a-uuid' }), 'submissionId');
    });

    rule.it('a purpose the notice has since dropped can still be withdrawn: recorded against the last version that held it', async () => {
      const draft = await fullDraft();
      const formId = await saveDraft(draft);
      await publish(formId);
      const { formRef } = await detail(formId);
      const person = subject(501, {
        purposes: [
          { _id: 'marketing', consent: true },
          { _id: 'health', consent: true },
        ],
      });
      expect((await give(formRef, formId, person)).status).toBe(200);
      await saveDraft({ ...draft, consent: { ...draft.consent, purposes: draft.consent.purposes.filter((p) => p._id === 'marketing') } }, formId);
      expect((await publish(formId)).version).toBe(2);

      const body = { subjectId: person.subjectId, email: person.email, purposes: ['health'] };
      const w = await ctx.api.post(`/consents/public/withdraw/${formRef}/${formId}`, body);
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      expect(w.body.data.withdrawn).toEqual(['health']);
      const [record] = await ctx.db!.query<{ version: number }>(
        `select version from consent_records where form_id = $1 and subject_id = $2 and purpose_id = 'health' and action = 'withdrawn'`,
        [formId, person.subjectId],
      );
      expect(record.version).toBe(1);
      // a purpose no version ever held is still refused, and nothing is recorded
      expectMessage(
        await ctx.api.post(`/consents/public/withdraw/${formRef}/${formId}`, { ...body, purposes: ['marketing', 'nope'] }),
        400,
        'consent_unknown_purpose',
      );
      const list = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&search=${person.subjectId}`, { token: admin() }), recordsReply);
      expect(list.consentlist.find((r) => r.purposeId === 'marketing')!.state).toBe('given');
    });

    rule.it('withdraws as easily, keeps the history, and asks again when a purpose changes', async () => {
      const { formId, formRef } = await theNotice();
      const w = await ctx.api.post(`/consents/public/withdraw/${formRef}/${formId}`, {
        subjectId: 'ID-3',
        email: 'SUBJECT3@example.com',
        purposes: ['health'],
      });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      expect(w.body.data.withdrawn).toEqual(['health']);
      const none = await ctx.api.post(`/consents/public/withdraw/${formRef}/${formId}`, {
        subjectId: 'ID-3',
        email: 'subject3@example.com',
        purposes: ['health'],
      });
      expect(none.body.data.withdrawn).toEqual([]);
      const regive = await give(
        formRef,
        formId,
        subject(3, { age: 8, guardian: { name: 'มารดา ทดสอบ', relation: 'มารดา', consent: true }, purposes: [{ _id: 'health', consent: true }] }),
      );
      expect(regive.status).toBe(200);
      let list = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&search=ID-3`, { token: admin() }), recordsReply);
      const health = list.consentlist.find((r) => r.purposeId === 'health')!;
      expect(health.state).toBe('given');
      expect(health.history.map((h) => h.action)).toEqual(['given', 'withdrawn', 'given']);
      const withdrawnOnly = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&state=withdrawn`, { token: admin() }), recordsReply);
      expect(withdrawnOnly.totalItem.count).toBe(0);

      // a changed purpose (its objective renamed) in a new version: consent is needed again
      const d = await detail(formId);
      const objective = d.draft.consent.purposes[0].list[0];
      ok(await ctx.api.put(`/consents/object/${objective}`, { name: 'ส่งข่าวสาร โปรโมชัน และวิเคราะห์พฤติกรรม' }, { token: admin() }), itemReply);
      expect((await publish(formId)).version).toBe(2);
      list = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&state=reconsent`, { token: admin() }), recordsReply);
      expect(list.totalItem.count).toBe(3);
      expect(list.consentlist[0].purpose).toContain('วิเคราะห์พฤติกรรม');
    });

    rule.it('exports every record as CSV with a UTF-8 BOM, formulas defused', async () => {
      const { formId } = await theNotice();
      const reply = await ctx.api.get(`/consents/manage/export?formId=${formId}`, { token: viewer() });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/text\/csv/);
      const text = reply.bytes.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(1 + 5);
      expect(text).toContain('ถอนความยินยอม');
      expect(text).toContain('"<script>alert(""x"")</script>');
      // the export is in the audit trail, by its filters
      const trail = await ctx.api.get('/audit/list?action=export&entity=consent_records', { token: admin() });
      expect(trail.body.auditList[0]).toMatchObject({
        recordId: null,
        userId: ctx.demoViewer.user._id,
        after: { format: 'csv', filters: { formId } },
      });
      expectMessage(await ctx.api.get('/consents/manage/export', { token: ctx.demoContact.access_token }), 403, 'forbidden');
    });

    rule.it('exports what the filtered list shows: by state, by action and days, the consents falling due; every record without them', async () => {
      // a notice of its own: three people consent, one withdraws
      const formId = await saveDraft(await fullDraft());
      await publish(formId);
      const { formRef } = await detail(formId);
      for (const n of [81, 82, 83]) expect((await give(formRef, formId, subject(n))).status).toBe(200);
      const withdrawn = { subjectId: 'ID-83', email: 'subject83@example.com', purposes: ['marketing'] };
      expect((await ctx.api.post(`/consents/public/withdraw/${formRef}/${formId}`, withdrawn)).status).toBe(200);
      const lines = async (filters: string) => {
        const reply = await ctx.api.get(`/consents/manage/export?formId=${formId}${filters}`, { token: admin() });
        expect(reply.status, filters).toBe(200);
        return reply.bytes.toString('utf8').split('\r\n').filter(Boolean).length - 1;
      };
      const listed = async (filters: string) =>
        ok(await ctx.api.get(`/consents/manage/list?formId=${formId}${filters}&limit=100`, { token: admin() }), recordsReply).totalItem.count;
      const year = new Date().getFullYear();
      const sets = [
        '&state=withdrawn',
        '&state=given',
        '&action=given',
        `&action=withdrawn&from=${year - 1}-01-01&to=${year + 1}-12-31`,
        '&expiring=true',
      ];
      for (const filters of sets) expect(await lines(filters), filters).toBe(await listed(filters));
      // every record: 3 given, 1 withdrawn; the list's rows: 2 in force, 1 withdrawn
      expect(await lines('')).toBe(4);
      expect(await lines('&state=given')).toBe(2);
      expect(await lines('&state=withdrawn')).toBe(1);
      expect(await lines('&action=given')).toBe(3);
      expect(await lines(`&from=${year + 2}-01-01`)).toBe(0);
      expectInvalidField(await ctx.api.get(`/consents/manage/export?from=${year}-02-01&to=${year}-01-01`, { token: admin() }), 'to');
    });

    rule.it('staff record a consent signed on paper and a withdrawal by phone, with who recorded it and where the proof is kept', async () => {
      const { formId } = await theNotice();
      // the notice is at version 2 now (the case above); a paper form of version 1 is out of date
      const paper = { ...subject(7, { version: 2 }), formId, channel: 'paper', reference: 'แบบฟอร์มกระดาษเลขที่ 2569/0042' };
      expectMessage(await ctx.api.post('/consents/manage/give', { ...paper, version: 1 }, { token: admin() }), 409, 'consent_version_changed');
      expectInvalidField(await ctx.api.post('/consents/manage/give', { ...paper, reference: '  ' }, { token: admin() }), 'reference');
      expectInvalidField(await ctx.api.post('/consents/manage/give', { ...paper, channel: 'web' }, { token: admin() }), 'channel');
      expectMessage(await ctx.api.post('/consents/manage/give', { ...paper, age: 15 }, { token: admin() }), 400, 'consent_guardian_required');
      expectMessage(await ctx.api.post('/consents/manage/give', paper, { token: viewer() }), 403, 'read_only');
      expectFailure(await ctx.api.post('/consents/manage/give', paper, { token: siam() }), 404);

      const given = await ctx.api.post('/consents/manage/give', paper, { token: admin() });
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      expect(given.body.data).toMatchObject({ given: ['marketing'], version: 2 });
      let list = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&search=ID-7`, { token: viewer() }), recordsReply);
      expect(list.consentlist).toHaveLength(1);
      expect(list.consentlist[0]).toMatchObject({ subjectId: 'ID-7', state: 'given', version: 2 });
      expect(list.consentlist[0].history).toEqual([
        expect.objectContaining({ action: 'given', channel: 'paper', recordedBy: 'สมชาย ใจดี', reference: 'แบบฟอร์มกระดาษเลขที่ 2569/0042' }),
      ]);

      const call = {
        subjectId: 'ID-7',
        email: 'subject7@example.com',
        purposes: ['marketing'],
        formId,
        channel: 'phone',
        reference: 'สายเข้า 22/11/2569 10:15',
      };
      const withdrawn = await ctx.api.post('/consents/manage/withdraw', call, { token: admin() });
      expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
      expect(withdrawn.body.data.withdrawn).toEqual(['marketing']);
      list = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&search=ID-7`, { token: admin() }), recordsReply);
      expect(list.consentlist[0].state).toBe('withdrawn');
      expect(list.consentlist[0].history.map((h) => [h.action, h.channel, h.recordedBy])).toEqual([
        ['given', 'paper', 'สมชาย ใจดี'],
        ['withdrawn', 'phone', 'สมชาย ใจดี'],
      ]);
      // the public page's records say who recorded nothing
      const web = ok(await ctx.api.get(`/consents/manage/list?formId=${formId}&search=ID-3`, { token: admin() }), recordsReply);
      expect(web.consentlist[0].history[0]).toMatchObject({ channel: 'web', recordedBy: null, reference: null });
      const csv = (await ctx.api.get(`/consents/manage/export?formId=${formId}&search=ID-7`, { token: admin() })).bytes.toString('utf8');
      expect(csv).toContain('แบบฟอร์มกระดาษ');
      expect(csv).toContain('แบบฟอร์มกระดาษเลขที่ 2569/0042');
      expect(csv).toContain('สมชาย ใจดี');
    });

    rule.it('keeps the records append-only in the database', async () => {
      const { formId } = await theNotice();
      if (!ctx.db) return;
      await expect(ctx.db.query('update consent_records set action = $1 where form_id = $2', ['given', formId])).rejects.toThrow(/append-only/);
      await expect(ctx.db.query('delete from consent_records where form_id = $1', [formId])).rejects.toThrow(/append-only/);
    });
  });
}
