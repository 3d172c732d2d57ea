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
 *   BENCH_COOKIE_ROWS=0                             no big log (writes only)
 *   BENCH_ROUNDS=5 BENCH_SECONDS=10                 more and longer rounds
 *   BENCH_COOKIE_FLUSHES=2                          a fourth target: the server writing 2 groups at once
 *   BENCH_CPU_PROF=/tmp/prof                        the children's CPU profiles (npx tsx bench/profile.ts /tmp/prof)
 * DATABASE_URL picks the PostgreSQL server (127.0.0.1 only; default postgres://root@127.0.0.1:5432/test).
 * Rounds rotate which target goes first, and each round's ratios are printed with their median: on a
 * shared machine those ratios, not the absolute rates, are what the run can say.
 */
import autocannon from 'autocannon';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { defaultCookieSettings } from '../contract/cookie';
import { openDb, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { issueBeaconToken } from '../server/modules/cookie/token';
import { createCompany, createUser } from '../server/modules/company/create';
import { openSession } from '../server/modules/auth/sessions';
import { killAllChildren, startChild, type Child } from './load';
import { SERVER_URL, databaseUrl } from './common';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SHORT ? 2 : 7));
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? (SHORT ? 1 : 2));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SHORT ? 1 : 3));
const LOG_ROWS = Number(process.env.BENCH_COOKIE_ROWS ?? (SHORT ? 200_000 : 10_000_000));
const CONNECTIONS = 100;
const ORIGIN = 'https://www.bench-shop.example';

const T0 = performance.now();
const log = (text: string) => console.log(`[cookie bench ${((performance.now() - T0) / 1000).toFixed(1).padStart(5)} s] ${text}`);

interface Result {
  /** 2xx replies: acknowledged choices */
  ok: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

/** `CONNECTIONS` senders for `seconds`, each request a new visitor's choice (the per-visitor limit is never reached). */
async function run(db: Db, port: number, domainId: string, seconds: number): Promise<Result> {
  // each visitor's choice carries its token and a submission id, as the banner's does (the token taken here from the same key, not over HTTP)
  const bodies: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const id = randomUUID();
    bodies.push(
      JSON.stringify({
        d: domainId,
        v: 1,
        id,
        m: i % 3 ? 'accept_all' : 'reject_all',
        c: { necessary: true, analytics: i % 3 > 0, marketing: i % 3 > 0 },
        p: '/',
        l: 'th',
        t: await issueBeaconToken(db, domainId, id),
      }),
    );
  }
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
    // each request a new submission (its own id, as the banner gives each choice): none is a repeat the server would skip
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => ({ ...req, body: `${bodies[n++ % bodies.length].slice(0, -1)},"s":"${randomUUID()}"}` }),
      },
    ],
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
    const grouped2 = process.env.BENCH_COOKIE_FLUSHES
      ? await startChild('serve-app.ts', { ...common, COOKIE_LOG_GROUPING: 'on', COOKIE_LOG_FLUSHES: process.env.BENCH_COOKIE_FLUSHES })
      : undefined;
    const ungrouped = await startChild('serve-app.ts', { ...common, COOKIE_LOG_GROUPING: 'off' });
    const bare = await startChild('serve-cookie-bare.ts', { ...common, BENCH_COMPANY_ID: companyId, BENCH_DOMAIN_ID: domainId });
    children.push(grouped, ungrouped, bare);
    if (grouped2) children.push(grouped2);
    const targets = [
      ['server, grouped (2 ms)', grouped],
      ...(grouped2 ? ([[`server, grouped, ${process.env.BENCH_COOKIE_FLUSHES} flushes`, grouped2]] as const) : []),
      ['server, ungrouped', ungrouped],
      ['bare node:http + pg, grouped', bare],
    ] as const;
    const best = new Map<string, Result>();
    const perRound: Array<Map<string, Result>> = [];
    let acknowledged = 0;
    for (let round = 1; round <= ROUNDS; round++)
      // each round starts with another target: on a shared machine no target always gets the quiet (or busy) first slot
      for (const [label, child] of [...targets.slice((round - 1) % targets.length), ...targets.slice(0, (round - 1) % targets.length)]) {
        const warm = WARMUP > 0 ? await run(db, child.port, domainId, WARMUP) : undefined;
        const r = await run(db, child.port, domainId, SECONDS);
        if (child !== bare) acknowledged += r.ok + (warm?.ok ?? 0);
        log(
          `round ${round} ${label.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} writes/s  p50 ${r.p50?.toFixed(1)} ms  p99 ${r.p99?.toFixed(1)} ms${r.failed ? `  FAILED ${r.failed}` : ''}`,
        );
        (perRound[round - 1] ??= new Map()).set(label, r);
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
    let fillSeconds = 0;
    let visitor: string = randomUUID();
    if (LOG_ROWS > 0) {
      log(`filling the log to ${LOG_ROWS.toLocaleString('en')} rows over the last 60 days (generate_series; indexes rebuilt after)…`);
      const fillStarted = performance.now();
      await db.query('select cookie_log_ensure_partitions(2, 3)');
      // a bulk load: the log's indexes are dropped, the rows written by generate_series in chunks
      // (no fsync wait per chunk), then the indexes built once (a sort, not 10 M random inserts)
      const indexes = await db.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'cookie_log'`,
      );
      for (const i of indexes) await db.query(`drop index ${i.indexname}`);
      const chunk = 1_000_000;
      for (let done = 0; done < LOG_ROWS; done += chunk) {
        await db.tx(async (q) => {
          await q.query('set local synchronous_commit = off');
          await q.query(
            `insert into cookie_log (created_at, company_id, domain_id, visitor_id, version, method, choices, accepted, path, lang, browser)
             select now() - (random() * interval '59 days'), $1, $2, gen_random_uuid(), 1,
                    (array['accept_all','reject_all','custom'])[1 + (g % 3)],
                    case when g % 3 = 1 then '{"necessary":true,"analytics":false,"marketing":false}'::jsonb else '{"necessary":true,"analytics":true,"marketing":true}'::jsonb end,
                    case when g % 3 = 1 then '{necessary}'::text[] else '{necessary,analytics,marketing}'::text[] end, '/', 'th', 'Chrome'
               from generate_series($3::bigint, $4::bigint) g`,
            [companyId, domainId, done + 1, Math.min(done + chunk, LOG_ROWS)],
          );
        });
        log(`  ${Math.min(done + chunk, LOG_ROWS).toLocaleString('en')} rows`);
      }
      await db.tx(async (q) => {
        await q.query(`set local maintenance_work_mem = '256MB'`);
        // pg_indexes words a partitioned table's index `on only` (the parent alone): built on every partition here
        for (const i of indexes) await q.query(i.indexdef.replace(/ ON ONLY /i, ' ON '));
      });
      // the roll-up of those rows, as the writer would have kept it
      await db.query(
        `insert into cookie_stats_daily (company_id, domain_id, day, dimension, n)
         select company_id, domain_id, (created_at at time zone 'Asia/Bangkok')::date, d, count(*)
           from cookie_log cross join unnest(array['total', 'method:' || method] || array(select 'cat:' || a from unnest(accepted) a)) d
          where domain_id = $1 group by 1, 2, 3, 4
         on conflict (domain_id, day, dimension) do update set n = cookie_stats_daily.n + excluded.n`,
        [domainId],
      );
      await db.query('vacuum analyze cookie_log');
      [{ visitor_id: visitor }] = await db.query<{ visitor_id: string }>(
        `select visitor_id from cookie_log where created_at < now() - interval '30 days' limit 1`,
      );
      fillSeconds = (performance.now() - fillStarted) / 1000;
      log(`filled in ${fillSeconds.toFixed(0)} s`);
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
    // the same reads as the staff screens make them: through the API of the grouped server, signed in
    const { roles } = { roles: (await db.query<{ id: string }>(`select id from roles where company_id = $1 and builtin = 'admin'`, [companyId]))[0] };
    const userId = await db.tx((q) =>
      createUser(q, companyId, roles.id, {
        username: 'bench',
        password: 'bench-password-1',
        firstname: 'B',
        lastname: 'B',
        email: 'b@example.com',
        role: 'admin',
      }),
    );
    const token = await openSession(db, { userId, companyId }, { ip: '127.0.0.1' });
    const api = (path: string) => async () => {
      const res = await fetch(`http://127.0.0.1:${grouped.port}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const apiReads = {
      'GET /cookie/log (a domain, newest 20)': await timeIt(50, api(`/cookie/log?domainId=${domainId}&currentPage=1&limit=20`)),
      'GET /cookie/log, method=custom': await timeIt(50, api(`/cookie/log?domainId=${domainId}&method=custom&currentPage=1&limit=20`)),
      'GET /cookie/log, accepted marketing': await timeIt(50, api(`/cookie/log?domainId=${domainId}&category=marketing&currentPage=1&limit=20`)),
      // filters no logged choice matches: the roll-up says so, the log is not walked
      'GET /cookie/log, method=gpc (none)': await timeIt(50, api(`/cookie/log?domainId=${domainId}&method=gpc&currentPage=1&limit=20`)),
      'GET /cookie/log, accepted functional (none)': await timeIt(
        50,
        api(`/cookie/log?domainId=${domainId}&category=functional&currentPage=1&limit=20`),
      ),
      'GET /cookie/log, one visitor (history)': await timeIt(50, api(`/cookie/log?visitorId=${visitor}&currentPage=1&limit=20`)),
      'GET /cookie/log, page 50': await timeIt(20, api(`/cookie/log?domainId=${domainId}&currentPage=50&limit=20`)),
      'GET /cookie/stats (90 days)': await timeIt(50, api(`/cookie/stats?domainId=${domainId}&from=${since}`)),
    };
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
    // the same ratios per round (the three runs of a round are back to back, so they share the machine's load), then their median
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratios = (a: string, b: string) => perRound.map((m) => m.get(a)!.rps / m.get(b)!.rps);
    const gu = ratios(targets[0][0], targets[1][0]);
    const gb = ratios(targets[0][0], targets[2][0]);
    console.log(
      `  per round: grouped / ungrouped ${gu.map((x) => x.toFixed(2) + 'x').join(', ')} (median ${median(gu).toFixed(2)}x); grouped / bare ${gb.map((x) => (x * 100).toFixed(0) + '%').join(', ')} (median ${(median(gb) * 100).toFixed(0)}%)`,
    );
    console.log(
      `  durability: the servers acknowledged ${acknowledged} choices; the roll-up counts ${counted} (>= acknowledged: ${Number(counted) >= acknowledged ? 'yes' : 'NO'}); ${stored} log rows with the bare writer's`,
    );
    console.log(`Staff reads over ${Number(total).toLocaleString('en')} log rows (sequential, one connection):`);
    console.log(`  log page (newest 20 of a domain)       p50 ${list.p50.toFixed(2)} ms  p99 ${list.p99.toFixed(2)} ms`);
    console.log(`  log page filtered by method            p50 ${filtered.p50.toFixed(2)} ms  p99 ${filtered.p99.toFixed(2)} ms`);
    console.log(`  statistics (90 days from the roll-up)  p50 ${stats.p50.toFixed(2)} ms  p99 ${stats.p99.toFixed(2)} ms`);
    console.log(`Staff reads through the API (grouped server, signed in, sequential; target p50 <= 50 ms):`);
    for (const [label, t] of Object.entries(apiReads))
      console.log(`  ${label.padEnd(44)} p50 ${t.p50.toFixed(2).padStart(6)} ms  p99 ${t.p99.toFixed(2).padStart(6)} ms`);
    if (LOG_ROWS > 0) console.log(`  (the ${LOG_ROWS.toLocaleString('en')} rows were loaded in ${fillSeconds.toFixed(0)} s)`);
    console.log(`  ${availableParallelism()} cores; ${ROUNDS} round(s) of ${SECONDS} s after ${WARMUP} s warm-up, best round kept`);
  } finally {
    for (const c of children) await c.stop();
    killAllChildren();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
