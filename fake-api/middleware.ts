/**
 * A FAKE of the /api/v1 server for testers and front-end work: json-server 0.17 on the Thai
 * fixtures of db.json, plus a thin middleware speaking the shell's calls with the server's shapes,
 * statuses and messages. Everything lives in memory and every start begins again from db.json
 * (the file is never written). Passwords are plain text here, and only here.
 */
import jsonServer, { type Application, type ErrorHandler, type Handler, type Request } from 'json-server';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQueryString } from 'node:querystring';
import { API_BASE, JSON_BODY_LIMIT } from '../contract/http';
import { SIGNIN_CLOCK_SKEW_MS, signinBody, signinParams, validateQuery, type SessionUser } from '../contract/auth';
import { menuFor } from '../contract/menus';
import { notificationListQuery, notificationReadBody } from '../contract/notifications';
import { th, en } from '../i18n';
import { serverMessage, type ServerMessageKey } from '../server/http/messages';
import { SIGNIN_LIMITS, addressKey, userKey } from '../server/modules/auth/throttle';
import { COMPANY_SAVE_PATH, companyRoutes } from './company';
import { prepareRiskFixtures, riskRoutes } from './risk';
import { rightsOf, roleRoutes } from './roles';
import { accountRoutes } from './accounts';
import { auditRoutes, recordFakeSignin } from './audit';
import { peopleRoutes } from './people';
import { consentRoutes } from './consent';
import { dsrRoutes, readLargeDsrBody, DSR_LARGE_BODY_PATHS } from './dsr';
import { Failure, langOf, parse, route, type Access, type FakeData, type FakeNotification, type FakeUser, type Session } from './routes';

function loadFixtures(): FakeData {
  const data = JSON.parse(readFileSync(new URL('./db.json', import.meta.url), 'utf8')) as FakeData;
  const now = Date.now();
  for (const n of data.notifications) n.createdAt = new Date(now - n.hoursAgo * 3_600_000).toISOString();
  prepareRiskFixtures(data, now);
  return data;
}

/** Refuses (403) a session whose role lacks the route's menu, or its edit right: the server's checkAccess. */
function checkAccess(session: Session, access: Access) {
  if (access === 'public' || access === 'session') return;
  if (!session.menus.has(access.menuId)) throw new Failure(403, 'forbidden');
  if (access.write && !session.rights.get(access.menuId)) throw new Failure(403, 'read_only');
}

/** Text with U+0000, which PostgreSQL's text cannot hold: the contract's answer is 400 (the server's today is a 500). */
const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : !!value && typeof value === 'object' && Object.values(value).some(hasNul);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function toSessionUser(user: FakeUser, data: FakeData): SessionUser {
  const company = data.companies.find((c) => c.id === user.companyId)!;
  return {
    _id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    username: user.username,
    companyCode: company.code,
    ...(user.subId ? { subId: user.subId } : {}),
  };
}

/** The fake's Express app: the shell's /api/v1 calls, and json-server's generic router under /fake/. */
export function createFakeApi({ logger = false }: { logger?: boolean } = {}): Application {
  const router = jsonServer.router(loadFixtures());
  const data = () => router.db.getState() as FakeData;
  /** token -> user id; the user and their role are read at each call, so edits under /fake/ take effect */
  const sessions = new Map<string, string>();
  /** sign-in failures: throttle key -> times */
  const failures = new Map<string, number[]>();

  function sessionOf(req: Request): Session | undefined {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const userId = sessions.get(token);
    const user = data().users.find((u) => u.id === userId && !u.disabled);
    if (!user) return undefined;
    const rights = rightsOf(data().roles.find((r) => r.id === user.roleId));
    return { token, user, menus: new Set(rights.keys()), rights };
  }

  function requireSession(req: Request): Session {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !header.slice(7).trim()) throw new Failure(401, 'not_signed_in');
    const session = sessionOf(req);
    if (!session) throw new Failure(401, 'session_expired');
    return session;
  }

  function lockMinutes(keys: string[]): number {
    const now = Date.now();
    let minutes = 0;
    for (const key of keys) {
      const recent = (failures.get(key) ?? []).filter((at) => at > now - SIGNIN_LIMITS.windowMinutes * 60_000);
      const limit = key.startsWith('user:') ? SIGNIN_LIMITS.perUser : SIGNIN_LIMITS.perAddress;
      if (recent.length >= limit) {
        const freeAt = Math.min(...recent) + SIGNIN_LIMITS.windowMinutes * 60_000;
        minutes = Math.max(minutes, 1, Math.ceil((freeAt - now) / 60_000));
      }
    }
    return minutes;
  }

  const visible = (n: FakeNotification, s: Session) =>
    n.companyId === s.user.companyId && (n.userId === null || n.userId === s.user.id);
  const isRead = (n: FakeNotification, s: Session) =>
    data().notificationReads.some((r) => r.notificationId === n.id && r.userId === s.user.id);
  const markRead = (n: FakeNotification, s: Session) => {
    if (!isRead(n, s)) data().notificationReads.push({ id: `${n.id}:${s.user.id}`, notificationId: n.id, userId: s.user.id });
  };

  const company = companyRoutes(data);

  const routes = [
    route({ method: 'get', url: '/health', access: 'public', handler: () => ({}) }),

    route({
      method: 'post',
      url: '/user/signin/:timestamp',
      access: 'public',
      params: signinParams,
      body: signinBody,
      handler: ({ req, params, body }) => {
        const authorization = req.headers.authorization ?? '';
        const given = authorization.startsWith('Token ') ? authorization.slice(6).trim().toLowerCase() : '';
        const expected = sha256(params.timestamp);
        const tokenOk = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
        if (!tokenOk || Math.abs(Date.now() - Number(params.timestamp)) > SIGNIN_CLOCK_SKEW_MS) {
          throw new Failure(401, 'signin_token');
        }
        const keys = [userKey(body.companyCode, body.username), addressKey(req.ip)];
        const minutes = lockMinutes(keys);
        if (minutes > 0) throw new Failure(429, 'signin_throttled', { minutes });

        const company = data().companies.find((c) => c.code.toUpperCase() === body.companyCode.toUpperCase());
        const user = data().users.find(
          (u) => u.companyId === company?.id && u.username.toLowerCase() === body.username.toLowerCase(),
        );
        if (!user || user.password !== body.password) {
          for (const key of keys) failures.set(key, [...(failures.get(key) ?? []), Date.now()]);
          recordFakeSignin(data(), req, body, user, 'password');
          throw new Failure(401, 'signin_failed');
        }
        if (user.disabled) {
          recordFakeSignin(data(), req, body, user, 'disabled');
          throw new Failure(403, 'signin_disabled');
        }
        if (user.emailVerified === false) {
          recordFakeSignin(data(), req, body, user, 'unverified');
          throw new Failure(403, 'signin_unverified');
        }
        failures.delete(keys[0]);
        const token = randomBytes(32).toString('hex');
        sessions.set(token, user.id);
        recordFakeSignin(data(), req, body, user);
        return { access_token: token, user: toSessionUser(user, data()) };
      },
    }),

    route({
      method: 'post',
      url: '/user/logout',
      access: 'session',
      handler: ({ session }) => {
        sessions.delete(session.token);
        return {};
      },
    }),

    route({
      method: 'get',
      url: '/user/validate',
      // answers for itself, with its own failure shape
      access: 'public',
      query: validateQuery,
      handler: ({ req, query }) => {
        const session = sessionOf(req);
        if (!session) throw new Failure(401, 'session_expired', {}, { status: false, forbidden: false });
        const wanted = [query.menuId, query.parentId].filter((id): id is number => !!id);
        if (wanted.some((id) => !session.menus.has(id))) {
          throw new Failure(403, 'forbidden', {}, { status: false, forbidden: true });
        }
        return { status: true, forbidden: false, user: toSessionUser(session.user, data()) };
      },
    }),

    route({
      method: 'get',
      url: '/user/menu',
      access: 'session',
      handler: ({ session, lang }) => {
        return { menu: menuFor(session.rights, (lang === 'en' ? en : th).menu) };
      },
    }),

    route({
      method: 'get',
      url: '/user/notification/list',
      access: 'session',
      query: notificationListQuery,
      handler: ({ session, query }) => {
        const mine = data()
          .notifications.filter((n) => visible(n, session))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
        const start = (query.currentPage - 1) * query.limit;
        return {
          notificationList: mine.slice(start, start + query.limit).map((n) => ({
            _id: n.id,
            kind: n.kind,
            params: n.params,
            link: n.link,
            read: isRead(n, session),
            created_dt: n.createdAt,
          })),
          totalNotification: mine.length,
          unread: mine.filter((n) => !isRead(n, session)).length,
        };
      },
    }),

    route({
      method: 'post',
      url: '/user/notification/read',
      access: 'session',
      body: notificationReadBody,
      handler: ({ session, body }) => {
        const mine = data().notifications.filter((n) => visible(n, session));
        if ('all' in body) {
          for (const n of mine) markRead(n, session);
          return {};
        }
        const found = mine.find((n) => n.id === body.notificationId);
        if (!found) throw new Failure(404, 'not_found');
        markRead(found, session);
        return {};
      },
    }),

    ...company.routes,

    ...riskRoutes(data),
    ...roleRoutes(data),
    ...accountRoutes(data, (userId) => {
      for (const [token, id] of sessions) if (id === userId) sessions.delete(token);
    }),
    ...auditRoutes(data),
    ...consentRoutes(data),
    ...peopleRoutes(data, (userId, keep) => {
      for (const [token, id] of sessions) if (id === userId && token !== keep) sessions.delete(token);
    }),
    ...dsrRoutes(data),
  ];

  const app = jsonServer.create();
  // Fastify's routing: `/user/logout/` and `/User/Logout` are other paths
  app.set('strict routing', true);
  app.set('case sensitive routing', true);
  app.use(jsonServer.defaults({ logger, bodyParser: false }));
  app.use('/fake', router);
  app.get('/uploads/:companyId/:file', company.serveLogo);
  app.use(API_BASE, readLargeDsrBody, checkBody, jsonServer.bodyParser, acceptJsonScalars);
  for (const r of routes) {
    app[r.method](API_BASE + r.url, (req, res, next) => {
      const lang = langOf(req);
      // the server's order: who is calling and may they, then the query, the body and the path's parameters
      const answer = async () => {
        const session = r.access === 'public' ? (undefined as unknown as Session) : requireSession(req);
        if (session) checkAccess(session, r.access);
        const query = parse(r.query, parseQueryString(req.originalUrl.split('?')[1] ?? ''), lang);
        const body = parse(r.body, req.body, lang);
        const params = parse(r.params, req.params, lang);
        if (hasNul(query) || hasNul(body) || hasNul(params)) throw new Failure(400, 'bad_request');
        const result = await r.handler({ req, res, lang, session, query, body, params });
        if (result !== undefined) res.json({ status: 200, ...result });
      };
      answer().catch(next);
    });
  }
  app.use(API_BASE, () => {
    throw new Failure(404, 'route_not_found');
  });
  app.use(API_BASE, renderFailure);
  return app;
}

/**
 * What Fastify does before any route runs: refuses oversized bodies, empty JSON (but for DELETE) and bodies that are
 * neither JSON nor plain text (which it hands to the route as a string).
 */
const checkBody: Handler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  // the one upload: its handler reads the multipart body itself
  if (req.url?.split('?')[0] === COMPANY_SAVE_PATH) return next();
  // the data subject request calls with files: read already (fake-api/dsr.ts)
  if ((req as unknown as { _body?: boolean })._body && DSR_LARGE_BODY_PATHS.includes(req.url?.split('?')[0] ?? '')) return next();
  const length = Number(req.headers['content-length'] ?? 0);
  const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined;
  const type = req.headers['content-type'] ?? '';
  const isJson = /^application\/json\b/i.test(type);
  if (length > JSON_BODY_LIMIT) throw new Failure(413, 'too_large');
  // the server takes a DELETE without a body whatever its content type says
  if (isJson && !hasBody && req.headers['content-length'] !== undefined && req.method !== 'DELETE') {
    throw new Failure(400, 'bad_request');
  }
  if (hasBody && /^text\/plain\b/i.test(type)) {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      req.body = text;
      next();
    });
    return;
  }
  if (hasBody && !isJson) throw new Failure(415, 'unsupported_media');
  next();
};

/** body-parser's strict mode refuses JSON scalars (`null`, `42`); the server parses them and lets the schema refuse them. */
const acceptJsonScalars: ErrorHandler = (err, req, _res, next) => {
  if (err?.type === 'entity.parse.failed' && typeof err.body === 'string') {
    try {
      req.body = JSON.parse(err.body);
      return next();
    } catch {
      // malformed indeed
    }
  }
  next(err);
};

const renderFailure: ErrorHandler = (err, req, res, _next) => {
  const lang = langOf(req);
  if (err instanceof Failure) {
    return res.status(err.status).json(err.body ?? { status: err.status, msg: serverMessage(lang, err.key, err.params) });
  }
  const status: number = err?.status ?? err?.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const key: ServerMessageKey =
      err?.type === 'entity.parse.failed' ? 'malformed_json' : status === 413 ? 'too_large' : status === 415 ? 'unsupported_media' : 'bad_request';
    return res.status(status).json({ status, msg: serverMessage(lang, key) });
  }
  console.error('fake-api:', err);
  return res.status(500).json({ status: 500, msg: serverMessage(lang, 'internal') });
};

export interface FakeApiOptions {
  /** 0 picks a free port */
  port: number;
  /** all interfaces when absent */
  host?: string;
  /** log each request (morgan) */
  logger?: boolean;
}

/** Starts a fresh fake (the fixtures of db.json, in memory). */
export async function startFakeApi({ port, host, logger = false }: FakeApiOptions): Promise<{ url: string; close(): Promise<void> }> {
  const app = createFakeApi({ logger });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s));
    s.once('error', reject);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://${host ?? 'localhost'}:${actual}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
