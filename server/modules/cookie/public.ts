import { createHash, createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BEACON_MAX_BYTES,
  cookieBeacon,
  cookieDomainParams,
  originMatches,
  type CookieBannerConfig,
  type CookieSettings,
} from '../../../contract/cookie';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { writerOf } from './writer';

/** What the public endpoints know of a domain: read once, kept a few seconds (publishing clears it here). */
interface DomainInfo {
  companyId: string;
  host: string;
  includeSubdomains: boolean;
  version: number;
  consentVersion: number;
  settings: CookieSettings | null;
  categories: Set<string>;
  /** the versions a choice may name: those published since the categories last changed */
  etag: string;
}
const CACHE_MS = 5_000;
const cache = new Map<string, { at: number; info: DomainInfo | null }>();
export const forgetDomain = (domainId: string) => void cache.delete(domainId);

async function domainInfo(db: Db, domainId: string): Promise<DomainInfo | null> {
  const hit = cache.get(domainId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.info;
  const [row] = await db.query<{
    company_id: string;
    host: string;
    include_subdomains: boolean;
    version: number | null;
    consent_version: number | null;
    settings: CookieSettings | null;
  }>(
    `select d.company_id, d.host, d.include_subdomains, v.version, v.consent_version, v.settings
       from cookie_domains d
       left join lateral (select * from cookie_versions v where v.domain_id = d.id order by v.version desc limit 1) v on true
      where d.id = $1`,
    [domainId],
  );
  const info: DomainInfo | null = row
    ? {
        companyId: row.company_id,
        host: row.host,
        includeSubdomains: row.include_subdomains,
        version: row.version ?? 0,
        consentVersion: row.consent_version ?? 0,
        settings: row.settings,
        categories: new Set(row.settings?.categories.map((c) => c.key) ?? []),
        etag: `"${createHash('sha1')
          .update(`${domainId}:${row.version ?? 0}:${row.host}:${row.include_subdomains}`)
          .digest('base64url')
          .slice(0, 20)}"`,
      }
    : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(domainId, { at: Date.now(), info });
  return info;
}

/**
 * Whether a browser at `origin` may use this domain's endpoints: a page of the registered host (and
 * its sub-domains when allowed), or our own origin (the `/cookieex` example page).
 */
function allowedOrigin(req: FastifyRequest, origin: string | undefined, info: DomainInfo): boolean {
  if (!origin) return false;
  if (originMatches(origin, info.host, info.includeSubdomains)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function cors(reply: FastifyReply, origin: string) {
  reply.header('access-control-allow-origin', origin).header('vary', 'Origin').header('access-control-allow-credentials', 'false');
}

/** The configuration the banner script draws: the domain's latest published version. */
export function bannerConfig(domainId: string, info: DomainInfo): CookieBannerConfig | null {
  const s = info.settings;
  if (!s) return null;
  return {
    domainId,
    version: info.version,
    consentVersion: info.consentVersion,
    categories: s.categories.map((c) => ({ key: c.key, name: c.name, description: c.description, cookies: c.cookies.map((k) => k.name) })),
    texts: s.texts,
    colors: s.colors,
    position: s.position,
    reopenButton: s.reopenButton,
    reaskMonths: s.reaskMonths,
    gpcMarketingOff: s.gpcMarketingOff,
    policyUrl: s.policyUrl,
    beacon: '/api/v1/cookie/public/consent',
  };
}

/** Per visitor id: at most RATE_LIMIT choices a minute in this process (a banner sends one per choice). */
const RATE_LIMIT = 30;
const recent = new Map<string, number>();
let windowStart = Date.now();
function overLimit(visitorId: string) {
  if (Date.now() - windowStart > 60_000) {
    recent.clear();
    windowStart = Date.now();
  }
  const n = (recent.get(visitorId) ?? 0) + 1;
  recent.set(visitorId, n);
  return n > RATE_LIMIT;
}

function browserFamily(ua: string) {
  if (/Edg\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/SamsungBrowser/.test(ua)) return 'Samsung';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrome\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Other';
}

let ipKey: Promise<string> | undefined;
async function ipHash(db: Db, ip: string) {
  ipKey ??= db.query<{ secret: string }>('select secret from cookie_keys where id = 1').then((r) => r[0].secret);
  return createHmac('sha256', await ipKey)
    .update(ip)
    .digest('base64url')
    .slice(0, 22);
}

const beaconDescribed = cookieBeacon;

export const cookiePublicRoutes = [
  // the banner's configuration: cacheable for a minute, revalidated by its ETag
  route({
    method: 'GET',
    url: '/cookie/public/config/:cookieDomainId',
    access: 'public',
    params: cookieDomainParams,
    reply: z.object({ config: z.unknown() }),
    handler: async ({ db, req, reply, params }) => {
      const info = await domainInfo(db, params.cookieDomainId);
      if (!info) throw new ApiError(404, 'cookie_domain_not_found');
      const origin = req.headers.origin;
      if (origin) {
        if (!allowedOrigin(req, origin, info)) throw new ApiError(403, 'cookie_origin_refused');
        cors(reply, origin);
      }
      const config = bannerConfig(params.cookieDomainId, info);
      if (!config) throw new ApiError(404, 'cookie_not_published');
      reply.header('cache-control', 'public, max-age=60').header('etag', info.etag);
      if (req.headers['if-none-match'] === info.etag) {
        reply.code(304).send();
        return undefined;
      }
      return { config };
    },
  }),

  // one choice, sent by navigator.sendBeacon as text/plain (no preflight); answered once committed
  route({
    method: 'POST',
    url: '/cookie/public/consent',
    access: 'public',
    // other sites send it: the registered origins are checked below, and answered with CORS
    crossOrigin: true,
    describedBody: beaconDescribed,
    handler: async ({ db, req, reply }) => {
      let raw: string;
      try {
        raw = typeof req.body === 'string' ? req.body : req.body === undefined ? '' : JSON.stringify(req.body);
      } catch {
        throw new ApiError(400, 'cookie_beacon_invalid'); // nested too deep to write back (a beacon is flat)
      }
      if (Buffer.byteLength(raw) > BEACON_MAX_BYTES) throw new ApiError(400, 'cookie_beacon_invalid');
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new ApiError(400, 'cookie_beacon_invalid');
      }
      const result = cookieBeacon.safeParse(parsed);
      if (!result.success) throw new ApiError(400, 'cookie_beacon_invalid');
      const b = result.data;
      const info = await domainInfo(db, b.d);
      if (!info || !info.version) throw new ApiError(404, 'cookie_domain_not_found');
      const origin = req.headers.origin;
      if (!allowedOrigin(req, origin, info)) throw new ApiError(403, 'cookie_origin_refused');
      cors(reply, origin!);
      // a choice names a published version and only its categories; necessary is always on
      if (b.v > info.version || Object.keys(b.c).some((k) => !info.categories.has(k)) || b.c.necessary === false)
        throw new ApiError(400, 'cookie_beacon_invalid');
      const gpc = b.gpc || req.headers['sec-gpc'] === '1';
      if (b.m === 'gpc' && (b.c.marketing ?? false)) throw new ApiError(400, 'cookie_beacon_invalid');
      if (overLimit(b.id)) throw new ApiError(429, 'throttled');
      const declared = info.settings?.categories.flatMap((c) => c.cookies.map((k) => k.name)) ?? [];
      const isDeclared = (name: string) => declared.some((d) => (d.endsWith('*') ? name.startsWith(d.slice(0, -1)) : d === name));
      await writerOf(db).write({
        at: new Date(),
        companyId: info.companyId,
        domainId: b.d,
        visitorId: b.id,
        version: b.v,
        method: b.m,
        choices: { ...b.c, necessary: true },
        path: b.p.split(/[?#]/)[0] || '/',
        lang: b.l,
        gpc,
        browser: browserFamily(String(req.headers['user-agent'] ?? '')),
        ipHash: await ipHash(db, req.ip),
        undeclared: [...new Set(b.u)].filter((n) => /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(n) && !isDeclared(n) && n !== 'pdpa_cc'),
      });
      return {};
    },
  }),
];
