import { createHash, createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bannerConfigOf,
  cookieBeacon,
  cookieDomainParams,
  cookieReceiptQuery,
  cookieReceiptReply,
  cookieTokenQuery,
  cookieTokenReply,
  originMatches,
  type CookieBannerConfig,
  type CookieSettings,
} from '../../../contract/cookie';
import cookieTexts from '../../../i18n/cookie';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { hitLimit } from '../../http/rateLimit';
import { route } from '../../http/route';
import { checkBeacon } from './beaconCheck';
import { visitorReceipt } from './receipt';
import { checkBeaconToken, issueBeaconToken, TOKENS_PER_ADDRESS } from './token';
import { writerOf } from './writer';

/** What the public endpoints know of a domain: read once, kept a few seconds (publishing clears it here). */
interface DomainInfo {
  companyId: string;
  host: string;
  includeSubdomains: boolean;
  version: number;
  consentVersion: number;
  settings: CookieSettings | null;
  /** the keys a choice may name: the categories', and their services' (`analytics.hotjar`) */
  categories: Set<string>;
  /** the cookie names (or name* patterns) the categories declare */
  declared: string[];
  /** the versions a choice may name: those published since the categories last changed */
  etag: string;
  /** origins already judged against the registered host (a site sends from a few) */
  origins: Map<string, boolean>;
}
const CACHE_MS = 5_000;
const cache = new Map<string, { at: number; info: DomainInfo | null }>();
export const forgetDomain = (domainId: string) => void cache.delete(domainId);

/** The domain as read less than CACHE_MS ago (null: none such), or undefined when it must be read. */
function knownDomain(domainId: string): DomainInfo | null | undefined {
  const hit = cache.get(domainId);
  return hit && Date.now() - hit.at < CACHE_MS ? hit.info : undefined;
}

async function domainInfo(db: Db, domainId: string): Promise<DomainInfo | null> {
  const known = knownDomain(domainId);
  if (known !== undefined) return known;
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
        // the keys a choice may name: each category's, and each of its services' (`analytics.hotjar`)
        categories: new Set(row.settings?.categories.flatMap((c) => [c.key, ...(c.services ?? []).map((v) => `${c.key}.${v.key}`)]) ?? []),
        declared: row.settings?.categories.flatMap((c) => c.cookies.map((k) => k.name)) ?? [],
        etag: `"${createHash('sha1')
          .update(`${domainId}:${row.version ?? 0}:${row.host}:${row.include_subdomains}`)
          .digest('base64url')
          .slice(0, 20)}"`,
        origins: new Map(),
      }
    : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(domainId, { at: Date.now(), info });
  return info;
}

/**
 * Whether a browser at `origin` may use this domain's endpoints: a page of the registered host (and
 * its sub-domains when allowed), or our own origin (`host`: the `/cookieex` example page).
 */
function allowedOrigin(host: string | undefined, origin: string | undefined, info: DomainInfo): boolean {
  if (!origin) return false;
  let registered = info.origins.get(origin);
  if (registered === undefined) {
    registered = originMatches(origin, info.host, info.includeSubdomains);
    if (info.origins.size >= 100) info.origins.clear();
    info.origins.set(origin, registered);
  }
  if (registered) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function cors(reply: FastifyReply, origin: string) {
  reply.header('access-control-allow-origin', origin).header('vary', 'Origin').header('access-control-allow-credentials', 'false');
}

/** The banner's fixed words, both languages, from the catalogue. */
const LABELS = { th: cookieTexts.th.cookie.visitor, en: cookieTexts.en.cookie.visitor };

/** The configuration the banner script draws: the domain's latest published version. */
export function bannerConfig(domainId: string, info: DomainInfo): CookieBannerConfig | null {
  if (!info.settings) return null;
  return bannerConfigOf(info.settings, {
    domainId,
    version: info.version,
    consentVersion: info.consentVersion,
    beacon: '/api/v1/cookie/public/consent',
    labels: LABELS,
  });
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

/** The browser families of the user agents seen lately (a few hundred strings make most of a site's traffic). */
const browsers = new Map<string, string>();
function browserOf(ua: string) {
  let family = browsers.get(ua);
  if (family === undefined) {
    family = browserFamily(ua);
    if (browsers.size >= 1_000) browsers.clear();
    browsers.set(ua, family);
  }
  return family;
}

let ipKey: Promise<string> | undefined;
/**
 * The hashes of the addresses that sent a beacon lately, by address (in this process's memory only,
 * like the request itself; never stored): many visitors share an address (mobile carriers, offices)
 * and a visitor sends a few choices, so most beacons skip the HMAC. Forgotten whole at 10,000.
 */
const ipHashes = new Map<string, string>();
async function ipHash(db: Db, ip: string) {
  ipKey ??= db.query<{ secret: string }>('select secret from cookie_keys where id = 1').then((r) => r[0].secret);
  const hash = createHmac('sha256', await ipKey)
    .update(ip)
    .digest('base64url')
    .slice(0, 22);
  if (ipHashes.size >= 10_000) ipHashes.clear();
  ipHashes.set(ip, hash);
  return hash;
}

/** What the beacon's endpoint reads of a request (Fastify's route and the fast lane, server/modules/cookie/fastLane.ts). */
export interface BeaconRequest {
  /** the body: text (sendBeacon's text/plain), or already parsed JSON */
  body: unknown;
  origin: string | undefined;
  host: string | undefined;
  secGpc: string | string[] | undefined;
  userAgent: string | undefined;
  /** the client's address (TRUST_PROXY applied) */
  ip: string;
}

/**
 * One choice: checked (shape, text the database cannot store, a published version and its
 * categories, the registered origin), written by the grouped writer and resolved only after its
 * commit; an ApiError when refused (400, 403, 404, 429: the visitor's limit, counted in the
 * database). Returns the origin to answer with CORS.
 */
export async function acceptBeacon(db: Db, r: BeaconRequest): Promise<string> {
  const b = checkBeacon(r.body);
  // the domain as read a moment ago (the common case: no promise to wait for), or read now
  const info = knownDomain(b.d) ?? (await domainInfo(db, b.d));
  if (!info || !info.version) throw new ApiError(404, 'cookie_domain_not_found');
  if (!allowedOrigin(r.host, r.origin, info)) throw new ApiError(403, 'cookie_origin_refused');
  // only a visitor the token route was asked about (limited per address) may choose
  await checkBeaconToken(db, b.t, b.d, b.id);
  // a choice names a published version and only its categories; necessary is always on
  if (b.v > info.version || b.c.necessary === false) throw new ApiError(400, 'cookie_beacon_invalid');
  for (const k in b.c) if (!info.categories.has(k)) throw new ApiError(400, 'cookie_beacon_invalid');
  const gpc = b.gpc || r.secGpc === '1';
  if (b.m === 'gpc' && (b.c.marketing ?? false)) throw new ApiError(400, 'cookie_beacon_invalid');
  const stored = await writerOf(db).write({
    at: new Date(),
    companyId: info.companyId,
    domainId: b.d,
    visitorId: b.id,
    version: b.v,
    method: b.m,
    choices: b.c.necessary === true ? b.c : { ...b.c, necessary: true },
    path: b.p.split(/[?#]/)[0] || '/',
    lang: b.l,
    gpc,
    browser: browserOf(String(r.userAgent ?? '')),
    ipHash: ipHashes.get(r.ip) ?? (await ipHash(db, r.ip)),
    undeclared: b.u.length ? undeclaredNames(b.u, info.declared) : [],
    submissionId: b.s,
  });
  // over the visitor's limit (30 a minute, on every server process): nothing was stored
  if (!stored) throw new ApiError(429, 'throttled');
  // a choice is the surest sign the banner loaded on the site (its configuration may come from a cache)
  markSeen(db, b.d, info.companyId);
  return r.origin!;
}

/** The names of `seen` that are cookie names, that no category declares (exactly or by a `name*` pattern), and not our own. */
function undeclaredNames(seen: string[], declared: string[]) {
  const isDeclared = (name: string) => declared.some((d) => (d.endsWith('*') ? name.startsWith(d.slice(0, -1)) : d === name));
  return [...new Set(seen)].filter((n) => /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(n) && !isDeclared(n) && n !== 'pdpa_cc');
}

const beaconDescribed = cookieBeacon;

/** Receipts an address may ask for in a minute (a visitor asks for one now and then; many share an address). */
export const RECEIPTS_PER_ADDRESS = 60;

/** When each domain was last marked seen by this process (ms): one write a domain every few minutes at most. */
const seenWritten = new Map<string, number>();
const SEEN_EVERY_MS = 5 * 60_000;

/**
 * The banner of `domainId` was seen loading (its configuration fetched, or a visitor's choice received):
 * kept for the staff list (`cookie_banner_seen`), written in the background, at most every five minutes a
 * domain and process; a failure only loses a sighting.
 */
function markSeen(db: Db, domainId: string, companyId: string) {
  const now = Date.now();
  if (now - (seenWritten.get(domainId) ?? 0) < SEEN_EVERY_MS) return;
  seenWritten.set(domainId, now);
  void db
    .query(
      `insert into cookie_banner_seen (domain_id, company_id, last_seen_at) values ($1, $2, now())
     on conflict (domain_id) do update set last_seen_at = excluded.last_seen_at`,
      [domainId, companyId],
    )
    .catch(() => seenWritten.delete(domainId));
}

/**
 * What a visitor's own call (a token, a receipt) passes first: a published domain (404), a registered origin
 * answered with CORS (403 for another site; our own /cookieex page asks same-origin, without an Origin, as any
 * client may: the per-address limit is what holds them), never cached, and `perMinute` calls an address (429).
 */
async function visitorCall(db: Db, req: FastifyRequest, reply: FastifyReply, domainId: string, limit: string, perMinute: number) {
  const info = knownDomain(domainId) ?? (await domainInfo(db, domainId));
  if (!info || !info.version) throw new ApiError(404, 'cookie_domain_not_found');
  const origin = req.headers.origin;
  if (origin) {
    if (!allowedOrigin(req.headers.host, origin, info)) throw new ApiError(403, 'cookie_origin_refused');
    cors(reply, origin);
  }
  reply.header('cache-control', 'no-store');
  const hit = await hitLimit(db, `${limit}:${ipHashes.get(req.ip) ?? (await ipHash(db, req.ip))}`, perMinute, 1);
  if (!hit.allowed) throw new ApiError(429, 'throttled');
  return info;
}

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
        if (!allowedOrigin(req.headers.host, origin, info)) throw new ApiError(403, 'cookie_origin_refused');
        cors(reply, origin);
      }
      const config = bannerConfig(params.cookieDomainId, info);
      if (!config) throw new ApiError(404, 'cookie_not_published');
      markSeen(db, params.cookieDomainId, info.companyId);
      reply.header('cache-control', 'public, max-age=60').header('etag', info.etag);
      if (req.headers['if-none-match'] === info.etag) {
        reply.code(304).send();
        return undefined;
      }
      return { config };
    },
  }),

  // a token for one visitor's choices (see ./token.ts): taken by the banner when it opens, limited per address
  route({
    method: 'GET',
    url: '/cookie/public/token/:cookieDomainId',
    access: 'public',
    params: cookieDomainParams,
    query: cookieTokenQuery,
    reply: cookieTokenReply,
    handler: async ({ db, req, reply, params, query }) => {
      await visitorCall(db, req, reply, params.cookieDomainId, 'cookie-token', TOKENS_PER_ADDRESS);
      return { token: await issueBeaconToken(db, params.cookieDomainId, query.id) };
    },
  }),

  // the visitor's receipt of their latest choices (./receipt.ts): their visitor id, kept in their own
  // cookie, is what names them; limited per address like the tokens
  route({
    method: 'GET',
    url: '/cookie/public/receipt/:cookieDomainId',
    access: 'public',
    params: cookieDomainParams,
    query: cookieReceiptQuery,
    reply: cookieReceiptReply,
    handler: async ({ db, req, reply, params, query }) => {
      const info = await visitorCall(db, req, reply, params.cookieDomainId, 'cookie-receipt', RECEIPTS_PER_ADDRESS);
      return { receipt: await visitorReceipt(db, { companyId: info.companyId, domainId: params.cookieDomainId, host: info.host }, query.id) };
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
      const origin = await acceptBeacon(db, {
        body: req.body,
        origin: req.headers.origin,
        host: req.headers.host,
        secGpc: req.headers['sec-gpc'],
        userAgent: req.headers['user-agent'],
        ip: req.ip,
      });
      cors(reply, origin);
      return {};
    },
  }),
];
