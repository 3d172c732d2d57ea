import { BANGKOK_TODAY } from '../../db/rows';
import type { Queryable } from '../../db/client';
import { raiseQuizReminders } from './reminders';

/**
 * Opens the next round of every active yearly test whose due date has passed: the due date moves on a
 * year (more, if the work has not run for longer), the round's number with it, and the round starts on
 * the day after the last round's due date (Bangkok), so only a pass since then counts. Run by the timed
 * work before the reminders. One statement marks and picks: on PostgreSQL a second process's update
 * waits for the first's row lock and then finds the due date no longer past, so a test rolls once.
 */
export async function openNextRounds(q: Queryable, companyId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `update quiz_tests t
        set due_date = n.due, round = t.round + 1, updated_at = now(),
            round_started_at = (((n.due - interval '1 year')::date + 1)::timestamp at time zone 'Asia/Bangkok')
       from (select id, (select min(d)::date from generate_series(due_date + interval '1 year', ${BANGKOK_TODAY} + interval '1 year', interval '1 year') d
                          where d >= ${BANGKOK_TODAY}) as due
               from quiz_tests where company_id = $1 and recurrence = 'yearly' and active and due_date < ${BANGKOK_TODAY}) n
      where t.company_id = $1 and t.id = n.id and t.recurrence = 'yearly' and t.active and t.due_date < ${BANGKOK_TODAY}
      returning t.id`,
    [companyId],
  );
  return rows.map((r) => r.id);
}

/** The knowledge tests' hourly work for one company: new rounds first, so their reminders count the new round. */
export async function quizTimedWork(q: Queryable, companyId: string) {
  await openNextRounds(q, companyId);
  await raiseQuizReminders(q, companyId);
}
