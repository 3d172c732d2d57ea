/**
 * How the fake answers a call: who is calling (a token of the fake's sign-in), whether their role
 * has the route's menu, the query, body and path parameters checked by the contract's schemas, and
 * the reply with `status: 200` — failures as `{status, msg}` in the reader's language.
 */
import jsonServer, { type Application, type ErrorHandler, type Handler, type Request, type Response } from 'json-server';
import { parse as parseQueryString } from 'node:querystring';
import { z } from 'zod';
import { API_BASE, JSON_BODY_LIMIT } from '../contract/http';
import { serverMessage, type Lang, type MessageParams, type ServerMessageKey } from '../i18n/messages';

/** A failure the caller sees as `{status, msg}` (or as `body` when a call has its own failure shape). */
export class Failure extends Error {
  constructor(
    readonly status: number,
    readonly key: ServerMessageKey,
    readonly params: MessageParams = {},
    readonly body?: Record<string, unknown>,
  ) {
    super(key);
  }
}
export const notFound = () => new Failure(404, 'not_found');
/** What the server alone works out or makes (a state change through a rule, a PDF, a CSV): 501. */
export const serverOnly = (lang: Lang) =>
  new Failure(
    501,
    'internal',
    {},
    { status: 501, msg: lang === 'en' ? 'The fake-api does not do this: use the server.' : 'fake-api ไม่ทำสิ่งนี้: โปรดใช้เซิร์ฟเวอร์จริง' },
  );

export const langOf = (req: Request): Lang =>
  String(req.headers['accept-language'] ?? '')
    .toLowerCase()
    .startsWith('en')
    ? 'en'
    : 'th';

/** Validates like the server: the first issue becomes `invalid_field`, worded in the reader's language. */
export function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, lang: Lang): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value ?? {}, { error: (lang === 'en' ? z.locales.en() : z.locales.th()).localeError });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // the contract's own refusals name a message of the catalogue
  const reason = issue.message.startsWith('server.') ? serverMessage(lang, issue.message.slice(7) as ServerMessageKey) : issue.message;
  throw new Failure(400, 'invalid_field', { field: issue.path.length ? issue.path.join('.') : '-', reason });
}

/** Who may call: anyone, any signed-in user, or a role with that menu (`write`: and its edit right). */
export type Access = 'public' | 'session' | { menuId: number; write?: boolean };

/** A signed-in account: its company's code, the sign-in's `user`, its role's menus (menu id -> may edit). */
export interface Session {
  token: string;
  company: string;
  user: Record<string, unknown>;
  rights: Map<number, boolean>;
}

/** Who is calling, or a 401 (no token, or a token the fake did not give). */
export function requireSession(sessions: Map<string, Session>, req: Request): Session {
  const token = tokenOf(req);
  if (!token) throw new Failure(401, 'not_signed_in');
  const session = sessions.get(token);
  if (!session) throw new Failure(401, 'session_expired');
  return session;
}

/** The browser's session cookie, as the server names it (server/http/sessionCookie.ts). */
export const SESSION_COOKIE = 'pdpa_session';

/** The token of `Authorization: Bearer …`, or of the session cookie the browser sends. */
export function tokenOf(req: Request): string {
  const header = req.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return header.slice(7).trim();
  const cookie = String(req.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === SESSION_COOKIE);
  return cookie?.[1] ?? '';
}

export function checkAccess(session: Session, access: Access) {
  if (access === 'public' || access === 'session') return;
  if (!session.rights.has(access.menuId)) throw new Failure(403, 'forbidden');
  if (access.write && !session.rights.get(access.menuId)) throw new Failure(403, 'read_only');
}

/** Text with U+0000, which PostgreSQL's text cannot hold: 400. */
const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : !!value && typeof value === 'object' && Object.values(value).some(hasNul);

/** What Fastify does before a route runs: oversized bodies 413, empty JSON 400, neither JSON nor text 415. */
const checkBody: Handler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) return next();
  const length = Number(req.headers['content-length'] ?? 0);
  const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined;
  const type = req.headers['content-type'] ?? '';
  const isJson = /^application\/json\b/i.test(type);
  if (length > JSON_BODY_LIMIT) throw new Failure(413, 'too_large');
  if (isJson && !hasBody && req.headers['content-length'] !== undefined && req.method !== 'DELETE') throw new Failure(400, 'bad_request');
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
    const msg = serverMessage(lang, err.key, err.params);
    // a refused field is named apart too, as the server does (contract/http.ts failureSchema)
    const { field, reason } = err.params ?? {};
    const about = err.key === 'invalid_field' && typeof field === 'string' && field !== '-' ? { field, reason } : {};
    return res.status(err.status).json(err.body ?? { status: err.status, msg, ...about });
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

/** A route of the fake: what it answers once the caller, their access and the input have been checked. */
export interface FakeRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  /** the body is read from the query as well (the server's `describedBody`: `value` in the body or the query) */
  bodyWithQuery?: boolean;
  /** takes multipart/form-data (an upload), and only this route does */
  multipart?: boolean;
  handler(call: Call): Record<string, unknown> | undefined;
}

export interface Call {
  req: Request;
  res: Response;
  lang: Lang;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  params: Record<string, string>;
  session: Session;
}

/** The Express app of json-server: the routes under /api/v1. */
export function createApp(routes: FakeRoute[], sessions: Map<string, Session>, logger: boolean): Application {
  const app = jsonServer.create();
  // Fastify's routing: `/user/logout/` and `/User/Logout` are other paths
  app.set('strict routing', true);
  app.set('case sensitive routing', true);
  app.use(jsonServer.defaults({ logger, bodyParser: false }));
  app.use(API_BASE, checkBody, jsonServer.bodyParser, acceptJsonScalars);
  for (const r of routes) {
    app[r.method](API_BASE + r.url, (req, res, next) => {
      try {
        const lang = langOf(req);
        if (/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '') !== !!r.multipart && req.method !== 'GET')
          throw new Failure(415, 'unsupported_media');
        // the server's order: who is calling and may they, then the query, the body and the path's parameters
        const session = r.access === 'public' ? (undefined as unknown as Session) : requireSession(sessions, req);
        if (session) checkAccess(session, r.access);
        const rawQuery = parseQueryString(req.originalUrl.split('?')[1] ?? '');
        const query = parse(r.query, rawQuery, lang) ?? rawQuery;
        const sent = r.bodyWithQuery && !Array.isArray(req.body) ? { ...rawQuery, ...(req.body as object) } : req.body;
        const body = parse(r.body, sent, lang) ?? req.body ?? {};
        const params = parse(r.params, req.params, lang) ?? req.params;
        if (hasNul(query) || hasNul(body) || hasNul(params)) throw new Failure(400, 'bad_request');
        const result = r.handler({ req, res, lang, session, query, body, params } as Call);
        if (result !== undefined) res.json({ status: 200, ...result });
      } catch (err) {
        next(err);
      }
    });
  }
  app.use(API_BASE, () => {
    throw new Failure(404, 'route_not_found');
  });
  app.use(API_BASE, renderFailure);
  return app;
}
