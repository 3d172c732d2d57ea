import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { join } from 'node:path';
import { JSON_BODY_LIMIT } from '../contract/http';
import type { Db } from './db/client';
import type { ServerConfig } from './config';
import { registerApiDocs } from './http/apiDocs';
import { installErrorHandling, isApiPath, sendFailure } from './http/errors';
import { langOf, serverMessage } from './http/messages';
import { registerRoutes } from './http/route';
import { indexPage, registerSecurityHeaders } from './http/securityHeaders';
import { installInputGuard } from './http/inputGuard';
import { installCsrfGuard } from './http/sessionCookie';
import { firstPaintOf } from './http/firstPaint';
import { flushReadLog } from './http/readLog';
import { loadModules, routeModules } from './modules';

export async function buildApp(db: Db, config: ServerConfig): Promise<FastifyInstance> {
  const modules = await loadModules();
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // a request may wait behind the embedded database's single connection; never hang forever
    requestTimeout: 120_000,
    // a module's busiest call may be answered in front of the framework (the cookie beacon: server/modules/cookie/fastLane.ts)
    serverFactory: (handler) => {
      const laneOf = (name: string) => ({
        trustProxy: config.trustProxy,
        logError: (err: unknown) => app.log.error({ err }, `${name} fast lane failed`),
      });
      const server = createServer(modules.reduce<RequestListener>((next, m) => m.fastLane?.(db, laneOf(m.name), next) ?? next, handler));
      // what Fastify sets on the server it makes itself (its defaults, and requestTimeout above)
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 120_000;
      server.setTimeout(0);
      return server;
    },
  });
  installErrorHandling(app);
  // hardening, in one place for every route: cross-site writes refused, text the database cannot store refused
  installCsrfGuard(app);
  installInputGuard(app);
  await registerSecurityHeaders(app, config.cdnHost);
  // a DELETE or GET sent with a JSON content type but no body is not an error (a POST's is)
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' && (req.method === 'DELETE' || req.method === 'GET') ? done(null, undefined) : parseJson(req, String(body), done),
  );
  app.addHook('onSend', async (req, reply) => {
    // an API reply is never cached, unless its route says how (the cookie banner's configuration)
    if (isApiPath(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // replies made per request (the API's JSON, CSV exports) are compressed on the fly when the client
  // accepts it; binary files (PDF, images, evidence) are sent as they are; the UI's files have their
  // copies compressed at build time (preCompressed below). Requests' bodies are never decompressed.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^text\/(?!event-stream)|[/+]json(?:;|$)/,
  });

  // each module's plugin first (the sessions' lookup every route uses), then every module's routes
  for (const module of modules) if (module.plugin) await app.register(module.plugin, { config });
  // each module's own loop (the webhooks' deliveries) runs while the app does
  for (const module of modules) {
    if (!module.worker) continue;
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = module.worker!(db, config, (error) => app.log.error(error, `${module.name} worker failed`));
    });
    app.addHook('onClose', async () => stop?.());
  }
  // the reads of personal data still in this process's batch are written before the database closes
  app.addHook('onClose', async () => flushReadLog(db));
  const named = await routeModules(config);
  registerRoutes(
    app,
    db,
    named.flatMap((m) => m.routes.filter((r) => !r.multipart)),
  );
  // multipart/form-data is parsed for the upload routes only, in a scope per module; any other route answers it with 415
  for (const module of modules) {
    const routes = named.find((m) => m.name === module.name)!.routes.filter((r) => r.multipart);
    if (!routes.length) continue;
    const { uploads: declared } = module;
    if (!declared) throw new Error(`the module '${module.name}' has multipart routes but declares no \`uploads\``);
    await app.register(async (uploads) => {
      // the parts are read (and limited) before the handler, so no upload holds a database connection
      await uploads.register(fastifyMultipart, { limits: declared.limits, throwFileSizeLimit: true, attachFieldsToBody: true });
      // the parser's refusals in the caller's words; the app's error handler words them
      uploads.setErrorHandler((err: FastifyError) => {
        throw declared.error(err);
      });
      registerRoutes(uploads, db, routes);
    });
  }

  await registerApiDocs(app);

  const uploads = join(config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, { root: uploads, prefix: '/uploads/', decorateReply: false, index: false });

  const distDir = config.distDir && existsSync(join(config.distDir, 'index.html')) ? config.distDir : undefined;
  // the application's page carries each reply's CSP nonce (server/http/securityHeaders.ts)
  const page = distDir ? indexPage(distDir) : undefined;
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const html = await page!(req, reply, () => firstPaintOf(app, req));
    reply.header('cache-control', 'no-cache');
    return html === undefined ? reply.sendFile('index.html', distDir!) : reply.type('text/html; charset=utf-8').send(html);
  };
  if (distDir) {
    app.get('/', sendIndex);
    app.get('/index.html', sendIndex);
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: ['index.html'],
      wildcard: true,
      // dist/'s .br and .gz copies (scripts/compress-dist.mjs) by Accept-Encoding, index.html's too
      preCompressed: true,
      setHeaders: (reply, path) => {
        // hashed file names never change; index.html must always be fresh
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // the cookie banner and its stub are loaded by the companies' own sites, other origins and other
        // sites, on every page view: kept an hour, then revalidated in the background for a day
        if (/\/cookie-(banner|consent-stub)\.js(\.br|\.gz)?$/.test(path))
          reply.header('cross-origin-resource-policy', 'cross-origin').header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400');
      },
    });
  }

  // an unknown API path is a 404 in JSON; any other GET is the SPA, whose router decides
  app.setNotFoundHandler((req, reply) => {
    if (distDir && req.method === 'GET' && !isApiPath(req.url) && !req.url.startsWith('/uploads/')) return sendIndex(req, reply);
    return sendFailure(reply, 404, serverMessage(langOf(req), 'route_not_found'));
  });

  return app;
}
