import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDb, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';

/** The PostgreSQL server the benchmarks make their databases on (each its own, dropped after). */
export const SERVER_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

/** The address of database `name` on that server; refused unless it is this machine (the benchmarks send traffic nowhere else). */
export function databaseUrl(name: string) {
  const url = new URL(SERVER_URL);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) {
    throw new Error(`DATABASE_URL must point at 127.0.0.1 (the benchmark sends traffic nowhere else): ${url.hostname}`);
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** The `q` quantile of `xs` (nearest rank). */
export const quantile = (xs: number[], q: number) => {
  const s = xs.toSorted((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** p50, p95 and p99 of `n` calls of `fn` one after another, after `warm` calls to warm it. */
export async function timed(n: number, fn: () => Promise<unknown>, warm = 1) {
  for (let i = 0; i < warm; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), p99: quantile(ms, 0.99) };
}

/** A DEMO account's access token from the server at `base`, through the seed's sign-in call. */
export async function signIn(base: string, username = 'admin', password = 'admin1234'): Promise<string> {
  const timestamp = String(Date.now());
  const res = await fetch(`${base}/api/v1/user/signin/${timestamp}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${createHash('sha256').update(timestamp).digest('hex')}` },
    body: JSON.stringify({ username, password, companyCode: 'DEMO' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** A scenario's log line: its name and the seconds since the benchmark started. */
export const logFor = (name: string) => {
  const t0 = performance.now();
  return (text: string) => console.log(`[${name} bench ${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${text}`);
};

/** A list call's query in the REST convention: each value as JSON (`?range=[0,19]&sort=[...]`). */
export const listQuery = (o: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]))}`;

export interface DemoDatabase {
  db: Db;
  /** the database's address, for a client of the scenario's own (its SQL baseline) */
  url: string;
  /** DEMO's id */
  companyId: string;
  /** the server's data folder */
  dataDir: string;
}

/** A database of its own on the PostgreSQL server, migrated and with the demo seeded, for `run`; dropped after, whatever happens. */
export async function withDemoDatabase<T>(name: string, log: (text: string) => void, run: (demo: DemoDatabase) => Promise<T>): Promise<T> {
  const dbName = `pdpa_bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-bench-`));
  const url = databaseUrl(dbName);
  const db = await openDb({ databaseUrl: url });
  try {
    log(`database ${dbName}: migrating and seeding the demo`);
    await migrate(db);
    await seedDemo(db);
    const [{ id: companyId }] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
    return await run({ db, url, companyId, dataDir });
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    log('done');
  }
}

/**
 * The real API server on `db`, in this process, signed in as DEMO's admin: `fetchOk(path)` answers a 200's reply and
 * bytes (anything else throws), `get(path)` its JSON. Close it before the database.
 */
export async function startApi({ db, dataDir }: Pick<DemoDatabase, 'db' | 'dataDir'>) {
  const config = { ...configFromEnv({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false' } as NodeJS.ProcessEnv), distDir: undefined };
  const app = await buildApp(db, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const headers = { authorization: `Bearer ${await signIn(base)}`, 'accept-language': 'th' };
  const fetchOk = async (path: string) => {
    const res = await fetch(`${base}/api/v1${path}`, { headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${bytes.toString().slice(0, 200)}`);
    return { res, bytes };
  };
  const get = async <T>(path: string) => JSON.parse((await fetchOk(path)).bytes.toString()) as T;
  return { base, fetchOk, get, close: () => app.close() };
}
