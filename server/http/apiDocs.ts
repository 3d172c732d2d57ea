import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendFailure } from './errors';
import { langOf, serverMessage } from './messages';

/** Where the API's reference page is served. */
export const API_DOCS_PATH = '/api/docs';

const ownDir = fileURLToPath(new URL('./apiDocs/', import.meta.url));
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The files the page needs: our page and initializer, and Swagger UI's script, styles and icon. */
const FILES = new Set(['/initializer.js', '/swagger-ui-bundle.js', '/swagger-ui.css', '/favicon-32x32.png']);

/**
 * The API's reference at `/api/docs`: Swagger UI reading `GET /api/v1/openapi.json`. Public, like the
 * document it shows (server/modules/docs/routes.ts): it holds no data, and the calls it can try send
 * the token the reader gives and are checked like any other. Everything comes from this server; the
 * app's Content-Security-Policy applies unchanged (no inline script, no other origin).
 */
export async function registerApiDocs(app: FastifyInstance) {
  const page = readFileSync(join(ownDir, 'index.html'), 'utf8');
  await app.register(
    async (docs) => {
      docs.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page));
      await docs.register(fastifyStatic, {
        root: [ownDir, swaggerUiDir],
        prefix: '/',
        decorateReply: false,
        index: false,
        allowedPath: (path) => FILES.has(path),
      });
      // nothing else lives here: a JSON 404 as for the API, not the application's page
      docs.setNotFoundHandler((req, reply) => sendFailure(reply, 404, serverMessage(langOf(req), 'route_not_found')));
    },
    { prefix: API_DOCS_PATH },
  );
}
