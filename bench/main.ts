/**
 * GET /api/v1/datarisk/list under load (autocannon, 10 connections): the API server on PostgreSQL
 * and on the embedded database, against plain json-server and a bare node:http + pg handler holding
 * the same events, measured in the same run; then a Thai substring search over 1,000,000 events.
 *
 *   npm run bench                      full: 100,000 events, 3 rounds of 7 s per run, the 1,000,000 search
 *   npm run bench -- --short           CI: 10,000 events, 2 rounds of 1.5 s, no 1,000,000 search
 *   (or BENCH_SHORT=1 npm run bench)
 *   BENCH_ROWS, BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS override the mode's figures.
 *   BENCH_ONLY=search1m                only the Thai search over 1,000,000 events (no load runs)
 *   BENCH_ONLY=search                  only every kind of search term over 100,000 and 1,000,000 events (bench/searchKinds.ts)
 *   BENCH_ONLY=ropa                    only the records of processing with 5,000 activities (bench/ropa.ts)
 *   BENCH_ONLY=import                  only the bulk import of 5,000 rows of each kind (bench/import.ts)
 *   BENCH_ONLY=retention               only the retention schedule with 10,000 rules (bench/retention.ts)
 *   BENCH_ONLY=connectors              only access and erasure on two connected systems of 1,000,000 customers (bench/connectors.ts)
 *   BENCH_ONLY=readLog                 only what keeping a read of personal data costs (bench/readLog.ts)
 *   BENCH_ONLY=framework               only the PDPA framework's score and page over a big company (bench/framework.ts)
 *   BENCH_ONLY=banner                  only how soon a visitor sees the cookie banner, in Chromium (bench/bannerPaint.ts)
 *
 * DATABASE_URL (default postgres://root@127.0.0.1:5432/test) only names the server: the benchmark
 * creates its own database `pdpa_bench_<random>` there and drops it at the end.
 *
 * Every server runs in its own child process and they all start up front, but only one is under
 * load at a time. The runs go in rounds (every target, then again), and each (target, scenario)
 * keeps its best round: a shared machine slows down whichever run it happens to overlap (cpu.ts
 * reports how busy the other processes were during each run).
 *
 * Benchmarks are not tests: the figures are ratios against baselines of the same run, and the exit
 * code is 0 whatever they are (1 only when the benchmark itself failed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../server/db/client';
import { loadSession } from '../server/modules/auth/sessions';
import { cpuBetween, snapshot, waitForQuiet, type Cpu } from './cpu';
import type { ExplainRequest } from './ipc';
import { killAllChildren, load, startChild, type Child, type LoadResult } from './load';
import { bulkEventsRebuildingSearchIndex, prepareDb, SEARCH_INDEX } from './seed';
import { listStatement, type Statement } from './sql';
import { toEvent } from '../server/modules/risk/master';
import { JSON_COMPANY_ID, SEARCH_TERM, expectedMatches } from './words';
import { SERVER_URL, databaseUrl } from './common';
import { SEARCH_COUNT_CAP } from '../contract/http';
import { SEARCH_WALK } from '../server/modules/risk/riskPage';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
/** only the 1,000,000-event search: no servers, no load */
const ONLY_BIG = process.env.BENCH_ONLY === 'search1m';
const ROWS = Number(process.env.BENCH_ROWS ?? (SHORT ? 10_000 : 100_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SHORT ? 1.5 : 7));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? (SHORT ? 0.5 : 2));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SHORT ? 2 : 3));
/** how long a run may wait for other processes to calm down (CI: not at all) */
const QUIET_WAIT_MS = SHORT ? 0 : 3_000;
const CONNECTIONS = 10;
const BIG_ROWS = 1_000_000;
const SEQUENTIAL_QUERIES = SHORT ? 50 : 200;
const PAGE = 3;
const LIMIT = 20;

type Target = 'server-pg' | 'bare-pg' | 'server-pglite' | 'json-server';
type Scenario = 'page' | 'search';
const TARGETS: Target[] = ['server-pg', 'bare-pg', 'server-pglite', 'json-server'];
const SCENARIOS: Scenario[] = ['page', 'search'];

interface Run extends LoadResult {
  target: Target;
  scenario: Scenario;
  round: number;
  /** CPU used during the measured window, in cores: by the benchmark's processes, by everything else */
  cpu: Cpu;
}

const T0 = performance.now();
const log = (text: string) => console.log(`[bench ${((performance.now() - T0) / 1000).toFixed(1).padStart(5)} s] ${text}`);
const fmt = (n: number | undefined, digits = 1) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(digits));
const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(2)}%`;

// ---- the calls ------------------------------------------------------------------------------

const apiPath = (scenario: Scenario) =>
  `/api/v1/datarisk/list?currentPage=${PAGE}&limit=${LIMIT}&type=1` + (scenario === 'search' ? `&search=${encodeURIComponent(SEARCH_TERM)}` : '');
const jsonServerPath = (scenario: Scenario) =>
  `/riskEvents?companyId=${JSON_COMPANY_ID}&type=1&_sort=created_dt&_order=desc&_page=${PAGE}&_limit=${LIMIT}` +
  (scenario === 'search' ? `&q=${encodeURIComponent(SEARCH_TERM)}` : '');

async function signIn(port: number): Promise<string> {
  const timestamp = String(Date.now());
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/user/signin/${timestamp}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Token ${createHash('sha256').update(timestamp).digest('hex')}`,
    },
    body: JSON.stringify({ username: 'admin', password: 'admin1234', companyCode: 'DEMO' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

interface Endpoint {
  url: string;
  headers: Record<string, string>;
}

/** One call before any load: the reply is right (the page's rows, the expected total), or the benchmark is void. */
async function check(target: Target, { url, headers }: Endpoint, expectedTotal: number) {
  const res = await fetch(url, { headers });
  const body = (await res.json()) as Record<string, unknown>;
  const rows = (target === 'json-server' ? body : body.riskData) as unknown[];
  const total = target === 'json-server' ? Number(res.headers.get('x-total-count')) : (body.totalDoc as number);
  const expectedRows = Math.min(LIMIT, Math.max(0, expectedTotal - (PAGE - 1) * LIMIT));
  if (res.status !== 200 || !Array.isArray(rows) || rows.length !== expectedRows || total !== expectedTotal) {
    throw new Error(
      `${target} ${url}: unexpected reply ${res.status} rows=${Array.isArray(rows) ? rows.length : '?'} total=${total} (expected ${expectedRows} rows of ${expectedTotal})`,
    );
  }
}

async function measure(target: Target, scenario: Scenario, round: number, endpoint: Endpoint, dbName: string): Promise<Run> {
  const quiet = await waitForQuiet(dbName, 0.25, QUIET_WAIT_MS);
  let opened = snapshot();
  let cpu: Cpu = { mine: NaN, load: NaN, server: NaN, pg: NaN, others: NaN, busiest: '' };
  const result = await load({
    ...endpoint,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    onWindow: (edge) => {
      if (edge === 'open') opened = snapshot();
      else cpu = cpuBetween(opened, snapshot(), dbName);
    },
  });
  log(
    `round ${round} ${target.padEnd(13)} ${scenario.padEnd(6)} ${fmt(result.rps).padStart(7)} req/s  p50 ${fmt(result.p50, 2)} ms  p99 ${fmt(result.p99, 2)} ms` +
      `  cpu load ${fmt(cpu.load, 2)} server ${fmt(cpu.server, 2)} pg ${fmt(cpu.pg, 2)} others ${fmt(cpu.others, 2)}` +
      (cpu.others > 0.25 ? ` (busiest other: ${cpu.busiest})` : '') +
      (quiet.waitedMs > 500 ? ` [waited ${(quiet.waitedMs / 1000).toFixed(0)} s for quiet]` : '') +
      (result.failed ? `  FAILED ${result.failed}` : ''),
  );
  return { target, scenario, round, ...result, cpu };
}

/** The best round: other processes on the machine only ever slow a run down. */
function best(runs: Run[]): Run {
  return [...runs].sort((a, b) => b.rps - a.rps)[0];
}

// ---- sequential SQL timings -----------------------------------------------------------------

async function timeSequential(n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, n); i++) await fn(); // warm the cache and the plan
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return { p50: at(50), p99: at(99) };
}

/** The server's own SQL, but sent as named (prepared) statements: planned once per connection. */
function preparedDb(client: pg.Client): Db {
  const name = (sql: string) => 'b' + createHash('sha1').update(sql).digest('hex').slice(0, 20);
  return {
    query: async (sql: string, params?: unknown[]) => (await client.query({ name: name(sql), text: sql, values: params })).rows,
  } as unknown as Db;
}

/** What one request costs, piece by piece, without concurrency (one connection). */
async function serverCosts(db: Db, client: pg.Client, prepared: pg.Client, companyId: string, token: string) {
  const page = await listStatement(companyId, 1, PAGE, LIMIT);
  const search = await listStatement(companyId, 1, PAGE, LIMIT, SEARCH_TERM);
  const preparedQ = preparedDb(prepared);
  const rows = (await client.query(page.sql, page.params)).rows;
  const reply = {
    status: 200,
    riskData: rows.map(toEvent),
    totalDoc: ROWS,
  };
  const n = SEQUENTIAL_QUERIES;
  return {
    'session lookup (loadSession: the session cache, as most calls find it)': await timeSequential(n, () => loadSession(db, token)),
    "session lookup's SQL (a cache miss), named prepared statement": await timeSequential(n, () => loadSession(preparedQ, token)),
    'page statement (page + kept total; index range scan, offset 40)': await timeSequential(n, () => client.query(page.sql, page.params)),
    'page statement as a named prepared statement (as the server sends it)': await timeSequential(n, () => preparedQ.query(page.sql, page.params)),
    'search statement (page + count of the matches; plan below)': await timeSequential(n, () => client.query(search.sql, search.params)),
    "search statement through the server's Db (as the server sends it: unnamed, planned per call)": await timeSequential(n, () =>
      db.query(search.sql, search.params),
    ),
    'search statement as a named prepared statement (one cached plan)': await timeSequential(n, () => preparedQ.query(search.sql, search.params)),
    'JSON.stringify of a 20-row reply': await timeSequential(n * 10, async () => JSON.stringify(reply)),
  };
}

// ---- the 1,000,000-event search -------------------------------------------------------------

interface BigSearch {
  rows: number;
  matches: number;
  /** the search statement (page + count) sent unnamed: planned for its very parameters */
  page: { p50: number; p99: number };
  /** the same through the server's Db, as the server sends it (a search: unnamed, planned per call) */
  prepared: { p50: number; p99: number };
  indexUsed: boolean;
  plan: string[];
  /** the same query with the page index walk forbidden, so that the search index answers */
  indexPlan: string[];
  topUpMs: number;
  cpu: Cpu;
}

/** How a plan finds the rows: its first scan node, the rows the planner expected from it, the run time. */
function planSummary(plan: string[]) {
  const scan = plan.find((l) => /Index Scan|Seq Scan/.test(l)) ?? '';
  const node = scan.match(/(Bitmap Index Scan on \S+|Index Scan(?: Backward)? using \S+ on \S+|Seq Scan on \S+)/)?.[1] ?? '?';
  const heap = plan.find((l) => /Bitmap Heap Scan|Index Scan using|Seq Scan/.test(l)) ?? '';
  const expected = heap.match(/rows=(\d+)/)?.[1];
  const removed = plan.find((l) => l.includes('Rows Removed by Filter'))?.match(/(\d+)/)?.[1];
  const ms = plan.find((l) => l.includes('Execution Time'))?.match(/([\d.]+) ms/)?.[1];
  return `${node}${removed ? ` + substring filter over ${Number(removed) + PAGE * LIMIT} rows` : ''}; planner expected ${expected ?? '?'} matching rows; ${ms ?? '?'} ms`;
}

async function explainPage(client: pg.Client, statement: Statement, forbidPageWalk = false): Promise<string[]> {
  await client.query('begin');
  try {
    if (forbidPageWalk) await client.query('set local enable_indexscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
    return rows.map((r) => r['QUERY PLAN']);
  } finally {
    await client.query('rollback');
  }
}

async function bigSearch(db: Db, client: pg.Client, companyId: string, dbName: string): Promise<BigSearch> {
  const started = performance.now();
  await bulkEventsRebuildingSearchIndex(db, companyId, ROWS + 1, BIG_ROWS);
  const topUpMs = performance.now() - started;
  await waitForQuiet(dbName, 0.25, QUIET_WAIT_MS);
  const opened = snapshot();
  const statement = await listStatement(companyId, 1, PAGE, LIMIT, SEARCH_TERM);
  const page = await timeSequential(SEQUENTIAL_QUERIES, () => client.query(statement.sql, statement.params));
  const prepared = await timeSequential(SEQUENTIAL_QUERIES, () => db.query(statement.sql, statement.params));
  const cpu = cpuBetween(opened, snapshot(), dbName);
  const [first] = (
    await client.query<{ list_total: number }>(
      `select count(*)::int as list_total from risk_master where company_id = $1 and type = 1 and strpos(name, $2) > 0`,
      [companyId, SEARCH_TERM],
    )
  ).rows;
  const plan = await explainPage(client, statement);
  const indexPlan = await explainPage(client, statement, true);
  return {
    rows: BIG_ROWS,
    matches: first?.list_total ?? 0,
    page,
    prepared,
    indexUsed: plan.some((l) => l.includes(SEARCH_INDEX)),
    plan,
    indexPlan,
    topUpMs,
    cpu,
  };
}

// ---- the report -----------------------------------------------------------------------------

function table(headers: string[], rows: string[][], leftColumns = 2) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const cpuNote = (cpu: Cpu) =>
  `cpu during the timing: bench ${fmt(cpu.mine, 2)}, others ${fmt(cpu.others, 2)} cores${cpu.others > 0.25 ? ` (noisy; busiest other: ${cpu.busiest})` : ''}`;

/** The 1,000,000-event search: its timings and its plan. */
function printBig(big: BigSearch) {
  console.log(`\n=== Thai substring search over ${big.rows.toLocaleString('en')} events (PostgreSQL, one company) ===`);
  console.log(
    `term "${SEARCH_TERM}": ${big.matches} matches (${pct(big.matches, big.rows)}); top-up of ${(big.rows - ROWS).toLocaleString('en')} events took ${(big.topUpMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `search statement (page ${PAGE} of ${LIMIT} + the count of the matches), ${SEQUENTIAL_QUERIES} sequential: p50 ${fmt(big.page.p50, 2)} ms, p99 ${fmt(big.page.p99, 2)} ms`,
  );
  console.log(
    `the same through the server's Db (as the server sends it), ${SEQUENTIAL_QUERIES} sequential: p50 ${fmt(big.prepared.p50, 2)} ms, p99 ${fmt(big.prepared.p99, 2)} ms`,
  );
  console.log(cpuNote(big.cpu));
  console.log(`search index used: ${big.indexUsed ? `yes (${SEARCH_INDEX})` : 'NO'}`);
  console.log('EXPLAIN (ANALYZE, BUFFERS) of the search statement:\n' + big.plan.map((l) => '  ' + l).join('\n'));
  console.log(`the same with the page index walk forbidden (enable_indexscan off): ${planSummary(big.indexPlan)}`);
}

function report(
  runs: Run[],
  totals: Record<Scenario, number>,
  costs: { timings: Record<string, { p50: number; p99: number }>; cpu: Cpu },
  searchPlans: Record<string, string[]>,
  big: BigSearch | undefined,
  meta: string[],
) {
  const kept = new Map<string, Run>();
  for (const target of TARGETS) {
    for (const scenario of SCENARIOS) {
      const mine = runs.filter((r) => r.target === target && r.scenario === scenario);
      if (mine.length) kept.set(`${target}/${scenario}`, best(mine));
    }
  }
  const get = (target: Target, scenario: Scenario) => kept.get(`${target}/${scenario}`);

  console.log(`\n=== GET /api/v1/datarisk/list?currentPage=${PAGE}&limit=${LIMIT}&type=1 — autocannon, ${CONNECTIONS} connections, pipelining 1 ===`);
  for (const m of meta) console.log(m);
  console.log(
    '\n' +
      table(
        [
          'target',
          'scenario',
          'req/s',
          'p50 ms',
          'p99 ms',
          'replies',
          'failed',
          'totalDoc',
          'round',
          'cpu load/server/pg',
          'cpu ms/req server/pg',
          'cpu others',
          `req/s of the ${ROUNDS} rounds`,
        ],
        [...kept.values()].map((r) => [
          r.target,
          r.scenario,
          fmt(r.rps),
          fmt(r.p50, 2),
          fmt(r.p99, 2),
          String(r.ok),
          String(r.failed),
          String(totals[r.scenario]),
          String(r.round),
          `${fmt(r.cpu.load, 2)}/${fmt(r.cpu.server, 2)}/${fmt(r.cpu.pg, 2)}`,
          `${fmt((r.cpu.server * 1000) / r.rps, 2)}/${fmt((r.cpu.pg * 1000) / r.rps, 2)}`,
          fmt(r.cpu.others, 2) + (r.cpu.others > 0.25 ? ' noisy' : ''),
          runs
            .filter((x) => x.target === r.target && x.scenario === r.scenario)
            .map((x) => fmt(x.rps))
            .join(' / '),
        ]),
      ),
  );

  const ratio = (a?: Run, b?: Run) => (a && b && b.rps > 0 ? a.rps / b.rps : NaN);
  const checks: [string, string, boolean][] = [];
  const ratioRows: string[][] = [];
  for (const scenario of SCENARIOS) {
    const server = get('server-pg', scenario);
    const bare = get('bare-pg', scenario);
    const json = get('json-server', scenario);
    const lite = get('server-pglite', scenario);
    const pgJson = ratio(server, json);
    const pgBare = ratio(server, bare);
    const liteJson = ratio(lite, json);
    ratioRows.push([
      scenario,
      `${fmt(pgJson)}x`,
      `${fmt(pgBare * 100)}%`,
      `${fmt(liteJson)}x`,
      `${fmt(ratio(bare, json))}x`,
      `${fmt(ratio(lite, server) * 100)}%`,
    ]);
    checks.push([`${scenario}: server-pg / json-server >= 100x`, `${fmt(pgJson)}x`, pgJson >= 100]);
    checks.push([`${scenario}: server-pg / bare-pg >= 70%`, `${fmt(pgBare * 100)}%`, pgBare >= 0.7]);
    checks.push([`${scenario}: server-pg p99 <= 20 ms`, `${fmt(server?.p99, 2)} ms`, (server?.p99 ?? Infinity) <= 20]);
    checks.push([`${scenario}: server-pglite / json-server >= 10x`, `${fmt(liteJson)}x`, liteJson >= 10]);
  }
  console.log(
    '\nRatios (req/s over req/s, same run)\n' +
      table(
        ['scenario', 'server-pg/json-server', 'server-pg/bare-pg', 'server-pglite/json-server', 'bare-pg/json-server', 'server-pglite/server-pg'],
        ratioRows,
        1,
      ),
  );

  if (big) {
    const worst = Math.max(big.page.p50, big.prepared.p50);
    checks.push([`Thai substring search, ${big.rows.toLocaleString('en')} events: page + count p50 <= 10 ms`, `${fmt(worst, 2)} ms`, worst <= 10]);
  }
  const scaleNote =
    ROWS < 100_000
      ? ` (set for 100,000 events; with ${ROWS.toLocaleString('en')}, json-server scans ${Math.round(100_000 / ROWS)}x fewer rows, so the ratios against it are not comparable)`
      : '';
  console.log(
    `\nTargets${scaleNote}\n` +
      table(
        ['target', 'measured', 'verdict'],
        checks.map(([name, value, ok]) => [name, value, ok ? 'PASS' : 'MISS']),
      ),
  );

  console.log(`\nOne request's pieces, sequential on one connection (${ROWS.toLocaleString('en')} events; ${cpuNote(costs.cpu)})`);
  console.log(
    table(
      ['piece', 'p50 ms', 'p99 ms'],
      Object.entries(costs.timings).map(([k, v]) => [k, fmt(v.p50, 3), fmt(v.p99, 3)]),
      1,
    ),
  );

  console.log(`\nHow the search's page query ran (EXPLAIN ANALYZE, "${SEARCH_TERM}", page ${PAGE})`);
  for (const [where, plan] of Object.entries(searchPlans)) console.log(`  ${where}: ${planSummary(plan)}`);

  if (big) printBig(big);

  // what the plans above say, when the search is slow
  // the search walks at most SEARCH_WALK of the newest rows by design (riskPage); a filter over more is a plan gone astray
  const filtered = (plan: string[]) => Math.max(0, ...plan.map((l) => Number(l.match(/Rows Removed by Filter: (\d+)/)?.[1] ?? 0)));
  const walks = Object.entries({ ...searchPlans, ...(big ? { [`PostgreSQL, ${big.rows.toLocaleString('en')} events`]: big.plan } : {}) }).filter(
    ([, plan]) => filtered(plan) > SEARCH_WALK,
  );
  const lines: string[] = [];
  for (const [where, plan] of walks) {
    lines.push(
      `- ${where}: a filter read ${filtered(plan)} rows, more than the walk's ${SEARCH_WALK} (${planSummary(plan)}), instead of asking ${SEARCH_INDEX}.`,
    );
  }
  if (big && Math.max(big.page.p50, big.prepared.p50) > 10) {
    const indexMs = big.indexPlan.find((l) => l.includes('Bitmap Index Scan'))?.match(/actual time=[\d.]+\.\.([\d.]+)/)?.[1];
    lines.push(
      `- ${big.rows.toLocaleString('en')} events: the Bitmap Index Scan on ${SEARCH_INDEX} takes ${indexMs ?? '?'} ms, then all ${big.matches} ` +
        `matches are fetched from the table, rechecked (LIKE/ILIKE) and sorted for page ${PAGE}.`,
    );
  }
  if (lines.length) console.log(['', 'Diagnosis of the search:', ...lines].join('\n'));
}

// ---- the run --------------------------------------------------------------------------------

async function main() {
  const dbName = `pdpa_bench_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-bench-'));
  const admin = new pg.Client({ connectionString: databaseUrl(new URL(SERVER_URL).pathname.slice(1) || 'postgres') });
  let created = false;
  let db: Db | undefined;
  const clients: pg.Client[] = [];
  const children: Child[] = [];

  async function cleanup() {
    await Promise.all(children.map((c) => c.stop().catch(() => {})));
    children.length = 0;
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    clients.length = 0;
    await db?.close().catch(() => {});
    db = undefined;
    rmSync(dataDir, { recursive: true, force: true });
    if (created) {
      try {
        // a closed pool's connections may still be saying goodbye: let them go before forcing the rest
        for (let i = 0; i < 50; i++) {
          const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await admin.query(`drop database if exists ${dbName} with (force)`);
        created = false;
        log(`dropped database ${dbName}`);
      } catch (err) {
        console.error(`could not drop database ${dbName}:`, err);
      }
    }
    await admin.end().catch(() => {});
  }

  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    log('interrupted: stopping the servers and dropping the database');
    killAllChildren();
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const start = async (file: string, env: Record<string, string>) => {
    const child = await startChild(file, env);
    children.push(child);
    return child;
  };

  try {
    if (ONLY_BIG) {
      log(`only the search over ${BIG_ROWS.toLocaleString('en')} events (BENCH_ONLY=search1m)`);
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      created = true;
      const benchUrl = databaseUrl(dbName);
      db = await openDb({ databaseUrl: benchUrl });
      const companyId = await prepareDb(db, ROWS);
      const client = new pg.Client({ connectionString: benchUrl });
      clients.push(client);
      await client.connect();
      log(`seeded ${ROWS.toLocaleString('en')} events; topping up to ${BIG_ROWS.toLocaleString('en')}`);
      printBig(await bigSearch(db, client, companyId, dbName));
      return;
    }
    log(
      `${SHORT ? 'SHORT' : 'FULL'} mode: ${ROWS.toLocaleString('en')} events; ${ROUNDS} rounds of ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured per target and scenario`,
    );
    // the embedded database and json-server prepare their data in their own processes meanwhile
    const pgliteReady = start('serve-app.ts', { BENCH_ROWS: String(ROWS), BENCH_DATA_DIR: join(dataDir, 'pglite') });
    const jsonReady = start('serve-json.ts', { BENCH_ROWS: String(ROWS) });
    pgliteReady.catch(() => {});
    jsonReady.catch(() => {});

    await admin.connect();
    await admin.query(`create database ${dbName}`);
    created = true;
    const benchUrl = databaseUrl(dbName);
    db = await openDb({ databaseUrl: benchUrl });
    const seeded = performance.now();
    const companyId = await prepareDb(db, ROWS);
    log(`PostgreSQL ${dbName}: migrated and seeded ${ROWS.toLocaleString('en')} events in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const totals: Record<Scenario, number> = { page: ROWS, search: expectedMatches(ROWS) };

    const serverPg = await start('serve-app.ts', { BENCH_DATABASE_URL: benchUrl, BENCH_DATA_DIR: join(dataDir, 'pg') });
    const bare = await start('serve-bare.ts', { BENCH_DATABASE_URL: benchUrl, BENCH_COMPANY_ID: companyId });
    const pglite = await pgliteReady;
    const json = await jsonReady;
    log(
      `embedded database (in memory) migrated and seeded in its process in ${(pglite.prepareMs / 1000).toFixed(1)} s; json-server rows built in ${(json.prepareMs / 1000).toFixed(1)} s`,
    );

    const pgToken = await signIn(serverPg.port);
    const liteToken = await signIn(pglite.port);
    const endpoints = new Map<string, Endpoint>();
    const servers: Record<Target, [Child, string | undefined]> = {
      'server-pg': [serverPg, pgToken],
      'bare-pg': [bare, undefined],
      'server-pglite': [pglite, liteToken],
      'json-server': [json, undefined],
    };
    for (const target of TARGETS) {
      const [child, token] = servers[target];
      for (const scenario of SCENARIOS) {
        const endpoint = {
          url: `http://127.0.0.1:${child.port}${target === 'json-server' ? jsonServerPath(scenario) : apiPath(scenario)}`,
          headers: token ? { authorization: `Bearer ${token}` } : ({} as Record<string, string>),
        };
        // a search's total is counted up to SEARCH_COUNT_CAP by the API (json-server counts every match)
        const total = scenario === 'search' && target !== 'json-server' ? Math.min(totals.search, SEARCH_COUNT_CAP) : totals[scenario];
        await check(target, endpoint, total);
        endpoints.set(`${target}/${scenario}`, endpoint);
      }
    }
    log(`every target answers page ${PAGE} with ${LIMIT} of ${totals.page} rows, and the search with ${totals.search} matches`);

    const runs: Run[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of TARGETS) {
        for (const scenario of SCENARIOS) runs.push(await measure(target, scenario, round, endpoints.get(`${target}/${scenario}`)!, dbName));
      }
    }
    const client = new pg.Client({ connectionString: benchUrl });
    const prepared = new pg.Client({ connectionString: benchUrl });
    clients.push(client, prepared);
    await client.connect();
    await prepared.connect();
    const searchPlans: Record<string, string[]> = {
      [`PostgreSQL, ${ROWS.toLocaleString('en')} events`]: await explainPage(client, await listStatement(companyId, 1, PAGE, LIMIT, SEARCH_TERM)),
      [`embedded database, ${ROWS.toLocaleString('en')} events`]: await pglite.ask<string[]>(
        { explain: { page: PAGE, limit: LIMIT, search: SEARCH_TERM } } satisfies ExplainRequest,
        'plan',
      ),
    };
    // only PostgreSQL is needed from here on
    for (const child of [pglite, json, bare, serverPg]) await child.stop();
    children.length = 0;

    log("timing one request's pieces (sequential SQL on one connection)");
    await waitForQuiet(dbName, 0.25, QUIET_WAIT_MS);
    const opened = snapshot();
    const timings = await serverCosts(db, client, prepared, companyId, pgToken);
    const costs = { timings, cpu: cpuBetween(opened, snapshot(), dbName) };

    let big: BigSearch | undefined;
    if (!SHORT) {
      log(`topping PostgreSQL up to ${BIG_ROWS.toLocaleString('en')} events for the search check`);
      big = await bigSearch(db, client, companyId, dbName);
    }

    report(runs, totals, costs, searchPlans, big, [
      `${ROWS.toLocaleString('en')} risk events (type 1) in company DEMO; search "${SEARCH_TERM}" matches ${totals.search} (${pct(totals.search, ROWS)})`,
      `${ROUNDS} rounds, each run ${WARMUP_SECONDS} s warm-up (discarded) + ${SECONDS} s measured, one target at a time; each row keeps its best round (noise only slows a run down)`,
      `servers in their own processes (server: buildApp; bare: node:http + pg.Pool; json-server 0.17 router), load generator in this one; ${availableParallelism()} cores`,
      'cpu: cores used in the measured window by the load generator / the server process / PostgreSQL (the bench database), and by anything else on the machine;',
      'cpu ms/req: CPU time per reply in the server process and in PostgreSQL (json-server and the embedded database have no PostgreSQL part)',
    ]);
  } finally {
    await cleanup();
    log('done');
  }
}

// A connection that DROP DATABASE … WITH (FORCE) ends while its pool is closing reports 57P01 with no
// one left to listen: that is the benchmark tidying up, not a failure.
process.on('uncaughtException', (err: Error & { code?: string }) => {
  if (err?.code === '57P01') return;
  console.error('the benchmark itself failed:', err);
  killAllChildren();
  process.exit(1);
});

// BENCH_ONLY=cookie: the consent log's write path and reads alone (bench/cookie.ts)
// BENCH_ONLY=ropa: the records of processing with 5,000 activities (bench/ropa.ts)
// BENCH_ONLY=transfers: transfers abroad (50,000) and processors' due diligence (2,000) (bench/transfers.ts)
// BENCH_ONLY=dashboard: the dashboard's feeds over a big company (bench/dashboard.ts)
// BENCH_ONLY=import: the bulk import of 5,000 rows of each kind against one multi-row INSERT (bench/import.ts)
// BENCH_ONLY=retention: 10,000 retention rules and the due-for-deletion queue (bench/retention.ts)
// BENCH_ONLY=consentApi: the consent API's check with an API key (bench/consentApi.ts)
// BENCH_ONLY=readLog: what keeping a read of personal data costs the read (bench/readLog.ts)
// BENCH_ONLY=framework: the PDPA framework's score and page over a big company (bench/framework.ts)
const consentApi = () => import('./consentApi').then((m) => m.consentApiBench());
const ONLY: Record<string, () => Promise<unknown>> = {
  consentApi,
  cookie: () => import('./cookie').then((m) => m.cookieBench()),
  banner: () => import('./bannerPaint').then((m) => m.bannerPaintBench()),
  ropa: () => import('./ropa').then((m) => m.ropaBench()),
  transfers: () => import('./transfers').then((m) => m.transfersBench()),
  dashboard: () => import('./dashboard').then((m) => m.dashboardBench()),
  import: () => import('./import').then((m) => m.importBench()),
  retention: () => import('./retention').then((m) => m.retentionBench()),
  connectors: () => import('./connectors').then((m) => m.connectorsBench()),
  readLog: () => import('./readLog').then((m) => m.readLogBench()),
  framework: () => import('./framework').then((m) => m.frameworkBench()),
  search: () => import('./searchKinds').then((m) => m.searchKindsBench()),
};
const scenario = (ONLY[process.env.BENCH_ONLY ?? ''] ?? main)();
scenario.then(
  () => process.exit(0),
  (err) => {
    console.error('the benchmark itself failed:', err);
    killAllChildren();
    process.exit(1);
  },
);
