import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { configFromEnv } from '../../config';
import { openDb, type Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { issueBeaconToken } from './token';
import { seedDemo } from '../../db/seed';

/**
 * The beacon's fast lane (fastLane.ts) answers over real HTTP as the route answers in process
 * (`app.inject`, which Fastify serves itself): same statuses, same words, CORS, nothing stored on a refusal.
 */
describe('the cookie beacon: the fast lane in front of Fastify and the route behind it', () => {
  let db: Db;
  let app: FastifyInstance;
  let base: string;
  let domainId: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-fastlane-'));
  const ORIGIN = 'https://www.demo-shop.co.th';

  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    await seedDemo(db);
    [{ id: domainId }] = await db.query<{ id: string }>(`select id from cookie_domains where host = 'www.demo-shop.co.th'`);
    const config = configFromEnv({
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-ui'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
    } as NodeJS.ProcessEnv);
    app = await buildApp(db, config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** a choice as the banner sends it, with its visitor's token (`t: undefined`: without one) */
  const beacon = async (id = randomUUID(), extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      d: domainId,
      v: 1,
      id,
      m: 'accept_all',
      c: { necessary: true, analytics: true },
      p: '/cart?x=1',
      l: 'th',
      t: await issueBeaconToken(db, domainId, id),
      ...extra,
    });
  const stored = async (id: string) => (await db.query<{ n: number }>('select count(*)::int as n from cookie_log where visitor_id = $1', [id]))[0].n;
  /** the same request over HTTP (the fast lane) and in process (the route) */
  async function both(body: string, headers: Record<string, string>) {
    const res = await fetch(`${base}/api/v1/cookie/public/consent`, { method: 'POST', body, headers });
    const viaLane = { status: res.status, body: await res.json(), cors: res.headers.get('access-control-allow-origin') };
    const injected = await app.inject({ method: 'POST', url: '/api/v1/cookie/public/consent', payload: body, headers });
    const viaRoute = { status: injected.statusCode, body: injected.json(), cors: injected.headers['access-control-allow-origin'] ?? null };
    return { viaLane, viaRoute };
  }

  it('stores a choice and answers with CORS for the registered origin, on both paths', async () => {
    const a = randomUUID();
    const res = await fetch(`${base}/api/v1/cookie/public/consent`, {
      method: 'POST',
      body: await beacon(a),
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await stored(a)).toBe(1);
    const [row] = await db.query<{ path: string }>('select path from cookie_log where visitor_id = $1', [a]);
    expect(row.path).toBe('/cart');
  });

  it.each([
    ['malformed JSON', '{"d":', { origin: ORIGIN }, 400],
    ['an unregistered origin', 'BEACON', { origin: 'https://evil.example' }, 403],
    ['no origin', 'BEACON', {}, 403],
    ['a choice without its token', 'NOTOKEN', { origin: ORIGIN }, 403],
    ['a NUL in the path', 'NUL', { origin: ORIGIN }, 400],
    ['an unknown category', 'UNKNOWN', { origin: ORIGIN }, 400],
  ])('refuses %s alike on both paths and stores nothing', async (_label, kind, headers, status) => {
    const id = randomUUID();
    const body =
      kind === 'BEACON'
        ? await beacon(id)
        : kind === 'NOTOKEN'
          ? await beacon(id, { t: undefined })
          : kind === 'NUL'
            ? await beacon(id, { p: '/a\u0000b' })
            : kind === 'UNKNOWN'
              ? await beacon(id, { c: { zz_unknown: true } })
              : kind;
    for (const lang of ['th', 'en']) {
      const { viaLane, viaRoute } = await both(body, { 'content-type': 'text/plain', 'accept-language': lang, ...headers });
      expect(viaLane.status).toBe(status);
      expect(viaLane).toEqual(viaRoute);
      if (lang === 'th') expect(viaLane.body.msg).toMatch(/[\u0E00-\u0E7F]/);
      else expect(viaLane.body.msg).not.toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(await stored(id)).toBe(0);
  });

  it('refuses a body larger than a beacon (400) without reading it all, and stores nothing', async () => {
    const id = randomUUID();
    const body = await beacon(id, { p: '/' + 'x'.repeat(200_000) });
    const res = await fetch(`${base}/api/v1/cookie/public/consent`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
    });
    expect(res.status).toBe(400);
    expect(await stored(id)).toBe(0);
  });

  it('leaves everything else to Fastify: another method, a query string, another body type', async () => {
    const options = await fetch(`${base}/api/v1/cookie/public/consent`, { method: 'GET' });
    expect(options.status).toBe(404);
    const id = randomUUID();
    const withQuery = await fetch(`${base}/api/v1/cookie/public/consent?x=1`, {
      method: 'POST',
      body: await beacon(id),
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
    });
    expect(withQuery.status).toBe(200);
    expect(await stored(id)).toBe(1);
    const form = await fetch(`${base}/api/v1/cookie/public/consent`, {
      method: 'POST',
      body: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(form.status).toBe(415);
  });
});
