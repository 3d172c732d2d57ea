import { createHash, randomBytes } from 'node:crypto';
import { ALWAYS_GRANTED } from '../../../contract/menus';
import type { SessionUser } from '../../../contract/auth';
import type { Queryable } from '../../db/client';
import { notifiedCache } from '../../db/notifiedCache';
import { SESSION_DAYS, type Session } from '../../http/session';

export { SESSION_DAYS, type Session };

/** A session unused for this long ends (SESSION_IDLE_HOURS; buildApp sets it from the config). */
let idleHours = 8;
export const setSessionIdleHours = (hours: number) => {
  idleHours = hours;
};
/** How often a used session's last_seen_at is written (at most once a minute per session). */
const TOUCH_EVERY_SECONDS = 60;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a session and returns its bearer token; only the token's hash is stored. */
export async function openSession(
  q: Queryable,
  user: { userId: string; companyId: string },
  origin: { ip: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await q.query(
    `insert into sessions (token_hash, user_id, company_id, expires_at, ip, user_agent)
     values ($1, $2, $3, now() + make_interval(days => $4), $5, $6)`,
    [hashToken(token), user.userId, user.companyId, SESSION_DAYS, origin.ip, origin.userAgent?.slice(0, 300) ?? null],
  );
  return token;
}

interface SessionRow {
  session_id: string;
  user_id: string;
  company_id: string;
  company_code: string;
  username: string;
  firstname: string;
  lastname: string;
  sub_id: string | null;
  menus: Record<string, boolean> | null;
  expires_at: Date | string;
  /** seconds since the session was last used */
  idle_seconds: number;
}

/*
 * The session cache. Every API call needs its session; looking it up costs a round trip to the
 * database, so each Db keeps the sessions it has looked up, in this process, by the token's hash,
 * for at most SESSION_CACHE_MS (a safety net only). It stays exact because every change that can
 * end or alter a session goes through `sessionsChanged(q)`, which empties the cache of this
 * process and, through pg_notify on the channel SESSIONS_CHANNEL, of every other API process on
 * the same PostgreSQL (each pg Db listens on a dedicated connection). While that connection is
 * down, nothing is cached (a notification might be missed); when it comes back, the cache starts
 * empty.
 *
 * RULE: whatever revokes or expires a session, disables or deletes a user, resets a password,
 * changes a user's role, a role's menus, or a user's or company's name/code shown in the session
 * MUST call `sessionsChanged(q)` with the same Queryable (in the same transaction). A change made
 * in SQL by hand (psql) is seen by the API only after SESSION_CACHE_MS, unless it is followed by
 * `select pg_notify('pdpa_sessions', '')`.
 */

/** The channel every API process listens to; a notification on it empties their session caches. */
export const SESSIONS_CHANNEL = 'pdpa_sessions';
/** How long a looked-up session is trusted at most without a notification. */
export const SESSION_CACHE_MS = 5_000;
/** How many sessions one process keeps at most. */
export const SESSION_CACHE_SIZE = 10_000;

const sessionCache = notifiedCache<Session>({ channel: SESSIONS_CHANNEL, ttlMs: SESSION_CACHE_MS, size: SESSION_CACHE_SIZE });

/**
 * Starts the session cache of `db` (its listener) now rather than on the first lookup; resolves
 * once it listens. Optional: a lookup before that just goes to the database.
 */
export const startSessionCache = sessionCache.start;

/**
 * Sessions may have changed (see the RULE above): empties the session cache of this process now
 * and again after `q`'s transaction commits, and tells every other API process on the database
 * (pg_notify through `q`, so delivered when it commits). On PostgreSQL it then waits until every
 * API process listening on the database has confirmed that it emptied its cache: by the time the
 * caller answers its client, no process can still answer from a session as it was.
 */
export const sessionsChanged = sessionCache.changed;

/**
 * The live session of a token: not revoked, not expired, its user not disabled. One query, or
 * none when this process looked it up a moment ago (see the session cache above).
 */
export async function loadSession(db: Queryable, token: string): Promise<Session | undefined> {
  const hash = hashToken(token);
  const cache = sessionCache.of(db);
  const hit = cache?.get(hash);
  if (hit) return hit;
  const generation = cache?.generation ?? 0;
  const [row] = await db.query<SessionRow>(
    `select s.id as session_id, u.id as user_id, u.company_id, c.code as company_code,
            u.username, u.firstname, u.lastname, u.sub_id, s.expires_at,
            extract(epoch from now() - s.last_seen_at)::float8 as idle_seconds,
            (select jsonb_object_agg(rm.menu_id, rm.can_edit) from role_menus rm where rm.role_id = u.role_id) as menus
       from sessions s
       join users u on u.id = s.user_id and u.company_id = s.company_id
       join companies c on c.id = u.company_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and not u.disabled
        and s.last_seen_at > now() - make_interval(hours => $2)`,
    [hash, idleHours],
  );
  if (!row) return undefined;
  if (row.idle_seconds > TOUCH_EVERY_SECONDS) {
    await db.query('update sessions set last_seen_at = now() where id = $1', [row.session_id]);
  }
  const menus = new Map<number, boolean>(Object.entries(row.menus ?? {}).map(([id, edit]) => [Number(id), edit]));
  for (const id of ALWAYS_GRANTED) if (!menus.has(id)) menus.set(id, true);
  const session: Session = {
    sessionId: row.session_id,
    userId: row.user_id,
    companyId: row.company_id,
    user: toSessionUser(row),
    menus,
  };
  // an idle session must not stay usable from the cache past its idle deadline
  const idleDeadline = Date.now() + idleHours * 3_600_000;
  cache?.put(hash, session, generation, Math.min(new Date(row.expires_at).getTime(), idleDeadline));
  return session;
}

export function toSessionUser(row: {
  user_id: string;
  username: string;
  firstname: string;
  lastname: string;
  company_code: string;
  sub_id: string | null;
}): SessionUser {
  return {
    _id: row.user_id,
    firstname: row.firstname,
    lastname: row.lastname,
    username: row.username,
    companyCode: row.company_code,
    ...(row.sub_id ? { subId: row.sub_id } : {}),
  };
}

/** Ends one session (sign-out): refused from the very next call on, in every API process. */
export async function revokeSession(q: Queryable, sessionId: string) {
  await q.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
  await sessionsChanged(q);
}
