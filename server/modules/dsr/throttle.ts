import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';

/**
 * The public pages' rate limit: calls per address within a window, counted in the database so
 * every server process agrees. Over the limit: 429.
 */
export async function publicThrottle(q: Queryable, key: string, limit: number, windowMinutes: number) {
  const [{ hits }] = await q.query<{ hits: number }>(
    `select count(*)::int as hits from dsr_public_hits where key = $1 and at > now() - make_interval(mins => $2)`,
    [key, windowMinutes],
  );
  if (hits >= limit) throw new ApiError(429, 'dsr_throttled');
  await q.query('insert into dsr_public_hits (key) values ($1)', [key]);
  // rows older than a day count for nothing
  if (Math.random() < 0.05) await q.query(`delete from dsr_public_hits where at < now() - interval '1 day'`);
}
