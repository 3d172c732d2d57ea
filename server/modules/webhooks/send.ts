import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_HEADERS, WEBHOOK_REPLY_KEPT, WEBHOOK_SECRET_PREFIX } from '../../../contract/webhooks';

/** A new endpoint secret: `whsec_` and 32 random bytes. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: what a receiver recomputes with its secret (and refuses if `t` is old). */
export function signature(secret: string, body: string, at = Math.floor(Date.now() / 1000)) {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

/** Addresses a webhook never reaches in production: loopback, private, link-local, unique-local, multicast, unspecified, CGNAT. */
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

/** Why a URL may not be a webhook's, or null: https only, and (in production) no private or loopback address. */
export function urlRefusal(url: string, allowPrivate: boolean): 'webhook_url' | 'webhook_https' | 'webhook_private' | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'webhook_url';
  }
  if (u.username || u.password) return 'webhook_url';
  if (u.protocol !== 'https:' && !(allowPrivate && u.protocol === 'http:')) return 'webhook_https';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host)))) return 'webhook_private';
  return null;
}

/**
 * The address lookup every delivery connects through: a name that resolves to a private or loopback
 * address is refused at connection time (so a name that changes its answer after the check reaches
 * nothing inside either).
 */
function guardedLookup(allowPrivate: boolean) {
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

/** A reply as the log keeps it: its start, without the NUL characters a database text refuses (a binary reply). */
export const keptReply = (text: string) => text.replaceAll(String.fromCharCode(0), '').slice(0, WEBHOOK_REPLY_KEPT);

export interface SendResult {
  /** the receiver's status; null when no reply came */
  status: number | null;
  /** the start of the reply, or why there was none */
  reply: string;
}

/** Posts one delivery: signed, 10 s at most, no redirect followed, the reply read up to what is kept. */
export function postDelivery(
  url: string,
  body: string,
  headers: { id: string; event: string; secret: string },
  allowPrivate: boolean,
  timeoutMs = 10_000,
): Promise<SendResult> {
  return new Promise((resolve) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return resolve({ status: null, reply: 'invalid URL' });
    }
    const client = u.protocol === 'https:' ? https : http;
    const req = client.request(
      u,
      {
        method: 'POST',
        lookup: guardedLookup(allowPrivate) as never,
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'PDPA-Backoffice-Webhooks/1',
          [WEBHOOK_HEADERS.id]: headers.id,
          [WEBHOOK_HEADERS.event]: headers.event,
          [WEBHOOK_HEADERS.signature]: signature(headers.secret, body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          // an oversized reply is cut, never held whole
          if (size < WEBHOOK_REPLY_KEPT * 4) chunks.push(chunk);
          size += chunk.length;
          if (size > 1024 * 1024) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? null, reply: keptReply(Buffer.concat(chunks).toString('utf8')) });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    // the whole exchange, not only the silences between bytes: a receiver that trickles its reply is cut at the deadline
    const deadline = setTimeout(
      () => req.destroy(Object.assign(new Error(`no reply within ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(Object.assign(new Error(`no reply within ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: null, reply: keptReply(`${err.code ?? 'error'}: ${err.message}`) }));
    req.end(body);
  });
}
