import type { Db } from '../../db/client';

/** How many months of the consent log are kept (COOKIE_LOG_RETENTION_MONTHS, default 24). */
export function retentionMonths(env: NodeJS.ProcessEnv = process.env) {
  const months = Number(env.COOKIE_LOG_RETENTION_MONTHS ?? 24);
  if (!Number.isInteger(months) || months < 1 || months > 240)
    throw new Error('COOKIE_LOG_RETENTION_MONTHS: expected a whole number of months, 1 to 240');
  return months;
}

/** How long a choice's submission id is kept, so that the banner's repeat of it is stored once. */
export const SUBMISSION_KEPT_DAYS = 2;

/**
 * The consent log's upkeep: the next months' partitions exist before they start, months older
 * than the retention are dropped whole, and the submission ids of choices older than two days go (the
 * banner gives up sending a choice again after a day: `SUBMISSION_KEPT_DAYS`). Idempotent, so several processes may run it; the advisory
 * lock keeps two from creating the same partition at once.
 */
export async function cookieLogUpkeep(db: Db) {
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(1617)');
    await q.query('select cookie_log_ensure_partitions(0, 3)');
    await q.query('select cookie_log_drop_before($1)', [retentionMonths()]);
    await q.query(`delete from cookie_submissions where created_at < now() - make_interval(days => $1)`, [SUBMISSION_KEPT_DAYS]);
  });
}
