import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, isApiPath } from './errors';
import { SESSION_DAYS } from './session';

/**
 * The browser's session: an HttpOnly cookie (scripts cannot read it), SameSite=Lax (another site's
 * form or script does not carry it on a write), Secure when the server is reached over HTTPS (itself,
 * or a proxy saying so with X-Forwarded-Proto when TRUST_PROXY is on). It holds the session's token,
 * and the server accepts it in place of `Authorization: Bearer <token>` (API clients keep the header).
 */
export const SESSION_COOKIE = 'pdpa_session';
const MAX_AGE_SECONDS = SESSION_DAYS * 24 * 60 * 60;

/** The value of one cookie of the request, or undefined. */
export function cookieOf(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const bearerOf = (req: FastifyRequest) => {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

/** The session token of a request: the Authorization header's, else the session cookie's. */
export function sessionTokenOf(req: FastifyRequest): string {
  return bearerOf(req) || (cookieOf(req, SESSION_COOKIE) ?? '').trim();
}

const cookieAttributes = (req: FastifyRequest, path = '/') => `Path=${path}; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`;

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Max-Age=${MAX_AGE_SECONDS}; ${cookieAttributes(req)}`);
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.header('set-cookie', `${SESSION_COOKIE}=; Max-Age=0; ${cookieAttributes(req)}`);
}

/**
 * A short-lived cookie of the server's own (HttpOnly, SameSite=Lax, Secure over HTTPS like the session's),
 * sent back only to `path`: what one flow keeps in the browser between two of its calls.
 */
export function setFlowCookie(req: FastifyRequest, reply: FastifyReply, name: string, value: string, path: string, maxAgeSeconds: number) {
  reply.header('set-cookie', `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; ${cookieAttributes(req, path)}`);
}

export function clearFlowCookie(req: FastifyRequest, reply: FastifyReply, name: string, path: string) {
  reply.header('set-cookie', `${name}=; Max-Age=0; ${cookieAttributes(req, path)}`);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery, refused in one place for every API write (POST, PUT, PATCH, DELETE):
 * - a request whose `Origin` is another site's (a browser always sends it on a cross-site write) is
 *   refused;
 * - a write that would be signed in by the session cookie (no Authorization header) must carry the
 *   seed's `X-Requested-With: XMLHttpRequest`: a cross-site HTML form cannot send a header, and a
 *   cross-site script may only after a CORS preflight this server never grants.
 * A write with `Authorization: Bearer` is an API client's: a browser never adds that header by itself.
 * A public route other sites write to on purpose (`crossOrigin`: the cookie banner's beacon) is left to
 * its own origin check; it reads no session.
 */
export function installCsrfGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !isApiPath(req.url)) return;
    // a public route other sites write to on purpose checks their origin itself (RouteSpec.crossOrigin)
    if ((req.routeOptions.config as { crossOrigin?: boolean } | undefined)?.crossOrigin) return;
    const origin = req.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, req)) throw new ApiError(403, 'csrf_refused');
    if (!bearerOf(req) && cookieOf(req, SESSION_COOKIE) && req.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw new ApiError(403, 'csrf_refused');
    }
  });
}

function sameOrigin(origin: string, req: FastifyRequest) {
  try {
    return new URL(origin).host === req.host;
  } catch {
    return false;
  }
}
