import type { IncomingMessage, ServerResponse } from 'node:http';
import { BEACON_MAX_BYTES } from '../../../contract/cookie';
import { API_BASE } from '../../../contract/http';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { serverMessage, type Lang } from '../../http/messages';
import { acceptBeacon } from './public';

/** The consent beacon's path: the product's busiest write. */
export const BEACON_PATH = `${API_BASE}/cookie/public/consent`;

/**
 * The beacon's fast lane: a `POST /api/v1/cookie/public/consent` is answered here, in front of
 * Fastify, by the same checks and writer as its route (`acceptBeacon`), without the framework's
 * per-request work (hooks, page security headers, compression, logging, reply serialisation) that
 * cost more than the grouped insert itself under a popular site's traffic. Anything else — another
 * path or method, a query string, a body type or encoding the route would treat differently — goes to
 * Fastify untouched (`next`), and so does every in-process call (`app.inject`, the tests).
 * Replies are the route's: `{status, msg}` in the reader's language, CORS for the registered origin.
 */
export function beaconFastLane(
  db: Db,
  opts: { trustProxy: boolean; logError: (err: unknown) => void },
  next: (req: IncomingMessage, res: ServerResponse) => void,
) {
  const fail = (res: ServerResponse, lang: Lang, err: unknown) => {
    if (err instanceof ApiError)
      return answer(res, err.statusCode, JSON.stringify({ status: err.statusCode, msg: serverMessage(lang, err.msgKey, err.params) }));
    opts.logError(err);
    answer(res, 500, JSON.stringify({ status: 500, msg: serverMessage(lang, 'internal') }));
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== BEACON_PATH) return next(req, res);
    const contentType = req.headers['content-type'] ?? '';
    const semicolon = contentType.indexOf(';');
    const type = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
    const encoding = req.headers['content-encoding'];
    if ((type !== 'text/plain' && type !== 'application/json') || (encoding && encoding !== 'identity')) return next(req, res);
    const lang: Lang = String(req.headers['accept-language'] ?? '')
      .toLowerCase()
      .startsWith('en')
      ? 'en'
      : 'th';
    // a beacon comes in one chunk, as a rule
    let body: Buffer | undefined;
    let chunks: Buffer[] | undefined;
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size <= BEACON_MAX_BYTES) {
        if (!body) body = chunk;
        else (chunks ??= [body]).push(chunk);
        return;
      }
      // more than a beacon may be: refused at once, the rest dropped as it comes (the connection closes after the reply)
      refused = true;
      res.setHeader('connection', 'close');
      fail(res, lang, new ApiError(400, 'cookie_beacon_invalid'));
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (refused) return;
      const forwarded = opts.trustProxy
        ? String(req.headers['x-forwarded-for'] ?? '')
            .split(',')[0]
            .trim()
        : '';
      acceptBeacon(db, {
        body: chunks ? Buffer.concat(chunks).toString('utf8') : body ? body.toString('utf8') : '',
        origin: req.headers.origin,
        host: req.headers.host,
        secGpc: req.headers['sec-gpc'],
        userAgent: req.headers['user-agent'],
        ip: forwarded || req.socket.remoteAddress || '',
      }).then(
        (origin) => answer(res, 200, '{"status":200}', origin),
        (err) => fail(res, lang, err),
      );
    });
  };
}

/** The route's reply headers (flat: name, value, …), and CORS for the registered origin. */
const HEADERS = ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store', 'x-content-type-options', 'nosniff'];
function answer(res: ServerResponse, status: number, body: string, origin?: string) {
  res
    .writeHead(
      status,
      origin ? [...HEADERS, 'access-control-allow-origin', origin, 'vary', 'Origin', 'access-control-allow-credentials', 'false'] : HEADERS,
    )
    .end(body);
}
