import { ownSessionParams, ownSessionsReply, revokeAllBody, revokeAllReply } from '../../../contract/sessions';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { clearSessionCookie } from '../../http/sessionCookie';
import { sessionsChanged } from '../auth/sessions';

/** One's own sessions: the list (devices, addresses, last use) and "sign out everywhere". */
export const sessionRoutes = [
  route({
    method: 'GET',
    url: '/user/sessions',
    access: 'session',
    reply: ownSessionsReply,
    handler: async ({ db, session }) => {
      const rows = await db.query<{ id: string; created_at: Date; last_seen_at: Date; ip: string | null; user_agent: string | null }>(
        `select id, created_at, last_seen_at, ip, user_agent from sessions
          where user_id = $1 and company_id = $2 and revoked_at is null and expires_at > now()
          order by last_seen_at desc limit 200`,
        [session.userId, session.companyId],
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          createdAt: new Date(r.created_at).toISOString(),
          lastSeenAt: new Date(r.last_seen_at).toISOString(),
          ip: r.ip,
          userAgent: r.user_agent,
          current: r.id === session.sessionId,
        })),
      };
    },
  }),
  route({
    method: 'DELETE',
    url: '/user/sessions/:id',
    access: 'session',
    params: ownSessionParams,
    handler: async ({ db, req, reply, session, params }) => {
      const rows = await db.query(
        'update sessions set revoked_at = now() where id = $1 and user_id = $2 and company_id = $3 and revoked_at is null returning id',
        [params.id, session.userId, session.companyId],
      );
      if (!rows.length) throw notFound();
      await sessionsChanged(db);
      if (params.id === session.sessionId) clearSessionCookie(req, reply);
      return {};
    },
  }),
  route({
    method: 'POST',
    url: '/user/sessions/revoke-all',
    access: 'session',
    body: revokeAllBody,
    reply: revokeAllReply,
    handler: async ({ db, req, reply, session, body }) => {
      const rows = await db.query(
        `update sessions set revoked_at = now()
          where user_id = $1 and company_id = $2 and revoked_at is null and ($3::boolean = false or id <> $4)
          returning id`,
        [session.userId, session.companyId, body.keepCurrent, session.sessionId],
      );
      await sessionsChanged(db);
      if (!body.keepCurrent) clearSessionCookie(req, reply);
      return { revoked: rows.length };
    },
  }),
];
