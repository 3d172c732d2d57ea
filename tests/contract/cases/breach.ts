import { describe, expect } from 'vitest';
import { z } from 'zod';
import { breachListReply, breachReply, type BreachRecord } from '../../../contract/breach';
import { breachDemoId } from '../../../demo';
import { raiseBreachClockNotifications } from '../../../server/modules/breach/clockJob';
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
  vulnerable: false,
  encrypted: false,
  recovered: false,
};

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

    rule.it('keeps every company to its own breaches (404)', async () => {
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

  describe('breach log: systems from the data map (issue 15)', () => {
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
}
