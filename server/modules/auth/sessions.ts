import { createHash, randomBytes } from 'node:crypto';
import { ALWAYS_GRANTED } from '../../../contract/menus';
import type { SessionUser } from '../../../contract/auth';
import type { Db, Queryable } from '../../db/client';

/** How long a session lasts (the seed's cookie lasts 365 days). */
export const SESSION_DAYS = 365;

export interface Session {
  sessionId: string;
  userId: string;
  companyId: string;
  user: SessionUser;
  /** menu id -> may edit */
  menus: Map<number, boolean>;
}

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
}

/** The live session of a token: not revoked, not expired, its user not disabled. One query. */
export async function loadSession(db: Db, token: string): Promise<Session | undefined> {
  const [row] = await db.query<SessionRow>(
    `select s.id as session_id, u.id as user_id, u.company_id, c.code as company_code,
            u.username, u.firstname, u.lastname, u.sub_id,
            (select jsonb_object_agg(rm.menu_id, rm.can_edit) from role_menus rm where rm.role_id = u.role_id) as menus
       from sessions s
       join users u on u.id = s.user_id and u.company_id = s.company_id
       join companies c on c.id = u.company_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and not u.disabled`,
    [hashToken(token)],
  );
  if (!row) return undefined;
  const menus = new Map<number, boolean>(Object.entries(row.menus ?? {}).map(([id, edit]) => [Number(id), edit]));
  for (const id of ALWAYS_GRANTED) if (!menus.has(id)) menus.set(id, true);
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    companyId: row.company_id,
    user: toSessionUser(row),
    menus,
  };
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

export async function revokeSession(db: Db, sessionId: string) {
  await db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}
