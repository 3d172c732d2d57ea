import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { hitLimit } from '../../http/rateLimit';

/**
 * The public pages' rate limit: calls per address within a window, counted and checked in one
 * atomic statement in the database (server/http/rateLimit.ts), so every server process agrees and a
 * burst gets at most `limit` through. Over the limit: 429.
 */
export async function publicThrottle(q: Queryable, key: string, limit: number, windowMinutes: number) {
  if (!(await hitLimit(q, `dsr-${key}`, limit, windowMinutes)).allowed) throw new ApiError(429, 'dsr_throttled');
}
