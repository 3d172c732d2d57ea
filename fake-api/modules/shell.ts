/** The shell's calls: sign-in (the seed's timestamp token), sign-out, the route check, the menu, the bell. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGNIN_CLOCK_SKEW_MS, signinBody, signinParams, validateQuery, type SessionUser } from '../../contract/auth';
import { menuFor } from '../../contract/menus';
import { notificationKindsFor, notificationListQuery, notificationReadBody } from '../../contract/notifications';
import { th, en } from '../../i18n';
import type { FakeDb, Row } from '../collections';
import { ownRows } from '../crud';
import { Failure, notFound, now, route, sessionOf, type Call } from '../engine';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function sessionUser(db: FakeDb, user: Row<'users'>): SessionUser {
  const company = db.companies.find((c) => c._id === user.companyId)!;
  return {
    _id: user._id,
    firstname: user.firstname,
    lastname: user.lastname,
    username: user.username,
    companyCode: company.code,
    ...(user.subId ? { subId: user.subId } : {}),
  };
}

/** The notifications the caller sees: the company's, and their own, of the kinds their menus allow. */
const mine = (call: Call) => {
  const kinds: string[] = notificationKindsFor(call.session.rights);
  return ownRows(call, 'notifications')
    .filter((n) => (n.userId === null || n.userId === call.session.user._id) && kinds.includes(n.kind))
    .toSorted((a, b) => b.created_dt.localeCompare(a.created_dt) || a._id.localeCompare(b._id));
};

export const shellRoutes = [
  route({ method: 'get', url: '/health', access: 'public', handler: () => ({}) }),

  route({
    method: 'post',
    url: '/user/signin/:timestamp',
    access: 'public',
    params: signinParams,
    body: signinBody,
    handler: ({ req, params, body, fake, db }) => {
      const authorization = req.headers.authorization ?? '';
      const given = authorization.startsWith('Token ') ? authorization.slice(6).trim().toLowerCase() : '';
      const expected = sha256(params.timestamp);
      const tokenOk = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      if (!tokenOk || Math.abs(Date.now() - Number(params.timestamp)) > SIGNIN_CLOCK_SKEW_MS) throw new Failure(401, 'signin_token');
      const company = db.companies.find((c) => c.code.toUpperCase() === body.companyCode.toUpperCase());
      const user = db.users.find((u) => u.companyId === company?._id && u.username.toLowerCase() === body.username.toLowerCase());
      if (!user || user.password !== body.password) throw new Failure(401, 'signin_failed');
      if (user.disabled) throw new Failure(403, 'signin_disabled');
      if (!user.emailVerified) throw new Failure(403, 'signin_unverified');
      const token = randomBytes(32).toString('hex');
      fake.sessions.set(token, user._id);
      // the trail of the audit screen: who signed in, from where
      db.auditLog.push({
        _id: String(db.auditLog.length + 1),
        companyId: user.companyId,
        at: now(),
        action: 'signin',
        entity: 'users',
        recordId: user._id,
        userId: user._id,
        username: user.username,
        before: null,
        after: { userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) },
        ip: req.ip ?? null,
      });
      return { access_token: token, user: sessionUser(db, user) };
    },
  }),

  route({
    method: 'post',
    url: '/user/logout',
    access: 'session',
    handler: ({ session, fake }) => {
      fake.sessions.delete(session.token);
      return {};
    },
  }),

  route({
    method: 'get',
    url: '/user/validate',
    // answers for itself, with its own failure shape
    access: 'public',
    query: validateQuery,
    handler: ({ req, query, fake }) => {
      const session = sessionOf(fake, req);
      if (!session) throw new Failure(401, 'session_expired', {}, { status: false, forbidden: false });
      const wanted = [query.menuId, query.parentId].filter((id): id is number => !!id);
      if (wanted.some((id) => !session.rights.has(id))) throw new Failure(403, 'forbidden', {}, { status: false, forbidden: true });
      return { status: true, forbidden: false, user: sessionUser(fake.db, session.user) };
    },
  }),

  route({
    method: 'get',
    url: '/user/menu',
    access: 'session',
    handler: ({ session, lang }) => ({ menu: menuFor(session.rights, (lang === 'en' ? en : th).menu) }),
  }),

  route({
    method: 'get',
    url: '/user/notification/list',
    access: 'session',
    query: notificationListQuery,
    handler: (call) => {
      const me = call.session.user._id;
      const newest = mine(call);
      const rows = call.query.order === 'unread' ? newest.toSorted((a, b) => Number(a.readBy.includes(me)) - Number(b.readBy.includes(me))) : newest;
      const start = (call.query.currentPage - 1) * call.query.limit;
      return {
        notificationList: rows
          .slice(start, start + call.query.limit)
          .map(({ companyId: _, userId: __, readBy, ...n }) => ({ ...n, read: readBy.includes(me) })),
        totalNotification: rows.length,
        unread: rows.filter((n) => !n.readBy.includes(me)).length,
      };
    },
  }),

  route({
    method: 'post',
    url: '/user/notification/read',
    access: 'session',
    body: notificationReadBody,
    handler: (call) => {
      const me = call.session.user._id;
      const body = call.body;
      const rows = 'all' in body ? mine(call) : mine(call).filter((n) => n._id === body.notificationId);
      if (!rows.length && !('all' in body)) throw notFound();
      for (const n of rows) if (!n.readBy.includes(me)) n.readBy.push(me);
      return {};
    },
  }),
];
