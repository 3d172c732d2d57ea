import { describe, expect } from 'vitest';
import { dsrAddReply, dsrFormReply, dsrListReply, type DsrFormInput } from '../../../contract/dsr';
import { dsrTaskListReply, dsrTaskReply, type DsrTask } from '../../../contract/dsrTasks';
import { notificationListReply } from '../../../contract/notifications';
import { raiseTaskDueNotices } from '../../../server/modules/dsr/taskNotify';
import { makeRequestTasks } from '../../../server/modules/dsr/taskRows';
import { expectFailure, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { makePng } from '../png';
import { dsrPendingReply } from '../../../contract/dsrIntake';
import { lastCode } from './dsrIntake';
import { callFrom } from './public-throttle';

const PNG = makePng(4, 4, () => [200, 40, 40]);
const b64 = (bytes: Buffer) => bytes.toString('base64');

const FORM: DsrFormInput = {
  name: 'แบบฟอร์มทดสอบงานตามคำขอ',
  status: true,
  rights: ['access', 'erasure'],
  identityFields: [],
  evidenceRequired: false,
  evidenceNote: { th: '', en: '' },
  texts: {
    th: { title: 'คำขอใช้สิทธิ', intro: '', consentText: 'ข้าพเจ้ายินยอม' },
    en: { title: 'Request', intro: '', consentText: 'I consent' },
  },
};

/** The tasks of a data subject request: made on acceptance from the data map, worked, evidenced, and gating fulfilment. */
export function dsrTasksCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const siam = () => ctx.siamAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;
  const tag = () => Math.random().toString(36).slice(2, 8);
  let nextAddress = 10;

  const ok = <T>(reply: { status: number; body: unknown }, parse: (b: unknown) => T) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return parse(reply.body);
  };
  const tasksOf = async (requestId: string, token = admin()) =>
    ok(await ctx.api.get(`/dsr-tasks?filter=${encodeURIComponent(JSON.stringify({ requestId }))}&range=[0,99]`, { token }), (b) =>
      dsrTaskListReply.parse(b),
    ).data;
  const change = (body: Record<string, unknown>, token = admin()) => ctx.api.post('/consents/datasubject/state', body, { token });
  const update = (task: DsrTask, body: Record<string, unknown>, token = admin()) =>
    ctx.api.put(`/dsr-tasks/${task.id}`, { state: task.state, note: task.note, ownerId: task.ownerId, ...body }, { token });

  /** A data category, a system holding it and one holding nothing; a request accepted into review. */
  const acceptedRequest = async () => {
    const t = tag();
    const category = ok(
      await ctx.api.post('/data-categories', { name: `ข้อมูลงานทดสอบ ${t}`, sensitive: false, description: '' }, { token: admin() }),
      (b) => (b as { data: { id: string } }).data,
    );
    const holding = ok(
      await ctx.api.post('/datamap-systems', { name: `ระบบสมาชิก ${t}`, categoryIds: [category.id] }, { token: admin() }),
      (b) => (b as { data: { id: string; name: string } }).data,
    );
    const empty = ok(
      await ctx.api.post('/datamap-systems', { name: `ระบบว่าง ${t}` }, { token: admin() }),
      (b) => (b as { data: { id: string } }).data,
    );
    const form = dsrFormReply.parse((await ctx.api.post('/consents/datasubject/form', FORM, { token: admin() })).body).data;
    const body = {
      formId: form._id,
      rights: ['access'],
      requesterType: 'subject',
      subject: { firstname: 'สมหญิง', lastname: `งานทดสอบ ${t}`, email: `tasks-${t}@example.com` },
      consent: true,
    };
    // filed once the requester gives back the code e-mailed to them
    // from an address of its own: the public form's limits per address count these requests apart from the others
    const address = `127.0.${ctx.target.includes('PostgreSQL') ? 6 : 5}.${nextAddress++}`;
    const pending = dsrPendingReply.parse((await callFrom(address, ctx.api.baseUrl, 'POST', '/consents/datasubject/add', body)).body);
    const code = await lastCode(ctx, pending.email);
    const verified = await callFrom(address, ctx.api.baseUrl, 'POST', '/consents/datasubject/verify', {
      verificationId: pending.verificationId,
      code,
    });
    const { referenceCode } = dsrAddReply.parse(verified.body);
    const list = dsrListReply.parse((await ctx.api.get(`/consents/datasubject/list?search=${referenceCode}`, { token: admin() })).body);
    const requestId = list.requestList[0]._id;
    for (const statusId of [2, 3]) expect((await change({ requestId, statusId, note: '' })).status).toBe(200);
    return { requestId, holding, empty };
  };

  describe('data subject request tasks (menu 5)', () => {
    rule.it('accepting a request makes a task per system holding its data, once; the empty system gets none', async () => {
      const { requestId, holding, empty } = await acceptedRequest();
      const tasks = await tasksOf(requestId);
      const mine = tasks.find((t) => t.systemId === holding.id)!;
      expect(mine).toMatchObject({ state: 'to_do', systemName: holding.name, overdue: false, files: [] });
      expect(tasks.map((t) => t.systemId)).not.toContain(empty.id);
      // due inside the request's clock
      const [request] = await ctx.db!.query<{ due_at: Date; company_id: string }>('select due_at, company_id from dsr_requests where id = $1', [
        requestId,
      ]);
      for (const t of tasks) expect(Date.parse(t.dueAt)).toBeLessThanOrEqual(new Date(request.due_at).getTime());
      // accepting again makes nothing more
      expect(await ctx.db!.tx((q) => makeRequestTasks(q, request.company_id, requestId, null))).toEqual([]);
      expect((await tasksOf(requestId)).length).toBe(tasks.length);
    });

    rule.it('refuses to fulfil the request while a task is open, then fulfils it once each task has its result', async () => {
      const { requestId } = await acceptedRequest();
      const proof = { text: 'ส่งสำเนาข้อมูลแล้ว' };
      const refused = expectFailure(await change({ requestId, statusId: 4, proof }), 400);
      expect(refused.msg).toMatch(/งานที่ต้องทำค้างอยู่/);
      const tasks = await tasksOf(requestId);
      // a failure needs its reason: refused, nothing stored
      expectFailure(await update(tasks[0], { state: 'failed', reason: '' }), 400);
      expect((await tasksOf(requestId))[0].state).toBe('to_do');
      // a file that is not a PDF, JPEG or PNG by content: refused, nothing stored
      expectMessage(
        await update(tasks[0], { state: 'done', evidence: { name: 'x.png', contentBase64: b64(Buffer.from('not an image')) } }),
        400,
        'dsr_file_type',
      );
      expect((await tasksOf(requestId))[0]).toMatchObject({ state: 'to_do', files: [] });
      for (const [i, t] of tasks.entries()) {
        const body =
          i === 0 ? { state: 'done', note: 'ส่งออกข้อมูลแล้ว', evidence: { name: 'export.png', contentBase64: b64(PNG) } } : { state: 'not_held' };
        const saved = ok(await update(t, body), (b) => dsrTaskReply.parse(b)).data;
        expect(saved.state).toBe(body.state);
        expect(saved.closedBy?.id).toBe(ctx.demoAdmin.user._id);
      }
      const [first] = await tasksOf(requestId);
      expect(first.files).toEqual([expect.objectContaining({ name: 'export.png', mime: 'image/png', size: PNG.length })]);
      const file = await ctx.api.get(`/dsr-tasks/${first.id}/file?fileId=${first.files[0].id}`, { token: admin() });
      expect(file.status).toBe(200);
      expect((await change({ requestId, statusId: 4, proof })).status).toBe(200);
      // the answer given, its tasks stay as they were
      expectMessage(await update(first, { state: 'to_do' }), 409, 'dsr_closed');
    });

    rule.it('adds a task by hand for a system the data map lacks; it must be finished too', async () => {
      const { requestId } = await acceptedRequest();
      const added = ok(await ctx.api.post('/dsr-tasks', { requestId, systemName: 'แฟ้มเอกสารกระดาษ ฝ่ายขาย' }, { token: admin() }), (b) =>
        dsrTaskReply.parse(b),
      ).data;
      expect(added).toMatchObject({ systemId: null, systemName: 'แฟ้มเอกสารกระดาษ ฝ่ายขาย', state: 'to_do', requestId });
      for (const t of await tasksOf(requestId)) if (t.id !== added.id) expect((await update(t, { state: 'done' })).status).toBe(200);
      expectMessage(await change({ requestId, statusId: 5, proof: { text: 'บางส่วน' } }), 400, 'dsr_tasks_open', 'th', {
        count: 1,
        systems: 'แฟ้มเอกสารกระดาษ ฝ่ายขาย',
      });
      expectFailure(await ctx.api.post('/dsr-tasks', { requestId, systemName: '' }, { token: admin() }), 400);
      expectMessage(
        await ctx.api.post('/dsr-tasks', { requestId, systemName: 'x', ownerId: '00000000-0000-4000-8000-000000000000' }, { token: admin() }),
        400,
        'dsr_task_owner_unknown',
      );
    });

    rule.it("another company's task or request is a 404; a view-only role reads but cannot change", async () => {
      const { requestId } = await acceptedRequest();
      const [task] = await tasksOf(requestId);
      expectFailure(await ctx.api.get(`/dsr-tasks/${task.id}`, { token: siam() }), 404);
      expectFailure(await update(task, { state: 'done' }, siam()), 404);
      expectFailure(await ctx.api.post('/dsr-tasks', { requestId, systemName: 'ระบบอื่น' }, { token: siam() }), 404);
      expect(await tasksOf(requestId, siam())).toEqual([]);
      expect((await tasksOf(requestId, viewer())).map((t) => t.id)).toContain(task.id);
      expectMessage(await update(task, { state: 'done' }, viewer()), 403, 'read_only');
      expectMessage(await ctx.api.post('/dsr-tasks', { requestId, systemName: 'ระบบอื่น' }, { token: viewer() }), 403, 'read_only');
      expect((await tasksOf(requestId))[0].state).toBe('to_do');
    });

    rule.it('an owner sees the task in "my tasks", hears of it by bell and e-mail, and once more two days before it is due', async () => {
      const { requestId } = await acceptedRequest();
      const [task] = await tasksOf(requestId);
      const me = ctx.demoAdmin.user._id;
      ok(await update(task, { ownerId: me }), (b) => dsrTaskReply.parse(b));
      const mine = ok(
        await ctx.api.get(`/dsr-tasks?filter=${encodeURIComponent(JSON.stringify({ mine: true }))}&range=[0,99]`, { token: admin() }),
        (b) => dsrTaskListReply.parse(b),
      );
      expect(mine.data.map((t) => t.id)).toContain(task.id);
      const bell = notificationListReply.parse((await ctx.api.get('/user/notification/list?limit=50', { token: admin() })).body);
      expect(bell.notificationList.some((n) => n.kind === 'dsr_task_assigned' && n.params.system === task.systemName)).toBe(true);
      const [user] = await ctx.db!.query<{ email: string | null; company_id: string }>('select email, company_id from users where id = $1', [me]);
      if (user.email) {
        const [mail] = await ctx.db!.query<{ n: number }>(
          `select count(*)::int as n from mail_outbox where template = 'dsr_task_assigned' and to_address = $1 and subject like $2`,
          [user.email, `%${task.systemName}%`],
        );
        expect(mail.n).toBeGreaterThanOrEqual(1);
      }
      await ctx.db!.query(`update dsr_tasks set due_at = now() + interval '1 day' where id = $1`, [task.id]);
      const first = await ctx.db!.tx((q) => raiseTaskDueNotices(q, user.company_id));
      expect(first).toBeGreaterThanOrEqual(1);
      const [marked] = await ctx.db!.query<{ due_notified_at: Date | null }>('select due_notified_at from dsr_tasks where id = $1', [task.id]);
      expect(marked.due_notified_at).not.toBeNull();
      expect(await ctx.db!.tx((q) => raiseTaskDueNotices(q, user.company_id))).toBe(0);
    });
  });
}
