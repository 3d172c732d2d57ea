import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { ApiScope } from '../../contract/apikeys';
import { API_BASE } from '../../contract/http';
import type { Db, Queryable } from '../db/client';
import { actorOf, withActorReply } from './actorDb';
import { apiActorOf, apiKeyLookupOf, type ApiCaller } from './apiKey';
import { ApiError, InputError } from './errors';
import { langOf, type Lang } from './messages';
import { readLogOf } from './readLog';
import { sessionLookupOf, type Session, type SessionLookup } from './session';
import { cookieOf, sessionTokenOf, setFlowCookie } from './sessionCookie';

/**
 * Who may call a route. Every API route declares one:
 * - `{ menuId }`: a signed-in user whose role has that menu (`write: true`: with edit rights);
 * - `'session'`: any signed-in user (the shell's own calls);
 * - `'public'`: anyone (health, sign-in, the data subjects' public pages);
 * - `{ apiScope }`: the company's own apps, with an API key that has the scope (`Authorization: Bearer
 *   pdpa_live_…`, server/modules/apikeys), counted against the key's rate. No session: the key says the company.
 */
export type Access = { menuId: number; write?: boolean } | { apiScope: ApiScope } | 'session' | 'public';

/** Whether a route is called with an API key rather than a session. */
export const isKeyAccess = (access: Access): access is { apiScope: ApiScope } => typeof access === 'object' && 'apiScope' in access;
/** Whether a route is guarded by a menu (a session whose role has it). */
export const isMenuAccess = (access: Access): access is { menuId: number; write?: boolean } => typeof access === 'object' && 'menuId' in access;

export interface RouteContext<Q, B, P> {
  db: Db;
  /**
   * For reads that tolerate a second of lag (today the dashboard's feeds, the board report and the risk list): the hot
   * standby when there is one, it is up and near, and it has replayed this browser's last write; else
   * `db`. Never for a write, nor for what a write decides on.
   */
  reader: Queryable;
  req: FastifyRequest;
  reply: FastifyReply;
  lang: Lang;
  query: Q;
  body: B;
  params: P;
  /** present on every route but the public and the key-authenticated ones */
  session: Session;
  /** present on the key-authenticated routes (`{ apiScope }`) only */
  apiKey: ApiCaller;
}

export interface RouteSpec<Q = unknown, B = unknown, P = unknown> {
  method: HTTPMethods;
  /** path under /api/v1, in Fastify's syntax (`/user/signin/:timestamp`) */
  url: string;
  access: Access;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  /**
   * The reply's shape, a schema of contract/: described in the OpenAPI document (`GET /openapi.json`)
   * and checked by its test against real replies; route() does not parse replies.
   */
  reply?: z.ZodType;
  /**
   * The body of a route whose handler checks it itself, because something must come first (a throttle,
   * a closed door, the multipart parts): described in the OpenAPI document as `body` is, never parsed by
   * route(). A route has `body` or `describedBody`, not both.
   */
  describedBody?: z.ZodType;
  /** request body limit in bytes, when a route needs more or less than the default */
  bodyLimit?: number;
  /** takes multipart/form-data (uploads): registered in the one scope that parses it (server/app.ts) */
  multipart?: boolean;
  /**
   * A public write other sites make on purpose (the cookie banner's beacon): the route checks the
   * `Origin` against the sites registered for it and answers with CORS itself, so the cross-site write
   * guard (server/http/sessionCookie.ts) leaves it to the route. Only for `access: 'public'`.
   */
  crossOrigin?: boolean;
  /**
   * The route shows a data subject's records (a request, its files, a consent history, a connector's
   * rows): each successful call is kept in the read log (`personal_data_reads`: who, when, from where,
   * the records' kind and ids), written in batches off the read path (server/http/readLog.ts).
   */
  personalData?: {
    /** the records' kind, as the audit trail names tables */
    entity: string;
    /** the ids of the records the reply showed (none: nothing is logged) */
    ids(call: { query: Q; params: P; result: Record<string, unknown> | undefined }): readonly (string | null | undefined)[];
  };
  /**
   * Returns the reply's fields (`status: 200` is added), or `undefined` when it sent the reply
   * itself (files).
   */
  handler(ctx: RouteContext<Q, B, P>): Promise<Record<string, unknown> | undefined>;
}

/** Keeps the generic types of one route while collecting routes of different shapes in a list. */
export const route = <Q, B, P>(spec: RouteSpec<Q, B, P>) => spec as RouteSpec<unknown, unknown, unknown>;

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, lang: Lang): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value ?? {}, {
    error: (lang === 'en' ? z.locales.en() : z.locales.th()).localeError,
  });
  if (!result.success) throw new InputError(result.error.issues);
  return result.data;
}

/**
 * The session behind `Authorization: Bearer <token>` or the session cookie (server/http/sessionCookie.ts),
 * or a 401, found by the app's sessions plugin (`lookupSession`, server/http/session.ts).
 */
export async function requireSession(lookup: SessionLookup, db: Db, req: FastifyRequest): Promise<Session> {
  const token = sessionTokenOf(req);
  if (!token) throw new ApiError(401, 'not_signed_in');
  const session = await lookup(db, token);
  if (!session) throw new ApiError(401, 'session_expired');
  return session;
}

/** Refuses (403) a session whose role lacks the route's menu, or its edit right. */
export function checkAccess(session: Session, access: Access) {
  if (!isMenuAccess(access)) return;
  const canEdit = session.menus.get(access.menuId);
  if (canEdit === undefined) throw new ApiError(403, 'forbidden');
  if (access.write && !canEdit) throw new ApiError(403, 'read_only');
}

/** The primary's WAL position after this browser's last write (only with a replica); a standby answers its reads once past it. */
const WAL_COOKIE = 'pdpa_wal';
/** past this, the standby has replayed the write or is lagging and skipped anyway */
const WAL_COOKIE_SECONDS = 60;

export function registerRoutes(app: FastifyInstance, db: Db, routes: RouteSpec[]) {
  // the sessions plugin (server/modules/auth) decorated the app before any route is registered
  const lookup = routes.some((r) => r.access !== 'public' && !isKeyAccess(r.access)) ? sessionLookupOf(app) : undefined;
  const lookupKey = routes.some((r) => isKeyAccess(r.access)) ? apiKeyLookupOf(app) : undefined;
  const readLog = readLogOf(db, (error) => app.log.error(error, 'read log not written'));
  for (const spec of routes) {
    app.route({
      method: spec.method,
      url: API_BASE + spec.url,
      bodyLimit: spec.bodyLimit,
      config: { crossOrigin: spec.crossOrigin === true && spec.access === 'public' },
      // a public write other sites make (the cookie banner's beacon, the busiest write): a JSON reply
      // to a script, so no page headers (helmet's CSP and its nonces), no compression, no request log
      ...(spec.crossOrigin === true && spec.access === 'public' ? { helmet: false, compress: false, logLevel: 'warn' } : {}),
      handler: async (req, reply) => {
        const lang = langOf(req);
        const scope = isKeyAccess(spec.access) ? spec.access.apiScope : undefined;
        const keyed = scope !== undefined;
        const apiKey = keyed ? await lookupKey!(db, req) : (undefined as unknown as ApiCaller);
        if (scope && !apiKey.scopes.includes(scope)) throw new ApiError(403, 'api_key_scope', { scope });
        const session = spec.access === 'public' || keyed ? (undefined as unknown as Session) : await requireSession(lookup!, db, req);
        if (session) checkAccess(session, spec.access);
        const input = {
          req,
          reply,
          lang,
          session,
          apiKey,
          query: parse(spec.query, req.query, lang),
          body: parse(spec.body, req.body, lang),
          params: parse(spec.params, req.params, lang),
        };
        // a signed-in (or keyed) write runs as one transaction that tells the audit trail who acts; reads stay outside
        const actor = session ? actorOf(session, req) : keyed ? apiActorOf(apiKey, req) : undefined;
        const writes = actor && spec.method !== 'GET' && spec.method !== 'HEAD';
        const result = writes
          ? await withActorReply(db, actor, reply, (txDb) => spec.handler({ ...input, db: txDb, reader: txDb }))
          : await spec.handler({ ...input, db, reader: db.replica ? db.replica.readerFor(cookieOf(req, WAL_COOKIE)) : db });
        // read-your-writes: the browser's next reads go to the primary until the standby has replayed this write
        if (writes && db.replica && reply.statusCode < 400 && !reply.sent) {
          // the write is committed: a position that cannot be read only costs this browser a read from the standby
          const lsn = await db.replica.primaryLsn().catch(() => undefined);
          if (lsn) setFlowCookie(req, reply, WAL_COOKIE, lsn, API_BASE, WAL_COOKIE_SECONDS);
        }
        if (spec.personalData && actor) {
          const ids = spec.personalData.ids({ query: input.query, params: input.params, result }).filter((id): id is string => Boolean(id));
          readLog.add({
            actor,
            entity: spec.personalData.entity,
            recordIds: ids,
            route: `${spec.method} ${spec.url}`,
          });
        }
        if (result === undefined) return reply;
        return { status: 200, ...result };
      },
    });
  }
}
