import { DSR_TASK_LEAD_DAYS, type DsrTask } from '../../../contract/dsrTasks';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { notFound } from '../../http/errors';

const NAME = (u: string) => `coalesce(nullif(trim(${u}.firstname || ' ' || ${u}.lastname), ''), ${u}.username)`;

/** A task with its request's code, its department's and people's names; `t` is dsr_tasks. */
export const TASK_SELECT = `
  select t.*, r.reference_code, d.name as department,
         ${NAME('o')} as owner_name, ${NAME('cb')} as created_by_name, ${NAME('xb')} as closed_by_name,
         coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'mime', f.mime, 'size', f.size) order by f.created_at, f.id)
                     from dsr_task_files f where f.company_id = t.company_id and f.task_id = t.id), '[]') as files
    from dsr_tasks t
    join dsr_requests r on r.company_id = t.company_id and r.id = t.request_id
    left join departments d on d.company_id = t.company_id and d.id = t.department_id
    left join users o on o.id = t.owner_id
    left join users cb on cb.id = t.created_by
    left join users xb on xb.id = t.closed_by`;

export interface TaskRow {
  id: string;
  request_id: string;
  reference_code: string;
  system_id: string | null;
  system_name: string;
  department_id: string | null;
  department: string | null;
  owner_id: string | null;
  owner_name: string | null;
  due_at: Date | string;
  state: DsrTask['state'];
  reason: string;
  note: string;
  files: DsrTask['files'];
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  closed_by: string | null;
  closed_by_name: string | null;
  closed_at: Date | string | null;
  total?: number;
}

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export function toTask(r: TaskRow, now = new Date()): DsrTask {
  const due = new Date(r.due_at);
  return {
    id: r.id,
    requestId: r.request_id,
    referenceCode: r.reference_code,
    systemId: r.system_id,
    systemName: r.system_name,
    departmentId: r.department_id,
    department: r.department,
    ownerId: r.owner_id,
    owner: person(r.owner_id, r.owner_name),
    dueAt: due.toISOString(),
    state: r.state,
    reason: r.reason,
    note: r.note,
    overdue: r.state === 'to_do' && due < now,
    files: r.files,
    createdBy: person(r.created_by, r.created_by_name),
    created_dt: iso(r.created_at),
    closedBy: person(r.closed_by, r.closed_by_name),
    closed_dt: r.closed_at ? iso(r.closed_at) : null,
  };
}

export async function loadTask(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<TaskRow>(`${TASK_SELECT} where t.company_id = $1 and t.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return toTask(row);
}

/** A request task's due date, as SQL over the request `r`: some days before the request's, never before tomorrow nor after the request's. */
export const TASK_DUE_SQL = `least(greatest(r.due_at - make_interval(days => ${DSR_TASK_LEAD_DAYS}), now() + interval '1 day'), r.due_at)`;

/**
 * The data-map systems a request concerns: those holding (themselves, or through a ROPA activity that
 * uses them) a data category of the activity its form belongs to; every system holding personal data
 * when the form names no activity, or that activity no category.
 */
const REQUEST_SYSTEMS = `
  with req as (
    select r.* from dsr_requests r where r.company_id = $1 and r.id = $2
  ), wanted as (
    select ac.category_id from req join dsr_forms f on f.company_id = req.company_id and f.id = req.form_id
      join ropa_activity_categories ac on ac.activity_id = f.ropa_activity_id
  ), held as (
    select sc.system_id, sc.category_id from datamap_system_categories sc
      join datamap_systems s on s.id = sc.system_id where s.company_id = $1
    union
    select x.system_id, ac.category_id from ropa_activity_systems x
      join ropa_activities a on a.company_id = x.company_id and a.id = x.activity_id and a.state <> 'archived'
      join ropa_activity_categories ac on ac.activity_id = x.activity_id
     where x.company_id = $1
  )
  select s.id, s.name, s.department_id from datamap_systems s
   where s.company_id = $1 and exists (
     select 1 from held h where h.system_id = s.id
        and (not exists (select 1 from wanted) or h.category_id in (select category_id from wanted)))`;

/**
 * Makes the request's tasks, one per system it concerns, owned by the system's department and the
 * request's assignee. Accepting twice makes none twice (the unique index skips a system that has one).
 * Returns the new tasks' ids.
 */
export async function makeRequestTasks(q: Queryable, companyId: string, requestId: string, actorId: string | null) {
  const rows = await q.query<{ id: string }>(
    `with systems as (${REQUEST_SYSTEMS})
     insert into dsr_tasks (company_id, request_id, system_id, system_name, department_id, owner_id, due_at, created_by)
     select $1, r.id, s.id, s.name, s.department_id, r.assignee_id, ${TASK_DUE_SQL}, $3
       from systems s cross join dsr_requests r
      where r.company_id = $1 and r.id = $2
      order by s.name
     on conflict (company_id, request_id, system_id) where system_id is not null do nothing
     returning id`,
    [companyId, requestId, actorId],
  );
  return rows.map((r) => r.id);
}

/** How many of the request's tasks are still to do, and their systems' names. */
export async function openTasksOf(q: Queryable, companyId: string, requestId: string) {
  return q.query<{ system_name: string }>(
    `select system_name from dsr_tasks where company_id = $1 and request_id = $2 and state = 'to_do' order by system_name`,
    [companyId, requestId],
  );
}
