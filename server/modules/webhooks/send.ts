import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_HEADERS, WEBHOOK_REPLY_KEPT, WEBHOOK_SECRET_PREFIX } from '../../../contract/webhooks';
import { guardedLookup, outboundUrlRefusal } from '../../http/outboundUrl';

/** A new endpoint secret: `whsec_` and 32 random bytes. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: what a receiver recomputes with its secret (and refuses if `t` is old). */
export function signature(secret: string, body: string, at = Math.floor(Date.now() / 1000)) {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

/** Why a URL may not be a webhook's, or null: https only, and (in production) no private or loopback address. */
export function urlRefusal(url: string, allowPrivate: boolean): 'webhook_url' | 'webhook_https' | 'webhook_private' | null {
  const refusal = outboundUrlRefusal(url, allowPrivate);
  return refusal && `webhook_${refusal}`;
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
