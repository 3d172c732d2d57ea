import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { withFirstPaint, type FirstPaint } from './firstPaint';

/** The placeholder Vite writes on every script and style of index.html (vite.config.ts `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** How long browsers keep to HTTPS once they saw it (two years), subdomains included. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Every reply's security headers, by @fastify/helmet: a Content-Security-Policy with no inline
 * script or style — a style must carry the page's nonce (emotion's cache takes it, src/styleNonce.ts)
 * —, nothing from another origin but the logos' CDN_HOST, no framing, no MIME sniffing, same-origin
 * referrers. HSTS only when the request came over HTTPS (itself, or X-Forwarded-Proto from a proxy
 * when TRUST_PROXY is on): a plain-HTTP deployment (localhost) must not be pinned to HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, cdnHost: string) {
  const cdnOrigin = /^https?:\/\//i.test(cdnHost) ? [new URL(cdnHost).origin] : [];
  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...cdnOrigin],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // set below, over HTTPS only
    strictTransportSecurity: false,
    // the logos may be shown by the company's own pages elsewhere
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * The application's page (dist/index.html) with this reply's style nonce in place of the
 * placeholder and the page's first paint, if it has one (server/http/firstPaint.ts); read again when
 * the file changes (a new build). Undefined when the page has no
 * placeholder (then it is served as a file, as before).
 */
export function indexPage(distDir: string) {
  const file = join(distDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  return async (_req: FastifyRequest, reply: FastifyReply, firstPaint?: () => Promise<FirstPaint | undefined>): Promise<string | undefined> => {
    const { mtimeMs } = await stat(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(file, 'utf8') };
    if (!cached.html.includes(CSP_NONCE_PLACEHOLDER)) return undefined;
    const nonces = (reply as FastifyReply & { cspNonce: { style: string; script: string } }).cspNonce;
    return withFirstPaint(cached.html.replaceAll(CSP_NONCE_PLACEHOLDER, nonces.style), await firstPaint?.(), nonces.script);
  };
}
