/**
 * The PDPA control framework over a big company on PostgreSQL: the dashboard bench's company
 * (1,000,000 consent records, 100,000 requests, 10,000 ROPA activities, 1,000 breaches; bench/dashboard.ts)
 * plus 5,000 transfers, 2,000 processors and 20,000 retention items. Timed one call after another, each
 * with a ratio against a baseline of the same process (one request read by its primary key):
 *
 * - the score computed from the modules' data (`computeFramework`, what the timed work and "refresh" run),
 *   target ≤ 200 ms;
 * - the page's calls through the real app (`GET /framework` and `GET /framework/requirements`, served from
 *   the kept snapshot), target p50 ≤ 50 ms.
 *
 *   BENCH_ONLY=framework npm run bench                 1,000,000 / 100,000 / 10,000, 40 calls each
 *   BENCH_ONLY=framework BENCH_SHORT=1 npm run bench   100,000 / 10,000 / 1,000, 15 calls each
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDb, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { openSession } from '../server/modules/auth/sessions';
import { createCompany } from '../server/modules/company/create';
import { computeFramework, refreshFramework } from '../server/modules/framework/snapshot';
import { databaseUrl, logFor, timed } from './common';
import { fill } from './dashboard';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const CALLS = SHORT ? 15 : 40;
const log = logFor('framework');

const time = (fn: () => Promise<unknown>, calls = CALLS) => timed(calls, fn, Math.min(3, calls));

export async function fillMore(db: Db, companyId: string) {
  await db.query(`insert into processors (company_id, name, country) select $1, 'ผู้ประมวลผล ' || i, 'TH' from generate_series(1, 2000) i`, [
    companyId,
  ]);
  await db.query(
    `insert into transfers (company_id, processor_id, country, importer, basis)
     select $1, p.id, 'SG', 'ผู้รับ ' || i, case when i % 3 = 0 then null else 'adequacy' end
       from generate_series(1, 5000) i join lateral (select id from processors where company_id = $1 offset (i % 2000) limit 1) p on true`,
    [companyId],
  );
  await db.query(
    `insert into retention_items (company_id, label, category_name, system_name, end_action, started_on, due_on, status, completed_at, note, deleted_count, backups_expire_on)
     select $1, 'ชุด ' || i, 'หมวด', 'ระบบ', 'delete', current_date - 800, current_date - 400 + i % 800,
            case when i % 4 = 0 then 'done' else 'open' end, case when i % 4 = 0 then now() end,
            case when i % 4 = 0 then 'ลบแล้ว' end, case when i % 4 = 0 then 1 end, case when i % 4 = 0 then current_date end
       from generate_series(1, 20000) i`,
    [companyId],
  );
  await db.query('vacuum analyze');
}

export async function frameworkBench() {
  const name = `pdpa_bench_frame_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-bench-frame-'));
  let db: Db | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    db = await openDb({ databaseUrl: databaseUrl(name), poolSize: 4 });
    await migrate(db);
    const { companyId, roles } = await db.tx((q) => createCompany(q, 'BENCH', { nameTh: 'บริษัททดสอบความเร็ว' }));
    await fill(db, companyId);
    await fillMore(db, companyId);
    log('5,000 transfers, 2,000 processors, 20,000 retention items');
    const q = db;
    const [someDsr] = await q.query<{ id: string }>('select id from dsr_requests where company_id = $1 limit 1', [companyId]);
    const base = await time(() => q.query('select * from dsr_requests where id = $1', [someDsr.id]));
    log(
      `baseline (one request by its primary key): p50 ${base.p50.toFixed(2)} ms, p99 ${base.p99.toFixed(2)} ms; ${CALLS} calls each after 3 warm-up calls`,
    );
    const line = (what: string, r: { p50: number; p99: number }, target: number) =>
      log(
        `${what.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  ${(r.p50 / base.p50).toFixed(1).padStart(6)}x baseline  ${r.p50 <= target ? 'within' : 'OVER'} ${target} ms`,
      );
    line('score computed (refresh)', await time(() => computeFramework(q, companyId)), 200);
    const snapshot = await refreshFramework(q, companyId);
    log(`score ${snapshot.score}; ${snapshot.automatic} of ${snapshot.total} requirements scored automatically`);
    const [user] = await q.query<{ id: string }>(
      `insert into users (company_id, username, password_hash, role_id) values ($1, 'bench', 'not a hash', $2) returning id`,
      [companyId, roles.admin],
    );
    const token = await openSession(q, { userId: user.id, companyId }, { ip: '127.0.0.1' });
    app = await buildApp(db, { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), distDir: undefined });
    const get = (url: string) => async () => {
      const reply = await app!.inject({ url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
      if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
    };
    line('GET /framework (kept snapshot)', await time(get('/framework')), 50);
    line('GET /framework/requirements', await time(get('/framework/requirements')), 50);
    line('GET /framework/requirements/:id', await time(get('/framework/requirements/ropa_complete')), 50);
  } finally {
    await app?.close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}
