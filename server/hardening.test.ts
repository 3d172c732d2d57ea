import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../contract/http';
import { th } from '../i18n';
import { buildApp } from './app';
import { configFromEnv } from './config';
import type { Db } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { testDatabases } from './db/testDatabases';
import { signinTokenFor } from './modules/auth/routes';
import { hashToken } from './modules/auth/sessions';
import { SIGNIN_LIMITS } from './modules/auth/throttle';
import { PUBLIC_CONSENT_LIMIT } from './modules/consent/public';

/**
 * The hardening findings, each kept fixed: NUL bytes and lone surrogates refused in one place, every
 * limit atomic under a burst of 50 parallel calls, the session cookie (HttpOnly, SameSite, Secure,
 * idle timeout, cross-site writes refused, one's own sessions and signing out everywhere).
 * TRUST_PROXY is on, so each case speaks from an address of its own (X-Forwarded-For).
 */
describe.each(testDatabases('harden'))('hardening on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let base = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-harden-'));

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    await migrate(db);
    await seedDemo(db);
    app = await buildApp(db, { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, TRUST_PROXY: '1' }), distDir: undefined });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${API_BASE}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let nextAddress = 1;
  /** an address no other case uses */
  const freshAddress = () => `198.51.100.${nextAddress++}`;

  async function call(method: string, path: string, opts: { from?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': opts.from ?? '192.0.2.1', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  const signin = (body: { companyCode: string; username: string; password: string }, from?: string, headers: Record<string, string> = {}) => {
    const ts = String(Date.now());
    return call('POST', `/user/signin/${ts}`, { from, json: body, headers: { authorization: `Token ${signinTokenFor(ts)}`, ...headers } });
  };
  const ADMIN = { companyCode: 'DEMO', username: 'admin', password: 'admin1234' };
  const auditCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0].n;
  const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  describe('text the database cannot store (NUL, lone surrogates): 400 in one place, nothing stored', () => {
    let token = '';
    beforeAll(async () => {
      token = (await signin(ADMIN)).body.access_token;
    });

    it.each([
      ['a query (audit export ?user=)', 'GET', '/audit/export?user=%00'],
      ['a query (consent records ?search=)', 'GET', '/consents/list?search=a%00b'],
      ['a path parameter', 'GET', '/consents/public/form/x%00y/00000000-0000-4000-8000-000000000000'],
    ])('refuses a NUL in %s', async (_what, method, path) => {
      const before = await auditCount();
      const reply = await call(method, path, { token });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toMatch(/NUL/);
      expect(await auditCount()).toBe(before);
    });

    it.each([
      ['a NUL', 'ชื่อ\u0000'],
      ['a lone high surrogate', 'ชื่อ\uD800'],
      ['a lone low surrogate', '\uDC00ชื่อ'],
    ])('refuses %s in a body, naming the field, and stores nothing', async (_what, bad) => {
      const before = await auditCount();
      const reply = await call('POST', '/data-categories', { token, json: { name: bad, description: 'x' } });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toBe(th.server.text_nul.replace('%{field}', 'name'));
      // a key is text too
      const key = await call('POST', '/data-categories', { token, json: { [bad]: 'x' } });
      expect(key.status).toBe(400);
      expect(await auditCount()).toBe(before);
    });

    it("refuses a NUL in the public consent page's guardian name, before anything is stored", async () => {
      const before = await auditCount();
      const reply = await call('POST', '/consents/public/form/nothing/00000000-0000-4000-8000-000000000000', {
        from: freshAddress(),
        json: { guardian: { name: 'แม่\u0000', relation: 'มารดา', consent: true } },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toBe(th.server.text_nul.replace('%{field}', 'guardian.name'));
      expect(await auditCount()).toBe(before);
    });

    it('still takes well-formed text: Thai, emoji (a surrogate pair)', async () => {
      const reply = await call('GET', `/consents/list?search=${encodeURIComponent('ทดสอบ 😀')}`, { token });
      expect(reply.status).toBe(200);
    });
  });

  describe('sign-in throttle: one atomic count in the database', () => {
    it(`of 50 parallel wrong passwords for one user, at most ${SIGNIN_LIMITS.perUser} are checked; then the right one is refused`, async () => {
      const from = freshAddress();
      const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => signin({ ...ADMIN, username: 'viewer', password: `wrong-${i}` }, from)));
      const statuses = replies.map((r) => r.status);
      expect(countOf(statuses, 401)).toBeLessThanOrEqual(SIGNIN_LIMITS.perUser);
      expect(countOf(statuses, 401) + countOf(statuses, 429)).toBe(50);
      const right = await signin({ companyCode: 'DEMO', username: 'viewer', password: 'viewer1234' }, freshAddress());
      expect(right.status).toBe(429);
      expect(right.body.access_token).toBeUndefined();
    });

    it(`of 50 parallel wrong sign-ins for 50 users from one address, at most ${SIGNIN_LIMITS.perAddress} are checked`, async () => {
      const from = freshAddress();
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) => signin({ companyCode: 'SIAM', username: `nobody-${i}`, password: 'x' }, from)),
      );
      const statuses = replies.map((r) => r.status);
      expect(countOf(statuses, 401)).toBeLessThanOrEqual(SIGNIN_LIMITS.perAddress);
      expect(countOf(statuses, 429)).toBeGreaterThanOrEqual(50 - SIGNIN_LIMITS.perAddress);
      // the address is held back even for a right password
      expect((await signin({ companyCode: 'SIAM', username: 'admin', password: 'admin1234' }, from)).status).toBe(429);
    });

    it('does not count a right password against the address', async () => {
      const from = freshAddress();
      for (let i = 0; i < SIGNIN_LIMITS.perAddress + 3; i++) expect((await signin(ADMIN, from)).status).toBe(200);
    });
  });

  describe('public limits: one atomic count in the database', () => {
    it('of 50 parallel data subject requests from one address, exactly the limit (20) get through', async () => {
      const from = freshAddress();
      const replies = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/consents/datasubject/add', { from, json: {} })));
      const statuses = replies.map((r) => r.status);
      // an empty body is refused (400) after it was counted
      expect(countOf(statuses, 400)).toBe(20);
      expect(countOf(statuses, 429)).toBe(30);
    });

    it(`of ${PUBLIC_CONSENT_LIMIT + 30} parallel calls to the public consent pages from one address, exactly ${PUBLIC_CONSENT_LIMIT} get through`, async () => {
      const from = freshAddress();
      const path = '/consents/public/form/nothing/00000000-0000-4000-8000-000000000000';
      const replies = await Promise.all(Array.from({ length: PUBLIC_CONSENT_LIMIT + 30 }, () => call('GET', path, { from })));
      const statuses = replies.map((r) => r.status);
      expect(countOf(statuses, 404)).toBe(PUBLIC_CONSENT_LIMIT);
      expect(countOf(statuses, 429)).toBe(30);
    });
  });

  describe('security headers (@fastify/helmet)', () => {
    it('sends HSTS over HTTPS only, and a CSP without unsafe-inline', async () => {
      const plain = await call('GET', '/health');
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      const csp = plain.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
      expect(plain.headers.get('x-frame-options')).toBe('DENY');
      const https = await call('GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d{8}/);
    });
  });

  describe('the session cookie', () => {
    const cookieOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('pdpa_session='))!;
    const tokenIn = (setCookie: string) => setCookie.slice('pdpa_session='.length).split(';')[0];

    it('is HttpOnly and SameSite=Lax; Secure only over HTTPS (a trusted proxy says so)', async () => {
      const plain = cookieOf((await signin(ADMIN)).headers);
      expect(plain).toMatch(/; HttpOnly/);
      expect(plain).toMatch(/; SameSite=Lax/);
      expect(plain).toMatch(/Max-Age=31536000/);
      expect(plain).not.toMatch(/Secure/);
      const https = cookieOf((await signin(ADMIN, undefined, { 'x-forwarded-proto': 'https' })).headers);
      expect(https).toMatch(/; Secure/);
    });

    it('signs in in place of the header; a write needs the XHR header and a same-site Origin', async () => {
      const token = tokenIn(cookieOf((await signin(ADMIN)).headers));
      const cookie = { cookie: `pdpa_session=${token}` };
      expect((await call('GET', '/user/menu', { headers: cookie })).status).toBe(200);
      // a cross-site form: no XHR header
      const before = await auditCount();
      const form = await call('POST', '/data-categories', { headers: { ...cookie, 'x-requested-with': '' }, json: { name: 'x' } });
      expect(form.status).toBe(403);
      expect(form.body.msg).toBe(th.server.csrf_refused);
      // another site's script
      const script = await call('POST', '/data-categories', { headers: { ...cookie, origin: 'https://evil.example' }, json: { name: 'x' } });
      expect(script.status).toBe(403);
      expect(await auditCount()).toBe(before);
      // the application itself
      const host = new URL(base).host;
      const own = await call('POST', '/user/logout', { headers: { ...cookie, origin: `http://${host}` } });
      expect(own.status).toBe(200);
      expect(cookieOf(own.headers)).toMatch(/Max-Age=0/);
      expect((await call('GET', '/user/menu', { headers: cookie })).status).toBe(401);
    });

    it('ends after SESSION_IDLE_HOURS (8) unused; a used one lives on', async () => {
      const idle = (await signin(ADMIN)).body.access_token;
      const used = (await signin(ADMIN)).body.access_token;
      await db.query(`update sessions set last_seen_at = now() - interval '8 hours 1 minute' where token_hash = $1`, [hashToken(idle)]);
      await db.query(`update sessions set last_seen_at = now() - interval '7 hours' where token_hash = $1`, [hashToken(used)]);
      // the process's session cache is emptied by any change to sessions
      await db.query(`select pg_notify('pdpa_sessions', '')`);
      await new Promise((r) => setTimeout(r, 50));
      expect((await call('GET', '/user/menu', { token: idle })).status).toBe(401);
      expect((await call('GET', '/user/menu', { token: used })).status).toBe(200);
      const [row] = await db.query<{ fresh: boolean }>(
        `select last_seen_at > now() - interval '1 minute' as fresh from sessions where token_hash = $1`,
        [hashToken(used)],
      );
      expect(row.fresh).toBe(true);
    });

    it("lists one's own sessions only, and signs out everywhere", async () => {
      const viewer = { companyCode: 'DEMO', username: 'viewer', password: 'viewer1234' };
      // the viewer may have been locked by the throttle case above: a clean slate
      await db.query(`delete from rate_limits where key like 'signin-user:DEMO/viewer'`);
      const phone = (await signin(viewer, freshAddress(), { 'user-agent': 'Phone' })).body.access_token;
      const laptop = (await signin(viewer, freshAddress(), { 'user-agent': 'Laptop' })).body.access_token;
      const admin = (await signin(ADMIN)).body.access_token;
      const list = await call('GET', '/user/sessions', { token: laptop });
      expect(list.status).toBe(200);
      const agents = list.body.data.map((s: { userAgent: string }) => s.userAgent);
      expect(agents).toEqual(expect.arrayContaining(['Phone', 'Laptop']));
      expect(list.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      // another person's session cannot be ended by id
      const adminList = await call('GET', '/user/sessions', { token: admin });
      const adminSession = adminList.body.data.find((s: { current: boolean }) => s.current).id;
      expect((await call('DELETE', `/user/sessions/${adminSession}`, { token: laptop })).status).toBe(404);
      expect((await call('GET', '/user/menu', { token: admin })).status).toBe(200);
      // everywhere but here, then everywhere
      const kept = await call('POST', '/user/sessions/revoke-all', { token: laptop, json: { keepCurrent: true } });
      expect(kept.body.revoked).toBeGreaterThanOrEqual(1);
      expect((await call('GET', '/user/menu', { token: phone })).status).toBe(401);
      expect((await call('GET', '/user/menu', { token: laptop })).status).toBe(200);
      expect((await call('POST', '/user/sessions/revoke-all', { token: laptop, json: {} })).status).toBe(200);
      expect((await call('GET', '/user/menu', { token: laptop })).status).toBe(401);
      expect((await call('GET', '/user/menu', { token: admin })).status).toBe(200);
    });
  });
});
