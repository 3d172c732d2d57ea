import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { RequestListener } from 'node:http';
import type { MailConfig, ServerConfig } from '../config';
import type { Db, Queryable } from '../db/client';
import type { RouteModule } from './openapi';
import type { RouteSpec } from './route';

/** What a module's routes may need when the app is built. */
export interface ModuleContext {
  config: ServerConfig;
  /** every module's routes, named (the docs module describes them); complete once the app is built */
  modules(): RouteModule[];
}

/** The options every module's plugin is registered with. */
export interface ModulePluginOptions {
  config: ServerConfig;
}

/**
 * One area of the API. Each folder of server/modules/ has an `index.ts` whose default export is its
 * module; server/modules/index.ts finds them by that convention (no list to keep).
 */
export interface ServerModule {
  /** the module's folder name: also its tag in the OpenAPI document */
  name: string;
  /** what the module is about, shown under its tag */
  description: string;
  /** its place among the modules (the OpenAPI document's tags, the timed work): lower first */
  order: number;
  routes: RouteSpec[] | ((ctx: ModuleContext) => RouteSpec[]);
  /**
   * A Fastify plugin registered on the app before any route; made with `appWide`, so what it
   * decorates (the sessions' lookup) reaches every route.
   */
  plugin?: FastifyPluginAsync<ModulePluginOptions>;
  /**
   * How the parts of the module's multipart routes (`multipart: true`) are read, before the handler:
   * @fastify/multipart's limits, and its refusals in the caller's words. Each module's uploads get a
   * scope of their own; any other route answers multipart/form-data with 415.
   */
  uploads?: { limits: MultipartLimits; error(err: FastifyError): unknown };
  /**
   * A lane in front of the framework for the module's busiest call (the cookie beacon): it answers
   * the requests it takes and hands any other to `next`, Fastify's own handler.
   */
  fastLane?(db: Db, opts: FastLaneOptions, next: RequestListener): RequestListener;
  /**
   * A loop of the module's own that runs while the app does (the webhooks' deliveries): started when the
   * app is ready, its stop function awaited when the app closes.
   */
  worker?(db: Db, config: ServerConfig, log: (error: unknown) => void): () => Promise<void>;
  /** the module's part of the hourly timed work (server/jobs.ts), given every company's id and how e-mail is sent (absent: the outbox) */
  timedWork?(db: Db, companyIds: readonly string[], mail?: MailConfig): Promise<void>;
}

export interface MultipartLimits {
  fields: number;
  files: number;
  parts: number;
  fieldSize: number;
  fileSize: number;
}

export interface FastLaneOptions {
  trustProxy: boolean;
  logError(err: unknown): void;
}

/** Types a module's declaration (the default export of its index.ts). */
export const defineModule = (module: ServerModule) => module;

/**
 * A plugin whose decorations and hooks apply to the app that registers it, not to a scope of its own
 * (what the `fastify-plugin` package does, by Fastify's documented `skip-override` mark).
 */
export function appWide<O extends object>(plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}

/** Timed work done company by company, one transaction each. */
export const eachCompany =
  (work: (q: Queryable, companyId: string) => Promise<unknown>) =>
  async (db: Db, companyIds: readonly string[]): Promise<void> => {
    for (const id of companyIds) await db.tx((q) => work(q, id));
  };
