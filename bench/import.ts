/**
 * Bulk import at scale: 5,000 rows (BENCH_IMPORT_ROWS) of each kind the product imports — data map systems, staff
 * (each invited by e-mail), ROPA activities, processors and knowledge-test questions — each kind in one XLSX whose
 * cells name departments, data categories, systems and choices as the template names them, sent to the real API
 * in this process: the preview (read, check every row) and the commit (read, check, write, one transaction),
 * each timed end to end over HTTP, and what it wrote counted. The baseline, in the same process and database: the
 * same number of rows written in ONE plain multi-row `INSERT … VALUES` into the kind's table (no links, no
 * checks), rolled back. Target: the commit of 5,000 rows ≤ 30 s. On PostgreSQL (DATABASE_URL, default the local
 * server; its own database, dropped afterwards) and on the embedded database (PGlite). Figures are as measured
 * on a shared machine; the exit code says only whether the benchmark ran.
 *
 *   BENCH_ONLY=import npm run bench                 5,000 rows of each kind
 *   BENCH_ONLY=import BENCH_SHORT=1 npm run bench   1,000 rows of each kind
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

/** What a kind's rows may name: the demo company's departments, data categories and staff role. */
interface Named {
  companyId: string;
  departments: { id: string; name: string }[];
  categories: { id: string; name: string }[];
  staffRole: { id: string; name: string };
  /** tells this run's rows apart (names are unique per company) */
  tag: string;
}

interface Kind {
  /** what is imported, for the table's title */
  what: string;
  /** the import's routes: `<url>/import/preview`, `<url>/import` */
  url: string;
  /** the sheet's header rows (a column's key serves as its header as well as its Thai or English name) */
  headers: string[][];
  row(i: number, n: Named): unknown[];
  /** the rows the commit wrote, and anything written with them (links, invitations), as a problem or undefined */
  check(db: Db, n: Named): Promise<string | undefined>;
  /** the baseline's table, its columns after company_id, and one row's values */
  baseline: { table: string; columns: string[]; values(i: number, n: Named): unknown[] };
}

const pad = (i: number) => String(i + 1).padStart(5, '0');
const count = async (db: Db, sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params))[0].n;
const expectRows = (what: string, got: number, want = ROWS) => (got === want ? undefined : `${what}: ${got} of ${want}`);

const KINDS: Kind[] = [
  {
    what: 'data map systems',
    url: '/datamap-systems',
    headers: [
      ['ชื่อระบบหรือชุดข้อมูล *', 'หน่วยงานเจ้าของ', 'ประเภทข้อมูลส่วนบุคคล', 'คำอธิบาย', 'ประเทศที่จัดเก็บ'],
      ['System or data set *', 'Owner department', 'Personal data categories', 'Description', 'Storage country'],
    ],
    row: (i, n) => [
      `ระบบนำเข้า ${n.tag} ${pad(i)}`,
      n.departments[i % n.departments.length].name,
      `${n.categories[i % n.categories.length].name}, ${n.categories[(i + 3) % n.categories.length].name}`,
      `ชุดข้อมูลลูกค้าสาขาที่ ${i + 1} เก็บในระบบคลาวด์ภายในประเทศ`,
      'ไทย',
    ],
    check: async (db, n) => {
      const like = `ระบบนำเข้า ${n.tag} %`;
      const systems = await count(db, 'select count(*)::int as n from datamap_systems where company_id = $1 and name like $2', [n.companyId, like]);
      const links = await count(
        db,
        'select count(*)::int as n from datamap_system_categories sc join datamap_systems s on s.id = sc.system_id where s.company_id = $1 and s.name like $2',
        [n.companyId, like],
      );
      return expectRows('systems', systems) ?? expectRows('category links', links, ROWS * 2);
    },
    baseline: {
      table: 'datamap_systems',
      columns: ['name', 'department_id', 'description', 'storage_country'],
      values: (i, n) => [`ระบบฐาน ${n.tag} ${pad(i)}`, n.departments[i % n.departments.length].id, `ชุดข้อมูลลูกค้าสาขาที่ ${i + 1}`, 'ไทย'],
    },
  },
  {
    what: 'staff with their invitations',
    url: '/people',
    headers: [['username', 'firstname', 'lastname', 'email', 'roleId', 'departmentId']],
    row: (i, n) => [
      `imp.${n.tag}.${i + 1}`,
      `พนักงาน${i + 1}`,
      `นำเข้า${n.tag}`,
      `imp.${n.tag}.${i + 1}@example.co.th`,
      n.staffRole.name,
      n.departments[i % n.departments.length].name,
    ],
    check: async (db, n) => {
      const people = await count(db, 'select count(*)::int as n from users where company_id = $1 and username like $2', [
        n.companyId,
        `imp.${n.tag}.%`,
      ]);
      const mails = await count(db, 'select count(*)::int as n from mail_outbox where to_address like $1', [`imp.${n.tag}.%@example.co.th`]);
      return expectRows('people', people) ?? expectRows('invitations', mails);
    },
    baseline: {
      table: 'users',
      columns: ['role_id', 'password_hash', 'username', 'firstname', 'lastname', 'email', 'department_id'],
      values: (i, n) => [
        n.staffRole.id,
        '',
        `base.${n.tag}.${i + 1}`,
        `พนักงาน${i + 1}`,
        `ฐาน${n.tag}`,
        `base.${n.tag}.${i + 1}@example.co.th`,
        n.departments[i % n.departments.length].id,
      ],
    },
  },
  {
    what: 'ROPA activities (with systems, categories and subjects named)',
    url: '/ropa/activity',
    headers: [
      ['name', 'role', 'departmentId', 'description', 'systemIds', 'categoryIds', 'subjectIds', 'source', 'retention', 'security', 'reviewDate'],
    ],
    row: (i, n) => [
      `กิจกรรมนำเข้า ${n.tag} ${pad(i)}`,
      i % 10 === 0 ? 'processor' : 'controller',
      n.departments[i % n.departments.length].name,
      `ประมวลผลข้อมูลลูกค้ากลุ่มที่ ${i + 1} เพื่อให้บริการตามสัญญา`,
      `ระบบนำเข้า ${n.tag} ${pad(i)}`,
      `${n.categories[i % n.categories.length].name}, ${n.categories[(i + 2) % n.categories.length].name}`,
      '',
      'จากเจ้าของข้อมูลโดยตรง',
      '5 ปีนับจากสิ้นสุดสัญญา',
      'จำกัดสิทธิ์การเข้าถึง เข้ารหัสข้อมูล',
      `${1 + (i % 28)}/${1 + (i % 12)}/2570`,
    ],
    check: async (db, n) => {
      const like = `กิจกรรมนำเข้า ${n.tag} %`;
      const activities = await count(db, 'select count(*)::int as n from ropa_activities where company_id = $1 and name like $2', [
        n.companyId,
        like,
      ]);
      const systems = await count(
        db,
        'select count(*)::int as n from ropa_activity_systems s join ropa_activities a on a.id = s.activity_id where a.company_id = $1 and a.name like $2',
        [n.companyId, like],
      );
      return expectRows('activities', activities) ?? expectRows('system links', systems);
    },
    baseline: {
      table: 'ropa_activities',
      columns: ['name', 'department_id', 'record'],
      values: (i, n) => [
        `กิจกรรมฐาน ${n.tag} ${pad(i)}`,
        n.departments[i % n.departments.length].id,
        JSON.stringify({ description: `กลุ่มที่ ${i + 1}` }),
      ],
    },
  },
  {
    what: 'processors',
    url: '/processor-diligence',
    headers: [['name', 'country', 'contact', 'dpaStatus', 'dpaSignedOn', 'dpaExpiresOn', 'breachNoticeHours', 'reviewOn']],
    row: (i, n) => [
      `ผู้ประมวลผลนำเข้า ${n.tag} ${pad(i)}`,
      i % 4 === 0 ? 'สิงคโปร์' : 'ไทย',
      `คุณผู้ติดต่อ ${i + 1} 02-000-${String(i % 10_000).padStart(4, '0')}`,
      i % 3 === 0 ? 'negotiating' : 'signed',
      i % 3 === 0 ? '' : '1/3/2569',
      i % 3 === 0 ? '' : '28/2/2571',
      24 + (i % 48),
      '1/3/2570',
    ],
    check: async (db, n) =>
      expectRows(
        'processors',
        await count(db, 'select count(*)::int as n from processors where company_id = $1 and name like $2', [
          n.companyId,
          `ผู้ประมวลผลนำเข้า ${n.tag} %`,
        ]),
      ),
    baseline: {
      table: 'processors',
      columns: ['name', 'country', 'contact'],
      values: (i, n) => [`ผู้ประมวลผลฐาน ${n.tag} ${pad(i)}`, 'TH', `คุณผู้ติดต่อ ${i + 1}`],
    },
  },
  {
    what: 'knowledge-test questions',
    url: '/knowledge/questions',
    headers: [
      [
        'topic',
        'kind',
        'textTh',
        'textEn',
        'choice1Th',
        'choice1En',
        'choice2Th',
        'choice2En',
        'choice3Th',
        'choice3En',
        'correct',
        'explanationTh',
        'reference',
      ],
    ],
    row: (i, n) => [
      ['lawful_basis', 'consent', 'dsr', 'breach', 'security'][i % 5],
      i % 4 === 0 ? 'multiple' : 'single',
      `คำถามนำเข้า ${n.tag} ข้อ ${i + 1}: ข้อใดถูกต้องตาม พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคล`,
      `Imported question ${n.tag} no. ${i + 1}: which is right under the PDPA?`,
      'ขอความยินยอมทุกครั้ง',
      'Always ask for consent',
      'ใช้ฐานสัญญาเมื่อจำเป็นต่อการปฏิบัติตามสัญญา',
      'Use the contract basis where the contract needs it',
      'ไม่ต้องแจ้งเจ้าของข้อมูล',
      'Tell the data subject nothing',
      i % 4 === 0 ? '1, 2' : '2',
      'มาตรา 24(3)',
      'ม.24(3)',
    ],
    check: async (db, n) =>
      expectRows(
        'questions',
        await count(db, `select count(*)::int as n from quiz_questions where company_id = $1 and text->>'th' like $2`, [
          n.companyId,
          `คำถามนำเข้า ${n.tag} %`,
        ]),
      ),
    baseline: {
      table: 'quiz_questions',
      columns: ['topic', 'kind', 'text', 'choices', 'correct', 'explanation'],
      values: (i, n) => [
        'consent',
        'single',
        JSON.stringify({ th: `คำถามฐาน ${n.tag} ข้อ ${i + 1}`, en: `Base question ${i + 1}` }),
        JSON.stringify([
          { th: 'ก', en: 'a' },
          { th: 'ข', en: 'b' },
        ]),
        '{1}',
        JSON.stringify({ th: 'มาตรา 19', en: 's.19' }),
      ],
    },
  },
];

/** One kind on one database: the import over HTTP (preview, commit), what it wrote, and the one-INSERT baseline. */
async function measureKind(label: string, db: Db, base: string, token: string, kind: Kind, n: Named) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('ข้อมูล');
  for (const header of kind.headers) sheet.addRow(header);
  for (let i = 0; i < ROWS; i++) sheet.addRow(kind.row(i, n));
  const file = Buffer.from(await book.xlsx.writeBuffer());
  const body = JSON.stringify({ file: { name: 'import.xlsx', contentBase64: file.toString('base64') } });
  const post = async (path: string) => {
    const start = performance.now();
    const res = await fetch(`${base}/api/v1${kind.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'th', 'content-type': 'application/json' },
      body,
    });
    const reply = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${kind.url}${path}: ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
    return { ms: performance.now() - start, reply };
  };
  const preview = await post('/import/preview');
  if (preview.reply.rows !== ROWS || preview.reply.problemCount !== 0)
    throw new Error(`${kind.what}, preview: ${JSON.stringify(preview.reply).slice(0, 400)}`);
  const commit = await post('/import');
  const wrong = await kind.check(db, n);
  if (wrong) throw new Error(`${kind.what}: the import wrote ${wrong}`);

  // baseline: as many rows in one plain multi-row INSERT … VALUES, in this process, rolled back
  const { table, columns, values } = kind.baseline;
  const params: unknown[] = [n.companyId];
  const tuples = Array.from({ length: ROWS }, (_, i) => {
    const row = values(i, n);
    const first = params.length + 1;
    params.push(...row);
    return `($1, ${row.map((_, k) => `$${first + k}`).join(', ')})`;
  });
  let baseMs = 0;
  await db
    .tx(async (q) => {
      const start = performance.now();
      await q.query(`insert into ${table} (company_id, ${columns.join(', ')}) values ${tuples.join(', ')}`, params);
      baseMs = performance.now() - start;
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });

  console.log(`\nbulk import of ${ROWS.toLocaleString('en')} ${kind.what} (XLSX ${(file.length / 1024).toFixed(0)} KB), ${label}`);
  console.table([
    { step: 'preview (read and check every row), over HTTP', ms: preview.ms.toFixed(0), 'ratio to baseline': `${(preview.ms / baseMs).toFixed(1)}×` },
    {
      step: 'import (read, check, write in one transaction), over HTTP',
      ms: commit.ms.toFixed(0),
      'ratio to baseline': `${(commit.ms / baseMs).toFixed(1)}×`,
    },
    { step: `baseline: as many rows in one multi-row INSERT into ${table}`, ms: baseMs.toFixed(0), 'ratio to baseline': '1.0×' },
    {
      step: `target: import ≤ ${TARGET_MS / 1000} s`,
      ms: `${(commit.ms / TARGET_MS).toFixed(2)} of it`,
      'ratio to baseline': commit.ms <= TARGET_MS ? 'within' : 'OVER',
    },
  ]);
}

/** Every kind, in order (the activities name the systems imported first), on one database with the demo company. */
async function measure(label: string, db: Db, dataDir: string) {
  await migrate(db);
  await seedDemo(db);
  const [{ id: companyId }] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
  const named: Named = {
    companyId,
    departments: await db.query('select id, name from departments where company_id = $1 order by name', [companyId]),
    categories: await db.query('select id, name from data_categories where company_id = $1 order by name', [companyId]),
    staffRole: (
      await db.query<{ id: string; name: string }>(`select id, name from roles where company_id = $1 and builtin = 'staff'`, [companyId])
    )[0],
    tag: randomBytes(3).toString('hex'),
  };
  const config = { ...configFromEnv({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false' } as NodeJS.ProcessEnv), distDir: undefined };
  const app = await buildApp(db, config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(base);
    for (const kind of KINDS) await measureKind(label, db, base, token, kind, named);
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
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    log('done');
  }
}
