import { execFileSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import {
  addDaysToDate,
  bangkokDate,
  dpoAppointmentsReply,
  dpoAppointment,
  dpoAssessment,
  dpoReport,
  type DpoAppointmentInput,
  type DpoReportInput,
} from '../../../contract/dpo';
import { dpoListReply } from '../../../contract/people';
import { formatDate } from '../../../i18n/dates';
import { raiseDpoNotifications } from '../../../server/modules/dpo/rows';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

const appointmentRow = dpoAppointment
  .extend({
    contact: dpoAppointment.shape.contact.strict(),
    members: z.array(z.object({ userId: z.string().nullable(), name: z.string(), position: z.string() }).strict()),
  })
  .strict();
const listReply = dpoAppointmentsReply.extend({ appointments: z.array(appointmentRow), current: appointmentRow.nullable() }).strict();
const oneReply = z.object({ status: z.literal(200), data: appointmentRow }).strict();
const assessmentRow = dpoAssessment.extend({ answers: dpoAssessment.shape.answers.strict() }).strict();
const assessmentsReply = z.object({ status: z.literal(200), assessments: z.array(assessmentRow), totalDoc: z.number().int() }).strict();
const assessmentReply = z.object({ status: z.literal(200), data: assessmentRow }).strict();
const dpoList = dpoListReply.strict();

function ok<T>(reply: Reply, schema: z.ZodType<T>): T {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return schema.parse(reply.body);
}

let serial = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${(serial++).toString(36)}`;
const today = () => bangkokDate();

/** An outside person appointed from today, their contact for data subjects their own. */
const outsider = (name = unique('คุณทดสอบ คุ้มครอง')): DpoAppointmentInput => ({
  kind: 'external',
  name,
  contact: { email: 'dpo-test@example.co.th', phone: '02-000-0000', address: 'กรุงเทพมหานคร' },
  appointedOn: today(),
  termEndsOn: addDaysToDate(today(), 730),
  officeInformedOn: null,
  orderNo: '9/2569',
  duties: '',
});

/**
 * The DPO (menu 4): appointments with one current at a time, the history, `/user/dpoList` following
 * the current one, the order PDF, the s.41 questionnaire, the bell; rights, tenant isolation, bad input.
 */
export function dpoCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;
  const siam = () => ctx.siamAdmin.access_token;
  const list = async (token = admin()) => ok(await ctx.api.get('/dpo/appointments?limit=100', { token }), listReply);
  const appoint = async (body: DpoAppointmentInput & { replaceCurrent?: boolean }, token = admin()) =>
    ok(await ctx.api.post('/dpo/appointments', { replaceCurrent: true, ...body }, { token }), oneReply).data;

  describe('dpo: appointments', () => {
    shape.it('lists the history newest first with the current appointment, and /user/dpoList names it', async () => {
      const body = await list();
      expect(body.totalDoc).toBeGreaterThanOrEqual(1);
      const current = body.appointments.filter((a) => a.current);
      expect(current).toHaveLength(1);
      expect(body.current).toEqual(current[0]);
      expect(body.appointments.every((a) => (a.current ? a.endedOn === null : a.endedOn !== null))).toBe(true);
      expect(ok(await ctx.api.get('/user/dpoList', { token: admin() }), dpoList)).toEqual({
        status: 200,
        dpo_list: [{ _id: body.current!._id, name: body.current!.name }],
        totalDoc: 1,
      });
      expect(ok(await ctx.api.get(`/dpo/appointments/${body.current!._id}`, { token: viewer() }), oneReply).data).toEqual(body.current);
    });

    rule.it('appoints a replacement: the former DPO ends the day the new one starts, and /user/dpoList follows', async () => {
      const before = (await list()).current!;
      const made = await appoint(outsider());
      expect(made).toMatchObject({ kind: 'external', current: true, endedOn: null, contact: { email: 'dpo-test@example.co.th' } });
      const after = await list();
      expect(after.current!._id).toBe(made._id);
      expect(after.appointments.find((a) => a._id === before._id)).toMatchObject({ current: false, endedOn: made.appointedOn });
      expect(ok(await ctx.api.get('/user/dpoList', { token: viewer() }), dpoList).dpo_list).toEqual([{ _id: made._id, name: made.name }]);
    });

    rule.it('appoints a board of several people and a firm with its representative', async () => {
      const people = ok(
        await ctx.api.get('/dpo/people', { token: admin() }),
        z.object({ people: z.array(z.object({ _id: z.string(), name: z.string() })) }).passthrough(),
      ).people;
      const staff = people.find((p) => p._id === ctx.demoAdmin.user._id)!;
      const board = await appoint({
        ...outsider(unique('คณะทำงานคุ้มครองข้อมูลส่วนบุคคล')),
        kind: 'board',
        members: [
          { userId: staff._id, name: '', position: 'ประธาน' },
          { userId: null, name: 'นางสาวที่ปรึกษา ภายนอก', position: 'กรรมการ' },
        ],
      });
      expect(board.members).toEqual([
        { userId: staff._id, name: staff.name, position: 'ประธาน' },
        { userId: null, name: 'นางสาวที่ปรึกษา ภายนอก', position: 'กรรมการ' },
      ]);
      const firm = await appoint({ ...outsider(unique('บริษัท ที่ปรึกษา จำกัด')), kind: 'firm', representative: 'นายผู้แทน บริษัท' });
      expect(firm).toMatchObject({ kind: 'firm', representative: 'นายผู้แทน บริษัท', current: true });
      const staffDpo = await appoint({ ...outsider(), kind: 'staff', userId: staff._id, name: '' });
      expect(staffDpo).toMatchObject({ kind: 'staff', userId: staff._id, name: staff.name });
    });

    shape.it('refuses bad input with 400 naming the field, and writes nothing', async () => {
      const before = (await list()).totalDoc;
      expectInvalidField(
        await ctx.api.post('/dpo/appointments', { ...outsider(), termEndsOn: addDaysToDate(today(), -1) }, { token: admin() }),
        'termEndsOn',
      );
      expectInvalidField(await ctx.api.post('/dpo/appointments', { ...outsider(), termEndsOn: today() }, { token: admin() }), 'termEndsOn');
      expectInvalidField(
        await ctx.api.post('/dpo/appointments', { ...outsider(), contact: { email: '', phone: '' } }, { token: admin() }),
        'contact.email',
      );
      expectInvalidField(await ctx.api.post('/dpo/appointments', { ...outsider(), kind: 'staff', userId: null }, { token: admin() }), 'userId');
      expectInvalidField(
        await ctx.api.post(
          '/dpo/appointments',
          { ...outsider(), kind: 'board', members: [{ userId: null, name: 'คนเดียว', position: '' }] },
          { token: admin() },
        ),
        'members',
      );
      expectInvalidField(await ctx.api.post('/dpo/appointments', { ...outsider(), appointedOn: '2569-02-30' }, { token: admin() }), 'appointedOn');
      expectInvalidField(await ctx.api.post('/dpo/appointments', { ...outsider(), kind: 'nobody' }, { token: admin() }), 'kind');
      expectFailure(await ctx.api.post('/dpo/appointments', { ...outsider(), contact: { email: 'not-an-email' } }, { token: admin() }), 400);
      expectFailure(await ctx.api.get('/dpo/appointments/not-an-id', { token: admin() }), 400);
      expectMessage(await ctx.api.get('/dpo/appointments/00000000-0000-4000-8000-000000000000', { token: admin() }), 404, 'not_found');
      expect((await list()).totalDoc).toBe(before);
    });

    shape.it('lets the viewer read but not write (403 read_only), and refuses the signed out', async () => {
      const { current } = await list(viewer());
      expect(current).not.toBeNull();
      ok(await ctx.api.get('/dpo/assessments', { token: viewer() }), assessmentsReply);
      expectMessage(await ctx.api.post('/dpo/appointments', outsider(), { token: viewer() }), 403, 'read_only');
      expectMessage(await ctx.api.put(`/dpo/appointments/${current!._id}`, outsider(), { token: viewer() }), 403, 'read_only');
      expectMessage(await ctx.api.post(`/dpo/appointments/${current!._id}/end`, { endedOn: today() }, { token: viewer() }), 403, 'read_only');
      expectMessage(await ctx.api.post('/dpo/assessments', {}, { token: viewer() }), 403, 'read_only');
      // the staff's names and e-mails are for those who appoint
      expectMessage(await ctx.api.get('/dpo/people', { token: viewer() }), 403, 'read_only');
      expectMessage(await ctx.api.get('/dpo/people', { token: ctx.demoContact.access_token }), 403, 'read_only');
      expectMessage(await ctx.api.get('/dpo/appointments'), 401, 'not_signed_in');
    });

    shape.it('keeps each company to its own appointments', async () => {
      const demo = await list();
      const siamList = await list(siam());
      const demoIds = demo.appointments.map((a) => a._id);
      expect(siamList.appointments.some((a) => demoIds.includes(a._id))).toBe(false);
      const id = demo.current!._id;
      expectMessage(await ctx.api.get(`/dpo/appointments/${id}`, { token: siam() }), 404, 'not_found');
      expectMessage(await ctx.api.put(`/dpo/appointments/${id}`, outsider(), { token: siam() }), 404, 'not_found');
      expectMessage(await ctx.api.post(`/dpo/appointments/${id}/end`, { endedOn: today() }, { token: siam() }), 404, 'not_found');
      expectMessage(await ctx.api.get(`/dpo/appointments/${id}/order`, { token: siam() }), 404, 'not_found');
      expect((await list()).current!._id).toBe(id);
    });
  });

  describe('dpo: the server’s rules', () => {
    rule.it('keeps one current appointment: a second one without replaceCurrent is a 409, also when 10 arrive at once', async () => {
      const current = (await list()).current!;
      expectMessage(await ctx.api.post('/dpo/appointments', { ...outsider(), replaceCurrent: false }, { token: admin() }), 409, 'dpo_current_exists');
      const ended = ok(
        await ctx.api.post(`/dpo/appointments/${current._id}/end`, { endedOn: today(), reason: 'ลาออก' }, { token: admin() }),
        oneReply,
      ).data;
      expect(ended).toMatchObject({ current: false, endedOn: today(), endReason: 'ลาออก' });
      expectMessage(await ctx.api.post(`/dpo/appointments/${current._id}/end`, { endedOn: today() }, { token: admin() }), 409, 'dpo_not_current');
      expect(ok(await ctx.api.get('/user/dpoList', { token: admin() }), dpoList).dpo_list).toEqual([]);
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          ctx.api.post('/dpo/appointments', { ...outsider(unique(`คุณพร้อมกัน ${i}`)), replaceCurrent: false }, { token: admin() }),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of replies.filter((x) => x.status !== 200)) expectFailure(r, 409);
      expect((await list()).appointments.filter((a) => a.current)).toHaveLength(1);
    });

    rule.it('refuses a replacement dated before the current appointment, and an end before the start', async () => {
      const current = (await list()).current!;
      expectMessage(
        await appointRaw({ ...outsider(), appointedOn: addDaysToDate(current.appointedOn, -1), termEndsOn: null }),
        400,
        'dpo_replace_order',
      );
      expectMessage(
        await ctx.api.post(`/dpo/appointments/${current._id}/end`, { endedOn: addDaysToDate(current.appointedOn, -1) }, { token: admin() }),
        400,
        'dpo_end_order',
      );
      expectMessage(await appointRaw({ ...outsider(), kind: 'staff', userId: ctx.siamAdmin.user._id }), 400, 'dpo_unknown_person');
      expect((await list()).current!._id).toBe(current._id);
    });

    rule.it('makes the appointment order as a PDF from the record: Thai, letterhead, Buddhist-era dates', async () => {
      const made = await appoint({ ...outsider(unique('นางสาวคุ้มครอง ข้อมูลดี')), orderNo: '12/2569', officeInformedOn: today() });
      const reply = await ctx.api.get(`/dpo/appointments/${made._id}/order`, { token: viewer() });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/pdf');
      expect(reply.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // Thai words come out of pdftotext with spaces between them (and sara am doubled at times): compared without either
      const flat = (s: string) => s.replace(/\s+/g, '').replace(/\u0E33\u0E32/g, '\u0E33');
      const text = flat(execFileSync('pdftotext', ['-', '-'], { input: reply.bytes }).toString('utf8'));
      expect(text).toContain(flat(made.name));
      expect(text).toContain(flat('คำสั่งบริษัท ไทยดิจิทัลเซอร์วิส จำกัด'));
      expect(text).toContain(flat('อาศัยอำนาจตามมาตรา 41'));
      expect(text).toContain(flat(`แต่งตั้ง ${made.name} (บุคคลภายนอก) เป็นเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคลของบริษัท`));
      expect(text).toContain('ที่12/2569');
      // "25 พฤศจิกายน 2569": the Buddhist era (pdftotext writes sara am as two marks in some words; this date has none)
      expect(text).toContain(flat(formatDate(`${made.appointedOn}T00:00:00+07:00`, 'th')));
      expect(formatDate(`${made.appointedOn}T00:00:00+07:00`, 'th')).toMatch(/25[6-9]\d$/);
      expect(text).toContain('dpo-test@example.co.th');
      const trail = await ctx.api.get(`/audit/list?entity=dpo_appointments&action=export&limit=20`, { token: admin() });
      expect(trail.body.auditList.some((e: { recordId: string }) => e.recordId === made._id)).toBe(true);
    });

    rule.it('answers "Do we need a DPO?" by s.41 and keeps every answer with its date, newest first', async () => {
      const base = { publicAuthority: false, systematicMonitoring: true, sector: 'other', subjectCount: 99_999, sensitiveCore: false, note: '' };
      const small = ok(await ctx.api.post('/dpo/assessments', base, { token: admin() }), assessmentReply).data;
      expect(small).toMatchObject({ required: false, reasons: [], fineBaht: 1_000_000 });
      const bank = ok(
        await ctx.api.post('/dpo/assessments', { ...base, systematicMonitoring: false, sector: 'bank', subjectCount: 100_000 }, { token: admin() }),
        assessmentReply,
      ).data;
      expect(bank).toMatchObject({ required: true, reasons: ['s41_2'] });
      const all = ok(
        await ctx.api.post('/dpo/assessments', { ...base, publicAuthority: true, subjectCount: 500_000, sensitiveCore: true }, { token: admin() }),
        assessmentReply,
      ).data;
      expect(all.reasons).toEqual(['s41_1', 's41_2', 's41_3']);
      const history = ok(await ctx.api.get('/dpo/assessments', { token: admin() }), assessmentsReply).assessments;
      expect(history.slice(0, 3).map((a) => a._id)).toEqual([all._id, bank._id, small._id]);
      expect(history[0].answeredBy).toBe('สมชาย ใจดี');
      expectInvalidField(await ctx.api.post('/dpo/assessments', { ...base, subjectCount: -1 }, { token: admin() }), 'subjectCount');
      expectInvalidField(await ctx.api.post('/dpo/assessments', { ...base, publicAuthority: 'maybe' }, { token: admin() }), 'publicAuthority');
      const siamHistory = ok(await ctx.api.get('/dpo/assessments', { token: siam() }), assessmentsReply).assessments;
      expect(siamHistory.some((a) => a._id === all._id)).toBe(false);
    });

    rule.it('rings the bell once when a term ends within 30 days, and when a DPO is required but none is appointed', async () => {
      const [{ id: companyId }] = await ctx.db!.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
      const count = async (kind: string, name?: string) =>
        (
          await ctx.db!.query<{ n: number }>(
            `select count(*)::int as n from notifications where company_id = $1 and kind = $2 and ($3::text is null or params->>'name' = $3)`,
            [companyId, kind, name ?? null],
          )
        )[0].n;
      const made = await appoint({ ...outsider(), termEndsOn: addDaysToDate(today(), 20) });
      // several processes' timed work at once: the appointment is picked and marked in one statement
      await Promise.all(Array.from({ length: 5 }, () => ctx.db!.tx((q) => raiseDpoNotifications(q, companyId))));
      expect(await count('dpo_term_ending', made.name)).toBe(1);
      const bell = await ctx.api.get('/user/notification/list?currentPage=1&limit=20', { token: admin() });
      expect(
        bell.body.notificationList.find(
          (n: { kind: string; params: { name?: string } }) => n.kind === 'dpo_term_ending' && n.params.name === made.name,
        ),
      ).toMatchObject({
        params: { days: 20 },
        link: `/dpo/assing/${made._id}`,
      });
      // the answers say a DPO is required; nobody is in office
      ok(
        await ctx.api.post(
          '/dpo/assessments',
          { publicAuthority: true, systematicMonitoring: false, subjectCount: 10, sensitiveCore: false },
          { token: admin() },
        ),
        assessmentReply,
      );
      const missingBefore = await count('dpo_missing');
      ok(await ctx.api.post(`/dpo/appointments/${made._id}/end`, { endedOn: today() }, { token: admin() }), oneReply);
      await Promise.all(Array.from({ length: 5 }, () => ctx.db!.tx((q) => raiseDpoNotifications(q, companyId))));
      expect(await count('dpo_missing')).toBe(missingBefore + 1);
      // appointed again: no more warnings
      await appoint({ ...outsider(), replaceCurrent: false });
      await ctx.db!.tx((q) => raiseDpoNotifications(q, companyId));
      expect(await count('dpo_missing')).toBe(missingBefore + 1);
    });

    rule.it('gives the notice builder the current DPO: its name and the contact for data subjects', async () => {
      const made = await appoint({
        ...outsider(unique('คุณประกาศ ความเป็นส่วนตัว')),
        contact: { email: 'privacy-dpo@example.co.th', phone: '02-999-9999', address: '' },
      });
      const draft = (await import('../../../contract/consent')).emptyDraft();
      const saved = await ctx.api.post('/consents/form/save', { draft: { ...draft, dpo: { _id: made._id, name: 'ชื่อที่ส่งมา' } } }, { token: admin() });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const formId = saved.body.data._id as string;
      const detail = await ctx.api.get(`/consents/form/detail?formId=${formId}`, { token: admin() });
      expect(detail.body.data.draft.dpo).toEqual({ _id: made._id, name: made.name });
      const preview = await ctx.api.post('/consents/form/publish', { formId }, { token: admin() });
      // the draft lacks other s.23 items, but not the DPO
      expect(preview.status).toBe(400);
      expect(preview.body.missing).not.toContain('dpo');
    });
  });

  describe('dpo: a group of affiliated companies sharing one DPO (s.41 para. 2)', () => {
    rule.it("records the group on each company's own appointment; each company sees only its own, and the order PDF says so", async () => {
      const person = unique('คุณกลุ่ม ร่วมแต่งตั้ง');
      const group = unique('กลุ่มบริษัทไทยดิจิทัล');
      const shared = { ...outsider(person), sharedWithGroup: true, groupName: group, groupCompanies: 'บริษัท สยามรีเทล จำกัด' };
      const demo = await appoint(shared);
      expect(demo).toMatchObject({ sharedWithGroup: true, groupName: group, groupCompanies: 'บริษัท สยามรีเทล จำกัด', current: true });
      const siamOwn = await appoint({ ...shared, groupCompanies: 'บริษัท ไทยดิจิทัลเซอร์วิส จำกัด' }, siam());
      expect(siamOwn._id).not.toBe(demo._id);
      // the same person, two appointments: neither company reads the other's
      expectFailure(await ctx.api.get(`/dpo/appointments/${siamOwn._id}`, { token: admin() }), 404);
      expectFailure(await ctx.api.get(`/dpo/appointments/${demo._id}`, { token: siam() }), 404);
      expect((await list()).appointments.some((a) => a._id === siamOwn._id)).toBe(false);
      expect((await list(siam())).current).toMatchObject({ _id: siamOwn._id, sharedWithGroup: true, groupName: group });
      // the order says it is a group appointment
      const pdf = await ctx.api.get(`/dpo/appointments/${demo._id}/order`, { token: admin() });
      const flat = (t: string) => t.replace(/\s+/g, '').replace(/\u0E33\u0E32/g, '\u0E33');
      const text = flat(execFileSync('pdftotext', ['-', '-'], { input: pdf.bytes }).toString('utf8'));
      expect(text).toContain(flat('มาตรา 41 วรรคสอง'));
      expect(text).toContain(flat(group));
      // no group name: 400 on the field; not shared: the group is not kept
      expectInvalidField(await appointRaw({ ...shared, groupName: ' ' }), 'groupName');
      const single = await appoint({ ...outsider(), sharedWithGroup: false, groupName: 'ไม่ควรเก็บ', groupCompanies: 'x' });
      expect(single).toMatchObject({ sharedWithGroup: false, groupName: '', groupCompanies: '' });
    });
  });

  describe("dpo: the DPO's reports and advice (s.42)", () => {
    const reportRow = dpoReport.strict();
    const reportReply = z.object({ status: z.literal(200), data: reportRow }).strict();
    const reportsReply = z.object({ status: z.literal(200), reports: z.array(reportRow), totalDoc: z.number().int() }).strict();
    const report = (extra: Partial<DpoReportInput> = {}): DpoReportInput => ({
      reportedOn: today(),
      subject: unique('รายงานผลการตรวจสอบการเก็บข้อมูลลูกค้า'),
      audience: 'board',
      advice: 'ควรลดระยะเวลาเก็บรักษาข้อมูลลูกค้าที่ไม่เคลื่อนไหวเหลือ 2 ปี',
      ...extra,
    });

    shape.it('logs a report: list newest first, one, change, delete; another company sees none (404); the viewer reads only (403)', async () => {
      const made = ok(
        await ctx.api.post('/dpo/reports', report({ fileUrl: 'https://drive.example.co.th/dpo/2569-01.pdf' }), { token: admin() }),
        reportReply,
      ).data;
      expect(made).toMatchObject({ audience: 'board', audienceName: '', outcome: '', fileUrl: 'https://drive.example.co.th/dpo/2569-01.pdf' });
      const listed = ok(await ctx.api.get('/dpo/reports?limit=100', { token: viewer() }), reportsReply);
      expect(listed.reports.some((r) => r._id === made._id)).toBe(true);
      const changed = ok(
        await ctx.api.put(
          `/dpo/reports/${made._id}`,
          report({ subject: made.subject, audience: 'department', audienceName: 'ฝ่ายการตลาด', outcome: 'ฝ่ายการตลาดรับไปดำเนินการ' }),
          { token: admin() },
        ),
        reportReply,
      ).data;
      expect(changed).toMatchObject({ _id: made._id, audience: 'department', audienceName: 'ฝ่ายการตลาด', outcome: 'ฝ่ายการตลาดรับไปดำเนินการ' });
      expectFailure(await ctx.api.get(`/dpo/reports/${made._id}`, { token: siam() }), 404);
      expectFailure(await ctx.api.put(`/dpo/reports/${made._id}`, report(), { token: siam() }), 404);
      expectFailure(await ctx.api.delete(`/dpo/reports/${made._id}`, { token: siam() }), 404);
      expect(ok(await ctx.api.get('/dpo/reports?limit=100', { token: siam() }), reportsReply).reports.some((r) => r._id === made._id)).toBe(false);
      expectMessage(await ctx.api.post('/dpo/reports', report(), { token: viewer() }), 403, 'read_only');
      expectMessage(await ctx.api.delete(`/dpo/reports/${made._id}`, { token: viewer() }), 403, 'read_only');
      expectFailure(await ctx.api.get('/dpo/reports'), 401);
      expect((await ctx.api.delete(`/dpo/reports/${made._id}`, { token: admin() })).status).toBe(200);
      expectFailure(await ctx.api.get(`/dpo/reports/${made._id}`, { token: admin() }), 404);
    });

    shape.it('refuses a report without a subject or advice, a department without its name, a file link that is no web address (400)', async () => {
      expectInvalidField(await ctx.api.post('/dpo/reports', report({ subject: ' ' }), { token: admin() }), 'subject');
      expectInvalidField(await ctx.api.post('/dpo/reports', report({ advice: '' }), { token: admin() }), 'advice');
      expectInvalidField(await ctx.api.post('/dpo/reports', report({ audience: 'department' }), { token: admin() }), 'audienceName');
      expectInvalidField(await ctx.api.post('/dpo/reports', report({ fileUrl: 'javascript:alert(1)' }), { token: admin() }), 'fileUrl');
      expectInvalidField(await ctx.api.post('/dpo/reports', report({ reportedOn: '2569-13-40' }), { token: admin() }), 'reportedOn');
      expectInvalidField(await ctx.api.post('/dpo/reports', report({ audience: 'cat' as never }), { token: admin(), lang: 'en' }), 'audience', 'en');
    });

    rule.it('keeps every change in the audit trail, and lists by audience', async () => {
      const made = ok(await ctx.api.post('/dpo/reports', report(), { token: admin() }), reportReply).data;
      await ctx.api.put(`/dpo/reports/${made._id}`, report({ subject: made.subject, outcome: 'อนุมัติ' }), { token: admin() });
      await ctx.api.delete(`/dpo/reports/${made._id}`, { token: admin() });
      const rows = await ctx.db!.query<{ action: string; user_id: string }>(
        `select action, user_id from audit_log where entity = 'dpo_reports' and record_id = $1 order by id`,
        [made._id],
      );
      expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
      expect(rows.every((r) => r.user_id === ctx.demoAdmin.user._id)).toBe(true);
      // the list by audience (the server's filter)
      ok(await ctx.api.post('/dpo/reports', report({ audience: 'department', audienceName: 'ฝ่ายบัญชี' }), { token: admin() }), reportReply);
      const byAudience = ok(await ctx.api.get('/dpo/reports?audience=department&limit=100', { token: admin() }), reportsReply);
      expect(byAudience.reports.every((r) => r.audience === 'department')).toBe(true);
      expect(byAudience.reports.length).toBeGreaterThan(0);
    });
  });

  function appointRaw(body: DpoAppointmentInput & { replaceCurrent?: boolean }) {
    return ctx.api.post('/dpo/appointments', { replaceCurrent: true, ...body }, { token: admin() });
  }
}
