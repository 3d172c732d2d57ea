import { DSR_ANSWERED } from '../../../contract/dsr';
import {
  DSR_TASK_BODY_LIMIT,
  dsrTaskCreateBody,
  dsrTaskFileQuery,
  dsrTaskListQuery,
  dsrTaskListReply,
  dsrTaskParams,
  dsrTaskReply,
  dsrTaskUpdateBody,
} from '../../../contract/dsrTasks';
import { MENU } from '../../../contract/menus';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { auditExport } from '../audit/record';
import { checkFile, readStoredFile, removeStoredFile, storeFile } from './files';
import { tellAssigned } from './taskNotify';
import { TASK_DUE_SQL, TASK_SELECT, loadTask, toTask, type TaskRow } from './taskRows';

const access = { menuId: MENU.consents.menuId } as const;
const write = { ...access, write: true } as const;

const SORT_COLUMNS = { dueAt: 't.due_at', created_dt: 't.created_at', systemName: 't.system_name', state: 't.state' } as const;

/** A person who may own a task: an active staff user of the company; else a 400 naming the field. */
async function checkOwner(q: Queryable, companyId: string, ownerId: string | null) {
  if (!ownerId) return;
  const [user] = await q.query('select 1 from users where company_id = $1 and id = $2 and not disabled and sub_id is null', [companyId, ownerId]);
  if (!user) throw new ApiError(400, 'dsr_task_owner_unknown');
}

/** The task locked for a change with its request's state, or a 404 for another company's or an unknown one. */
async function lockTask(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<{ state: string; owner_id: string | null; request_status: number }>(
    `select t.state, t.owner_id, r.status_id as request_status
       from dsr_tasks t join dsr_requests r on r.company_id = t.company_id and r.id = t.request_id
      where t.company_id = $1 and t.id = $2 for update of t`,
    [companyId, id],
  );
  if (!row) throw notFound();
  return row;
}

/** Stores a checked evidence file of a task; the encrypted copy goes again if the row cannot be written. */
async function addEvidence(
  q: Queryable,
  config: ServerConfig,
  companyId: string,
  taskId: string,
  userId: string,
  file: Awaited<ReturnType<typeof checkFile>>,
) {
  const stored = await storeFile(config, companyId, file);
  try {
    await q.query(`insert into dsr_task_files (company_id, task_id, name, mime, size, stored_name, created_by) values ($1, $2, $3, $4, $5, $6, $7)`, [
      companyId,
      taskId,
      file.name,
      file.mime,
      file.bytes.length,
      stored,
      userId,
    ]);
  } catch (err) {
    await removeStoredFile(config, companyId, stored);
    throw err;
  }
}

/** A request's tasks, "my tasks", a task's change and evidence (menu 5), by the REST convention: `/dsr-tasks`. */
export const dsrTaskRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/dsr-tasks',
    access,
    query: dsrTaskListQuery,
    reply: dsrTaskListReply,
    handler: async ({ db, session, query, reply }) => {
      const params: unknown[] = [session.companyId];
      const where = ['t.company_id = $1'];
      const f = query.filter;
      if (f.requestId) {
        params.push(f.requestId);
        where.push(`t.request_id = $${params.length}`);
      }
      if (f.mine) {
        // theirs, and their department's that no one person owns
        params.push(session.userId);
        const n = params.length;
        where.push(`(t.owner_id = $${n} or (t.owner_id is null and t.department_id = (select department_id from users where id = $${n})))`);
      }
      if (f.state) {
        params.push(f.state);
        where.push(`t.state = $${params.length}`);
      }
      const [field, direction] = query.sort;
      const [from, to] = query.range;
      const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from dsr_tasks t where ${where.join(' and ')}`, params);
      const rows = await db.query<TaskRow>(
        `${TASK_SELECT} where ${where.join(' and ')}
          order by ${SORT_COLUMNS[field]} ${direction === 'DESC' ? 'desc' : 'asc'}, t.system_name, t.id
          limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, to - from + 1, from],
      );
      reply.header('Content-Range', rows.length ? `dsr-tasks ${from}-${from + rows.length - 1}/${total}` : `dsr-tasks */${total}`);
      const now = new Date();
      return { data: rows.map((r) => toTask(r, now)), total };
    },
  }),

  route({
    method: 'GET',
    url: '/dsr-tasks/:id',
    access,
    params: dsrTaskParams,
    reply: dsrTaskReply,
    handler: async ({ db, session, params }) => ({ data: await loadTask(db, session.companyId, params.id) }),
  }),

  route({
    method: 'POST',
    url: '/dsr-tasks',
    access: write,
    body: dsrTaskCreateBody,
    reply: dsrTaskReply,
    handler: async ({ db, session, body }) => {
      const [request] = await db.query<{ status_id: number }>('select status_id from dsr_requests where company_id = $1 and id = $2 for update', [
        session.companyId,
        body.requestId,
      ]);
      if (!request) throw notFound();
      if (DSR_ANSWERED.includes(request.status_id)) throw new ApiError(409, 'dsr_closed');
      await checkOwner(db, session.companyId, body.ownerId);
      if (body.departmentId) {
        const [dept] = await db.query('select 1 from departments where company_id = $1 and id = $2', [session.companyId, body.departmentId]);
        if (!dept) throw new ApiError(400, 'dsr_task_department_unknown');
      }
      const [row] = await db.query<{ id: string }>(
        `insert into dsr_tasks (company_id, request_id, system_name, department_id, owner_id, note, due_at, created_by)
         select $1, r.id, $3, $4, $5, $6, ${TASK_DUE_SQL}, $7 from dsr_requests r where r.company_id = $1 and r.id = $2
         returning id`,
        [session.companyId, body.requestId, body.systemName, body.departmentId, body.ownerId, body.note, session.userId],
      );
      await tellAssigned(db, session.companyId, [row.id], config.mail);
      return { data: await loadTask(db, session.companyId, row.id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/dsr-tasks/:id',
    access: write,
    params: dsrTaskParams,
    body: dsrTaskUpdateBody,
    bodyLimit: DSR_TASK_BODY_LIMIT,
    reply: dsrTaskReply,
    handler: async ({ db, session, params, body }) => {
      const evidence = body.evidence ? await checkFile(body.evidence) : undefined;
      const current = await lockTask(db, session.companyId, params.id);
      // the answer given, the work behind it is what it was
      if (DSR_ANSWERED.includes(current.request_status)) throw new ApiError(409, 'dsr_closed');
      await checkOwner(db, session.companyId, body.ownerId);
      const closing = body.state !== 'to_do';
      await db.query(
        `update dsr_tasks set state = $3, reason = $4, note = $5, owner_id = $6, updated_at = now(),
                closed_at = case when $7 then coalesce(case when state = 'to_do' then null else closed_at end, now()) end,
                closed_by = case when $7 then coalesce(case when state = 'to_do' then null else closed_by end, $8::uuid) end
          where company_id = $1 and id = $2`,
        [session.companyId, params.id, body.state, body.state === 'failed' ? body.reason : '', body.note, body.ownerId, closing, session.userId],
      );
      if (evidence) await addEvidence(db, config, session.companyId, params.id, session.userId, evidence);
      if (body.ownerId && body.ownerId !== current.owner_id) await tellAssigned(db, session.companyId, [params.id], config.mail);
      return { data: await loadTask(db, session.companyId, params.id) };
    },
  }),

  route({
    method: 'GET',
    url: '/dsr-tasks/:id/file',
    personalData: { entity: 'dsr_tasks', ids: ({ params }) => [params.id] },
    access,
    params: dsrTaskParams,
    query: dsrTaskFileQuery,
    handler: async ({ db, session, req, reply, params, query }) => {
      const [file] = await db.query<{ name: string; mime: string; stored_name: string }>(
        'select name, mime, stored_name from dsr_task_files where company_id = $1 and task_id = $2 and id = $3',
        [session.companyId, params.id, query.fileId],
      );
      if (!file) throw notFound();
      const bytes = await readStoredFile(config, session.companyId, file.stored_name);
      await auditExport({ db, session, req }, 'dsr_task_files', [query.fileId], { taskId: params.id, name: file.name });
      reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(bytes);
      return undefined;
    },
  }),
];
