/**
 * Connectors at scale: two connected systems, one PostgreSQL and one MariaDB database, each with
 * 1,000,000 customers (BENCH_CONNECTOR_ROWS; 50,000 with BENCH_SHORT) and an index on the e-mail. The real
 * API server runs in this process on a PostgreSQL database of its own, and over HTTP:
 *   - the access pack of one person: the access run in both systems, the pack built with the rows found,
 *     its letter (PDF) and its data (zip) downloaded;
 *   - the erasure of that person in both: the dry run, then both approvals (another user) at once, then
 *     the two erasure certificates (PDF) downloaded;
 *   - meanwhile, the staff list (`/user/contact/list`) called again and again: its p99.
 * Baselines of the same process: the staff list on an idle server, and the person's select sent
 * straight through each driver. Targets: access ≤ 5 s, erasure ≤ 5 s, staff list p99 ≤ 50 ms.
 *
 *   BENCH_ONLY=connectors npm run bench                 1,000,000 customers per system
 *   BENCH_ONLY=connectors BENCH_SHORT=1 npm run bench   50,000
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { withConnection } from '../server/modules/connectors/drivers';
import { answers, serverTarget, testDatabase } from '../server/modules/connectors/testDatabases';
import { databaseUrl, quantile, signIn } from './common';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const ROWS = Number(process.env.BENCH_CONNECTOR_ROWS ?? (SHORT ? 50_000 : 1_000_000));
const CALLS = SHORT ? 20 : 50;
const RUN_TARGET_MS = 5_000;
const LIST_TARGET_MS = 50;
const PERSON = Math.floor(ROWS / 2);

const T0 = performance.now();
const log = (text: string) => console.log(`[connectors bench ${((performance.now() - T0) / 1000).toFixed(1).padStart(5)} s] ${text}`);

const customersTable = (kind: 'postgres' | 'mysql') => [
  `create table customers (id ${kind === 'postgres' ? 'bigserial' : 'bigint auto_increment'} primary key, email varchar(200) not null,
     phone varchar(30), full_name varchar(200), note text)`,
  kind === 'postgres'
    ? `insert into customers (email, phone, full_name, note)
         select 'customer' || g || '@example.com', '08' || lpad(g::text, 8, '0'), 'ลูกค้า ' || g, 'หมายเหตุ ' || g from generate_series(1, ${ROWS}) g`
    : `insert into customers (email, phone, full_name, note)
         select concat('customer', seq, '@example.com'), concat('08', lpad(seq, 8, '0')), concat('ลูกค้า ', seq), concat('หมายเหตุ ', seq) from seq_1_to_${ROWS}`,
  'create index customers_email_idx on customers (email)',
];

export async function connectorsBench() {
  if (!(await answers('postgres')) || !(await answers('mysql'))) {
    log('PostgreSQL or MariaDB does not answer at 127.0.0.1: the connectors benchmark is skipped');
    return;
  }
  const dbName = `pdpa_bench_conn_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'connectors-bench-'));
  const db = await openDb({ databaseUrl: databaseUrl(dbName) });
  const customers: Awaited<ReturnType<typeof testDatabase>>[] = [];
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    log(`database ${dbName}: migrating and seeding the demo`);
    await migrate(db);
    await seedDemo(db);
    for (const kind of ['postgres', 'mysql'] as const) {
      const t = performance.now();
      customers.push(await testDatabase(kind, 'pdpa_bench_customers', customersTable(kind)));
      log(`${kind}: ${ROWS.toLocaleString('en')} customers and the e-mail index made in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }

    const config = { ...configFromEnv({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false' } as NodeJS.ProcessEnv), distDir: undefined };
    app = await buildApp(db, config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const adminToken = await signIn(base);
    const dpoToken = await signIn(base, 'dpo', 'dpo1234567');
    const call = async (method: string, path: string, token = adminToken, body?: unknown) => {
      const res = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'th', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    // the two systems, connected and their customers table chosen, through the API
    for (const [i, kind] of (['postgres', 'mysql'] as const).entries()) {
      const t = serverTarget(kind, customers[i].name);
      const system = (await call('POST', '/datamap-systems', adminToken, { name: `ลูกค้า (${kind}) ${customers[i].name}` })) as {
        data: { id: string };
      };
      await call('PUT', `/datamap-systems/${system.data.id}/connection`, adminToken, {
        kind,
        host: t.host,
        port: t.port,
        database: t.database,
        user: t.user,
        password: t.password,
      });
      await call('PUT', `/datamap-systems/${system.data.id}/connection/tables`, adminToken, {
        tables: [
          {
            schema: kind === 'postgres' ? 'public' : '',
            table: 'customers',
            identity: [
              { column: 'email', kind: 'email' },
              { column: 'phone', kind: 'phone' },
            ],
            columns: [
              { column: 'email', returned: true, erasure: 'delete_row' },
              { column: 'full_name', returned: true, erasure: 'keep' },
              { column: 'note', returned: true, erasure: 'keep' },
            ],
          },
        ],
      });
    }
    const email = `customer${PERSON}@example.com`;
    const [{ id: companyId }] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
    const [{ id: requestId }] = await db.query<{ id: string }>(
      `insert into dsr_requests (company_id, form_id, reference_code, rights, requester_type, subject, email, due_at)
       values ($1, (select id from dsr_forms where company_id = $1 order by created_at limit 1), 'DEMO-BENCH-0001', '{access,erasure}', 'subject', $2, $3,
               now() + interval '30 days') returning id`,
      [companyId, JSON.stringify({ firstname: 'ลูกค้า', lastname: String(PERSON), email }), email],
    );

    // baselines: the staff list on an idle server; the person's select straight through each driver
    const staffList = () => call('GET', '/user/contact/list?kind=staff&currentPage=1&limit=20');
    await staffList();
    const idle: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      await staffList();
      idle.push(performance.now() - t);
    }
    const direct: Record<string, number> = {};
    for (const [i, kind] of (['postgres', 'mysql'] as const).entries()) {
      const sql =
        kind === 'postgres'
          ? 'select email, full_name, note from customers where email = $1'
          : 'select email, full_name, note from customers where email = ?';
      const t = performance.now();
      await withConnection(serverTarget(kind, customers[i].name), (c) => c.query(sql, [email]));
      direct[kind] = performance.now() - t;
    }

    /** Runs `work` while the staff list is called one after another; its time and the list's p99 meanwhile. */
    const whileListing = async (work: () => Promise<unknown>) => {
      let busy = true;
      const during: number[] = [];
      const started = performance.now();
      const running = work().finally(() => (busy = false));
      const lister = (async () => {
        while (busy) {
          const t = performance.now();
          await staffList();
          during.push(performance.now() - t);
        }
      })();
      await running;
      const ms = performance.now() - started;
      await lister;
      return { ms, during };
    };

    let found = 0;
    let packBytes = 0;
    const download = async (path: string) => {
      const res = await fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'th' } });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      return (await res.arrayBuffer()).byteLength;
    };
    const access = await whileListing(async () => {
      await call('POST', `/consents/datasubject/${requestId}/connectors/access`);
      const pack = (await call('POST', '/consents/datasubject/pack', adminToken, { requestId })) as {
        pack: { content: { connectorRows: { rows: unknown[] }[] } };
      };
      found = pack.pack.content.connectorRows.reduce((n, t) => n + t.rows.length, 0);
      const [letter, data] = await Promise.all([
        download(`/consents/datasubject/pack/letter?requestId=${requestId}`),
        download(`/consents/datasubject/pack/data?requestId=${requestId}`),
      ]);
      packBytes = letter + data;
    });
    if (found !== 2) throw new Error(`the access pack holds ${found} database rows, not 2`);
    let erased = 0;
    let certificateBytes = 0;
    const erasure = await whileListing(async () => {
      const dry = (await call('POST', `/consents/datasubject/${requestId}/connectors/erasure`)) as { data: { id: string; status: string }[] };
      if (dry.data.some((r) => r.status !== 'awaiting_approval')) throw new Error(`dry run: ${JSON.stringify(dry.data)}`);
      const done = await Promise.all(
        dry.data.map(
          (r) => call('POST', `/connector-runs/${r.id}/approve`, dpoToken) as Promise<{ data: { status: string; counts: Record<string, number> } }>,
        ),
      );
      erased = done.reduce((n, r) => n + (r.data.status === 'erased' ? Object.values(r.data.counts).reduce((a, b) => a + b, 0) : 0), 0);
      certificateBytes = (await Promise.all(dry.data.map((r) => download(`/connector-runs/${r.id}/certificate`)))).reduce((a, b) => a + b, 0);
    });
    if (erased !== 2) throw new Error(`the erasure erased ${erased} rows, not 2`);

    const p = (xs: number[], q: number) => (xs.length ? quantile(xs, q).toFixed(1) : '-');
    console.log(`\nConnectors: one person among ${ROWS.toLocaleString('en')} customers in each of two systems (PostgreSQL, MariaDB), over HTTP`);
    console.table([
      {
        run: 'access in both + the pack built, letter (PDF) and data (zip) downloaded',
        ms: access.ms.toFixed(0),
        [`/ ${RUN_TARGET_MS / 1000} s target`]: (access.ms / RUN_TARGET_MS).toFixed(3),
        'within target': access.ms <= RUN_TARGET_MS ? 'yes' : 'NO',
        'ratio to the direct selects': (access.ms / (direct.postgres + direct.mysql)).toFixed(1),
      },
      {
        run: 'erasure in both (dry run + two approvals + the two certificates downloaded)',
        ms: erasure.ms.toFixed(0),
        [`/ ${RUN_TARGET_MS / 1000} s target`]: (erasure.ms / RUN_TARGET_MS).toFixed(3),
        'within target': erasure.ms <= RUN_TARGET_MS ? 'yes' : 'NO',
        'ratio to the direct selects': (erasure.ms / (direct.postgres + direct.mysql)).toFixed(1),
      },
    ]);
    console.log(
      `the pack's letter and data: ${(packBytes / 1024).toFixed(0)} KiB; the two certificates: ${(certificateBytes / 1024).toFixed(0)} KiB`,
    );
    console.log(
      `baseline: the person's select straight through the drivers (connect included): PostgreSQL ${direct.postgres.toFixed(1)} ms, MariaDB ${direct.mysql.toFixed(1)} ms`,
    );
    console.log('the staff list (/user/contact/list) meanwhile (ms)');
    const idleP99 = quantile(idle, 0.99);
    console.table(
      [
        { when: 'server idle (baseline)', xs: idle },
        { when: 'during the access pack', xs: access.during },
        { when: 'during the erasure', xs: erasure.during },
      ].map(({ when, xs }) => ({
        when,
        calls: xs.length,
        p50: p(xs, 0.5),
        p99: p(xs, 0.99),
        'p99 / idle p99': xs.length ? (quantile(xs, 0.99) / idleP99).toFixed(2) : '-',
        [`p99 ≤ ${LIST_TARGET_MS} ms`]: xs.length ? (quantile(xs, 0.99) <= LIST_TARGET_MS ? 'yes' : 'NO') : '-',
      })),
    );
  } finally {
    await app?.close();
    await db.close();
    for (const c of customers) await c.drop().catch(() => undefined);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    log('done');
  }
}
