import { DSR_TASK_REMIND_DAYS } from '../../../contract/dsrTasks';
import { MENU } from '../../../contract/menus';
import type { MailConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { sendMail, type MailTemplate } from '../../mail';
import { formatMailDate } from './mailText';

/** Without a mail configuration (tests, the development server) the e-mails go to the outbox table. */
const OUTBOX_ONLY: MailConfig = { from: 'pdpa@localhost', appUrl: 'http://localhost:5173' };
export const MY_TASKS_PATH = '/consents/datasubject/tasks';

interface TaskToTell {
  id: string;
  company_id: string;
  system_name: string;
  reference_code: string;
  owner_id: string | null;
  department_id: string | null;
  due_at: Date | string;
}

/**
 * Tells a task's people, in the bell and by e-mail: its owner, or, for a task owned by a department
 * only, that department's active people with the DSR menu (menu 5).
 */
async function tell(q: Queryable, task: TaskToTell, kind: 'dsr_task_assigned' | 'dsr_task_due', mail: MailConfig) {
  const people = await q.query<{ id: string; email: string | null; name: string }>(
    `select u.id, u.email, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as name
       from users u
      where u.company_id = $1 and not u.disabled and u.sub_id is null
        and (u.id = $2 or ($2::uuid is null and $3::uuid is not null and u.department_id = $3
             and exists (select 1 from role_menus rm where rm.role_id = u.role_id and rm.menu_id = $4)))`,
    [task.company_id, task.owner_id, task.department_id, MENU.consents.menuId],
  );
  const lang = 'th' as const; // the product is Thai first; a person's language is not kept
  for (const p of people) {
    await q.query('insert into notifications (company_id, user_id, kind, params, link) values ($1, $2, $3, $4, $5)', [
      task.company_id,
      p.id,
      kind,
      JSON.stringify({ system: task.system_name, ref: task.reference_code }),
      MY_TASKS_PATH,
    ]);
    if (!p.email) continue;
    await sendMail(
      q,
      {
        to: p.email,
        template: kind satisfies MailTemplate,
        lang,
        params: {
          name: p.name,
          system: task.system_name,
          ref: task.reference_code,
          dueAt: formatMailDate(new Date(task.due_at), lang),
          link: `${mail.appUrl}${MY_TASKS_PATH}`,
        },
      },
      mail,
    );
  }
}

const TELL_SELECT = `select t.id, t.company_id, t.system_name, r.reference_code, t.owner_id, t.department_id, t.due_at
  from dsr_tasks t join dsr_requests r on r.company_id = t.company_id and r.id = t.request_id`;

/** The bell and an e-mail to the people of tasks just assigned (made, or given a new owner). */
export async function tellAssigned(q: Queryable, companyId: string, taskIds: readonly string[], mail: MailConfig = OUTBOX_ONLY) {
  if (!taskIds.length) return;
  const tasks = await q.query<TaskToTell>(`${TELL_SELECT} where t.company_id = $1 and t.id = any($2::uuid[])`, [companyId, taskIds]);
  for (const t of tasks) await tell(q, t, 'dsr_task_assigned', mail);
}

/**
 * Tasks still to do and due within two days tell their people once: the statement that picks a task
 * marks it, so several server processes (and a second run) tell nobody twice. Hourly timed work.
 */
export async function raiseTaskDueNotices(q: Queryable, companyId: string, mail: MailConfig = OUTBOX_ONLY) {
  const tasks = await q.query<TaskToTell>(
    `with due as (
       update dsr_tasks set due_notified_at = now()
        where company_id = $1 and state = 'to_do' and due_notified_at is null
          and due_at < now() + make_interval(days => $2)
        returning id
     ) ${TELL_SELECT} join due on due.id = t.id`,
    [companyId, DSR_TASK_REMIND_DAYS],
  );
  for (const t of tasks) await tell(q, t, 'dsr_task_due', mail);
  return tasks.length;
}
