import { bangkokDay } from '../../../contract/clock';
import { MENU } from '../../../contract/menus';
import { ropaParams } from '../../../contract/ropa';
import { INFORM_DAYS, ropaInformBody, ropaInformReply, type RopaInformTask } from '../../../contract/ropaInform';
import type { Queryable } from '../../db/client';
import { BANGKOK_TODAY as TODAY, iso, userNameSql } from '../../db/rows';
import { conflict, fieldError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { ringActivityBell } from './review';

const write = { menuId: MENU.ropa.menuId, write: true } as const;
/** How many days before its due day an open task raises the bell. */
export const INFORM_REMIND_DAYS = 7;

interface TaskRow {
  id: string;
  collected_on: string;
  due_on: string;
  state: RopaInformTask['state'];
  overdue: boolean;
  informed_on: string | null;
  method: RopaInformTask['method'];
  exemption: RopaInformTask['exemption'];
  note: string;
  closed_by: string | null;
  closed_name: string | null;
  closed_at: Date | string | null;
  letter_id: string | null;
  letter_title: string | null;
  letter_state: string | null;
}

/** An activity's s.25 tasks: the open one first, then the newest collection first. */
export async function informTasksOf(q: Queryable, companyId: string, activityId: string): Promise<RopaInformTask[]> {
  const rows = await q.query<TaskRow>(
    `select t.id, t.collected_on::text, t.due_on::text, t.state, (t.state = 'to_do' and t.due_on < ${TODAY}) as overdue,
            t.informed_on::text, t.method, t.exemption, t.note, t.closed_by, ${userNameSql('u')} as closed_name, t.closed_at,
            d.id as letter_id, d.title as letter_title, d.state as letter_state
       from ropa_inform_tasks t
       left join users u on u.id = t.closed_by
       left join lateral (
         select s.id, s.title, s.state from sheet_documents s
          where s.company_id = t.company_id and s.ropa_activity_id = t.activity_id and s.kind = 'indirectNotice'
          order by s.created_at desc limit 1) d on true
      where t.company_id = $1 and t.activity_id = $2
      order by (t.state = 'to_do') desc, t.collected_on desc`,
    [companyId, activityId],
  );
  return rows.map((r) => ({
    id: r.id,
    collectedOn: r.collected_on,
    dueOn: r.due_on,
    state: r.state,
    overdue: r.overdue,
    informedOn: r.informed_on,
    method: r.method,
    exemption: r.exemption,
    note: r.note,
    letter: r.letter_id ? { id: r.letter_id, title: r.letter_title ?? '', state: r.letter_state ?? '' } : null,
    closedBy: r.closed_by ? { id: r.closed_by, name: r.closed_name ?? '' } : null,
    closed_dt: r.closed_at ? iso(r.closed_at) : null,
  }));
}

/**
 * Keeps the activity's s.25 task in step with its record, on every save: a day of collection from
 * another source opens a task due 30 days after it (the open one follows a corrected day); a day no
 * longer given removes the open task (the closed ones stay, as proof). The day may not be in the future.
 */
export async function syncInformTask(q: Queryable, companyId: string, activityId: string, otherSourceOn: string | null | undefined) {
  if (otherSourceOn && otherSourceOn > bangkokDay()) throw fieldError('record.otherSourceOn', 'ropa_other_source_future');
  // no day, or a day already handled (informed or exempt): no task is open
  const [handled] = otherSourceOn
    ? await q.query(`select 1 from ropa_inform_tasks where company_id = $1 and activity_id = $2 and collected_on = $3 and state <> 'to_do'`, [
        companyId,
        activityId,
        otherSourceOn,
      ])
    : [];
  if (!otherSourceOn || handled) {
    await q.query(`delete from ropa_inform_tasks where company_id = $1 and activity_id = $2 and state = 'to_do'`, [companyId, activityId]);
    return;
  }
  const moved = await q.query(
    `update ropa_inform_tasks set collected_on = $3, due_on = $3::date + $4::int, due_notified_at = null, updated_at = now()
      where company_id = $1 and activity_id = $2 and state = 'to_do' and collected_on <> $3 returning id`,
    [companyId, activityId, otherSourceOn, INFORM_DAYS],
  );
  if (moved.length) return;
  await q.query(
    `insert into ropa_inform_tasks (company_id, activity_id, collected_on, due_on) values ($1, $2, $3, $3::date + $4::int)
     on conflict do nothing`,
    [companyId, activityId, otherSourceOn, INFORM_DAYS],
  );
}

/**
 * Open tasks due within seven days (or past due) raise `ropa_inform_due` once, for the ROPA menu's people.
 * Safe with several server processes: the statement that picks a task marks it.
 */
export async function raiseInformNotifications(q: Queryable, companyId: string) {
  const due = await q.query<{ id: string; name: string; days: number }>(
    `update ropa_inform_tasks t set due_notified_at = now()
       from ropa_activities a
      where t.company_id = $1 and a.company_id = t.company_id and a.id = t.activity_id
        and t.state = 'to_do' and t.due_notified_at is null and t.due_on <= ${TODAY} + $2::int
      returning t.activity_id as id, a.name, (t.due_on - ${TODAY})::int as days`,
    [companyId, INFORM_REMIND_DAYS],
  );
  await ringActivityBell(q, companyId, due, 'ropa_inform_due', 'ropa_inform_overdue');
}

/** `POST /ropa/activity/:id/inform`: closes the activity's open s.25 task, or opens the last closed one again. */
export const informRoutes = [
  route({
    method: 'POST',
    url: '/ropa/activity/:id/inform',
    access: write,
    params: ropaParams,
    body: ropaInformBody,
    reply: ropaInformReply,
    handler: async ({ db, session, params, body }) => {
      const { companyId, userId } = session;
      const [activity] = await db.query<{ state: string }>('select state from ropa_activities where company_id = $1 and id = $2 for update', [
        companyId,
        params.id,
      ]);
      if (!activity) throw notFound();
      if (activity.state === 'archived') throw conflict('ropa_archived');
      const [task] = await db.query<{ id: string; state: string; collected_on: string }>(
        `select id, state, collected_on::text from ropa_inform_tasks where company_id = $1 and activity_id = $2
          order by (state = 'to_do') desc, collected_on desc limit 1 for update`,
        [companyId, params.id],
      );
      if (!task) throw conflict('ropa_inform_none');
      if (body.state === 'to_do') {
        if (task.state === 'to_do') throw conflict('ropa_inform_open');
        await db.query(
          `update ropa_inform_tasks set state = 'to_do', informed_on = null, method = null, exemption = null, closed_by = null, closed_at = null,
                  updated_at = now() where id = $1`,
          [task.id],
        );
      } else {
        if (task.state !== 'to_do') throw conflict('ropa_inform_closed');
        if (body.state === 'done') {
          if (body.informedOn > bangkokDay()) throw fieldError('informedOn', 'ropa_inform_day_future');
          if (body.informedOn < task.collected_on) throw fieldError('informedOn', 'ropa_inform_day_before');
        }
        await db.query(
          `update ropa_inform_tasks set state = $2, informed_on = $3, method = $4, exemption = $5, note = $6, closed_by = $7, closed_at = now(),
                  updated_at = now() where id = $1`,
          [
            task.id,
            body.state,
            body.state === 'done' ? body.informedOn : null,
            body.state === 'done' ? body.method : null,
            body.state === 'exempt' ? body.exemption : null,
            body.note,
            userId,
          ],
        );
      }
      const [data] = (await informTasksOf(db, companyId, params.id)).filter((t) => t.id === task.id);
      return { data };
    },
  }),
];
