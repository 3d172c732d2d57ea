// npm run bench:load: a mixed load against one real server on PostgreSQL (DATABASE_URL, a database of
// its own made and dropped here): LOAD_USERS simulated people (default 100) — staff reading lists,
// searching and saving, data subjects reading the public consent page and request form — for
// LOAD_SECONDS (default 30). Prints requests per second, p50/p99 and the count of errors (a 5xx, a
// failed connection, or an answer a well-behaved client should not get).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { API_BASE } from '../contract/http';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { signinTokenFor } from '../server/modules/auth/routes';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const USERS = Number(process.env.LOAD_USERS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const name = `pdpa_load_${randomBytes(5).toString('hex')}`;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

await admin(`create database ${name}`);
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-load-'));
const db = await openDb({ databaseUrl: url });
try {
  await migrate(db);
  await seedDemo(db);
  // each simulated person has an address of their own (TRUST_PROXY): the per-address limits are real
  const app = await buildApp(db, {
    ...configFromEnv({ LOG_LEVEL: 'error', DATA_DIR: dataDir, TRUST_PROXY: '1', DATABASE_URL: url }),
    distDir: undefined,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${API_BASE}`;
  const [form] = await db
    .query<{ id: string; form_ref: string }>(
      `select f.id, f.form_ref from consent_forms f where exists (select 1 from consent_form_versions v where v.form_id = f.id) limit 1`,
    )
    .catch(() => []);
  const [dsrForm] = await db.query<{ id: string }>('select id from dsr_forms where published limit 1');

  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  let errors = 0;
  const call = async (from: string, method: string, path: string, token?: string, json?: unknown) => {
    const started = performance.now();
    try {
      const res = await fetch(base + path, {
        method,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'x-forwarded-for': from,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.set(String(res.status), (statuses.get(String(res.status)) ?? 0) + 1);
      if (res.status >= 500 || (res.status >= 400 && res.status !== 404)) errors++;
      return res.status;
    } catch {
      errors++;
      return 0;
    }
  };

  const signIn = async (from: string) => {
    const ts = String(Date.now());
    const res = await fetch(`${base}/user/signin/${ts}`, {
      method: 'POST',
      headers: {
        authorization: `Token ${signinTokenFor(ts)}`,
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-forwarded-for': from,
      },
      body: JSON.stringify({ companyCode: 'DEMO', username: 'admin', password: 'admin1234' }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };

  const staffCount = Math.round(USERS * 0.6);
  // signed in one after another, before the clock starts (parallel sign-ins of one user meet its throttle)
  const tokens: string[] = [];
  for (let i = 0; i < staffCount; i++) tokens.push(await signIn(`10.1.${Math.floor(i / 250)}.${i % 250}`));
  const deadline = Date.now() + SECONDS * 1000;
  const staff = async (i: number) => {
    const from = `10.1.${Math.floor(i / 250)}.${i % 250}`;
    const token = tokens[i];
    for (let n = 0; Date.now() < deadline; n++) {
      const pick = n % 6;
      if (pick === 0) await call(from, 'GET', '/roles?range=[0,24]', token);
      else if (pick === 1) await call(from, 'GET', `/user/contact/list?currentPage=1&limit=25`, token);
      else if (pick === 2) await call(from, 'GET', `/roles?range=[0,24]&filter=${encodeURIComponent(JSON.stringify({ search: 'ผู้' }))}`, token);
      else if (pick === 3) await call(from, 'GET', '/audit/list?currentPage=1&limit=25', token);
      else if (pick === 4)
        await call(from, 'POST', '/data-categories', token, { name: `ข้อมูลทดสอบ ${i}-${n}`, sensitive: false, description: 'โหลด' });
      else await call(from, 'GET', '/user/notification/list', token);
    }
  };
  const subject = async (i: number) => {
    for (let n = 0; Date.now() < deadline; n++) {
      // a new address now and then, as many people do
      const from = `10.2.${i}.${n % 200}`;
      if (form && n % 2 === 0) await call(from, 'GET', `/consents/public/form/${form.form_ref}/${form.id}`);
      else if (dsrForm) await call(from, 'GET', `/consents/datasubject/public/${dsrForm.id}`);
    }
  };
  const started = performance.now();
  await Promise.all([...Array.from({ length: staffCount }, (_, i) => staff(i)), ...Array.from({ length: USERS - staffCount }, (_, i) => subject(i))]);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(1);
  console.log(
    `mixed load: ${USERS} users (${staffCount} staff, ${USERS - staffCount} public) for ${seconds.toFixed(0)} s on PostgreSQL: ` +
      `${latencies.length} requests, ${(latencies.length / seconds).toFixed(0)} req/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, errors ${errors}; ` +
      `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  await app.close();
} finally {
  await db.close();
  await admin(`drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
