import type { Queryable } from '../db/client';

/**
 * Every rate limit of the server, counted in the database so every server process on it agrees.
 *
 * One statement counts the call and returns the count (`insert … on conflict do update … returning`):
 * PostgreSQL takes the key's row lock for it, so concurrent calls, from one process or many, are
 * counted one after another and a burst of any size gets at most `limit` calls through. (Counting
 * first and inserting afterwards lets every call of a burst read the same old count.)
 *
 * The window is fixed per key: it starts at the key's first counted call and lasts `windowMinutes`;
 * the next call after it starts a new window at 1.
 */
export interface LimitHit {
  /** calls counted in the current window, this one included */
  hits: number;
  /** true while hits <= limit */
  allowed: boolean;
  /** whole minutes (at least 1) until the window ends; 0 while allowed */
  retryMinutes: number;
}

const COUNT_SQL = `insert into rate_limits as r (key, window_start, hits) values ($1, now(), 1)
  on conflict (key) do update set
    hits = case when r.window_start <= now() - make_interval(mins => $2) then 1 else r.hits + 1 end,
    window_start = case when r.window_start <= now() - make_interval(mins => $2) then now() else r.window_start end
  returning hits, greatest(0, extract(epoch from (r.window_start + make_interval(mins => $2) - now())))::float8 as seconds_left`;

/** Counts one call of `key` and says whether it is within `limit` calls per `windowMinutes`. */
export async function hitLimit(q: Queryable, key: string, limit: number, windowMinutes: number): Promise<LimitHit> {
  const [row] = await q.query<{ hits: number; seconds_left: number }>(COUNT_SQL, [key, windowMinutes]);
  const allowed = row.hits <= limit;
  return { hits: row.hits, allowed, retryMinutes: allowed ? 0 : Math.max(1, Math.ceil(row.seconds_left / 60)) };
}

/** Counts one call of several keys at once (each in its own statement; all are counted). */
export async function hitLimits(q: Queryable, limits: Array<{ key: string; limit: number; windowMinutes: number }>): Promise<LimitHit> {
  const hits = [];
  for (const l of limits) hits.push(await hitLimit(q, l.key, l.limit, l.windowMinutes));
  const refused = hits.filter((h) => !h.allowed);
  return {
    hits: Math.max(...hits.map((h) => h.hits)),
    allowed: refused.length === 0,
    retryMinutes: Math.max(0, ...refused.map((h) => h.retryMinutes)),
  };
}

/** Takes back one counted call of `key` (a sign-in that turned out right is not a failure). */
export async function refundHit(q: Queryable, key: string) {
  await q.query('update rate_limits set hits = greatest(0, hits - 1) where key = $1', [key]);
}

/** Forgets a key's count (a successful sign-in clears its user's failures). */
export async function clearLimit(q: Queryable, key: string) {
  await q.query('delete from rate_limits where key = $1', [key]);
}

/** Forgets windows that ended more than a day ago (the hourly job). */
export async function pruneLimits(q: Queryable) {
  await q.query(`delete from rate_limits where window_start < now() - interval '1 day'`);
}

/** A share of a window's calls taken at once: how many were granted, and when the window ends. */
export interface LimitLease {
  /** calls granted, 0..n: the ones still within `limit` in the current window */
  granted: number;
  /** ms until the window ends (the granted calls are spent before then or lost) */
  windowMs: number;
}

/**
 * Counts `n` calls of `key` at once, for a process that hands them out itself (the API keys' hot
 * path: one statement per `n` calls instead of one per call). Atomic as `hitLimit` is: all the
 * processes together are never granted more than `limit` calls in a window; a process that does
 * not spend its share before the window ends loses the rest.
 */
export async function leaseHits(q: Queryable, key: string, n: number, limit: number, windowMinutes: number): Promise<LimitLease> {
  const [row] = await q.query<{ hits: number; seconds_left: number }>(
    `insert into rate_limits as r (key, window_start, hits) values ($1, now(), $3)
      on conflict (key) do update set
        hits = case when r.window_start <= now() - make_interval(mins => $2) then $3 else r.hits + $3 end,
        window_start = case when r.window_start <= now() - make_interval(mins => $2) then now() else r.window_start end
      returning hits, greatest(0, extract(epoch from (r.window_start + make_interval(mins => $2) - now())))::float8 as seconds_left`,
    [key, windowMinutes, n],
  );
  return { granted: Math.max(0, Math.min(n, limit - (row.hits - n))), windowMs: row.seconds_left * 1000 };
}
