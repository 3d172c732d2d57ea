import type { Queryable } from '../../db/client';

/** The warning a breach's clock has reached: 48 or 60 hours since `aware_at`, or 72 (overdue). */
const STAGE = `case when aware_at <= now() - interval '72 hours' then 72
                    when aware_at <= now() - interval '60 hours' then 60 else 48 end`;

/** A breach whose Office notice is still to be sent: open, not assessed as no risk, not notified (the clock runs). */
export const AWAITING_OFFICE_NOTICE = `office_notified_at is null and status <> 'closed' and (risk_level is null or risk_level <> 'none')`;

/**
 * The bell of the 72-hour clock (PDPA s.37(4)): a breach whose Office notice is still to be sent warns
 * every person of its company with menu 17 (a notification for the whole company, `user_id` null, of a
 * menu-17 kind) once at 48 hours, once at 60 hours and once when overdue, even when nobody opens the log.
 * The breach is marked in the same statement that picks it, so several server processes warn once; a
 * warning missed while the server was down is not sent late, only the stage reached now. Runs from the
 * timed work (server/jobs.ts) for every company, and when a company's log is read. The pick stays on
 * `breaches_clock_idx` (0015_breach.sql), whose predicate is this statement's.
 */
export async function raiseBreachClockNotifications(q: Queryable, companyId?: string) {
  const params: unknown[] = companyId ? [companyId] : [];
  return q.query<{ id: string }>(
    `with marked as (
       update breaches set clock_stage = ${STAGE}
        where ${AWAITING_OFFICE_NOTICE} and clock_stage < 72
          and aware_at <= now() - interval '48 hours' and clock_stage < ${STAGE}
          ${companyId ? 'and company_id = $1' : ''}
       returning id, company_id, code, title, aware_at, clock_stage
     )
     insert into notifications (company_id, kind, params, link)
     select company_id, case when clock_stage = 72 then 'breach_overdue' else 'breach_clock' end,
            jsonb_build_object('title', title, 'code', code, 'hours',
              case when clock_stage = 72 then floor(extract(epoch from now() - aware_at) / 3600)::int - 72 else 72 - clock_stage end),
            '/databreach/create/' || id
       from marked
     returning id`,
    params,
  );
}
