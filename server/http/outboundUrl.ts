import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses the server itself fetches or posts to on a company's word (a webhook's endpoint, a single
 * sign-on provider's issuer and endpoints): never inside the deployment's own network in production.
 * One switch per feature lifts it for tests and a developer's local receiver or provider
 * (WEBHOOKS_ALLOW_PRIVATE, SSO_ALLOW_HTTP): plain http and private or loopback addresses together.
 */

/** Loopback, private, link-local, unique-local, multicast, unspecified, CGNAT. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // unspecified, loopback and the IPv4-compatible ::a.b.c.d (a parser may write [::127.0.0.1] as ::7f00:1)
  ['::', 96],
  // NAT64 and 6to4 carry an IPv4 address inside
  ['64:ff9b::', 96],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string) {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) {
    // an IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped ? PRIVATE.check(mapped[1]!, 'ipv4') : PRIVATE.check(address, 'ipv6');
  }
  return true;
}

/**
 * Why the server may not reach `url`, or null: `url` not a URL (or one carrying a user and password),
 * `https` not https, `private` a name or address inside (localhost, loopback, private networks).
 * `allowPrivate` lets plain http and addresses inside through (tests, a developer's own machine).
 */
export function outboundUrlRefusal(url: string, allowPrivate: boolean): 'url' | 'https' | 'private' | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'url';
  }
  if (u.username || u.password) return 'url';
  if (u.protocol !== 'https:' && !(allowPrivate && u.protocol === 'http:')) return 'https';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host)))) return 'private';
  return null;
}

/**
 * The address lookup an outbound connection goes through: a name that resolves to a private or
 * loopback address is refused at connection time (so a name that changes its answer after the check
 * reaches nothing inside either).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '');
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The most of a reply `guardedFetch` reads (a discovery document, a key set, a token reply are a few kB). */
const FETCH_REPLY_LIMIT = 1024 * 1024;

export interface GuardedFetchOptions {
  method: string;
  headers: Record<string, string>;
  body?: string | URLSearchParams | null | unknown;
  signal?: AbortSignal;
}

/**
 * A `fetch` for libraries that take one (openid-client's `customFetch`) that connects through
 * `guardedLookup`: every request is refused at the URL (`outboundUrlRefusal`) and again at the address
 * the name resolves to. No redirect is followed; the reply is read up to 1 MiB.
 */
export function guardedFetch(allowPrivate: boolean) {
  return (url: string, options: GuardedFetchOptions): Promise<Response> =>
    new Promise((resolve, reject) => {
      const refusal = outboundUrlRefusal(url, allowPrivate);
      if (refusal) return reject(Object.assign(new Error(`${url} may not be fetched (${refusal})`), { code: 'EREFUSED_URL' }));
      const u = new URL(url);
      const body = typeof options.body === 'string' || options.body instanceof URLSearchParams ? String(options.body) : undefined;
      const req = (u.protocol === 'https:' ? https : http).request(
        u,
        { method: options.method, headers: options.headers, lookup: guardedLookup(allowPrivate) as never, signal: options.signal },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > FETCH_REPLY_LIMIT) return res.destroy(new Error(`the reply of ${u.host} is larger than 1 MiB`));
            chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
            }
            const status = res.statusCode ?? 502;
            const empty = status === 204 || status === 304 || (status >= 100 && status < 200);
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}
