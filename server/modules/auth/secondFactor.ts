import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_CHALLENGE_MINUTES, TOTP_PERIOD_SECONDS, type SecondFactorEnrolment } from '../../../contract/auth';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { clearLimit, hitLimits, refundHit } from '../../http/rateLimit';
import { openPassword, sealPassword } from '../connectors/secret';
import { hashToken } from './sessions';
import { SIGNIN_LIMITS } from './throttle';

/** What sign-in asks after a right password: nothing, the code of the enrolled app, or an enrolment first. */
export type SecondFactorNeed = 'none' | 'verify' | 'enrol';

export async function secondFactorNeed(q: Queryable, userId: string): Promise<SecondFactorNeed> {
  const [row] = await q.query<{ enabled: boolean; required: boolean }>(
    `select exists (select 1 from user_totp t where t.user_id = u.id and t.enabled_at is not null)
            or exists (select 1 from user_passkeys k where k.user_id = u.id) as enabled,
            coalesce(r.require_second_factor, false) as required
       from users u left join roles r on r.id = u.role_id
      where u.id = $1`,
    [userId],
  );
  if (row?.enabled) return 'verify';
  return row?.required ? 'enrol' : 'none';
}

/** A single-use token for the second step of this sign-in; the user's earlier unfinished ones and every expired one go. */
export async function openChallenge(q: Queryable, user: { userId: string; companyId: string }, enrol: boolean): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query(`delete from signin_challenges where user_id = $1 or expires_at < now()`, [user.userId]);
  await q.query(
    `insert into signin_challenges (token_hash, user_id, company_id, enrol, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [hashToken(token), user.userId, user.companyId, enrol, SECOND_FACTOR_CHALLENGE_MINUTES],
  );
  return token;
}

export interface Challenge {
  token_hash: string;
  user_id: string;
  company_id: string;
  enrol: boolean;
  /** the WebAuthn challenge a passkey must sign, once its options were asked for */
  webauthn_challenge: string | null;
}

export async function findChallenge(q: Queryable, token: string): Promise<Challenge> {
  const [row] = await q.query<Challenge>(
    'select token_hash, user_id, company_id, enrol, webauthn_challenge from signin_challenges where token_hash = $1 and expires_at > now()',
    [hashToken(token)],
  );
  if (!row) throw new ApiError(401, 'second_factor_expired');
  return row;
}

/** Uses the token up: of two calls racing with one token, one gets the session. */
export async function consumeChallenge(q: Queryable, token: string) {
  const rows = await q.query('delete from signin_challenges where token_hash = $1 and expires_at > now() returning user_id', [hashToken(token)]);
  if (!rows.length) throw new ApiError(401, 'second_factor_expired');
}

export const codeKeys = (userId: string, ip: string) => ({ user: `second-factor:${userId}`, address: `second-factor-ip:${ip}` });

/**
 * Counts a code tried for this person and from this address before it is checked, in one atomic
 * statement per key as the password is (the same limits, counters of their own); a right code takes
 * its attempt back (`codeSucceeded`).
 */
export async function reserveCodeAttempt(q: Queryable, userId: string, ip: string) {
  const keys = codeKeys(userId, ip);
  const hit = await hitLimits(q, [
    { key: keys.user, limit: SIGNIN_LIMITS.perUser, windowMinutes: SIGNIN_LIMITS.windowMinutes },
    { key: keys.address, limit: SIGNIN_LIMITS.perAddress, windowMinutes: SIGNIN_LIMITS.windowMinutes },
  ]);
  if (!hit.allowed) throw new ApiError(429, 'signin_throttled', { minutes: hit.retryMinutes });
}

export async function codeSucceeded(q: Queryable, userId: string, ip: string) {
  const keys = codeKeys(userId, ip);
  await clearLimit(q, keys.user);
  await refundHit(q, keys.address);
}

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/**
 * A new authenticator for the person, not enabled until a first code proves the app holds it (a
 * pending one is replaced). The secret goes back once, as text and as a QR code (an SVG drawn here:
 * the sign-in page loads no QR library).
 */
export async function startEnrolment(
  q: Queryable,
  config: ServerConfig,
  who: { userId: string; companyId: string; username: string; companyCode: string },
): Promise<SecondFactorEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  await q.query(
    `insert into user_totp (user_id, company_id, secret_sealed) values ($1, $2, $3)
     on conflict (user_id) do update set secret_sealed = excluded.secret_sealed, last_step = 0, recovery_secrets = '{}'
      where user_totp.enabled_at is null`,
    [who.userId, who.companyId, sealPassword(config, secret)],
  );
  const uri = totpOf(secret, `${who.companyCode}/${who.username}`, 'PDPA').toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

const RECOVERY = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;
const normalRecovery = (code: string) => code.replace('-', '').toLowerCase();

/** Fresh recovery codes (`xxxxx-xxxxx`), shown once; the database keeps their SHA-256 only. */
function newRecoveryCodes() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const text = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

export type CodeResult = { ok: false } | { ok: true; factor: 'totp' | 'recovery'; recoveryCodes?: string[]; recoveryLeft?: number };

/**
 * Checks a 6-digit code (this step or the one either side) or a recovery code. A code is good once:
 * its time step must be after the last one used, moved forward in the same statement (two racing
 * sign-ins with one code: one wins). Enrolling, the first right code enables the app and gives the
 * recovery codes.
 */
export async function checkCode(q: Queryable, config: ServerConfig, userId: string, code: string, enrol: boolean): Promise<CodeResult> {
  const [row] = await q.query<{ secret_sealed: string; enabled: boolean }>(
    'select secret_sealed, enabled_at is not null as enabled from user_totp where user_id = $1',
    [userId],
  );
  if (!row || row.enabled === enrol) return { ok: false };
  if (/^\d{6}$/.test(code)) {
    const delta = totpOf(openPassword(config, row.secret_sealed)).validate({ token: code, window: 1 });
    if (delta === null) return { ok: false };
    const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + delta;
    if (!enrol) {
      const used = await q.query('update user_totp set last_step = $2 where user_id = $1 and last_step < $2 returning user_id', [userId, step]);
      return used.length ? { ok: true, factor: 'totp' } : { ok: false };
    }
    const recoveryCodes = newRecoveryCodes();
    const enabled = await q.query(
      `update user_totp set enabled_at = now(), last_step = $2, recovery_secrets = $3
        where user_id = $1 and enabled_at is null returning user_id`,
      [userId, step, recoveryCodes.map((c) => hashToken(normalRecovery(c)))],
    );
    return enabled.length ? { ok: true, factor: 'totp', recoveryCodes } : { ok: false };
  }
  if (enrol || !RECOVERY.test(code)) return { ok: false };
  const [used] = await q.query<{ left: number }>(
    `update user_totp set recovery_secrets = array_remove(recovery_secrets, $2)
      where user_id = $1 and $2 = any(recovery_secrets) returning cardinality(recovery_secrets) as left`,
    [userId, hashToken(normalRecovery(code))],
  );
  return used ? { ok: true, factor: 'recovery', recoveryLeft: used.left } : { ok: false };
}
