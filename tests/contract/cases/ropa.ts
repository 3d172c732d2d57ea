import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { systemListReply, systemRecord } from '../../../contract/datamap';
import {
  expireRopaReply,
  relateConsentReply,
  relateDepartmentReply,
  ropaChoicesReply,
  ropaDetail,
  ropaListReply,
  ropaVersionReply,
  sumRopaReply,
  ROPA_PDF_MAX,
  ropaReportProgressReply,
  type RopaBody,
} from '../../../contract/ropa';
import { notificationListReply } from '../../../contract/notifications';
import { ropaCommentsReply, ropaReviewersReply } from '../../../contract/ropaReview';
import { SME_BODIES, smeAssessmentReply, smeAssessmentsReply, type SmeAnswersInput } from '../../../contract/ropaSme';
import { en, th } from '../../../i18n';
import { serverMessage } from '../../../i18n/messages';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { raiseReviewNotifications } from '../../../server/modules/ropa/review';
import { raiseInformNotifications } from '../../../server/modules/ropa/inform';
import { ropaInformReply } from '../../../contract/ropaInform';
import { addDays, inBangkok } from '../../../contract/clock';
import { format } from 'date-fns';

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;
const q = (query: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))}`;

/**
 * The data map's systems (menu 16) and the records of processing (menu 11): shapes on every backend,
 * the rules (409s, completeness, the state machine, versions, warnings, refusals, the export) on the server.
 */
export function ropaCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  // the DPO: another person with ROPA edit rights, who approves what admin wrote (four eyes)
  let dpoSignin: Awaited<ReturnType<Ctx['api']['signin']>> | undefined;
  const dpoUser = async () => (dpoSignin ??= await ctx.api.signin({ companyCode: 'DEMO', username: 'dpo', password: 'dpo1234567' }));
  const dpo = async () => (await dpoUser()).access_token;
  const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };
  const one = <T extends z.ZodType>(schema: T) => z.object({ status: z.literal(200), data: schema });
  const choices = async (token = admin()) => ok(await ctx.api.get('/ropa/choices', { token }), ropaChoicesReply.extend({ status: z.literal(200) }));
  const byName = (list: { id: string; name: string }[], name: string) => {
    const found = list.find((x) => x.name === name);
    expect(found, name).toBeDefined();
    return found!.id;
  };
  const newSystem = async (extra: Record<string, unknown> = {}) => {
    const c = await choices();
    const body = {
      name: `ระบบทดสอบ ${tag()}`,
      departmentId: c.departments[0].id,
      categoryIds: [byName(c.categories, 'ชื่อ-นามสกุล'), byName(c.categories, 'ข้อมูลสุขภาพ')],
      subjectIds: [byName(c.subjects, 'ลูกค้า')],
      processorIds: [byName(c.processors, 'MailFlow Pte. Ltd.')],
      volume: 'ประมาณ 500 ราย',
      storageLocation: 'คลาวด์',
      storageCountry: 'สิงคโปร์',
      retention: '1 ปี',
      access: 'ฝ่ายขาย',
      security: 'เข้ารหัส',
      ...extra,
    };
    return { body, record: ok(await ctx.api.post('/datamap-systems', body, { token: admin() }), one(systemRecord)).data };
  };
  /** A complete controller record over a new system (every s.39 item filled). */
  const completeBody = async (systemId: string): Promise<RopaBody> => {
    const c = await choices();
    const name = byName(c.categories, 'ชื่อ-นามสกุล');
    return {
      name: `กิจกรรมทดสอบ ${tag()}`,
      role: 'controller',
      departmentId: c.departments[0].id,
      systemIds: [systemId],
      categoryIds: [name],
      dsrFormIds: [],
      reviewDate: null,
      record: {
        description: 'ทดสอบ',
        purposes: [{ purposeId: byName(c.purposes, 'ขายและจัดส่งสินค้า'), text: '', categoryIds: [name], bases: ['necessityContract'] }],
        subjectIds: [byName(c.subjects, 'ลูกค้า')],
        dpoId: '',
        controllers: '',
        retention: '5 ปี',
        accessRights: 'ฝ่ายขาย',
        accessConditions: '',
        disclosures: 'ไม่มี',
        security: 'เข้ารหัสข้อมูล',
        source: 'เจ้าของข้อมูล',
        transfers: [],
        noticeIds: [],
        processorIds: [],
      },
    };
  };
  const createActivity = async (body: RopaBody) => ok(await ctx.api.post('/ropa/activity', body, { token: admin() }), one(ropaDetail)).data;

  describe('data map systems', () => {
    rule.it('creates a system from the registers, reads, lists, filters, updates and deletes it', async () => {
      const { body, record } = await newSystem();
      expect(record).toMatchObject({ name: body.name, categoryIds: expect.arrayContaining(body.categoryIds), activities: 0 });
      expect(record.categories.some((c) => c.sensitive)).toBe(true);
      expect(ok(await ctx.api.get(`/datamap-systems/${record.id}`, { token: admin() }), one(systemRecord)).data.name).toBe(body.name);
      // abroad: the register holds a transfer of it
      ok(
        await ctx.api.post('/transfers', { systemId: record.id, country: 'SG', importer: 'MailFlow Pte. Ltd.', basis: null }, { token: admin() }),
        one(z.object({ id: z.string() })),
      );
      const found = ok(
        await ctx.api.get(`/datamap-systems${q({ filter: { search: body.name, sensitive: true, abroad: true } })}`, { token: admin() }),
        systemListReply.extend({ status: z.literal(200) }),
      );
      expect(found.data.map((s) => s.id)).toEqual([record.id]);
      const none = ok(
        await ctx.api.get(`/datamap-systems${q({ filter: { search: body.name, sensitive: false } })}`, { token: admin() }),
        systemListReply.extend({ status: z.literal(200) }),
      );
      expect(none.total).toBe(0);
      const changed = { ...body, name: `${body.name} (แก้ไข)`, categoryIds: [body.categoryIds[0]] };
      const updated = ok(await ctx.api.put(`/datamap-systems/${record.id}`, changed, { token: admin() }), one(systemRecord)).data;
      expect(updated.categoryIds).toEqual([body.categoryIds[0]]);
      expect(updated.name).toBe(changed.name);
      await ctx.db!.query('delete from transfers where system_id = $1', [record.id]);
      ok(await ctx.api.delete(`/datamap-systems/${record.id}`, { token: admin() }), one(systemRecord));
      expectFailure(await ctx.api.get(`/datamap-systems/${record.id}`, { token: admin() }), 404);
    });

    shape.it('shows another company nothing and refuses its changes (404)', async () => {
      const { record } = await newSystem();
      const siam = ctx.siamAdmin.access_token;
      const theirs = ok(
        await ctx.api.get(`/datamap-systems${q({ range: [0, 99] })}`, { token: siam }),
        systemListReply.extend({ status: z.literal(200) }),
      );
      expect(theirs.data.some((s) => s.id === record.id)).toBe(false);
      expectFailure(await ctx.api.get(`/datamap-systems/${record.id}`, { token: siam }), 404);
      expectFailure(await ctx.api.put(`/datamap-systems/${record.id}`, { name: 'x' }, { token: siam }), 404);
      expectFailure(await ctx.api.delete(`/datamap-systems/${record.id}`, { token: siam }), 404);
    });

    // the register rows are looked up in the company's own: the server's
    rule.it("refuses a system linking another company's register rows (400)", async () => {
      const { body } = await newSystem();
      expectFailure(
        await ctx.api.post('/datamap-systems', { ...body, name: `ของบริษัทอื่น ${tag()}`, departmentId: null }, { token: ctx.siamAdmin.access_token }),
        400,
      );
    });

    shape.it('lets the viewer read (menu 16) but not change; the contact user reads nothing', async () => {
      const viewer = ctx.demoViewer.access_token;
      ok(await ctx.api.get('/datamap-systems', { token: viewer }), systemListReply.extend({ status: z.literal(200) }));
      expectFailure(await ctx.api.post('/datamap-systems', { name: `ห้ามเพิ่ม ${tag()}` }, { token: viewer }), 403);
      expectFailure(await ctx.api.get('/datamap-systems', { token: ctx.demoContact.access_token }), 403);
    });

    shape.it('refuses bad input with a 400 and writes nothing', async () => {
      expectInvalidField(await ctx.api.post('/datamap-systems', { name: '' }, { token: admin() }), 'name');
      // an empty transfer row: the reply names the row's field and gives the reason alone, in the reader's language
      const empty = expectInvalidField(
        await ctx.api.post('/datamap-systems', { name: 'x', transfers: [{ country: '' }] }, { token: admin() }),
        'transfers.0.country',
      );
      expect(empty.reason).not.toContain('transfers');
      expectInvalidField(
        await ctx.api.post('/datamap-systems', { name: 'x', transfers: [{ country: '' }] }, { token: admin(), lang: 'en' }),
        'transfers.0.country',
        'en',
      );
      expectFailure(await ctx.api.post('/datamap-systems', { name: 'x', categoryIds: ['not-a-uuid'] }, { token: admin() }), 400);
      expectFailure(
        await ctx.api.post('/datamap-systems', { name: 'x', transfers: [{ country: 'ญี่ปุ่น', mechanism: 'handshake' }] }, { token: admin() }),
        400,
      );
      expectFailure(await ctx.api.post('/datamap-systems', { name: 'x', unknownField: 1 }, { token: admin() }), 400);
    });

    rule.it('refuses (409) to delete a system a ROPA activity uses, and a register row a system uses', async () => {
      const { record } = await newSystem();
      await createActivity(await completeBody(record.id));
      expectMessage(await ctx.api.delete(`/datamap-systems/${record.id}`, { token: admin() }), 409, 'datamap_system_in_use');
      expect(ok(await ctx.api.get(`/datamap-systems/${record.id}`, { token: admin() }), one(systemRecord)).data.activities).toBe(1);
      const category = ok(
        await ctx.api.post('/data-categories', { name: `ทดสอบใช้อยู่ ${tag()}`, sensitive: false, description: '' }, { token: admin() }),
        one(z.object({ id: z.string() })),
      ).data;
      const { record: holder } = await newSystem({ categoryIds: [category.id] });
      expectFailure(await ctx.api.delete(`/data-categories/${category.id}`, { token: admin() }), 409);
      ok(await ctx.api.delete(`/datamap-systems/${holder.id}`, { token: admin() }), one(systemRecord));
      ok(await ctx.api.delete(`/data-categories/${category.id}`, { token: admin() }), one(z.object({ id: z.string() })));
    });
  });

  describe('ROPA activities', () => {
    rule.it('creates a draft, lists it, reads it whole with what s.39 still lacks', async () => {
      const activity = await createActivity({
        ...(await completeBody((await newSystem()).record.id)),
        record: { ...(await completeBody('')).record, retention: '', security: '' },
      });
      expect(activity.state).toBe('draft');
      expect(activity.missing).toEqual(['retention', 'security']);
      expect(activity.controller.name).toBeTruthy();
      const list = ok(
        await ctx.api.get(`/ropa/activity${q({ filter: { search: activity.name } })}`, { token: admin() }),
        ropaListReply.extend({ status: z.literal(200) }),
      );
      expect(list.data.map((r) => [r.id, r.missingCount])).toEqual([[activity.id, 2]]);
      const incomplete = ok(
        await ctx.api.get(`/ropa/activity${q({ filter: { search: activity.name, incomplete: false } })}`, { token: admin() }),
        ropaListReply.extend({ status: z.literal(200) }),
      );
      expect(incomplete.total).toBe(0);
    });

    shape.it('answers the seed dashboard calls in their shapes', async () => {
      const token = admin();
      const sum = ok(await ctx.api.get('/ropa/fetch/sumropa', { token }), sumRopaReply.extend({ status: z.literal(200) })).sumropa;
      expect(sum.total).toBe(sum.draft + sum.review + sum.approved + sum.archived);
      expect(sum.total).toBeGreaterThanOrEqual(12);
      const due = ok(
        await ctx.api.get('/ropa/fetch/expire-ropa?days=30&currentPage=1&limit=20', { token }),
        expireRopaReply.extend({ status: z.literal(200) }),
      );
      expect(due.expireRopa.every((r) => r.daysLeft <= 30)).toBe(true);
      expect(due.expireRopa.some((r) => r.daysLeft < 0)).toBe(true);
      const departments = ok(await ctx.api.get('/ropa/fetch/relate-department', { token }), relateDepartmentReply.extend({ status: z.literal(200) }));
      expect(departments.relateDepartment.length).toBeGreaterThanOrEqual(4);
      const consent = ok(
        await ctx.api.get('/ropa/fetch/relate-consent?currentPage=1&limit=20', { token }),
        relateConsentReply.extend({ status: z.literal(200) }),
      );
      expect(consent.relateConsent[0].total).toBeGreaterThanOrEqual(1);
    });

    rule.it('keeps companies apart and menu 11 view from edit', async () => {
      const activity = await createActivity(await completeBody((await newSystem()).record.id));
      const siam = ctx.siamAdmin.access_token;
      expectFailure(await ctx.api.get(`/ropa/activity/${activity.id}`, { token: siam }), 404);
      expectFailure(await ctx.api.put(`/ropa/activity/${activity.id}`, await completeBody(activity.systemIds[0]), { token: siam }), 404);
      expectFailure(await ctx.api.post(`/ropa/activity/${activity.id}/state`, { state: 'review' }, { token: siam }), 404);
      const theirs = ok(
        await ctx.api.get(`/ropa/activity${q({ range: [0, 99] })}`, { token: siam }),
        ropaListReply.extend({ status: z.literal(200) }),
      );
      expect(theirs.data.some((r) => r.id === activity.id)).toBe(false);
      const siamSum = ok(await ctx.api.get('/ropa/fetch/sumropa', { token: siam }), sumRopaReply.extend({ status: z.literal(200) })).sumropa;
      expect(siamSum.total).toBe(1);
      const viewer = ctx.demoViewer.access_token;
      expect(ok(await ctx.api.get(`/ropa/activity/${activity.id}`, { token: viewer }), one(ropaDetail)).data.id).toBe(activity.id);
      expectFailure(await ctx.api.post(`/ropa/activity/${activity.id}/state`, { state: 'review' }, { token: viewer }), 403);
      expectFailure(await ctx.api.post('/ropa/activity', await completeBody(activity.systemIds[0]), { token: viewer }), 403);
      expectFailure(await ctx.api.get('/ropa/fetch/sumropa', { token: ctx.demoContact.access_token }), 403);
    });

    shape.it('refuses bad input (400): no name, an unknown basis, an unknown state', async () => {
      const body = await completeBody((await newSystem()).record.id);
      expectFailure(await ctx.api.post('/ropa/activity', { ...body, name: ' ' }, { token: admin() }), 400);
      const badBasis = { ...body, record: { ...body.record, purposes: [{ ...body.record.purposes[0], bases: ['becauseWeCan'] }] } };
      expectFailure(await ctx.api.post('/ropa/activity', badBasis, { token: admin() }), 400);
      expectFailure(await ctx.api.post('/ropa/activity/00000000-0000-4000-8000-000000000000/state', { state: 'flying' }, { token: admin() }), 400);
    });

    // the categories are looked up in the company's data map: the server's
    rule.it('refuses a category of no one (400), naming the field so the form puts it there', async () => {
      const body = await completeBody((await newSystem()).record.id);
      const unknown = expectFailure(
        await ctx.api.post('/ropa/activity', { ...body, categoryIds: ['00000000-0000-4000-8000-000000000000'] }, { token: admin() }),
        400,
      );
      expect(unknown).toMatchObject({ field: 'categoryIds', reason: serverMessage('th', 'ropa_unknown_link') });
    });

    rule.it(
      'approves only a complete record, along draft → review → approved → archived, keeping who and when and each approved version',
      async () => {
        const body = await completeBody((await newSystem()).record.id);
        const draft = await createActivity({ ...body, record: { ...body.record, security: '' } });
        const move = async (id: string, state: string) =>
          ctx.api.post(`/ropa/activity/${id}/state`, { state }, { token: state === 'approved' ? await dpo() : admin() });
        const dpoId = (await dpoUser()).user._id;
        expectMessage(await move(draft.id, 'approved'), 409, 'ropa_bad_move', 'th', { from: 'draft', to: 'approved' });
        // an incomplete record is not sent for review: the 409 names the missing s.39 items in the reader's language
        const refused = await move(draft.id, 'review');
        expectMessage(refused, 409, 'ropa_incomplete_review', 'th', { items: th.ropa.items.security });
        expect(refused.body.missing).toEqual(['security']);
        expectMessage(
          await ctx.api.post(`/ropa/activity/${draft.id}/state`, { state: 'review' }, { token: admin(), lang: 'en' }),
          409,
          'ropa_incomplete_review',
          'en',
          { items: en.ropa.items.security },
        );
        expect(ok(await ctx.api.get(`/ropa/activity/${draft.id}`, { token: admin() }), one(ropaDetail)).data.state).toBe('draft');
        const fixed = ok(await ctx.api.put(`/ropa/activity/${draft.id}`, body, { token: admin() }), one(ropaDetail)).data;
        expect(fixed.missing).toEqual([]);
        ok(await move(draft.id, 'review'), one(ropaDetail));
        // emptied again while in review: approval refuses it the same way
        const emptied = { ...body, record: { ...body.record, security: '', retention: '' } };
        expect(ok(await ctx.api.put(`/ropa/activity/${draft.id}`, emptied, { token: admin() }), one(ropaDetail)).data.state).toBe('review');
        expectMessage(await move(draft.id, 'approved'), 409, 'ropa_incomplete', 'th', {
          items: [th.ropa.items.retention, th.ropa.items.security].join(', '),
        });
        ok(await ctx.api.put(`/ropa/activity/${draft.id}`, body, { token: admin() }), one(ropaDetail));
        const approved = ok(await move(draft.id, 'approved'), one(ropaDetail)).data;
        expect(approved.state).toBe('approved');
        expect(approved.approvedBy?.id).toBe(dpoId);
        expect(approved.versions.map((v) => v.version)).toEqual([1]);
        // a change to an approved record makes it a draft again; version 1 stays as it was
        const edited = ok(
          await ctx.api.put(`/ropa/activity/${draft.id}`, { ...body, name: `${body.name} v2` }, { token: admin() }),
          one(ropaDetail),
        ).data;
        expect(edited.state).toBe('draft');
        const v1 = ok(
          await ctx.api.get(`/ropa/activity/${draft.id}/version?version=1`, { token: admin() }),
          one(z.object({ name: z.string() })),
        ).data;
        expect(v1.name).toBe(body.name);
        // as it was on a date: today (Bangkok) gives the newest approved by tonight, a day before any approval none
        const today = format(inBangkok(new Date()), 'yyyy-MM-dd');
        const onToday = ok(
          await ctx.api.get(`/ropa/activity/${draft.id}/version?on=${today}`, { token: admin() }),
          ropaVersionReply.extend({ status: z.literal(200) }),
        );
        expect([onToday.version, onToday.data.name, onToday.approvedBy?.id]).toEqual([1, body.name, dpoId]);
        const yesterday = format(inBangkok(addDays(new Date(), -1)), 'yyyy-MM-dd');
        expectFailure(await ctx.api.get(`/ropa/activity/${draft.id}/version?on=${yesterday}`, { token: admin() }), 404);
        expectMessage(await ctx.api.get(`/ropa/activity/${draft.id}/version?version=1&on=${today}`, { token: admin() }), 400, 'ropa_version_pick');
        expectMessage(await ctx.api.get(`/ropa/activity/${draft.id}/version`, { token: admin() }), 400, 'ropa_version_pick');
        expectFailure(await ctx.api.get(`/ropa/activity/${draft.id}/version?on=2026-02-30`, { token: admin() }), 400);
        expectFailure(await ctx.api.get(`/ropa/activity/${draft.id}/version?on=${today}`, { token: ctx.siamAdmin.access_token }), 404);
        expectMessage(await ctx.api.delete(`/ropa/activity/${draft.id}`, { token: admin() }), 409, 'ropa_delete_state');
        ok(await move(draft.id, 'review'), one(ropaDetail));
        ok(await move(draft.id, 'approved'), one(ropaDetail));
        const archived = ok(await move(draft.id, 'archived'), one(ropaDetail)).data;
        expect(archived.versions.map((v) => v.version)).toEqual([2, 1]);
        // the same day now gives version 2: the newest approved by then
        const onTodayAgain = ok(
          await ctx.api.get(`/ropa/activity/${draft.id}/version?on=${format(inBangkok(new Date()), 'yyyy-MM-dd')}`, { token: admin() }),
          ropaVersionReply.extend({ status: z.literal(200) }),
        );
        expect([onTodayAgain.version, onTodayAgain.data.name]).toEqual([2, `${body.name} v2`]);
        expectMessage(await ctx.api.put(`/ropa/activity/${draft.id}`, body, { token: admin() }), 409, 'ropa_archived');
      },
    );

    rule.it(
      'warns of sensitive data without an s.26 basis, free text of a transfer without a mechanism, a category missing from the data map',
      async () => {
        const c = await choices();
        const health = byName(c.categories, 'ข้อมูลสุขภาพ');
        const unmapped = ok(
          await ctx.api.post('/data-categories', { name: `ไม่อยู่ในแผนผัง ${tag()}`, sensitive: false, description: '' }, { token: admin() }),
          one(z.object({ id: z.string(), name: z.string() })),
        ).data;
        const body = await completeBody((await newSystem()).record.id);
        const record = {
          ...body.record,
          purposes: [{ ...body.record.purposes[0], categoryIds: [health, unmapped.id], bases: ['forThirdParty' as const] }],
        };
        const created = await createActivity({ ...body, categoryIds: [health, unmapped.id], record });
        // free text written before the register (no call writes it now)
        await ctx.db!.query(`update ropa_activities set record = jsonb_set(record, '{transfers}', $2) where id = $1`, [
          created.id,
          JSON.stringify([{ country: 'ญี่ปุ่น', recipient: '', mechanism: null }]),
        ]);
        const activity = ok(await ctx.api.get(`/ropa/activity/${created.id}`, { token: admin() }), one(ropaDetail)).data;
        expect(activity.warnings).toEqual(
          expect.arrayContaining([
            { code: 'sensitive_without_basis', subject: 'ข้อมูลสุขภาพ' },
            { code: 'category_not_in_map', subject: unmapped.name },
            { code: 'transfer_without_mechanism', subject: 'ญี่ปุ่น' },
          ]),
        );
        const fixed = ok(
          await ctx.api.put(
            `/ropa/activity/${activity.id}`,
            {
              ...body,
              categoryIds: [health],
              record: {
                ...record,
                purposes: [{ ...record.purposes[0], categoryIds: [health], bases: ['explicitConsent'] }],
                // the free text may go, never grow or change: the transfer is an entry of the register
                transfers: [],
              },
            },
            { token: admin() },
          ),
          one(ropaDetail),
        ).data;
        expect(fixed.warnings).toEqual([]);
      },
    );

    rule.it("reads its transfers abroad from the register (its systems' and processors'), and refuses new free text naming the field", async () => {
      const c = await choices();
      const system = (await newSystem()).record;
      const processor = byName(c.processors, 'MailFlow Pte. Ltd.');
      const body = await completeBody(system.id);
      const activity = await createActivity({ ...body, record: { ...body.record, processorIds: [processor] } });
      const importer = `ผู้รับโอน ${tag()}`;
      const viaSystem = ok(
        await ctx.api.post('/transfers', { systemId: system.id, country: 'JP', importer, basis: null }, { token: admin() }),
        one(z.object({ id: z.string() })),
      ).data;
      const shown = ok(await ctx.api.get(`/ropa/activity/${activity.id}`, { token: admin() }), one(ropaDetail)).data;
      // its system's entry (no basis yet: a warning) and its processor's (the demo's MailFlow, Singapore)
      expect(
        shown.registerTransfers.map((t) => [t.id === viaSystem.id ? 'system' : t.processorId === processor ? 'processor' : 'other', t.country]),
      ).toEqual(
        expect.arrayContaining([
          ['system', 'JP'],
          ['processor', 'SG'],
        ]),
      );
      expect(shown.registerTransfers.every((t) => t.systemId === system.id || t.processorId === processor)).toBe(true);
      expect(shown.warnings).toContainEqual({ code: 'transfer_basis', subject: `${importer} (JP)` });
      // the workbook's "transfers" column reads the same entries
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await ctx.api.get('/ropa/report?format=xlsx&state=draft', { token: admin() })).bytes as unknown as ArrayBuffer);
      const [sheet] = wb.worksheets;
      const row = sheet.getColumn(2).values.findIndex((v) => String(v) === body.name);
      const column = (sheet.getRow(3).values as unknown[]).map(String).indexOf(th.ropa.fields.transfers);
      const cell = String(sheet.getRow(row).getCell(column).value);
      expect(cell).toContain(`ญี่ปุ่น (${importer}): ${th.ropa.fields.no_mechanism}`);
      expect(cell).toContain(`สิงคโปร์ (MailFlow Pte. Ltd.): ${th.transfers.bases.standard_clauses}`);

      // new free text is refused on its field, in the reader's language, and nothing is written
      const free = [{ country: 'ญี่ปุ่น', recipient: '', mechanism: null }];
      const refused = expectInvalidField(
        await ctx.api.put(`/ropa/activity/${activity.id}`, { ...body, record: { ...body.record, transfers: free } }, { token: admin() }),
        'record.transfers',
      );
      expect(refused.reason).toBe(serverMessage('th', 'transfers_free_text'));
      expectInvalidField(
        await ctx.api.post('/ropa/activity', { ...body, record: { ...body.record, transfers: free } }, { token: admin(), lang: 'en' }),
        'record.transfers',
        'en',
      );
      expectInvalidField(await ctx.api.post('/datamap-systems', { name: `x ${tag()}`, transfers: free }, { token: admin() }), 'transfers');
      expectInvalidField(await ctx.api.put(`/datamap-systems/${system.id}`, { name: system.name, transfers: free }, { token: admin() }), 'transfers');
      const after = ok(await ctx.api.get(`/ropa/activity/${activity.id}`, { token: admin() }), one(ropaDetail)).data;
      expect(after.record.transfers).toEqual([]);
      expect(ok(await ctx.api.get(`/datamap-systems/${system.id}`, { token: admin() }), one(systemRecord)).data.transfers).toEqual([]);
    });

    rule.it('shows the refusals of its DSR forms (s.39(7)), read-only from the DSR log', async () => {
      const c = await choices();
      const demoActivity = (await ctx.api.get(`/ropa/activity${q({ filter: { search: 'ขายสินค้าออนไลน์และจัดส่งสินค้า' } })}`, { token: admin() })).body
        .data[0];
      const shown = ok(await ctx.api.get(`/ropa/activity/${demoActivity.id}`, { token: admin() }), one(ropaDetail)).data;
      expect(shown.refusals.map((r) => r.legalGround)).toContain('s33_retention');
      expect(shown.dsrFormIds).toHaveLength(1);
      expect(c.dsrForms.find((f) => f.id === shown.dsrFormIds[0])?.activityId).toBe(shown.id);
    });

    rule.it('rings the bell once for a record whose review date is within 30 days, overdue ones saying so', async () => {
      const day = (n: number) => format(inBangkok(addDays(new Date(), n)), 'yyyy-MM-dd');
      const soon = await createActivity({ ...(await completeBody((await newSystem()).record.id)), reviewDate: day(10) });
      const late = await createActivity({ ...(await completeBody((await newSystem()).record.id)), reviewDate: day(-3) });
      const later = await createActivity({ ...(await completeBody((await newSystem()).record.id)), reviewDate: day(60) });
      const [{ id: companyId }] = await ctx.db!.query<{ id: string }>("select id from companies where code = 'DEMO'");
      await raiseReviewNotifications(ctx.db!, companyId);
      await raiseReviewNotifications(ctx.db!, companyId);
      const list = (await ctx.api.get('/user/notification/list?currentPage=1&limit=100', { token: admin() })).body.notificationList as {
        kind: string;
        params: { name?: string; days?: number };
        link: string;
      }[];
      const about = (name: string) => list.filter((n) => n.params.name === name);
      expect(about(soon.name).map((n) => [n.kind, n.params.days, n.link])).toEqual([['ropa_review_due', 10, `/ropa/activity/create/${soon.id}`]]);
      expect(about(late.name).map((n) => [n.kind, n.params.days])).toEqual([['ropa_review_overdue', 3]]);
      expect(about(later.name)).toEqual([]);
    });

    rule.it('s.25: data from another source opens a task due 30 days after it; informed or exempt with what the law asks, checked', async () => {
      const day = (n: number) => format(inBangkok(addDays(new Date(), n)), 'yyyy-MM-dd');
      const body = await completeBody((await newSystem()).record.id);
      const withDay = (d: string | null) => ({ ...body, record: { ...body.record, source: 'บริษัทจัดหางาน', otherSourceOn: d } });
      const activity = await createActivity(withDay(day(-5)));
      const inform = (b: unknown, token = admin(), lang?: 'en') => ctx.api.post(`/ropa/activity/${activity.id}/inform`, b, { token, lang });
      const read = async () => ok(await ctx.api.get(`/ropa/activity/${activity.id}`, { token: admin() }), one(ropaDetail)).data.inform;
      expect(activity.inform).toEqual([
        expect.objectContaining({ state: 'to_do', collectedOn: day(-5), dueOn: day(25), overdue: false, informedOn: null, letter: null }),
      ]);
      const taskId = activity.inform[0].id;
      // a day in the future is refused on its field, and the record keeps what it had
      const future = expectFailure(await ctx.api.put(`/ropa/activity/${activity.id}`, withDay(day(1)), { token: admin() }), 400);
      expect(future).toMatchObject({ field: 'record.otherSourceOn', reason: serverMessage('th', 'ropa_other_source_future') });
      expect((await read())[0]).toMatchObject({ id: taskId, collectedOn: day(-5) });
      // a corrected day moves the open task: now past due
      ok(await ctx.api.put(`/ropa/activity/${activity.id}`, withDay(day(-40)), { token: admin() }), one(ropaDetail));
      expect(await read()).toEqual([expect.objectContaining({ id: taskId, collectedOn: day(-40), dueOn: day(-10), overdue: true })]);
      // closing it: the day (not in the future, not before the collection), the way; an exception needs its reason
      const bad = expectFailure(await inform({ state: 'done', informedOn: day(1), method: 'email' }), 400);
      expect(bad).toMatchObject({ field: 'informedOn', reason: serverMessage('th', 'ropa_inform_day_future') });
      const before = expectFailure(await inform({ state: 'done', informedOn: day(-41), method: 'email' }, admin(), 'en'), 400);
      expect(before).toMatchObject({ field: 'informedOn', reason: serverMessage('en', 'ropa_inform_day_before') });
      expectInvalidField(await inform({ state: 'done', informedOn: day(-1) }), 'method');
      expectInvalidField(await inform({ state: 'exempt', exemption: 'already_knows', note: ' ' }), 'note');
      expectInvalidField(await inform({ state: 'exempt', exemption: 'because', note: 'x' }), 'exemption');
      // another company's activity is not found; a viewer may not close it
      expectFailure(await ctx.api.post(`/ropa/activity/${activity.id}/inform`, { state: 'to_do' }, { token: ctx.siamAdmin.access_token }), 404);
      expectFailure(await inform({ state: 'done', informedOn: day(-1), method: 'email' }, ctx.demoViewer.access_token), 403);
      expect((await read())[0].state).toBe('to_do');
      const done = ok(await inform({ state: 'done', informedOn: day(-1), method: 'letter', note: 'ส่งไปรษณีย์ลงทะเบียน' }), ropaInformReply);
      expect(done.data).toMatchObject({
        id: taskId,
        state: 'done',
        informedOn: day(-1),
        method: 'letter',
        overdue: false,
        closedBy: { name: expect.any(String) },
      });
      expectMessage(await inform({ state: 'exempt', exemption: 'already_knows', note: 'x' }), 409, 'ropa_inform_closed');
      // opened again, then closed under an exception
      expect(ok(await inform({ state: 'to_do' }), ropaInformReply).data).toMatchObject({ state: 'to_do', informedOn: null, closedBy: null });
      expectMessage(await inform({ state: 'to_do' }), 409, 'ropa_inform_open');
      const exempt = ok(await inform({ state: 'exempt', exemption: 'already_knows', note: 'ผู้สมัครยินยอมให้บริษัทจัดหางานส่งใบสมัครเอง' }), ropaInformReply);
      expect(exempt.data).toMatchObject({ state: 'exempt', exemption: 'already_knows', method: null });
      // a new collection opens a new task; the closed one stays as proof; no day removes only the open one
      ok(await ctx.api.put(`/ropa/activity/${activity.id}`, withDay(day(-2)), { token: admin() }), one(ropaDetail));
      expect((await read()).map((t) => [t.state, t.collectedOn])).toEqual([
        ['to_do', day(-2)],
        ['exempt', day(-40)],
      ]);
      ok(await ctx.api.put(`/ropa/activity/${activity.id}`, withDay(null), { token: admin() }), one(ropaDetail));
      expect((await read()).map((t) => t.state)).toEqual(['exempt']);
      // an activity whose data came from the subject has nothing to close
      const direct = await createActivity(await completeBody(activity.systemIds[0]));
      expect(direct.inform).toEqual([]);
      expectMessage(await ctx.api.post(`/ropa/activity/${direct.id}/inform`, { state: 'to_do' }, { token: admin() }), 409, 'ropa_inform_none');
    });

    rule.it('s.25: an open task due within 7 days or past due rings the bell once; the letter made from the template is shown with it', async () => {
      const day = (n: number) => format(inBangkok(addDays(new Date(), n)), 'yyyy-MM-dd');
      const body = await completeBody((await newSystem()).record.id);
      const withDay = (d: string) => ({ ...body, name: `ม.25 ${tag()}`, record: { ...body.record, otherSourceOn: d } });
      const soon = await createActivity(withDay(day(-25)));
      const late = await createActivity(withDay(day(-33)));
      const later = await createActivity(withDay(day(-3)));
      const [{ id: companyId }] = await ctx.db!.query<{ id: string }>("select id from companies where code = 'DEMO'");
      await raiseInformNotifications(ctx.db!, companyId);
      await raiseInformNotifications(ctx.db!, companyId);
      const list = (await ctx.api.get('/user/notification/list?currentPage=1&limit=100', { token: admin() })).body.notificationList as {
        kind: string;
        params: { name?: string; days?: number };
        link: string;
      }[];
      const about = (name: string) => list.filter((n) => n.params.name === name && n.kind.startsWith('ropa_inform'));
      expect(about(soon.name).map((n) => [n.kind, n.params.days, n.link])).toEqual([['ropa_inform_due', 5, `/ropa/activity/create/${soon.id}`]]);
      expect(about(late.name).map((n) => [n.kind, n.params.days])).toEqual([['ropa_inform_overdue', 3]]);
      expect(about(later.name)).toEqual([]);
      // the letter: a document of the shipped s.25 template attached to the activity, its variables filled from it
      const made = await ctx.api.post(
        '/sheets',
        { templateId: 'std-indirect-notice-th', title: 'หนังสือแจ้ง ม.25', ropaActivityId: soon.id },
        { token: admin() },
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const letter = (made.body as { data: { id: string } }).data;
      const task = ok(await ctx.api.get(`/ropa/activity/${soon.id}`, { token: admin() }), one(ropaDetail)).data.inform[0];
      expect(task.letter).toMatchObject({ id: letter.id, title: 'หนังสือแจ้ง ม.25' });
      const preview = await ctx.api.get(`/sheets/${letter.id}`, { token: admin() });
      expect(JSON.stringify(preview.body)).toContain('มาตรา 25');
    });

    rule.it('exports the register as XLSX (one row per activity, the s.39 columns, a processor sheet) and PDF', async () => {
      const xlsx = await ctx.api.get('/ropa/report?format=xlsx&state=approved', { token: admin() });
      expect(xlsx.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const [sheet, processors] = wb.worksheets;
      const header = (sheet.getRow(3).values as unknown[]).map(String);
      const t = th.ropa;
      for (const item of [t.items.data, t.items.purposes, t.items.retention, t.items.access, t.items.disclosures, t.items.refusals, t.items.security])
        expect(header).toContain(item);
      expect(header.indexOf(t.fields.controller_name)).toBeLessThan(header.indexOf(t.items.data));
      const names = sheet.getColumn(2).values.map(String);
      expect(names).toContain('ขายสินค้าออนไลน์และจัดส่งสินค้า');
      expect(names).not.toContain('วิเคราะห์พฤติกรรมการซื้อเพื่อแนะนำสินค้า');
      expect(processors.name).toBe(t.report.processor_sheet);
      expect(processors.getColumn(2).values.map(String)).toContain('MailFlow Pte. Ltd.');
      // one row per activity the filter covers (rows 1–3: title, date, header), as many as X-Total-Count announced
      const approved = ok(
        await ctx.api.get(`/ropa/activity${q({ filter: { state: 'approved' }, range: [0, 99] })}`, { token: admin() }),
        ropaListReply.extend({ status: z.literal(200) }),
      );
      expect(Number(xlsx.headers.get('x-total-count'))).toBe(approved.total);
      expect(sheet.actualRowCount - 3).toBe(approved.total);
      expect(names.slice(4).sort()).toEqual(approved.data.map((r) => r.name).sort());
      // the refusal of the demo's DSR form reaches the s.39(7) column of its activity
      const refusalColumn = header.indexOf(t.items.refusals);
      const online = sheet.getColumn(2).values.findIndex((v) => String(v) === 'ขายสินค้าออนไลน์และจัดส่งสินค้า');
      expect(String(sheet.getRow(online).getCell(refusalColumn).value)).toMatch(/\S/);
      const pdf = await ctx.api.get('/ropa/report?format=pdf', { token: admin() });
      expect(pdf.status).toBe(200);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expectFailure(await ctx.api.get('/ropa/report?format=docx', { token: admin() }), 400);
    });
  });

  describe('ROPA rules on every backend', () => {
    rule.it('refuses to send an incomplete record for review (409 with the missing items), keeps versions by number and by date', async () => {
      const body = await completeBody((await newSystem()).record.id);
      const draft = await createActivity({ ...body, record: { ...body.record, retention: '' } });
      const move = async (state: string, lang: 'th' | 'en' = 'th') =>
        ctx.api.post(`/ropa/activity/${draft.id}/state`, { state }, { token: state === 'approved' ? await dpo() : admin(), lang });
      const refused = await move('review', 'en');
      expectMessage(refused, 409, 'ropa_incomplete_review', 'en', { items: en.ropa.items.retention });
      expect(refused.body.missing).toEqual(['retention']);
      ok(await ctx.api.put(`/ropa/activity/${draft.id}`, body, { token: admin() }), one(ropaDetail));
      ok(await move('review'), one(ropaDetail));
      const approved = ok(await move('approved'), one(ropaDetail)).data;
      expect(approved.versions.map((v) => v.version)).toEqual([1]);
      const today = format(inBangkok(new Date()), 'yyyy-MM-dd');
      const byDate = ok(
        await ctx.api.get(`/ropa/activity/${draft.id}/version?on=${today}`, { token: admin() }),
        ropaVersionReply.extend({ status: z.literal(200) }),
      );
      expect([byDate.version, byDate.data.name]).toEqual([1, body.name]);
      expectFailure(await ctx.api.get(`/ropa/activity/${draft.id}/version?on=2020-01-01`, { token: admin() }), 404);
      expectMessage(await ctx.api.get(`/ropa/activity/${draft.id}/version`, { token: admin() }), 400, 'ropa_version_pick');
    });

    rule.it('shows the warnings a record raises', async () => {
      const c = await choices();
      const health = byName(c.categories, 'ข้อมูลสุขภาพ');
      const system = (await newSystem()).record;
      ok(
        await ctx.api.post('/transfers', { systemId: system.id, country: 'JP', importer: 'Kaisha', basis: null }, { token: admin() }),
        one(z.object({ id: z.string() })),
      );
      const body = await completeBody(system.id);
      const activity = await createActivity({
        ...body,
        categoryIds: [health],
        record: { ...body.record, purposes: [{ ...body.record.purposes[0], categoryIds: [health], bases: ['necessityContract'] }] },
      });
      expect(activity.warnings).toEqual(
        expect.arrayContaining([
          { code: 'sensitive_without_basis', subject: 'ข้อมูลสุขภาพ' },
          { code: 'transfer_basis', subject: 'Kaisha (JP)' },
        ]),
      );
    });

    rule.it('exports the register (XLSX, PDF) announcing how many activities it holds; a viewer may export, a contact may not', async () => {
      const xlsx = await ctx.api.get('/ropa/report?format=xlsx', { token: ctx.demoViewer.access_token });
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
      const total = ok(
        await ctx.api.get(`/ropa/activity${q({ range: [0, 0] })}`, { token: admin() }),
        ropaListReply.extend({ status: z.literal(200) }),
      ).total;
      expect(Number(xlsx.headers.get('x-total-count'))).toBe(total);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual([th.ropa.report.sheet, th.ropa.report.processor_sheet, th.transfers.tab]);
      const pdf = await ctx.api.get('/ropa/report?format=pdf&state=approved', { token: admin() });
      expect(pdf.status).toBe(200);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expectFailure(await ctx.api.get('/ropa/report?format=docx', { token: admin() }), 400);
      expectFailure(await ctx.api.get('/ropa/report?format=xlsx', { token: ctx.demoContact.access_token }), 403);
    });

    rule.it(`refuses (409) a PDF of more than ${ROPA_PDF_MAX} activities, writing nothing`, async () => {
      const [{ id: siam }] = await ctx.db!.query<{ id: string }>("select id from companies where code <> 'DEMO' order by code limit 1");
      const token = ctx.siamAdmin.access_token;
      // short names (few search grams to index: 10,001 rows in seconds on PGlite), marked in a field no index reads
      const mark = `ทดสอบจำนวนมาก ${tag()}`;
      await ctx.db!.query(
        `insert into ropa_activities (company_id, name, record) select $1, 'ก' || g, jsonb_build_object('source', $2::text) from generate_series(1, $3::int) g`,
        [siam, mark, ROPA_PDF_MAX + 1],
      );
      try {
        const before = await ctx
          .db!.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'export'`)
          .catch(() => [{ n: -1 }]);
        const refused = await ctx.api.get('/ropa/report?format=pdf', { token, lang: 'en' });
        expect(refused.status).toBe(409);
        expect(refused.body.msg).toContain(String(ROPA_PDF_MAX));
        const after = await ctx.db!.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'export'`).catch(() => [{ n: -1 }]);
        expect(after[0].n).toBe(before[0].n);
      } finally {
        await ctx.db!.query(`delete from ropa_activities where company_id = $1 and record->>'source' = $2`, [siam, mark]);
      }
    });

    rule.it(
      'writes the PDF of a large register, a page per activity with its Thai readable, telling how far it is while other calls are answered',
      async () => {
        const [{ id: siam }] = await ctx.db!.query<{ id: string }>("select id from companies where code <> 'DEMO' order by code limit 1");
        const token = ctx.siamAdmin.access_token;
        // more than the 300 pdfmake could write; names without the vowels pdftotext splits
        const mark = `ทดสอบทะเบียนใหญ่ ${tag()}`;
        const count = 400;
        await ctx.db!.query(
          `insert into ropa_activities (company_id, name, record)
         select $1, $2 || ' ' || lpad(g::text, 4, '0'), jsonb_build_object('retention', 'เก็บไว้ห้ปีนับจ' || g, 'security', 'เข้ารหัสไฟล์ทุกชุด')
           from generate_series(1, $3::int) g`,
          [siam, mark, count],
        );
        try {
          const [{ total }] = await ctx.db!.query<{ total: number }>('select count(*)::int as total from ropa_activities where company_id = $1', [
            siam,
          ]);
          const job = crypto.randomUUID();
          const exported = ctx.api.get(`/ropa/report?format=pdf&job=${job}`, { token });
          // while the file is written: the progress, and another call, answered
          const seen: { done: number; total: number; finished: boolean }[] = [];
          let otherCalls = 0;
          let finished = false;
          exported.then(() => (finished = true)).catch(() => undefined);
          while (!finished) {
            const p = await ctx.api.get(`/ropa/report/progress?job=${job}`, { token });
            if (p.status === 200) seen.push(ropaReportProgressReply.parse(p.body));
            else expect(p.status).toBe(404); // not yet counted
            if ((await ctx.api.get('/ropa/fetch/sumropa', { token })).status === 200 && !finished) otherCalls++;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          const pdf = await exported;
          expect(pdf.status).toBe(200);
          expect(Number(pdf.headers.get('x-total-count'))).toBe(total);
          expect(otherCalls).toBeGreaterThan(0);
          expect(seen.some((p) => !p.finished && p.done < p.total)).toBe(true);
          const last = ropaReportProgressReply.parse((await ctx.api.get(`/ropa/report/progress?job=${job}`, { token })).body);
          expect(last).toMatchObject({ done: total, total, finished: true });
          // the key is the caller's: another company's admin learns nothing of it; a key is used once
          expectFailure(await ctx.api.get(`/ropa/report/progress?job=${job}`, { token: admin() }), 404);
          expectFailure(await ctx.api.get(`/ropa/report?format=pdf&job=${job}`, { token }), 409);

          const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf.bytes }).toString('utf8'))![1]);
          expect(pages).toBeGreaterThanOrEqual(total);
          const skeleton = (text: string) => text.replace(/[\s\u0E31\u0E32-\u0E3A\u0E47-\u0E4E]/g, '');
          const text = skeleton(execFileSync('pdftotext', ['-', '-'], { input: pdf.bytes, maxBuffer: 64 << 20 }).toString('utf8'));
          // (the whole text is too long for a failure message: each lookup says what it missed)
          const missing = [
            ...[1, count / 2, count].map((g) => skeleton(`${mark} ${String(g).padStart(4, '0')}`)),
            skeleton(`เก็บไว้ห้ปีนับจ${count}`),
            skeleton(th.ropa.items.retention),
            `${pages}/${pages}`,
          ].filter((piece) => !text.includes(piece));
          expect(missing).toEqual([]);
        } finally {
          await ctx.db!.query('delete from ropa_activities where company_id = $1 and name like $2', [siam, `${mark}%`]);
        }
      },
    );
  });

  describe('the SME exemption wizard', () => {
    const answers = (extra: Partial<SmeAnswersInput> = {}): SmeAnswersInput => ({
      businessType: 'services',
      staffCount: 20,
      revenueMillion: 30,
      sensitiveData: false,
      riskyProcessing: false,
      notOccasional: false,
      note: '',
      ...extra,
    });
    const save = async (a: SmeAnswersInput) => ok(await ctx.api.post('/ropa/sme', a, { token: admin() }), smeAssessmentReply).data;

    rule.it('keeps each round with its result, date and who; the newest first', async () => {
      const first = await save(answers());
      expect([first.size, first.exempt, first.mustRecord]).toEqual(['small', true, ['refusals']]);
      expect(first.answeredBy).toBeTruthy();
      const second = await save(
        answers({ businessType: 'manufacturing', staffCount: 150, revenueMillion: 400, sensitiveData: true, notOccasional: true }),
      );
      // a medium business with sensitive data and regular processing: the full register, never "exempt"
      expect([second.size, second.exempt, second.mustRecord, second.blockers]).toEqual(['medium', false, [], ['sensitive', 'not_occasional']]);
      const list = ok(await ctx.api.get('/ropa/sme', { token: ctx.demoViewer.access_token }), smeAssessmentsReply);
      expect(list.assessments[0]._id).toBe(second._id);
      expect(list.assessments.map((a) => a._id)).toContain(first._id);
      expect(Date.parse(list.assessments[0].answeredAt)).toBeGreaterThanOrEqual(Date.parse(first.answeredAt));
      // another company sees none of them
      const theirs = ok(await ctx.api.get('/ropa/sme', { token: ctx.siamAdmin.access_token }), smeAssessmentsReply);
      expect(theirs.assessments.some((a) => a._id === first._id)).toBe(false);
    });

    rule.it('sizes by revenue when staff and revenue disagree; a large business keeps the full register', async () => {
      const large = await save(answers({ staffCount: 25, revenueMillion: 400, riskyProcessing: true }));
      expect([large.byStaff, large.byRevenue, large.size, large.exempt, large.mustRecord]).toEqual(['small', 'large', 'large', false, []]);
      const medium = await save(answers({ staffCount: 500, revenueMillion: 60 }));
      expect([medium.byStaff, medium.size, medium.exempt]).toEqual(['large', 'medium', true]);
      // the limits are inclusive: manufacturing 50 staff / 100 M is still small
      expect((await save(answers({ businessType: 'manufacturing', staffCount: 50, revenueMillion: 100 }))).size).toBe('small');
      expect((await save(answers({ businessType: 'manufacturing', staffCount: 50, revenueMillion: 100.5 }))).size).toBe('medium');
    });

    rule.it('is never exempt while an answer rules the exemption out, each answer named', async () => {
      for (const [extra, blockers] of [
        [{ sensitiveData: true }, ['sensitive']],
        [{ riskyProcessing: true }, ['risky']],
        [{ notOccasional: true }, ['not_occasional']],
        [{ revenueMillion: 301, sensitiveData: true }, ['large', 'sensitive']],
      ] as const) {
        const r = await save(answers(extra));
        expect([r.exempt, r.mustRecord, r.blockers], JSON.stringify(extra)).toEqual([false, [], blockers]);
      }
      // and the rounds kept before read the same way
      const [{ id }] = await ctx.db!.query<{ id: string }>(
        `insert into ropa_sme_assessments (company_id, answers, size, exempt, must_record)
         select company_id, $1::jsonb, 'small', true, '{refusals,sensitive}' from users where id = $2 returning id`,
        [
          JSON.stringify({
            businessType: 'services',
            staffCount: 10,
            revenueMillion: 5,
            sensitiveData: true,
            riskyProcessing: false,
            notOccasional: false,
            note: '',
          }),
          ctx.demoAdmin.user._id,
        ],
      );
      const list = ok(await ctx.api.get('/ropa/sme?limit=100', { token: admin() }), smeAssessmentsReply);
      expect(list.assessments.find((a) => a._id === id)).toMatchObject({ exempt: false, blockers: ['sensitive'] });
    });

    rule.it("exempts the bodies the notifications name whatever their size, never 'other'", async () => {
      for (const body of SME_BODIES.filter((b) => b !== 'sme' && b !== 'other')) {
        const r = await save(answers({ body, staffCount: 5_000, revenueMillion: 90_000 }));
        expect([body, r.exempt, r.mustRecord, r.blockers]).toEqual([body, true, ['refusals'], []]);
        expect(r.answers.body).toBe(body);
      }
      const other = await save(answers({ body: 'other' }));
      expect([other.exempt, other.blockers]).toEqual([false, ['not_listed_body']]);
      // a named body still loses the exemption to sensitive data
      expect((await save(answers({ body: 'foundation', sensitiveData: true }))).blockers).toEqual(['sensitive']);
    });

    rule.it("asks a processor its own questions: each rules the exemption out; a controller's answers do not bind a processor alone", async () => {
      const clean = await save(answers({ role: 'processor' }));
      expect([clean.exempt, clean.blockers]).toEqual([true, []]);
      for (const [extra, blocker] of [
        [{ processorSensitive: true }, 'processor_sensitive'],
        [{ processorRisky: true }, 'processor_risky'],
        [{ processorNotOccasional: true }, 'processor_not_occasional'],
        [{ processingService: true }, 'processing_service'],
      ] as const) {
        const r = await save(answers({ role: 'processor', ...extra }));
        expect([r.exempt, r.blockers], blocker).toEqual([false, [blocker]]);
      }
      // a processor only: the controller's questions do not apply; both: each side counts
      expect((await save(answers({ role: 'processor', sensitiveData: true }))).exempt).toBe(true);
      expect((await save(answers({ role: 'controller', processingService: true }))).exempt).toBe(true);
      expect((await save(answers({ role: 'both', notOccasional: true, processingService: true }))).blockers).toEqual([
        'not_occasional',
        'processing_service',
      ]);
    });

    shape.it('refuses bad answers (400) and a viewer (403); the contact user reads nothing', async () => {
      expectFailure(await ctx.api.post('/ropa/sme', { ...answers(), staffCount: -1 }, { token: admin() }), 400);
      expectFailure(await ctx.api.post('/ropa/sme', { ...answers(), businessType: 'mining' }, { token: admin() }), 400);
      expectFailure(await ctx.api.post('/ropa/sme', { ...answers(), surprise: true }, { token: admin() }), 400);
      expectFailure(await ctx.api.post('/ropa/sme', { ...answers(), body: 'club' }, { token: admin() }), 400);
      expectFailure(await ctx.api.post('/ropa/sme', { ...answers(), role: 'owner' }, { token: admin() }), 400);
      expectFailure(await ctx.api.post('/ropa/sme', { businessType: 'services' }, { token: admin() }), 400);
      expectFailure(await ctx.api.post('/ropa/sme', answers(), { token: ctx.demoViewer.access_token }), 403);
      expectFailure(await ctx.api.get('/ropa/sme', { token: ctx.demoContact.access_token }), 403);
    });
  });

  describe('ROPA review: four eyes, a chosen reviewer, comments, versions to compare', () => {
    const state = async (id: string, body: Record<string, unknown>, token: string, lang: 'th' | 'en' = 'th') =>
      ctx.api.post(`/ropa/activity/${id}/state`, body, { token, lang });
    const detail = async (id: string, token = admin()) => ok(await ctx.api.get(`/ropa/activity/${id}`, { token }), one(ropaDetail)).data;

    rule.it("refuses the author's own approval (409, Thai and English) and changes nothing; the chosen reviewer is told and approves", async () => {
      const draft = await createActivity(await completeBody((await newSystem()).record.id));
      const reviewer = await dpoUser();
      // the reviewers offered to admin: the DPO, never admin itself, never the view-only person
      const reviewers = ok(await ctx.api.get('/ropa/reviewers', { token: admin() }), ropaReviewersReply).data;
      expect(reviewers.map((r) => r.id)).toContain(reviewer.user._id);
      expect(reviewers.map((r) => r.id)).not.toContain(ctx.demoAdmin.user._id);
      expect(reviewers.map((r) => r.id)).not.toContain(ctx.demoViewer.user._id);
      // a reviewer who may not review (view only, oneself, another company's) is a 400 and nothing moves
      for (const reviewerId of [ctx.demoViewer.user._id, ctx.demoAdmin.user._id, ctx.siamAdmin.user._id])
        expectMessage(await state(draft.id, { state: 'review', reviewerId }, admin()), 400, 'ropa_reviewer_invalid');
      expect((await detail(draft.id)).state).toBe('draft');
      const sent = ok(await state(draft.id, { state: 'review', reviewerId: reviewer.user._id }, admin()), one(ropaDetail)).data;
      expect(sent).toMatchObject({ state: 'review', reviewer: { id: reviewer.user._id }, submittedBy: { id: ctx.demoAdmin.user._id } });
      expect(sent.selfApproval).toBe('refused');
      expect((await detail(draft.id, reviewer.access_token)).selfApproval).toBe('none');
      // the reviewer hears of it through the bell; admin does not
      const bell = async (token: string) =>
        ok(await ctx.api.get('/user/notification/list?currentPage=1&limit=50', { token }), notificationListReply).notificationList.filter(
          (n) => n.kind === 'ropa_review_assigned' && n.link === `/ropa/activity/create/${draft.id}`,
        );
      const told = await bell(reviewer.access_token);
      expect(told.map((n) => [n.params.name, n.params.by, n.read])).toEqual([[draft.name, 'สมชาย ใจดี', false]]);
      expect(await bell(admin())).toEqual([]);
      // the author's approval: refused with the one message, nothing changes
      expectMessage(await state(draft.id, { state: 'approved' }, admin()), 409, 'approval_self_author');
      expectMessage(await state(draft.id, { state: 'approved' }, admin(), 'en'), 409, 'approval_self_author', 'en');
      const still = await detail(draft.id);
      expect([still.state, still.approvedBy, still.versions]).toEqual(['review', null, []]);
      // another person's approval passes
      const approved = ok(await state(draft.id, { state: 'approved' }, reviewer.access_token), one(ropaDetail)).data;
      expect(approved).toMatchObject({ state: 'approved', approvedBy: { id: reviewer.user._id }, selfApproval: 'none' });
      expect(approved.versions.map((v) => v.version)).toEqual([1]);
    });

    rule.it('counts whoever last changed the content as an author: the DPO who edits in review may not approve it', async () => {
      const body = await completeBody((await newSystem()).record.id);
      const draft = await createActivity(body);
      const reviewer = await dpoUser();
      ok(await state(draft.id, { state: 'review', reviewerId: reviewer.user._id }, admin()), one(ropaDetail));
      ok(await ctx.api.put(`/ropa/activity/${draft.id}`, { ...body, name: `${body.name} (DPO)` }, { token: reviewer.access_token }), one(ropaDetail));
      expect((await detail(draft.id, reviewer.access_token)).contentBy?.id).toBe(reviewer.user._id);
      expectMessage(await state(draft.id, { state: 'approved' }, reviewer.access_token), 409, 'approval_self_author');
      expectMessage(await state(draft.id, { state: 'approved' }, admin()), 409, 'approval_self_author');
      expect((await detail(draft.id)).state).toBe('review');
    });

    rule.it('keeps a comment thread on an activity: who, when, what; view-only reads, another company sees nothing', async () => {
      const draft = await createActivity(await completeBody((await newSystem()).record.id));
      const reviewer = await dpoUser();
      const path = `/ropa/activity/${draft.id}/comments`;
      expect(ok(await ctx.api.get(path, { token: admin() }), ropaCommentsReply).data).toEqual([]);
      ok(await ctx.api.post(path, { body: '  ระยะเวลาเก็บรักษาควรระบุเป็นปี  ' }, { token: reviewer.access_token }), ropaCommentsReply);
      const thread = ok(await ctx.api.post(path, { body: 'แก้ไขแล้วครับ' }, { token: admin() }), ropaCommentsReply).data;
      expect(thread.map((c) => [c.author?.id, c.body])).toEqual([
        [reviewer.user._id, 'ระยะเวลาเก็บรักษาควรระบุเป็นปี'],
        [ctx.demoAdmin.user._id, 'แก้ไขแล้วครับ'],
      ]);
      expect(Date.parse(thread[0].created_dt)).toBeLessThanOrEqual(Date.parse(thread[1].created_dt));
      // an empty comment: a 400 in the reader's language naming the reason
      expect(expectFailure(await ctx.api.post(path, { body: '   ' }, { token: admin() }), 400).msg).toContain(
        serverMessage('th', 'ropa_comment_required'),
      );
      expect(expectFailure(await ctx.api.post(path, { body: '' }, { token: admin(), lang: 'en' }), 400).msg).toContain(
        serverMessage('en', 'ropa_comment_required'),
      );
      expectFailure(await ctx.api.post(path, { body: 'x'.repeat(4001) }, { token: admin() }), 400);
      expect(ok(await ctx.api.get(path, { token: ctx.demoViewer.access_token }), ropaCommentsReply).data).toHaveLength(2);
      expectFailure(await ctx.api.post(path, { body: 'ขอดูหน่อย' }, { token: ctx.demoViewer.access_token }), 403);
      expectFailure(await ctx.api.get(path, { token: ctx.siamAdmin.access_token }), 404);
      expectFailure(await ctx.api.post(path, { body: 'x' }, { token: ctx.siamAdmin.access_token }), 404);
      // the audit trail keeps who wrote it
      const [logged] = await ctx.db!.query<{ username: string }>(
        `select username from audit_log where entity = 'ropa_comments' and action = 'create' and record_id = $1`,
        [thread[1].id],
      );
      expect(logged?.username).toBe('admin');
    });

    rule.it('keeps each approved version to compare: a changed field differs between versions 1 and 2', async () => {
      const body = await completeBody((await newSystem()).record.id);
      const draft = await createActivity(body);
      const reviewer = await dpo();
      ok(await state(draft.id, { state: 'review' }, admin()), one(ropaDetail));
      ok(await state(draft.id, { state: 'approved' }, reviewer), one(ropaDetail));
      ok(
        await ctx.api.put(`/ropa/activity/${draft.id}`, { ...body, record: { ...body.record, retention: '10 ปี' } }, { token: admin() }),
        one(ropaDetail),
      );
      ok(await state(draft.id, { state: 'review' }, admin()), one(ropaDetail));
      ok(await state(draft.id, { state: 'approved' }, reviewer), one(ropaDetail));
      const version = async (n: number) =>
        ok(
          await ctx.api.get(`/ropa/activity/${draft.id}/version?version=${n}`, { token: admin() }),
          ropaVersionReply.extend({ status: z.literal(200) }),
        );
      const [v1, v2] = [await version(1), await version(2)];
      const retention = (v: typeof v1) => (v.data.record as { retention: string }).retention;
      expect([retention(v1), retention(v2)]).toEqual([body.record.retention, '10 ปี']);
    });
  });
}
