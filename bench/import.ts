/**
 * Bulk import at scale: 5,000 data map systems (BENCH_IMPORT_ROWS), then 5,000 staff, each kind in one XLSX, each with
 * a department and two data categories named as the template names them, sent to the real API in this
 * process: the preview (read, check every row) and the commit (read, check, write, one transaction),
 * each timed end to end over HTTP. The baseline, in the same process and database: the same rows
 * written in ONE plain multi-row `INSERT … VALUES` (ids already known, no links, no checks), rolled
 * back. Target: the commit of 5,000 rows ≤ 30 s. On PostgreSQL (DATABASE_URL, default the local
 * server; its own database, dropped afterwards) and on the embedded database (PGlite). Figures are as
 * measured on a shared machine; the exit code says only whether the benchmark ran.
 *
 *   BENCH_ONLY=import npm run bench                 5,000 rows
 *   BENCH_ONLY=import BENCH_SHORT=1 npm run bench   1,000 rows
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDb, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { databaseUrl, signIn } from './common';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? (SHORT ? 1_000 : 5_000));
const TARGET_MS = 30_000;

const T0 = performance.now();
const log = (text: string) => console.log(`[import bench ${((performance.now() - T0) / 1000).toFixed(1).padStart(5)} s] ${text}`);

interface Row {
  name: string;
  department: string;
  categories: string[];
  description: string;
}

/** The file an officer would fill: the template's two header rows, then `rows` systems. */
async function workbook(rows: Row[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('ข้อมูล');
  sheet.addRow(['ชื่อระบบหรือชุดข้อมูล *', 'หน่วยงานเจ้าของ', 'ประเภทข้อมูลส่วนบุคคล', 'คำอธิบาย', 'ประเทศที่จัดเก็บ']);
  sheet.addRow(['System or data set *', 'Owner department', 'Personal data categories', 'Description', 'Storage country']);
  for (const r of rows) sheet.addRow([r.name, r.department, r.categories.join(', '), r.description, 'ไทย']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One database: the import over HTTP (preview, commit) and the one-INSERT baseline. */
async function measure(label: string, db: Db, dataDir: string) {
  await migrate(db);
  await seedDemo(db);
  const [{ id: companyId }] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
  const departments = await db.query<{ id: string; name: string }>('select id, name from departments where company_id = $1 order by name', [
    companyId,
  ]);
  const categories = await db.query<{ id: string; name: string }>('select id, name from data_categories where company_id = $1 order by name', [
    companyId,
  ]);
  const tag = randomBytes(3).toString('hex');
  const rows: Row[] = Array.from({ length: ROWS }, (_, i) => ({
    name: `ระบบนำเข้า ${tag} ${String(i + 1).padStart(5, '0')}`,
    department: departments[i % departments.length].name,
    categories: [categories[i % categories.length].name, categories[(i + 3) % categories.length].name],
    description: `ชุดข้อมูลลูกค้าสาขาที่ ${i + 1} เก็บในระบบคลาวด์ภายในประเทศ`,
  }));
  const file = await workbook(rows);
  const body = JSON.stringify({ file: { name: 'systems.xlsx', contentBase64: file.toString('base64') } });

  const config = { ...configFromEnv({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false' } as NodeJS.ProcessEnv), distDir: undefined };
  const app = await buildApp(db, config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(base);
    const post = async (path: string) => {
      const start = performance.now();
      const res = await fetch(`${base}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'th', 'content-type': 'application/json' },
        body,
      });
      const reply = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
      return { ms: performance.now() - start, reply };
    };
    const preview = await post('/datamap-systems/import/preview');
    if (preview.reply.rows !== ROWS || preview.reply.problemCount !== 0) throw new Error(`preview: ${JSON.stringify(preview.reply).slice(0, 300)}`);
    const commit = await post('/datamap-systems/import');
    const [{ n, links }] = await db.query<{ n: number; links: number }>(
      `select count(*)::int as n, (select count(*)::int from datamap_system_categories sc join datamap_systems s on s.id = sc.system_id where s.name like $2) as links
         from datamap_systems where company_id = $1 and name like $2`,
      [companyId, `ระบบนำเข้า ${tag} %`],
    );
    if (n !== ROWS || links !== ROWS * 2) throw new Error(`the import wrote ${n} systems and ${links} links of ${ROWS}`);

    // baseline: the same rows in one plain multi-row INSERT … VALUES, in this process, rolled back
    const values: unknown[] = [];
    const tuples = rows.map((r, i) => {
      values.push(r.name + ' base', departments[i % departments.length].id, r.description, 'ไทย');
      const k = i * 4;
      return `($1, $${k + 2}, $${k + 3}, $${k + 4}, $${k + 5})`;
    });
    let baseMs = 0;
    await db
      .tx(async (q) => {
        const start = performance.now();
        await q.query(`insert into datamap_systems (company_id, name, department_id, description, storage_country) values ${tuples.join(', ')}`, [
          companyId,
          ...values,
        ]);
        baseMs = performance.now() - start;
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });

    console.log(`\nbulk import of ${ROWS.toLocaleString('en')} data map systems (XLSX ${(file.length / 1024).toFixed(0)} KB), ${label}`);
    console.table([
      {
        step: 'preview (read and check every row), over HTTP',
        ms: preview.ms.toFixed(0),
        'ratio to baseline': `${(preview.ms / baseMs).toFixed(1)}×`,
      },
      {
        step: 'import (read, check, write in one transaction), over HTTP',
        ms: commit.ms.toFixed(0),
        'ratio to baseline': `${(commit.ms / baseMs).toFixed(1)}×`,
      },
      { step: 'baseline: the same rows in one multi-row INSERT', ms: baseMs.toFixed(0), 'ratio to baseline': '1.0×' },
      {
        step: `target: import ≤ ${TARGET_MS / 1000} s`,
        ms: `${(commit.ms / TARGET_MS).toFixed(2)} of it`,
        'ratio to baseline': commit.ms <= TARGET_MS ? 'within' : 'OVER',
      },
    ]);
  } finally {
    await app.close();
  }
}

/**
 * The same for staff: 5,000 people (username, names, e-mail, role and department by name), each made
 * without a password and e-mailed an invitation (the development outbox here, in the import's one
 * statement). Baseline: the same people in one plain multi-row INSERT, rolled back.
 */
async function measurePeople(label: string, db: Db, dataDir: string) {
  const [{ id: companyId }] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
  const [role] = await db.query<{ id: string; name: string }>(`select id, name from roles where company_id = $1 and builtin = 'staff'`, [companyId]);
  const departments = await db.query<{ id: string; name: string }>('select id, name from departments where company_id = $1 order by name', [
    companyId,
  ]);
  const tag = randomBytes(3).toString('hex');
  const people = Array.from({ length: ROWS }, (_, i) => ({
    username: `imp.${tag}.${i + 1}`,
    firstname: `พนักงาน${i + 1}`,
    lastname: `นำเข้า${tag}`,
    email: `imp.${tag}.${i + 1}@example.co.th`,
    department: departments[i % departments.length],
  }));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('ข้อมูล');
  // the columns' keys serve as headers as well as their Thai or English names
  sheet.addRow(['username', 'firstname', 'lastname', 'email', 'roleId', 'departmentId']);
  for (const p of people) sheet.addRow([p.username, p.firstname, p.lastname, p.email, role.name, p.department.name]);
  const file = Buffer.from(await book.xlsx.writeBuffer());
  const body = JSON.stringify({ file: { name: 'people.xlsx', contentBase64: file.toString('base64') } });

  const config = { ...configFromEnv({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false' } as NodeJS.ProcessEnv), distDir: undefined };
  const app = await buildApp(db, config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(base);
    const post = async (path: string) => {
      const start = performance.now();
      const res = await fetch(`${base}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'th', 'content-type': 'application/json' },
        body,
      });
      const reply = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
      return { ms: performance.now() - start, reply };
    };
    const preview = await post('/people/import/preview');
    if (preview.reply.rows !== ROWS || preview.reply.problemCount !== 0) throw new Error(`preview: ${JSON.stringify(preview.reply).slice(0, 300)}`);
    const commit = await post('/people/import');
    const [{ n, mails }] = await db.query<{ n: number; mails: number }>(
      `select count(*)::int as n, (select count(*)::int from mail_outbox where to_address like $2) as mails from users where company_id = $1 and username like $3`,
      [companyId, `imp.${tag}.%@example.co.th`, `imp.${tag}.%`],
    );
    if (n !== ROWS || mails !== ROWS) throw new Error(`the import made ${n} people and ${mails} invitations of ${ROWS}`);

    const values: unknown[] = [];
    const tuples = people.map((p, i) => {
      values.push(`${p.username}.base`, p.firstname, p.lastname, p.email, p.department.id);
      const k = i * 5;
      return `($1, $2, '', $${k + 3}, $${k + 4}, $${k + 5}, $${k + 6}, $${k + 7})`;
    });
    let baseMs = 0;
    await db
      .tx(async (q) => {
        const start = performance.now();
        await q.query(
          `insert into users (company_id, role_id, password_hash, username, firstname, lastname, email, department_id) values ${tuples.join(', ')}`,
          [companyId, role.id, ...values],
        );
        baseMs = performance.now() - start;
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });

    console.log(`\nbulk import of ${ROWS.toLocaleString('en')} staff with their invitations (XLSX ${(file.length / 1024).toFixed(0)} KB), ${label}`);
    console.table([
      {
        step: 'preview (read and check every row), over HTTP',
        ms: preview.ms.toFixed(0),
        'ratio to baseline': `${(preview.ms / baseMs).toFixed(1)}×`,
      },
      {
        step: 'import (check, write, invitations in one transaction), over HTTP',
        ms: commit.ms.toFixed(0),
        'ratio to baseline': `${(commit.ms / baseMs).toFixed(1)}×`,
      },
      { step: 'baseline: the same people in one multi-row INSERT', ms: baseMs.toFixed(0), 'ratio to baseline': '1.0×' },
      {
        step: `target: import ≤ ${TARGET_MS / 1000} s`,
        ms: `${(commit.ms / TARGET_MS).toFixed(2)} of it`,
        'ratio to baseline': commit.ms <= TARGET_MS ? 'within' : 'OVER',
      },
    ]);
  } finally {
    await app.close();
  }
}

export async function importBench() {
  // PostgreSQL
  const dbName = `pdpa_bench_import_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  let pgReady = false;
  try {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    pgReady = true;
  } catch (err) {
    log(`PostgreSQL not reachable (${(err as Error).message}): only the embedded database`);
  }
  if (pgReady) {
    const dataDir = mkdtempSync(join(tmpdir(), 'import-bench-'));
    const db = await openDb({ databaseUrl: databaseUrl(dbName) });
    try {
      log(`PostgreSQL database ${dbName}`);
      await measure('PostgreSQL', db, dataDir);
      await measurePeople('PostgreSQL', db, dataDir);
    } finally {
      await db.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  // the embedded database, as a default install runs it
  const dataDir = mkdtempSync(join(tmpdir(), 'import-bench-pglite-'));
  const db = await openDb({ dataDir: join(dataDir, 'pglite') });
  try {
    log('embedded database (PGlite)');
    await measure('embedded PGlite', db, dataDir);
    await measurePeople('embedded PGlite', db, dataDir);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    log('done');
  }
}
