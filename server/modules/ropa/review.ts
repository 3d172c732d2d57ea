import type { Queryable } from '../../db/client';

/** How many days before its review date a record raises the bell. */
export const ROPA_REVIEW_WARNING_DAYS = 30;

/**
 * A record (not archived) whose review date is within 30 days raises `ropa_review_due` once; saving the
 * record re-arms it. Safe with several server processes: the statement that picks a record marks it.
 */
export async function raiseReviewNotifications(q: Queryable, companyId: string) {
  const due = await q.query<{ id: string; name: string; days: number }>(
    `update ropa_activities set review_notified_at = now()
      where company_id = $1 and state <> 'archived' and review_notified_at is null
        and review_date <= (now() at time zone 'Asia/Bangkok')::date + $2::int
      returning id, name, (review_date - (now() at time zone 'Asia/Bangkok')::date)::int as days`,
    [companyId, ROPA_REVIEW_WARNING_DAYS],
  );
  await ringActivityBell(q, companyId, due, 'ropa_review_due', 'ropa_review_overdue');
}

/**
 * The company's bell, once per activity: `due` with the days left, or — already past the day — `overdue`
 * with the days since; each links to the activity.
 */
export async function ringActivityBell(
  q: Queryable,
  companyId: string,
  activities: readonly { id: string; name: string; days: number }[],
  due: string,
  overdue: string,
) {
  for (const a of activities)
    await q.query('insert into notifications (company_id, kind, params, link) values ($1, $2, $3, $4)', [
      companyId,
      a.days < 0 ? overdue : due,
      JSON.stringify({ name: a.name, days: Math.abs(a.days) }),
      `/ropa/activity/create/${a.id}`,
    ]);
}
