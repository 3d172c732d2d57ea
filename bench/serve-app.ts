/**
 * Child process: the real API server (`buildApp`) on PostgreSQL (BENCH_DATABASE_URL, already
 * seeded by the benchmark) or on the embedded database in memory (seeded here with BENCH_ROWS).
 */
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { BENCH_COMPANY, prepareDb } from './seed';
import { announce, dieWithParent, env, type ExplainRequest } from './ipc';
import { listStatement } from './sql';

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const config = configFromEnv({
  DATABASE_URL: databaseUrl,
  DATA_DIR: env('BENCH_DATA_DIR'),
  // no UI: API only
  DIST_DIR: env('BENCH_DATA_DIR') + '/no-dist',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  PORT: '0',
  HOST: '127.0.0.1',
} as NodeJS.ProcessEnv);

const started = performance.now();
const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
if (databaseUrl) await migrate(db);
else await prepareDb(db, Number(env('BENCH_ROWS')));
const prepareMs = performance.now() - started;

const app = await buildApp(db, config);
dieWithParent(async () => {
  await app.close();
  await db.close();
});
// the benchmark may ask how this database runs the list's page query (the embedded one lives only here)
process.on('message', async (message: ExplainRequest) => {
  if (!message?.explain) return;
  const [company] = await db.query<{ id: string }>('select id from companies where code = $1', [BENCH_COMPANY]);
  const { page, limit, search } = message.explain;
  const statement = await listStatement(company.id, 1, page, limit, search);
  const rows = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze) ${statement.sql}`, statement.params);
  process.send?.({ plan: rows.map((r) => r['QUERY PLAN']) });
});
await app.listen({ port: 0, host: '127.0.0.1' });
announce(app.server, prepareMs, db.kind);
