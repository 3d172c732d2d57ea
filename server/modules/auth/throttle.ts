import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { clearLimit, hitLimits, refundHit } from '../../http/rateLimit';

/** Failures allowed per key within the window before sign-in answers 429. */
export const SIGNIN_LIMITS = { perUser: 5, perAddress: 20, windowMinutes: 15 } as const;

export const userKey = (companyCode: string, username: string) => `signin-user:${companyCode.toUpperCase()}/${username.toLowerCase()}`;
export const addressKey = (ip: string) => `signin-ip:${ip}`;

/**
 * Counts a sign-in attempt against its user and its address BEFORE the password is checked, in one
 * atomic statement per key (server/http/rateLimit.ts): of a burst of any size, on any number of
 * server processes, at most the limit get their password checked; the others answer 429. An attempt
 * that turns out right is taken back (`signinSucceeded`), so only failures stay counted.
 */
export async function reserveSigninAttempt(db: Queryable, keys: { user: string; address: string }) {
  const hit = await hitLimits(db, [
    { key: keys.user, limit: SIGNIN_LIMITS.perUser, windowMinutes: SIGNIN_LIMITS.windowMinutes },
    { key: keys.address, limit: SIGNIN_LIMITS.perAddress, windowMinutes: SIGNIN_LIMITS.windowMinutes },
  ]);
  if (!hit.allowed) throw new ApiError(429, 'signin_throttled', { minutes: hit.retryMinutes });
}

/** The password was right: the user's failures are forgotten and the address's attempt taken back. */
export async function signinSucceeded(db: Queryable, keys: { user: string; address: string }) {
  await clearUserFailures(db, keys.user);
  await refundHit(db, keys.address);
}

export async function clearUserFailures(db: Queryable, userKeyValue: string) {
  await clearLimit(db, userKeyValue);
}
