/**
 * The consent log's write path: 100 concurrent senders POST beacons (text/plain JSON, a registered
 * Origin) to
 *   - the API server with grouping on (COOKIE_LOG_GROUPING=on: a 2 ms window, one multi-row insert),
 *   - the same server with grouping off (one transaction per beacon),
 *   - a bare node:http + pg grouped writer (bench/serve-cookie-bare.ts), the ceiling,
 * all on the local PostgreSQL, in the same run; then the staff log page and the statistics over
 * BENCH_COOKIE_ROWS log rows (10,000,000 in the full run).
 *
 *   BENCH_ONLY=cookie npm run bench                 this scenario alone
 *   BENCH_ONLY=cookie BENCH_SHORT=1 npm run bench   short: 2 s runs, 1 round, 200,000 rows
 */
import autocannon from 'autocannon';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { defaultCookieSettings } from '../contract/cookie';
import { openDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { createCompany } from '../server/db/seed';
import { killAllChildren, startChild, type Child } from './load';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SHORT ? 2 : 7));
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? (SHORT ? 0.5 : 2));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SHORT ? 1 : 3));
const LOG_ROWS = Number(process.env.BENCH_COOKIE_ROWS ?? (SHORT ? 200_000 : 10_000_000));
const CONNECTIONS = 100;
const ORIGIN = 'https://www.bench-shop.example';
const SERVER_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

const T0 = performance.now();
const log = (text: string) => console.log(`[cookie bench ${((performance.now() - T0) / 1000).toFixed(1).padStart(5)} s] ${text}`);

function databaseUrl(name: string) {
  const url = new URL(SERVER_URL);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) throw new Error('DATABASE_URL must point at 127.0.0.1');
  url.pathname = `/${name}`;
  return url.toString();
}

interface Result {
  /** 2xx replies: acknowledged choices */
  ok: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

/** `CONNECTIONS` senders for `seconds`, each request a new visitor's choice (the per-visitor limit is never reached). */
async function run(port: number, domainId: string, seconds: number): Promise<Result> {
  const bodies = Array.from({ length: 20_000 }, (_, i) =>
    JSON.stringify({
      d: domainId,
      v: 1,
      id: randomUUID(),
      m: i % 3 ? 'accept_all' : 'reject_all',
      c: { necessary: true, analytics: i % 3 > 0, marketing: i % 3 > 0 },
      p: '/',
      l: 'th',
    }),
  );
  let n = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${port}/api/v1/cookie/public/consent`,
    method: 'POST',
    headers: { 'content-type': 'text/plain', origin: ORIGIN },
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    timeout: 30,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: bodies[n++ % bodies.length] }) }],
  });
  instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const r = await instance;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  return { ok: r['2xx'], rps: r['2xx'] / r.duration, p50: at(50), p99: at(99), failed: r.non2xx + r.errors + r.timeouts };
}

async function timeIt(n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n / 2)], p99: times[Math.min(n - 1, Math.ceil(n * 0.99) - 1)] };
}

export async function cookieBench() {
  const name = `pdpa_bench_cookie_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-cookie-bench-'));
  const children: Child[] = [];
  try {
    const db = await openDb({ databaseUrl: url, poolSize: 4 });
    await migrate(db);
    const { companyId } = await db.tx((q) => createCompany(q, 'BENCH', { nameTh: 'บริษัททดสอบความเร็ว' }));
    const [{ id: domainId }] = await db.query<{ id: string }>(
      `insert into cookie_domains (company_id, host, include_subdomains, draft) values ($1, 'bench-shop.example', true, $2) returning id`,
      [companyId, JSON.stringify(defaultCookieSettings())],
    );
    await db.query(`insert into cookie_versions (domain_id, version, company_id, consent_version, settings) values ($1, 1, $2, 1, $3)`, [
      domainId,
      companyId,
      JSON.stringify(defaultCookieSettings()),
    ]);
    const common = { BENCH_DATABASE_URL: url, BENCH_DATA_DIR: dataDir, BENCH_ROWS: '0', PG_POOL_SIZE: '8' };
    const grouped = await startChild('serve-app.ts', { ...common, COOKIE_LOG_GROUPING: 'on' });
    const ungrouped = await startChild('serve-app.ts', { ...common, COOKIE_LOG_GROUPING: 'off' });
    const bare = await startChild('serve-cookie-bare.ts', { ...common, BENCH_COMPANY_ID: companyId, BENCH_DOMAIN_ID: domainId });
    children.push(grouped, ungrouped, bare);
    const targets = [
      ['server, grouped (2 ms)', grouped],
      ['server, ungrouped', ungrouped],
      ['bare node:http + pg, grouped', bare],
    ] as const;
    const best = new Map<string, Result>();
    let acknowledged = 0;
    for (let round = 1; round <= ROUNDS; round++)
      for (const [label, child] of targets) {
        const warm = WARMUP > 0 ? await run(child.port, domainId, WARMUP) : undefined;
        const r = await run(child.port, domainId, SECONDS);
        if (child !== bare) acknowledged += r.ok + (warm?.ok ?? 0);
        log(
          `round ${round} ${label.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} writes/s  p50 ${r.p50?.toFixed(1)} ms  p99 ${r.p99?.toFixed(1)} ms${r.failed ? `  FAILED ${r.failed}` : ''}`,
        );
        const prev = best.get(label);
        if (!prev || r.rps > prev.rps) best.set(label, r);
      }
    const g = best.get(targets[0][0])!;
    const u = best.get(targets[1][0])!;
    const b = best.get(targets[2][0])!;
    const [{ n: stored }] = await db.query<{ n: string }>('select count(*)::bigint as n from cookie_log');
    const [{ n: counted }] = await db.query<{ n: string }>(
      "select coalesce(sum(n), 0)::bigint as n from cookie_stats_daily where dimension = 'total'",
    );

    // the staff screens' reads over a big log
    if (LOG_ROWS > 0) {
      log(`filling the log to ${LOG_ROWS.toLocaleString('en')} rows over the last 60 days…`);
      await db.query('select cookie_log_ensure_partitions(2, 3)');
      const chunk = 500_000;
      for (let done = 0; done < LOG_ROWS; done += chunk) {
        await db.query(
          `insert into cookie_log (created_at, company_id, domain_id, visitor_id, version, method, choices, accepted, path, lang, browser)
           select now() - (random() * interval '59 days'), $1, $2, gen_random_uuid(), 1,
                  (array['accept_all','reject_all','custom'])[1 + (g % 3)], '{"necessary":true,"analytics":true}', '{necessary,analytics}', '/', 'th', 'Chrome'
             from generate_series(1, $3) g`,
          [companyId, domainId, Math.min(chunk, LOG_ROWS - done)],
        );
      }
      await db.query('analyze cookie_log');
    }
    const { logWhere } = await import('../server/modules/cookie/log');
    const page = logWhere(companyId, { domainId });
    const listSql = `select l.created_at, l.visitor_id, l.method, l.choices from cookie_log l where ${page.where} order by l.created_at desc limit 21 offset 0`;
    const methodFilter = logWhere(companyId, { domainId, method: 'custom' });
    const list = await timeIt(50, () => db.query(listSql, page.params));
    const filtered = await timeIt(50, () =>
      db.query(`select l.created_at from cookie_log l where ${methodFilter.where} order by l.created_at desc limit 21`, methodFilter.params),
    );
    const stats = await timeIt(50, () =>
      db.query(`select day, dimension, n from cookie_stats_daily where company_id = $1 and domain_id = $2 and day >= current_date - 90`, [
        companyId,
        domainId,
      ]),
    );
    const [{ rows: total }] = await db.query<{ rows: string }>('select count(*)::bigint as rows from cookie_log');
    await db.close();

    const line = (label: string, r: Result) =>
      `  ${label.padEnd(32)} ${r.rps.toFixed(0).padStart(7)} writes/s   p99 ${r.p99.toFixed(1).padStart(5)} ms`;
    console.log('\nCookie consent log, 100 concurrent senders, durable (each answered after its commit), local PostgreSQL:');
    console.log(line('server, grouped', g));
    console.log(line('server, ungrouped (1 INSERT/req)', u));
    console.log(line('bare node:http + pg, grouped', b));
    console.log(
      `  grouped / ungrouped ${(g.rps / u.rps).toFixed(2)}x (target >= 1.6x); grouped / bare ${((g.rps / b.rps) * 100).toFixed(0)}% (target >= 60%); target >= 15,000/s, p99 <= 20 ms`,
    );
    console.log(
      `  durability: the servers acknowledged ${acknowledged} choices; the roll-up counts ${counted} (>= acknowledged: ${Number(counted) >= acknowledged ? 'yes' : 'NO'}); ${stored} log rows with the bare writer's`,
    );
    console.log(`Staff reads over ${Number(total).toLocaleString('en')} log rows (sequential, one connection):`);
    console.log(`  log page (newest 20 of a domain)       p50 ${list.p50.toFixed(2)} ms  p99 ${list.p99.toFixed(2)} ms`);
    console.log(`  log page filtered by method            p50 ${filtered.p50.toFixed(2)} ms  p99 ${filtered.p99.toFixed(2)} ms`);
    console.log(`  statistics (90 days from the roll-up)  p50 ${stats.p50.toFixed(2)} ms  p99 ${stats.p99.toFixed(2)} ms`);
    console.log(`  ${availableParallelism()} cores; ${ROUNDS} round(s) of ${SECONDS} s after ${WARMUP} s warm-up, best round kept`);
  } finally {
    for (const c of children) await c.stop();
    killAllChildren();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
