/**
 * How the fake answers a call: who is calling (a token of the fake's sign-in), whether their role
 * has the route's menu, the query, body and path parameters checked by the contract's schemas, and
 * the reply with `status: 200` — failures as `{status, msg}` in the reader's language.
 */
import jsonServer, { type Application, type ErrorHandler, type Handler, type Request, type Response } from 'json-server';
import { parse as parseQueryString } from 'node:querystring';
import { z } from 'zod';
import { API_BASE, JSON_BODY_LIMIT } from '../contract/http';
import { ALWAYS_GRANTED } from '../contract/menus';
import { serverMessage, type Lang, type MessageParams, type ServerMessageKey } from '../i18n/messages';
import type { FakeDb, Row } from './collections';

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

export interface Session {
  token: string;
  user: Row<'users'>;
  /** menu id -> the role may change its records */
  rights: Map<number, boolean>;
}

/** The fake's state: its collections and its sessions (token -> user id). */
export interface Fake {
  db: FakeDb;
  sessions: Map<string, string>;
  /** files kept in memory (logos, evidence): key -> bytes and type */
  files: Map<string, { bytes: Buffer; type: string; name?: string }>;
}

// a route's call is typed by its own schemas; lists of routes of every shape use the defaults
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Call<Q = any, B = any, P = any> {
  req: Request;
  res: Response;
  lang: Lang;
  query: Q;
  body: B;
  params: P;
  /** present on every route but the public ones */
  session: Session;
  companyId: string;
  fake: Fake;
  db: FakeDb;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface FakeRoute<Q = any, B = any, P = any> {
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  access: Access;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  /** the reply's fields (`status: 200` is added), or undefined when it sent the reply itself (files) */
  handler(call: Call<Q, B, P>): Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
}
export const route = <Q, B, P>(r: FakeRoute<Q, B, P>) => r as FakeRoute;

let lastTime = 0;
/** An ISO instant strictly later than the previous one (lists sort by it). */
export function now(): string {
  lastTime = Math.max(Date.now(), lastTime + 1);
  return new Date(lastTime).toISOString();
}

/** A role's menus: menu id -> may edit, the always-granted ones included. */
export function rightsOf(role: Row<'roles'> | undefined): Map<number, boolean> {
  const rights = new Map<number, boolean>((role?.rights ?? []).map((r) => [r.menuId, r.edit]));
  for (const id of ALWAYS_GRANTED) if (!rights.has(id)) rights.set(id, true);
  return rights;
}

export function sessionOf(fake: Fake, req: Request): Session | undefined {
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const userId = fake.sessions.get(token);
  const user = fake.db.users.find((u) => u._id === userId && !u.disabled);
  if (!user) return undefined;
  return { token, user, rights: rightsOf(fake.db.roles.find((r) => r._id === user.roleId)) };
}

function requireSession(fake: Fake, req: Request): Session {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ') || !header.slice(7).trim()) throw new Failure(401, 'not_signed_in');
  const session = sessionOf(fake, req);
  if (!session) throw new Failure(401, 'session_expired');
  return session;
}

function checkAccess(session: Session, access: Access) {
  if (access === 'public' || access === 'session') return;
  if (!session.rights.has(access.menuId)) throw new Failure(403, 'forbidden');
  if (access.write && !session.rights.get(access.menuId)) throw new Failure(403, 'read_only');
}

/** Text with U+0000, which PostgreSQL's text cannot hold: 400. */
const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : !!value && typeof value === 'object' && Object.values(value).some(hasNul);

/** Paths whose handler reads the body itself (multipart uploads, base64 files past the JSON limit). */
export interface RawBody {
  paths: string[];
  /** the most a body may hold */
  limit: number;
  /** multipart: left unread for the handler; json: read and parsed here */
  kind: 'multipart' | 'json';
}

/** Reads a JSON body up to `limit` bytes for the paths that carry files (past the usual 1 MB). */
const largeJsonBody =
  (raw: RawBody[]): Handler =>
  (req, _res, next) => {
    const path = (req.url ?? '').split('?')[0];
    const rule = raw.find((r) => r.kind === 'json' && r.paths.includes(path));
    if (!rule || req.method !== 'POST' || !/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= rule.limit) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > rule.limit) return next(new Failure(413, 'too_large'));
      try {
        req.body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        (req as unknown as { _body: boolean })._body = true;
        next();
      } catch {
        next(new Failure(400, 'malformed_json'));
      }
    });
  };

/** What Fastify does before a route runs: oversized bodies 413, empty JSON 400, neither JSON nor text 415. */
const checkBody =
  (raw: RawBody[]): Handler =>
  (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const path = req.url?.split('?')[0] ?? '';
    if (raw.some((r) => r.paths.includes(path) && (r.kind === 'multipart' || (req as unknown as { _body?: boolean })._body))) return next();
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

/** The Express app of json-server: the route table under /api/v1, the raw collections under /fake/. */
export function createApp(
  fake: Fake,
  routes: FakeRoute[],
  { logger, raw, extra }: { logger: boolean; raw: RawBody[]; extra?: (app: Application) => void },
): Application {
  const app = jsonServer.create();
  // Fastify's routing: `/user/logout/` and `/User/Logout` are other paths
  app.set('strict routing', true);
  app.set('case sensitive routing', true);
  app.use(jsonServer.defaults({ logger, bodyParser: false }));
  // json-server's router over the same objects: its by-id routes (`/fake/users/<_id>`) go by `_id`
  const router = jsonServer.router(fake.db);
  router.db._.id = '_id';
  app.use('/fake', router);
  extra?.(app);
  app.use(API_BASE, largeJsonBody(raw), checkBody(raw), jsonServer.bodyParser, acceptJsonScalars);
  for (const r of routes) {
    app[r.method](API_BASE + r.url, (req, res, next) => {
      const lang = langOf(req);
      // the server's order: who is calling and may they, then the query, the body and the path's parameters
      const answer = async () => {
        const session = r.access === 'public' ? (undefined as unknown as Session) : requireSession(fake, req);
        if (session) checkAccess(session, r.access);
        const query = parse(r.query, parseQueryString(req.originalUrl.split('?')[1] ?? ''), lang);
        const body = parse(r.body, req.body, lang);
        const params = parse(r.params, req.params, lang);
        if (hasNul(query) || hasNul(body) || hasNul(params)) throw new Failure(400, 'bad_request');
        const companyId = session?.user.companyId as string;
        const result = await r.handler({ req, res, lang, session, companyId, query, body, params, fake, db: fake.db });
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
