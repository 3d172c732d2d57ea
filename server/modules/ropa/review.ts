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
  for (const r of due)
    await q.query('insert into notifications (company_id, kind, params, link) values ($1, $2, $3, $4)', [
      companyId,
      // a record already past its review date says so, with the days overdue
      r.days < 0 ? 'ropa_review_overdue' : 'ropa_review_due',
      JSON.stringify({ name: r.name, days: Math.abs(r.days) }),
      `/ropa/activity/create/${r.id}`,
    ]);
}
