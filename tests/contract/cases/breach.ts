import { execFileSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { breachListReply, breachOptionsReply, breachReply, riskSuggestionReply, type BreachRecord } from '../../../contract/breach';
import { formatDate } from '../../../i18n/dates';
import { breachDemoId } from '../../../demo';
import { raiseBreachClockNotifications } from '../../../server/modules/breach/clockJob';
import { dpoContactOf } from '../../../server/modules/dpo/rows';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { makePng } from '../png';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString().replace(/\.\d{3}Z$/, 'Z');
const FACTORS = {
  sensitivity: 'high',
  volume: 'medium',
  identifiability: 'high',
  severity: 'high',
  wider: 'medium',
  controller: 'low',
  vulnerable: false,
  encrypted: false,
  recovered: false,
};
const RISK_FACTORS = { ...FACTORS, sensitivity: 'low', severity: 'medium', identifiability: 'medium' };
// Thai words come out of pdftotext with spaces between them (and sara am doubled at times): compared without either
const flat = (s: string) => s.replace(/\s+/g, '').replace(/\u0E33\u0E32/g, '\u0E33');
const pdfText = (bytes: Buffer) => flat(execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8'));
const pdfPages = (bytes: Buffer) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: bytes }).toString('utf8'))![1]);

let counter = 0;
const sample = (awareAt = ago(48), extra: Record<string, unknown> = {}) => ({
  title: `เหตุทดสอบสัญญา ${Date.now().toString(36)}-${(counter++).toString(36)}`,
  discovery: 'ทดสอบ',
  awareAt,
  cia: { confidentiality: true, integrity: false, availability: false },
  subjectsCount: 120,
  subjectsEstimated: true,
  systems: ['ระบบทดสอบ'],
  ...extra,
});

/** The breach log (menu 17): shapes on every target, the clock's and the notices' rules on the server. */
export function breachCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };
  const create = async (body: Record<string, unknown> = sample(), token = admin()): Promise<BreachRecord> =>
    ok(await ctx.api.post('/databreach', body, { token }), breachReply).data;

  describe('breach log', () => {
    shape.it('lists the demo breaches with their clock, the total in the body and in Content-Range', async () => {
      const reply = await ctx.api.get(`/databreach?${new URLSearchParams({ sort: '["awareAt","DESC"]', range: '[0,49]' })}`, { token: admin() });
      const body = ok(reply, breachListReply);
      expect(reply.headers.get('content-range')).toMatch(/^databreach \d+-\d+\/\d+$/);
      const demo = body.data.find((b) => b.id === breachDemoId('DEMO', 1));
      expect(demo?.clock.state).toBe('running');
      expect(body.data.find((b) => b.id === breachDemoId('DEMO', 2))?.clock.state).toBe('late');
      expect(body.data.find((b) => b.id === breachDemoId('DEMO', 3))?.clock.state).toBe('not_required');
    });

    rule.it('records a breach found two days ago: 24 hours left, state discovered; reads and edits it', async () => {
      const created = await create();
      expect(created).toMatchObject({ status: 'discovered', riskLevel: null, clock: { state: 'running', hoursLeft: 24 } });
      expect(created.warnings).toContain('assessment_required');
      const read = ok(await ctx.api.get(`/databreach/${created.id}`, { token: admin() }), breachReply).data;
      expect(read.title).toBe(created.title);
      const changed = ok(
        await ctx.api.put(`/databreach/${created.id}`, { ...sample(created.awareAt), title: `${created.title} (แก้ไข)` }, { token: admin() }),
        breachReply,
      );
      expect(changed.data.title).toBe(`${created.title} (แก้ไข)`);
    });

    rule.it('counts 72 hours in Bangkok across midnight and a change of month', async () => {
      // aware at 23:30 on 31 October in Bangkok: due at 23:30 on 3 November in Bangkok
      const created = await create(sample('2025-10-31T23:30:00+07:00'));
      expect(created.awareAt).toBe('2025-10-31T16:30:00.000Z');
      expect(created.clock.deadlineAt).toBe('2025-11-03T16:30:00.000Z');
      expect(created.clock.state).toBe('overdue');
    });

    rule.it("lists the company's processors with the breach notice each promised and its due diligence's warnings", async () => {
      const options = ok(await ctx.api.get('/databreach/options', { token: admin() }), breachOptionsReply);
      const [known] = await ctx.db!.query<{ name: string; hours: number }>(
        `select p.name, d.breach_notice_hours as hours from processors p join processor_diligence d on d.processor_id = p.id
           join companies c on c.id = p.company_id where c.code = 'DEMO' and d.breach_notice_hours is not null order by p.name limit 1`,
      );
      expect(options.processors.find((p) => p.name === known.name)).toMatchObject({ breachNoticeHours: known.hours });
      expect(options.processors.some((p) => p.warnings.length > 0)).toBe(true);
      const siam = ok(await ctx.api.get('/databreach/options', { token: ctx.siamAdmin.access_token }), breachOptionsReply);
      const ours = new Set(options.processors.map((p) => p._id));
      expect(siam.processors.filter((p) => ours.has(p._id))).toEqual([]);
    });

    rule.it('picks data categories from the company data map and refuses another company’s', async () => {
      const options = ok(
        await ctx.api.get('/databreach/options', { token: admin() }),
        z.object({ dataCategories: z.array(z.object({ _id: z.string(), name: z.string(), sensitive: z.boolean() })) }).passthrough(),
      );
      const picked = options.dataCategories.slice(0, 2);
      const created = await create(sample(ago(5), { dataCategoryIds: picked.map((c) => c._id) }));
      expect(created.dataCategories.map((c) => c._id).sort()).toEqual(picked.map((c) => c._id).sort());
      const siam = ok(
        await ctx.api.get('/databreach/options', { token: ctx.siamAdmin.access_token }),
        z.object({ dataCategories: z.array(z.object({ _id: z.string() })) }).passthrough(),
      );
      const theirs = siam.dataCategories[0]._id;
      expectMessage(
        await ctx.api.post('/databreach', sample(ago(5), { dataCategoryIds: [theirs] }), { token: admin() }),
        400,
        'breach_category_unknown',
      );
    });

    shape.it('keeps every company to its own breaches (404)', async () => {
      const created = await create();
      const siam = ctx.siamAdmin.access_token;
      expectFailure(await ctx.api.get(`/databreach/${created.id}`, { token: siam }), 404);
      expectFailure(await ctx.api.put(`/databreach/${created.id}`, sample(), { token: siam }), 404);
      expectFailure(await ctx.api.post(`/databreach/${created.id}/state`, { status: 'assessing' }, { token: siam }), 404);
      const list = ok(await ctx.api.get('/databreach', { token: siam }), breachListReply);
      expect(list.data.some((b) => b.id === created.id)).toBe(false);
    });

    shape.it('lets a view-only role read, not change; a role without menu 17 gets 403', async () => {
      const created = await create();
      const viewer = ctx.demoViewer.access_token;
      ok(await ctx.api.get(`/databreach/${created.id}`, { token: viewer }), breachReply);
      expectFailure(await ctx.api.post('/databreach', sample(), { token: viewer }), 403);
      expectFailure(
        await ctx.api.put(`/databreach/${created.id}/assessment`, { level: 'none', factors: FACTORS, rationale: 'x' }, { token: viewer }),
        403,
      );
      expectFailure(await ctx.api.get('/databreach', { token: ctx.demoContact.access_token }), 403);
    });

    shape.it('refuses bad input with the field named, and writes nothing', async () => {
      const token = admin();
      expectInvalidField(await ctx.api.post('/databreach', { ...sample(), title: '   ' }, { token }), 'title');
      expectInvalidField(await ctx.api.post('/databreach', sample(new Date(Date.now() + 48 * HOUR).toISOString()), { token }), 'awareAt');
      expectInvalidField(
        await ctx.api.post('/databreach', { ...sample(), cia: { confidentiality: false, integrity: false, availability: false } }, { token }),
        'cia',
      );
      expectInvalidField(await ctx.api.post('/databreach', { ...sample(), awareAt: 'yesterday' }, { token }), 'awareAt');
      expectInvalidField(await ctx.api.post('/databreach', { ...sample(), subjectsCount: -1 }, { token }), 'subjectsCount');
      expectFailure(await ctx.api.get('/databreach/not-a-uuid', { token }), 400);
      const created = await create();
      expectInvalidField(
        await ctx.api.post(`/databreach/${created.id}/notices`, { target: 'office', sentAt: ago(1), channel: 'pigeon' }, { token }),
        'channel',
      );
      expectInvalidField(
        await ctx.api.put(`/databreach/${created.id}/assessment`, { level: 'high', factors: FACTORS, rationale: '' }, { token }),
        'rationale',
      );
    });

    rule.it('refuses a late notice to the Office without its reasons (400); with them it is kept as late', async () => {
      const created = await create(sample(ago(100)));
      expect(created.clock).toMatchObject({ state: 'overdue', hoursLeft: -28 });
      const notice = { target: 'office', sentAt: ago(1), channel: 'pdpc_eservice', reference: 'PDPC-LATE-1' };
      expectMessage(await ctx.api.post(`/databreach/${created.id}/notices`, notice, { token: admin() }), 400, 'breach_late_reasons');
      expectMessage(
        await ctx.api.post(`/databreach/${created.id}/notices`, notice, { token: admin(), headers: { 'accept-language': 'en' } }),
        400,
        'breach_late_reasons',
        'en',
      );
      const after = ok(await ctx.api.get(`/databreach/${created.id}`, { token: admin() }), breachReply).data;
      expect(after.notices).toHaveLength(0);
      const late = ok(
        await ctx.api.post(`/databreach/${created.id}/notices`, { ...notice, lateReasons: 'รอผลตรวจสอบจากผู้ประมวลผล' }, { token: admin() }),
        breachReply,
      ).data;
      expect(late).toMatchObject({ status: 'notified', clock: { state: 'late' } });
      expect(late.notices[0]).toMatchObject({ late: true, lateReasons: 'รอผลตรวจสอบจากผู้ประมวลผล', reference: 'PDPC-LATE-1' });
      // in time: no reasons needed
      const timely = await create(sample(ago(10)));
      const met = ok(await ctx.api.post(`/databreach/${timely.id}/notices`, { ...notice, sentAt: ago(0) }, { token: admin() }), breachReply).data;
      expect(met.clock.state).toBe('met');
      expect(met.notices[0].late).toBe(false);
    });

    rule.it('warns of a high risk with no subjects notice, and will not close it silently (409 without a written reason)', async () => {
      const created = await create(sample(ago(20)));
      const token = admin();
      const assessed = ok(
        await ctx.api.put(`/databreach/${created.id}/assessment`, { level: 'high', factors: FACTORS, rationale: 'ข้อมูลสุขภาพ' }, { token }),
        breachReply,
      ).data;
      expect(assessed.status).toBe('assessing');
      expect(assessed.warnings).toEqual(expect.arrayContaining(['subjects_notice_required', 'office_notice_required']));
      expectMessage(await ctx.api.post(`/databreach/${created.id}/state`, { status: 'closed' }, { token }), 409, 'breach_close_office');
      ok(
        await ctx.api.post(`/databreach/${created.id}/notices`, { target: 'office', sentAt: ago(0), channel: 'pdpc_eservice' }, { token }),
        breachReply,
      );
      expectMessage(await ctx.api.post(`/databreach/${created.id}/state`, { status: 'closed' }, { token }), 409, 'breach_subjects_warning');
      expectMessage(await ctx.api.post(`/databreach/${created.id}/state`, { status: 'discovered' }, { token }), 409, 'breach_transition', 'th', {
        from: 'แจ้งแล้ว',
        to: 'พบเหตุ',
      });
      const closed = ok(
        await ctx.api.post(
          `/databreach/${created.id}/state`,
          { status: 'closed', subjectsWaiver: 'ติดต่อเจ้าของข้อมูลไม่ได้ ประกาศบนเว็บไซต์แทน' },
          { token },
        ),
        breachReply,
      ).data;
      expect(closed.status).toBe('closed');
      expect(closed.warnings).not.toContain('subjects_notice_required');
      expect(closed.timeline.at(-1)?.note).toContain('ติดต่อเจ้าของข้อมูลไม่ได้');
      expectMessage(await ctx.api.put(`/databreach/${created.id}`, sample(), { token }), 409, 'breach_closed');
    });

    rule.it('rings the bell once at 48 h, 60 h and overdue for the whole company, even with several processes', async () => {
      const db = ctx.db!;
      const created = await create(sample(ago(61)));
      const count = async (kind: string) =>
        (
          await db.query<{ n: number }>(`select count(*)::int as n from notifications where link = $1 and kind = $2`, [
            `/databreach/create/${created.id}`,
            kind,
          ])
        )[0].n;
      await Promise.all([db.tx((q) => raiseBreachClockNotifications(q)), db.tx((q) => raiseBreachClockNotifications(q))]);
      expect(await count('breach_clock')).toBe(1);
      const [warning] = await db.query<{ params: { hours: number }; user_id: string | null }>(
        `select params, user_id from notifications where link = $1 and kind = 'breach_clock'`,
        [`/databreach/create/${created.id}`],
      );
      expect(warning).toMatchObject({ params: { hours: 12 }, user_id: null });
      await db.query(`update breaches set aware_at = now() - interval '75 hours' where id = $1`, [created.id]);
      await Promise.all([db.tx((q) => raiseBreachClockNotifications(q)), db.tx((q) => raiseBreachClockNotifications(q))]);
      await db.tx((q) => raiseBreachClockNotifications(q));
      expect(await count('breach_overdue')).toBe(1);
      expect(await count('breach_clock')).toBe(1);
    });

    rule.it('makes the letter to the Office and the notice to the data subjects as PDFs', async () => {
      const created = await create();
      for (const kind of ['office', 'subjects']) {
        const reply = await ctx.api.get(`/databreach/${created.id}/letter?kind=${kind}`, { token: ctx.demoViewer.access_token });
        expect(reply.status).toBe(200);
        expect(reply.headers.get('content-type')).toBe('application/pdf');
        expect(reply.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      }
      expectInvalidField(await ctx.api.get(`/databreach/${created.id}/letter?kind=press`, { token: admin() }), 'kind');
    });

    rule.it('keeps attachments checked by content and reads them back', async () => {
      const created = await create();
      const png = makePng(8, 8, () => [200, 30, 30]);
      const attached = ok(
        await ctx.api.post(
          `/databreach/${created.id}/files`,
          { file: { name: 'หลักฐาน.png', contentBase64: png.toString('base64') } },
          { token: admin() },
        ),
        breachReply,
      ).data;
      expect(attached.files[0]).toMatchObject({ name: 'หลักฐาน.png', mime: 'image/png', size: png.length });
      const back = await ctx.api.get(`/databreach/${created.id}/files/${attached.files[0]._id}`, { token: admin() });
      expect(Buffer.compare(back.bytes, png)).toBe(0);
      const fake = Buffer.from('MZ not really a png').toString('base64');
      expectMessage(
        await ctx.api.post(`/databreach/${created.id}/files`, { file: { name: 'x.png', contentBase64: fake } }, { token: admin() }),
        400,
        'dsr_file_type',
      );
    });
  });

  describe('breach log: systems from the data map', () => {
    const systemRecord = z.object({ id: z.string(), name: z.string(), breaches: z.array(z.object({ id: z.string(), code: z.string() })) });
    const newSystem = async (name: string, token = admin()) =>
      ok(await ctx.api.post('/datamap-systems', { name }, { token }), z.object({ data: systemRecord })).data;
    const tag = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

    rule.it('links a breach to the data map systems: the record names them, the system lists the breach, deleting it is refused (409)', async () => {
      const system = await newSystem(`ระบบที่ถูกละเมิด ${tag()}`);
      const options = ok(
        await ctx.api.get('/databreach/options', { token: admin() }),
        z.object({ systems: z.array(z.object({ _id: z.string(), name: z.string() })) }),
      );
      expect(options.systems).toContainEqual({ _id: system.id, name: system.name });
      const created = await create(sample(ago(5), { systemIds: [system.id, system.id], systems: ['ไฟล์ Excel บนเครื่องพนักงาน'] }));
      expect(created.affectedSystems).toEqual([{ _id: system.id, name: system.name }]);
      expect(created.systemIds).toEqual([system.id]);
      expect(created.systems).toEqual(['ไฟล์ Excel บนเครื่องพนักงาน']);
      // the system's page lists the breach (to a role holding the breach log)
      const page = ok(await ctx.api.get(`/datamap-systems/${system.id}`, { token: admin() }), z.object({ data: systemRecord })).data;
      expect(page.breaches.map((b) => b.id)).toEqual([created.id]);
      expect(page.breaches[0].code).toBe(created.code);
      // like a system a ROPA activity uses, a system a breach names cannot be deleted
      expectMessage(await ctx.api.delete(`/datamap-systems/${system.id}`, { token: admin() }), 409, 'datamap_system_in_breach');
      expectMessage(await ctx.api.delete(`/datamap-systems/${system.id}`, { token: admin(), lang: 'en' }), 409, 'datamap_system_in_breach', 'en');
      // a renamed system is shown by its new name
      ok(await ctx.api.put(`/datamap-systems/${system.id}`, { name: `${system.name} v2` }, { token: admin() }), z.object({ data: systemRecord }));
      const renamed = ok(await ctx.api.get(`/databreach/${created.id}`, { token: admin() }), breachReply).data;
      expect(renamed.affectedSystems).toEqual([{ _id: system.id, name: `${system.name} v2` }]);
      // once no breach names it, it can go
      const edited = ok(
        await ctx.api.put(`/databreach/${created.id}`, sample(created.awareAt, { systemIds: [] }), { token: admin() }),
        breachReply,
      ).data;
      expect(edited.affectedSystems).toEqual([]);
      ok(await ctx.api.delete(`/datamap-systems/${system.id}`, { token: admin() }), z.object({ data: systemRecord }));
    });

    rule.it("refuses another company's system, or an unknown one (400), and shows nothing of it", async () => {
      const theirs = await newSystem(`ระบบของสยาม ${tag()}`, ctx.siamAdmin.access_token);
      expectMessage(await ctx.api.post('/databreach', sample(ago(5), { systemIds: [theirs.id] }), { token: admin() }), 400, 'breach_system_unknown');
      expectMessage(
        await ctx.api.post('/databreach', sample(ago(5), { systemIds: ['00000000-0000-4000-8000-000000000000'] }), { token: admin() }),
        400,
        'breach_system_unknown',
      );
      expectInvalidField(await ctx.api.post('/databreach', sample(ago(5), { systemIds: ['not-an-id'] }), { token: admin() }), 'systemIds.0');
      const mine = await create(sample(ago(5)));
      expectMessage(
        await ctx.api.put(`/databreach/${mine.id}`, sample(mine.awareAt, { systemIds: [theirs.id] }), { token: admin() }),
        400,
        'breach_system_unknown',
      );
      const options = ok(await ctx.api.get('/databreach/options', { token: admin() }), z.object({ systems: z.array(z.object({ _id: z.string() })) }));
      expect(options.systems.some((x) => x._id === theirs.id)).toBe(false);
    });

    rule.it('moves the names written before the link to the data map: matched names become links, the rest stay free text', async () => {
      const system = await newSystem(`ระบบสมาชิกเก่า ${tag()}`);
      // a breach recorded the old way: systems by name only (one in other letter case, with spaces)
      const old = await create(sample(ago(5), { systems: [`  ${system.name.toUpperCase()} `, 'ระบบที่ไม่มีในแผนผัง'] }));
      expect(old.affectedSystems).toEqual([]);
      const [{ company_id }] = await ctx.db!.query<{ company_id: string }>('select company_id from breaches where id = $1', [old.id]);
      const [{ linked }] = await ctx.db!.query<{ linked: number }>('select breach_systems_from_names($1) as linked', [company_id]);
      expect(linked).toBeGreaterThanOrEqual(1);
      const moved = ok(await ctx.api.get(`/databreach/${old.id}`, { token: admin() }), breachReply).data;
      expect(moved.affectedSystems).toEqual([{ _id: system.id, name: system.name }]);
      expect(moved.systems).toEqual(['ระบบที่ไม่มีในแผนผัง']);
      // run again, nothing changes
      await ctx.db!.query('select breach_systems_from_names($1)', [company_id]);
      expect(ok(await ctx.api.get(`/databreach/${old.id}`, { token: admin() }), breachReply).data.systems).toEqual(['ระบบที่ไม่มีในแผนผัง']);
    });

    shape.it('names in the demo that the data map lists are links, the others free text', async () => {
      const demo = ok(await ctx.api.get(`/databreach/${breachDemoId('DEMO', 1)}`, { token: admin() }), breachReply).data;
      expect(demo.affectedSystems.map((x) => x.name)).toContain('ระบบสมาชิก (CRM)');
      expect(demo.systems).not.toContain('ระบบสมาชิก (CRM)');
    });
  });

  describe('breach log: what the officer tripped on', () => {
    const demoCompanyId = async () => (await ctx.db!.query<{ id: string }>(`select id from companies where code = 'DEMO'`))[0].id;
    rule.it('starts the risk from the record: 1,200 people suggest a risk, never "no risk"; the server suggests and keeps its level', async () => {
      const created = await create(sample(ago(5), { subjectsCount: 1200 }));
      expect(created.factorDraft).toMatchObject({ volume: 'high', identifiability: null, severity: null, wider: null, controller: null });
      const draft = ok(await ctx.api.post('/databreach/risk-suggestion', { factors: created.factorDraft }, { token: admin() }), riskSuggestionReply);
      expect(draft).toEqual({ status: 200, level: 'risk', complete: false });
      // the wider effect and the controller's status are asked: an assessment without them is refused
      const { wider: _w, ...withoutWider } = FACTORS;
      expectInvalidField(
        await ctx.api.put(`/databreach/${created.id}/assessment`, { level: 'high', factors: withoutWider, rationale: 'x' }, { token: admin() }),
        'factors.wider',
      );
      const wide = ok(
        await ctx.api.post('/databreach/risk-suggestion', { factors: { ...RISK_FACTORS, wider: 'high', controller: 'high' } }, { token: admin() }),
        riskSuggestionReply,
      );
      expect(wide).toMatchObject({ level: 'high', complete: true });
      const assessed = ok(
        await ctx.api.put(`/databreach/${created.id}/assessment`, { level: 'risk', factors: FACTORS, rationale: 'ข้อมูลสุขภาพ' }, { token: admin() }),
        breachReply,
      ).data;
      expect(assessed.assessment).toMatchObject({ level: 'risk', suggestedLevel: 'high', factors: { wider: 'medium', controller: 'low' } });
      // a viewer may ask for a suggestion, a role without menu 17 may not
      ok(
        await ctx.api.post('/databreach/risk-suggestion', { factors: created.factorDraft }, { token: ctx.demoViewer.access_token }),
        riskSuggestionReply,
      );
      expectFailure(
        await ctx.api.post('/databreach/risk-suggestion', { factors: created.factorDraft }, { token: ctx.demoContact.access_token }),
        403,
      );
    });

    rule.it('offers only the moves the state allows now, and says why closing waits', async () => {
      const token = admin();
      const created = await create(sample(ago(5)));
      const contained = ok(await ctx.api.post(`/databreach/${created.id}/state`, { status: 'contained' }, { token }), breachReply).data;
      expect(contained.nextStatuses).toEqual([]);
      expect(contained.blockedStatuses).toEqual([{ status: 'closed', reason: 'breach_close_unassessed' }]);
      const assessed = ok(
        await ctx.api.put(`/databreach/${created.id}/assessment`, { level: 'risk', factors: RISK_FACTORS, rationale: 'ต้องแจ้ง' }, { token }),
        breachReply,
      ).data;
      expect(assessed.nextStatuses).not.toContain('closed');
      expect(assessed.blockedStatuses).toEqual([{ status: 'closed', reason: 'breach_close_office' }]);
      expectMessage(await ctx.api.post(`/databreach/${created.id}/state`, { status: 'closed' }, { token }), 409, 'breach_close_office');
      const notified = ok(
        await ctx.api.post(`/databreach/${created.id}/notices`, { target: 'office', sentAt: ago(0), channel: 'pdpc_eservice' }, { token }),
        breachReply,
      ).data;
      expect(notified.nextStatuses).toContain('closed');
      expect(notified.blockedStatuses).toEqual([]);
      // no risk: closing is offered once assessed, without a notice
      const harmless = await create(sample(ago(5)));
      const none = ok(
        await ctx.api.put(
          `/databreach/${harmless.id}/assessment`,
          { level: 'none', factors: { ...RISK_FACTORS, encrypted: true }, rationale: 'เข้ารหัส' },
          { token },
        ),
        breachReply,
      ).data;
      expect(none.nextStatuses).toEqual(['contained', 'closed']);
    });

    rule.it('writes every timeline entry in the reader’s language (what a person typed stays as typed)', async () => {
      const token = admin();
      const created = await create(sample(ago(100)));
      ok(
        await ctx.api.put(`/databreach/${created.id}/assessment`, { level: 'high', factors: FACTORS, rationale: 'health data' }, { token }),
        breachReply,
      );
      ok(
        await ctx.api.post(
          `/databreach/${created.id}/notices`,
          { target: 'office', sentAt: ago(1), channel: 'pdpc_eservice', reference: 'PDPC-EN-1', lateReasons: 'waited for the processor' },
          { token },
        ),
        breachReply,
      );
      const en = ok(await ctx.api.get(`/databreach/${created.id}`, { token, lang: 'en' }), breachReply).data;
      const notes = en.timeline.map((e) => e.note);
      expect(notes).toContain('High risk: health data');
      expect(notes).toContain("PDPC Office · PDPC Office's online notification · PDPC-EN-1 · Late: waited for the processor");
      const th = ok(await ctx.api.get(`/databreach/${created.id}`, { token, lang: 'th' }), breachReply).data;
      expect(th.timeline.map((e) => e.note)).toContain('มีความเสี่ยงสูง: health data');
      // the demo's entries too
      const demo = ok(await ctx.api.get(`/databreach/${breachDemoId('DEMO', 2)}`, { token, lang: 'en' }), breachReply).data;
      const demoNotes = demo.timeline.filter((e) => e.action === 'notice' || e.action === 'assessed').map((e) => e.note);
      expect(demoNotes).toEqual(expect.arrayContaining(['Data subjects · E-mail · HR-2569-117']));
      for (const note of demoNotes) expect(note).not.toMatch(/สำนักงาน|เจ้าของข้อมูล|อีเมล|ความเสี่ยง/);
    });

    rule.it('numbers a letter once (per company and BE year), signs it, dates it, and fits it on one page', async () => {
      const token = admin();
      const created = await create(sample(ago(30), { subjectsCount: 1200 }));
      // before it is issued: a draft, no number
      const draft = pdfText((await ctx.api.get(`/databreach/${created.id}/letter?kind=office`, { token })).bytes);
      expect(draft).not.toMatch(/DEMO-25\d\d\/\d{4}/);
      expect(draft).toContain('(..............................................)');
      expectFailure(await ctx.api.post(`/databreach/${created.id}/letters`, { kind: 'office' }, { token: ctx.demoViewer.access_token }), 403);
      const issued = ok(await ctx.api.post(`/databreach/${created.id}/letters`, { kind: 'office' }, { token }), breachReply).data;
      const letter = issued.letters.find((l) => l.kind === 'office')!;
      const year = Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'Asia/Bangkok' }).format(new Date())) + 543;
      expect(letter.number).toMatch(new RegExp(`^DEMO-${year}/\\d{4}$`));
      // the DPO signs unless another is named (the DPO in office now: other cases appoint others)
      const dpo = await dpoContactOf(ctx.db!, await demoCompanyId());
      expect(letter).toMatchObject({ signatoryName: dpo.name, signatoryPosition: 'เจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล' });
      expect(issued.timeline.at(-1)).toMatchObject({ action: 'letter' });
      expect(issued.timeline.at(-1)?.note).toContain(letter.number);
      // issued again with another signatory: the same number and date
      const again = ok(
        await ctx.api.post(
          `/databreach/${created.id}/letters`,
          { kind: 'office', signatoryName: 'นายใหญ่ มากความ', signatoryPosition: 'กรรมการผู้จัดการ' },
          { token },
        ),
        breachReply,
      ).data.letters.find((l) => l.kind === 'office')!;
      expect(again).toMatchObject({
        number: letter.number,
        issuedAt: letter.issuedAt,
        signatoryName: 'นายใหญ่ มากความ',
        signatoryPosition: 'กรรมการผู้จัดการ',
      });
      // the next letter takes the next number
      const next = ok(await ctx.api.post(`/databreach/${created.id}/letters`, { kind: 'subjects' }, { token }), breachReply).data.letters.find(
        (l) => l.kind === 'subjects',
      )!;
      const seq = (n: string) => Number(n.split('/')[1]);
      expect(seq(next.number)).toBeGreaterThan(seq(letter.number));
      for (const kind of ['office', 'subjects'] as const) {
        const reply = await ctx.api.get(`/databreach/${created.id}/letter?kind=${kind}`, { token });
        expect(pdfPages(reply.bytes)).toBe(1);
        const text = pdfText(reply.bytes);
        expect(text).toContain(kind === 'office' ? letter.number : next.number);
        expect(text).toContain(flat('ขอแสดงความนับถือ'));
        expect(text).toContain(flat(kind === 'office' ? '(นายใหญ่ มากความ)' : `(${dpo.name})`));
        expect(text).toContain(flat(kind === 'office' ? 'กรรมการผู้จัดการ' : 'เจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล'));
        expect(text).toContain(flat(formatDate(letter.issuedAt, 'th')));
      }
      // the demo's late breach, its longest letter (the late reasons), fits its page too
      const demoId = breachDemoId('DEMO', 2);
      ok(await ctx.api.post(`/databreach/${demoId}/letters`, { kind: 'office' }, { token }), breachReply);
      const demo = await ctx.api.get(`/databreach/${demoId}/letter?kind=office`, { token });
      expect(pdfPages(demo.bytes)).toBe(1);
      expect(pdfText(demo.bytes)).toContain(flat('ขอแสดงความนับถือ'));
    });

    rule.it('a processor tells its controller: the record names the controller (400 without), the letter goes to it', async () => {
      const token = admin();
      expectInvalidField(await ctx.api.post('/databreach', sample(ago(5), { actingAsProcessor: true }), { token }), 'controllerName');
      const plain = await create(sample(ago(5)));
      expectMessage(await ctx.api.get(`/databreach/${plain.id}/letter?kind=controller`, { token }), 409, 'breach_not_processor');
      const created = await create(sample(ago(5), { actingAsProcessor: true, controllerName: 'บริษัท ลูกค้าใหญ่ จำกัด' }));
      expect(created).toMatchObject({ actingAsProcessor: true, controllerName: 'บริษัท ลูกค้าใหญ่ จำกัด' });
      ok(await ctx.api.post(`/databreach/${created.id}/letters`, { kind: 'controller' }, { token }), breachReply);
      const reply = await ctx.api.get(`/databreach/${created.id}/letter?kind=controller`, { token });
      expect(reply.status).toBe(200);
      expect(pdfPages(reply.bytes)).toBe(1);
      const text = pdfText(reply.bytes);
      expect(text).toContain(flat('เรียน บริษัท ลูกค้าใหญ่ จำกัด'));
      expect(text).toContain(flat('มาตรา 40(2)'));
    });

    rule.it('prints the full incident report: header, summary, assessment, notices, actions and the timeline', async () => {
      const token = admin();
      const created = await create(sample(ago(30), { containment: 'ปิดสิทธิเข้าถึงถังข้อมูล' }));
      ok(
        await ctx.api.put(`/databreach/${created.id}/assessment`, { level: 'high', factors: FACTORS, rationale: 'ระบุตัวบุคคลได้ง่าย' }, { token }),
        breachReply,
      );
      ok(
        await ctx.api.post(
          `/databreach/${created.id}/notices`,
          { target: 'office', sentAt: ago(1), channel: 'pdpc_eservice', reference: 'PDPC-RPT-7' },
          { token },
        ),
        breachReply,
      );
      const reply = await ctx.api.get(`/databreach/${created.id}/report`, { token: ctx.demoViewer.access_token });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/pdf');
      const text = pdfText(reply.bytes);
      for (const part of [
        'ไทยดิจิทัลเซอร์วิส',
        `รายงานเหตุการละเมิดข้อมูลส่วนบุคคล ${created.code}`,
        created.title,
        'ระบุตัวบุคคลได้ง่าย',
        'PDPC-RPT-7',
        'ปิดสิทธิเข้าถึงถังข้อมูล',
        'บันทึกเหตุ',
      ])
        expect(text).toContain(flat(part));
      expect(text).toContain(flat(formatDate(created.awareAt, 'th', true)).slice(0, 8));
      const en = pdfText((await ctx.api.get(`/databreach/${created.id}/report`, { token, lang: 'en' })).bytes);
      expect(en).toContain(flat(`Personal data breach report ${created.code}`));
      expect(en).toContain(flat('Wider effect on the business or the public'));
      expect(en).toContain(flat("The controller's status"));
      expectFailure(await ctx.api.get(`/databreach/${created.id}/report`, { token: ctx.siamAdmin.access_token }), 404);
    });

    rule.it('e-mails the DPO and the administrators once at 48 h, 60 h and day 10, even with two processes', async () => {
      const db = ctx.db!;
      const created = await create(sample(ago(49)));
      const mails = async () =>
        db.query<{ to_address: string; subject: string }>(
          `select to_address, subject from mail_outbox where template = 'breach_escalation' and subject like $1 order by id`,
          [`[${created.code}]%`],
        );
      const twice = () => Promise.all([db.tx((q) => raiseBreachClockNotifications(q)), db.tx((q) => raiseBreachClockNotifications(q))]);
      // the DPO contact and every administrator and DPO user with an address, each once
      const company = await demoCompanyId();
      const people = await db.query<{ email: string }>(
        `select lower(u.email) as email from users u join roles r on r.id = u.role_id
          where u.company_id = $1 and not u.disabled and r.builtin in ('admin', 'dpo') and coalesce(u.email, '') <> ''`,
        [company],
      );
      const expected = [...new Set([(await dpoContactOf(db, company)).email.toLowerCase(), ...people.map((p) => p.email)])].sort();
      expect(expected).toEqual(expect.arrayContaining(['admin@thaidigital.example', 'dpo@thaidigital.example']));
      const n = expected.length;
      await twice();
      const first = await mails();
      expect(first.map((m) => m.to_address.toLowerCase()).sort()).toEqual(expected);
      expect(first[0].subject).toContain('เหลือ 24 ชั่วโมง');
      await twice();
      expect(await mails()).toHaveLength(n);
      await db.query(`update breaches set aware_at = now() - interval '61 hours' where id = $1`, [created.id]);
      await twice();
      const second = (await mails()).slice(n);
      expect(second).toHaveLength(n);
      for (const m of second) expect(m.subject).toContain('เหลือ 12 ชั่วโมง');
      // overdue rings the bell, no e-mail; day 10 e-mails again
      await db.query(`update breaches set aware_at = now() - interval '75 hours' where id = $1`, [created.id]);
      await twice();
      expect(await mails()).toHaveLength(2 * n);
      await db.query(`update breaches set aware_at = now() - interval '241 hours' where id = $1`, [created.id]);
      await twice();
      const all = await mails();
      expect(all).toHaveLength(3 * n);
      expect(all[3 * n - 1].subject).toContain('วันที่ 10');
      const read = ok(await ctx.api.get(`/databreach/${created.id}`, { token: admin(), lang: 'en' }), breachReply).data;
      expect(read.timeline.filter((e) => e.action === 'escalated').map((e) => e.note)).toEqual([
        expect.stringContaining('24 hours left'),
        expect.stringContaining('12 hours left'),
        expect.stringContaining('day 10'),
      ]);
      // notified: nothing more
      ok(
        await ctx.api.post(
          `/databreach/${created.id}/notices`,
          { target: 'office', sentAt: ago(0), channel: 'pdpc_eservice', lateReasons: 'ล่าช้า' },
          { token: admin() },
        ),
        breachReply,
      );
      await twice();
      expect(await mails()).toHaveLength(3 * n);
    });

    rule.it('a staff member sees neither the breach log nor the data subjects’ requests (403), as the role’s description says', async () => {
      const staff = (await ctx.api.signin({ companyCode: 'DEMO', username: 'kanya', password: 'staff12345' })).access_token;
      expectFailure(await ctx.api.get('/databreach', { token: staff }), 403);
      expectFailure(await ctx.api.get('/consents/datasubject/list', { token: staff }), 403);
      ok(await ctx.api.get('/knowledge/my', { token: staff }), z.object({}).passthrough());
    });
  });
}
