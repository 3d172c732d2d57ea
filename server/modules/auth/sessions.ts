import { createHash, randomBytes } from 'node:crypto';
import { ALWAYS_GRANTED } from '../../../contract/menus';
import type { SessionUser } from '../../../contract/auth';
import type { Db, Listener, Queryable } from '../../db/client';
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
/** How long sessionsChanged waits for every API process to confirm it has emptied its cache. */
const CONFIRM_WAIT_MS = 2_000;

interface Cached {
  session: Session;
  /** ms since the epoch: the cache's deadline or the session's own expiry, whichever comes first */
  until: number;
}

class SessionCache {
  private entries = new Map<string, Cached>();
  /** bumped on every clear: a lookup that began before a clear must not store what it read */
  generation = 0;
  listener: Listener | undefined;
  readonly ready: Promise<void>;

  constructor(db: Db) {
    this.ready = db
      .listen(SESSIONS_CHANNEL, () => this.clear())
      .then((listener) => {
        this.listener = listener;
      })
      .catch(() => {});
  }

  /** Whether entries may be trusted now: only while no notification can have been missed. */
  usable() {
    return this.listener?.live() ?? false;
  }

  get(hash: string): Session | undefined {
    if (!this.usable()) return undefined;
    const hit = this.entries.get(hash);
    if (!hit) return undefined;
    if (hit.until <= Date.now()) {
      this.entries.delete(hash);
      return undefined;
    }
    return hit.session;
  }

  put(hash: string, session: Session, expiresAt: number, generation: number) {
    if (generation !== this.generation || !this.usable()) return;
    if (this.entries.size >= SESSION_CACHE_SIZE) {
      // the oldest first (a Map keeps insertion order)
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, { session, until: Math.min(Date.now() + SESSION_CACHE_MS, expiresAt) });
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}

const caches = new WeakMap<Db, SessionCache>();
/** every cache of this process, for a Queryable that does not say its Db */
const allCaches = new Set<SessionCache>();

/** The session cache of `db`, once it listens; none for anything that is not a Db of ours. */
function cacheOf(q: Queryable): SessionCache | undefined {
  const db = q.db;
  if (!db || typeof db.listen !== 'function') return undefined;
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache(db);
    caches.set(db, cache);
    allCaches.add(cache);
  }
  return cache;
}

/**
 * Starts the session cache of `db` (its listener) now rather than on the first lookup; resolves
 * once it listens. Optional: a lookup before that just goes to the database.
 */
export async function startSessionCache(db: Db) {
  await cacheOf(db)?.ready;
}

/**
 * Sessions may have changed (see the RULE above): empties the session cache of this process now
 * and again after `q`'s transaction commits, and tells every other API process on the database
 * (pg_notify through `q`, so delivered when it commits). On PostgreSQL it then waits, up to
 * CONFIRM_WAIT_MS, until every API process listening on the database has confirmed that it
 * emptied its cache: by the time the caller answers its client, no process can still answer
 * from a session as it was.
 */
export async function sessionsChanged(q: Queryable): Promise<void> {
  const cache = cacheOf(q);
  // a Queryable that does not say its Db: empty every cache of this process, to be safe
  const clear = () => (cache ? cache.clear() : allCaches.forEach((c) => c.clear()));
  clear();
  const payload = randomBytes(8).toString('hex');
  const confirmed = cache?.usable() ? cache.listener?.expect(payload) : undefined;
  try {
    await q.query(`select pg_notify('${SESSIONS_CHANNEL}', $1)`, [payload]);
  } catch (err) {
    confirmed?.cancel();
    throw err;
  }
  const settle = async () => {
    clear();
    await confirmed?.wait(CONFIRM_WAIT_MS);
    clear();
  };
  if (q.afterCommit) {
    // after a rollback nothing was sent: nobody waits, the expectation is forgotten
    q.afterCommit(settle);
  } else {
    await settle();
  }
}

/**
 * The live session of a token: not revoked, not expired, its user not disabled. One query, or
 * none when this process looked it up a moment ago (see the session cache above).
 */
export async function loadSession(db: Queryable, token: string): Promise<Session | undefined> {
  const hash = hashToken(token);
  const cache = cacheOf(db);
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
  cache?.put(hash, session, Math.min(new Date(row.expires_at).getTime(), idleDeadline), generation);
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
