import { request } from 'node:http';
import { expect } from 'vitest';
import { API_BASE } from '../../../contract/http';
import { PUBLIC_CONSENT_LIMIT } from '../../../server/modules/consent/public';
import { th } from '../../../i18n';
import type { Ctx } from '../expectations';
import { kinds } from '../kinds';

/** The server's default DSR_SUBMIT_LIMIT: requests one address may send per hour. */
const DSR_SUBMITS_PER_HOUR = 20;

/**
 * A call from another loopback address (the whole 127/8 is the loopback on Linux), so that what
 * one address spends of a public page's limit leaves the other cases' address alone.
 */
export function callFrom(from: string, baseUrl: string, method: 'GET' | 'POST', path: string, json?: unknown) {
  const url = new URL(baseUrl + API_BASE + path);
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise<{ status: number; body: { msg?: string; [key: string]: unknown } }>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: from,
        headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The data subjects' public pages are rate limited per address (server only: the fake does not
 * count). Each case spends the limit of an address of its own.
 */
export function publicThrottleCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  rule.describe('public pages: limits per address', () => {
    const baseUrl = () => ctx.api.baseUrl;
    // the targets run in one process, and the consent pages count in the process: an address block per target
    const block = ctx.target.includes('PostgreSQL') ? 2 : 1;
    const address = (n: number) => `127.0.${block}.${n}`;

    rule.it(`refuses data subject requests beyond ${DSR_SUBMITS_PER_HOUR} an hour from one address (429), counting refused ones`, async () => {
      const from = address(21);
      for (let i = 0; i < DSR_SUBMITS_PER_HOUR; i++) {
        // an empty body is refused (400), and still counts
        expect((await callFrom(from, baseUrl(), 'POST', '/consents/datasubject/add', {})).status).toBe(400);
      }
      const over = await callFrom(from, baseUrl(), 'POST', '/consents/datasubject/add', {});
      expect(over.status).toBe(429);
      expect(over.body.msg).toBe(th.server.dsr_throttled);
      // another address is not held back
      expect((await callFrom(address(22), baseUrl(), 'POST', '/consents/datasubject/add', {})).status).toBe(400);
    });

    rule.it(`refuses calls to the public consent pages beyond ${PUBLIC_CONSENT_LIMIT} a minute from one address (429)`, async () => {
      const from = address(23);
      const path = '/consents/public/form/nothing/00000000-0000-4000-8000-000000000000';
      for (let i = 0; i < PUBLIC_CONSENT_LIMIT; i++) expect((await callFrom(from, baseUrl(), 'GET', path)).status).toBe(404);
      const over = await callFrom(from, baseUrl(), 'GET', path);
      expect(over.status).toBe(429);
      expect(over.body.msg).toBe(th.server.throttled);
      expect((await callFrom(address(24), baseUrl(), 'GET', path)).status).toBe(404);
    });
  });
}
