import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminQuery, databaseUrl, freePort } from '../tests/support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../contract/http';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { signinTokenFor } from './modules/auth/routes';
import { SIGNIN_LIMITS } from './modules/auth/throttle';

/**
 * Two server processes on one PostgreSQL database act as one: a sign-in limit, a public
 * limit, a sign-out and a role change made through one hold at once on the other. Runs when
 * DATABASE_URL is set (CI's PostgreSQL pass); each server is a real `server/main.ts` process.
 */
const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('two server processes on one PostgreSQL database', () => {
  const name = `pdpa_two_${randomBytes(6).toString('hex')}`;
  const servers: ChildProcess[] = [];
  const bases: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-two-'));
  const admin = (sql: string) => adminQuery(adminUrl!, sql);

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(databaseUrl(adminUrl!, name));
    const db = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
    await migrate(db);
    await seedDemo(db);
    await db.close();
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          TRUST_PROXY: '1',
          LOG_LEVEL: 'error',
          PG_POOL_SIZE: '4',
          SEED_DEMO: '0',
          DIST_DIR: join(dataDir, 'no-ui'),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      servers.push(child);
      bases.push(`http://127.0.0.1:${port}${API_BASE}`);
    }
    // both answer
    for (const base of bases) {
      for (let tries = 0; ; tries++) {
        const ok = await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (tries > 600) throw new Error(`server ${base} did not start`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 180_000);

  afterAll(async () => {
    for (const child of servers) child.kill('SIGTERM');
    await Promise.all(servers.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('exit', r)))));
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  let nextAddress = 1;
  const freshAddress = () => `198.51.100.${nextAddress++}`;
  async function call(
    server: number,
    method: string,
    path: string,
    opts: { from?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': opts.from ?? '192.0.2.1', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(bases[server] + path, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
  const signin = (server: number, body: { companyCode: string; username: string; password: string }, from?: string) => {
    const ts = String(Date.now());
    return call(server, 'POST', `/user/signin/${ts}`, { from, json: body, headers: { authorization: `Token ${signinTokenFor(ts)}` } });
  };
  const ADMIN = { companyCode: 'DEMO', username: 'admin', password: 'admin1234' };
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('holds the sign-in limit across both: of 50 parallel wrong passwords, at most 5 are checked; then the right one is refused on either', async () => {
    const from = freshAddress();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signin(i % 2, { ...ADMIN, username: 'viewer', password: `wrong-${i}` }, from)),
    );
    const statuses = replies.map((r) => r.status);
    expect(count(statuses, 401)).toBeLessThanOrEqual(SIGNIN_LIMITS.perUser);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(50);
    for (const server of [0, 1])
      expect((await signin(server, { companyCode: 'DEMO', username: 'viewer', password: 'viewer1234' }, freshAddress())).status).toBe(429);
  });

  it('holds the public data subject request limit across both: of 50 parallel requests, exactly 20 get through', async () => {
    const from = freshAddress();
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i % 2, 'POST', '/consents/datasubject/add', { from, json: {} })));
    const statuses = replies.map((r) => r.status);
    expect(count(statuses, 400)).toBe(20);
    expect(count(statuses, 429)).toBe(30);
  });

  it('holds the public consent pages limit across both (60 a minute)', async () => {
    const from = freshAddress();
    const path = '/consents/public/form/nothing/00000000-0000-4000-8000-000000000000';
    const replies = await Promise.all(Array.from({ length: 90 }, (_, i) => call(i % 2, 'GET', path, { from })));
    const statuses = replies.map((r) => r.status);
    expect(count(statuses, 404)).toBe(60);
    expect(count(statuses, 429)).toBe(30);
  });

  it('holds the cookie banner per-visitor limit across both (30 a minute): of 50 parallel choices of one visitor, with its token from one of them, exactly 30 are stored', async () => {
    const url = new URL(databaseUrl(adminUrl!, name));
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const {
        rows: [domain],
      } = await client.query<{ id: string; host: string }>(
        `select d.id, d.host from cookie_domains d join companies c on c.id = d.company_id where c.code = 'DEMO' limit 1`,
      );
      const visitor = '6f1c2d3e-4b5a-4c6d-8e7f-90a1b2c3d4e5';
      // the visitor's token from one server is taken by both (the key is in the database)
      const issued = await fetch(`${bases[0]}/cookie/public/token/${domain.id}?id=${visitor}`, { headers: { origin: `https://${domain.host}` } });
      expect(issued.status).toBe(200);
      const { token } = (await issued.json()) as { token: string };
      const beacon = JSON.stringify({
        d: domain.id,
        v: 1,
        id: visitor,
        m: 'custom',
        c: { necessary: true, analytics: true },
        p: '/',
        l: 'th',
        t: token,
      });
      const statuses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${bases[i % 2]}/cookie/public/consent`, {
            method: 'POST',
            body: beacon,
            headers: { 'content-type': 'text/plain', origin: `https://${domain.host}` },
          }).then((r) => r.status),
        ),
      );
      expect(count(statuses, 200)).toBe(30);
      expect(count(statuses, 429)).toBe(20);
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from cookie_log where visitor_id = $1', [visitor]);
      expect(rows[0].n).toBe(30);
    } finally {
      await client.end();
    }
  });

  it('a sign-out on one is refused at once on the other', async () => {
    const token = (await signin(0, ADMIN, freshAddress())).body.access_token;
    expect((await call(1, 'GET', '/user/menu', { token })).status).toBe(200);
    expect((await call(0, 'POST', '/user/logout', { token })).status).toBe(200);
    expect((await call(1, 'GET', '/user/menu', { token })).status).toBe(401);
  });

  it('a role change on one holds at once on the other', async () => {
    const adminToken = (await signin(0, ADMIN, freshAddress())).body.access_token;
    const roles = await call(0, 'GET', '/roles?range=[0,99]', { token: adminToken });
    type Role = { id: string; builtin: string | null; rights: { menuId: number }[] };
    const all = roles.body.data as Role[];
    // risk management (menu 18): a built-in role that has it, and one that has not
    const withRisk = all.find((r) => r.builtin && r.builtin !== 'admin' && r.rights.some((x) => x.menuId === 18))!.id;
    const withoutRisk = all.find((r) => r.builtin && !r.rights.some((x) => x.menuId === 18) && r.rights.length > 0)!.id;
    const username = `two.${randomBytes(3).toString('hex')}`;
    const person = { kind: 'staff', username, firstname: 'สองเครื่อง', lastname: 'ทดสอบ', email: `${username}@two.example`, roleId: withRisk };
    const created = await call(0, 'POST', '/people', { token: adminToken, json: { ...person, password: 'Sakura-River-2569' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const staffToken = (await signin(1, { companyCode: 'DEMO', username, password: 'Sakura-River-2569' }, freshAddress())).body.access_token;
    expect((await call(1, 'GET', '/user/validate?menuId=18', { token: staffToken })).status).toBe(200);
    const changed = await call(0, 'PUT', `/people/${created.body.data._id ?? created.body.data.id}`, {
      token: adminToken,
      json: { ...person, roleId: withoutRisk },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await call(1, 'GET', '/user/validate?menuId=18', { token: staffToken });
    expect(after.status).toBe(403);
    expect(after.body.forbidden).toBe(true);
  });

  it('requests moved on both at once: the DSR roll-ups stay equal to the requests, and both dashboards read the same', async () => {
    const url = new URL(databaseUrl(adminUrl!, name));
    const db = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      const [{ id: companyId }] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
      const [{ id: formId }] = await db.query<{ id: string }>('select id from dsr_forms where company_id = $1 limit 1', [companyId]);
      // 24 requests received on a few days, due today and in the coming days
      const ids = (
        await db.query<{ id: string }>(
          `insert into dsr_requests (company_id, form_id, reference_code, status_id, rights, requester_type, subject, email, received_at, due_at)
           select $1, $2, 'TWO-DSR-' || i || '-' || floor(random() * 1e9), 1, '{access}', 'subject', '{}', 'two@example.com',
                  now() - interval '30 days' + (i % 3) * interval '1 day', now() + (i % 4 - 1) * interval '1 day'
             from generate_series(1, 24) i returning id`,
          [companyId, formId],
        )
      ).map((r) => r.id);
      const tokens = [(await signin(0, ADMIN, freshAddress())).body.access_token, (await signin(1, ADMIN, freshAddress())).body.access_token];
      // each request: verifying then in review on one server, extended on the other, all at once
      const replies = await Promise.all(
        ids.map(async (requestId, i) => {
          const a = i % 2;
          const first = await call(a, 'POST', '/consents/datasubject/state', { token: tokens[a], json: { requestId, statusId: 2 } });
          const [second, third] = await Promise.all([
            call(1 - a, 'POST', '/consents/datasubject/extend', { token: tokens[1 - a], json: { requestId, days: 10, reason: 'ขอขยายเวลา' } }),
            call(a, 'POST', '/consents/datasubject/state', { token: tokens[a], json: { requestId, statusId: 3 } }),
          ]);
          return [first.status, second.status, third.status];
        }),
      );
      expect(replies.flat().every((status) => status === 200)).toBe(true);
      const rollup = await db.query(
        `select due_day::text, received_day::text, n::int from dsr_open_due where company_id = $1 and n <> 0 order by 1, 2`,
        [companyId],
      );
      const rows = await db.query(
        `select (due_at at time zone 'Asia/Bangkok')::date::text as due_day, (received_at at time zone 'Asia/Bangkok')::date::text as received_day,
                count(*)::int as n from dsr_requests where company_id = $1 and status_id in (1, 2, 3) group by 1, 2 order by 1, 2`,
        [companyId],
      );
      expect(rollup).toEqual(rows);
      const daily = await db.query(
        `select day::text, status_id, sum(n)::int as n from dsr_daily where company_id = $1 group by 1, 2 having sum(n) <> 0 order by 1, 2`,
        [companyId],
      );
      const byDay = await db.query(
        `select (received_at at time zone 'Asia/Bangkok')::date::text as day, status_id, count(*)::int as n
           from dsr_requests where company_id = $1 group by 1, 2 order by 1, 2`,
        [companyId],
      );
      expect(daily).toEqual(byDay);
      const [plain] = await db.query<{ overdue: number; due_soon: number }>(
        `select count(*) filter (where due_at < now())::int as overdue, count(*) filter (where due_at >= now() and due_at < now() + interval '7 days')::int as due_soon
           from dsr_requests where company_id = $1 and status_id in (1, 2, 3)`,
        [companyId],
      );
      for (const server of [0, 1]) {
        const feed = await call(server, 'GET', '/user/dashboard/expire-dsr', { token: tokens[server] });
        expect({ overdue: feed.body.overdue, dueSoon: feed.body.dueSoon }).toEqual({ overdue: plain.overdue, dueSoon: plain.due_soon });
      }
    } finally {
      await db.close();
    }
  });
});
