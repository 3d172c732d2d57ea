import { addMinutes, differenceInMinutes } from 'date-fns';
import type { Db } from '../../db/client';

/** Failures allowed per key within the window before sign-in answers 429. */
export const SIGNIN_LIMITS = { perUser: 5, perAddress: 20, windowMinutes: 15 } as const;

export const userKey = (companyCode: string, username: string) => `user:${companyCode.toUpperCase()}/${username.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Minutes until the oldest counted failure leaves the window, when a key is over its limit; else 0. */
export async function signinLockMinutes(db: Db, keys: { user: string; address: string }): Promise<number> {
  const rows = await db.query<{ key: string; failures: number; oldest: string }>(
    `select key, count(*)::int as failures, min(at) as oldest from signin_failures
      where key = any($1) and at > now() - make_interval(mins => $2)
      group by key`,
    [[keys.user, keys.address], SIGNIN_LIMITS.windowMinutes],
  );
  let minutes = 0;
  for (const row of rows) {
    const limit = row.key === keys.user ? SIGNIN_LIMITS.perUser : SIGNIN_LIMITS.perAddress;
    if (row.failures >= limit) {
      const freeAt = addMinutes(row.oldest, SIGNIN_LIMITS.windowMinutes);
      minutes = Math.max(minutes, 1, differenceInMinutes(freeAt, new Date(), { roundingMethod: 'ceil' }));
    }
  }
  return minutes;
}

export async function recordSigninFailure(db: Db, keys: { user: string; address: string }) {
  await db.query(`insert into signin_failures (key) values ($1), ($2)`, [keys.user, keys.address]);
  // old rows are of no use once outside the window
  await db.query(`delete from signin_failures where at < now() - interval '1 day'`);
}

export async function clearUserFailures(db: Db, userKeyValue: string) {
  await db.query('delete from signin_failures where key = $1', [userKeyValue]);
}
