import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/http';
import { buildApp } from '../app';
import { configFromEnv } from '../config';
import type { Db } from '../db/client';
import { migrate } from '../db/migrate';
import { openDb } from '../db/client';
import { seedDemo } from '../db/seed';
import { signinTokenFor } from '../modules/auth/routes';
import { certificatePdf } from '../modules/quiz/certificate';

/**
 * The Thai of every kind of PDF the product writes reads back (pdftotext, search, copy) as
 * the Thai typed. Sarabun draws sara am (ำ) as two glyphs and shifts tone marks over upper vowels; a glyph
 * maps to one text only, so "จำกัด" read back as "จำากัด" and "น้ำ" as "น้ำา".
 */
const NAME = 'บริษัท น้ำใจผู้ควบคุมข้อมูล จำกัด';
const ADDRESS = 'ซอยเหตุการณ์ละเมิด ถนนผู้ควบคุมข้อมูลส่วนบุคคล ตำบลน้ำ';
/** the words that went wrong: sara am, tone marks over upper vowels, ญ and ฐ over lower vowels */
const TYPED = ['จำกัด', 'น้ำใจ', 'เหตุการณ์ละเมิด', 'ผู้ควบคุมข้อมูลส่วนบุคคล', 'ตำบลน้ำ'];
const IN_NAME = ['จำกัด', 'น้ำใจ'];

const textOf = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
/** what `words` pdftotext does not find exactly as typed, with what it read instead near them */
const missing = (pdf: Buffer, words: string[]) => {
  const text = textOf(pdf);
  return words.filter((w) => !text.includes(w)).map((w) => `${w} (read: ${text.replace(/\s+/g, ' ').slice(0, 400)})`);
};

describe('the Thai of every PDF reads back as typed', () => {
  let db: Db;
  let app: FastifyInstance;
  let base = '';
  let token = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-pdftext-'));

  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    await seedDemo(db);
    await db.query(`update companies set detail = detail || jsonb_build_object('nameTh', $1::text, 'address', $2::text) where code = 'DEMO'`, [
      NAME,
      ADDRESS,
    ]);
    app = await buildApp(db, { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), distDir: undefined });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${API_BASE}`;
    const ts = String(Date.now());
    const res = await fetch(`${base}/user/signin/${ts}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', authorization: `Token ${signinTokenFor(ts)}` },
      body: JSON.stringify({ companyCode: 'DEMO', username: 'admin', password: 'admin1234' }),
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const pdf = async (path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        'x-requested-with': 'XMLHttpRequest',
        'accept-language': 'th',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return Buffer.from(await res.arrayBuffer());
  };
  const demo = async (table: string, where = 'true') => {
    const [row] = await db.query<{ id: string }>(
      `select t.id from ${table} t join companies c on c.id = t.company_id where c.code = 'DEMO' and ${where} order by t.id limit 1`,
    );
    expect(row, table).toBeDefined();
    return row.id;
  };

  it('the ROPA register (pdfkit, line by line)', async () => {
    const [{ id: company }] = await db.query<{ id: string }>("select id from companies where code = 'DEMO'");
    await db.query("insert into ropa_activities (company_id, name, record) values ($1, $2, jsonb_build_object('retention', $3::text))", [
      company,
      'ผู้ควบคุมข้อมูลส่วนบุคคล จำกัด',
      'เก็บไว้ห้าปีหลังเหตุการณ์ละเมิด น้ำ',
    ]);
    expect(missing(await pdf('/ropa/report?format=pdf'), [...TYPED.slice(0, 4), 'น้ำ'])).toEqual([]);
  });

  it('the breach letters to the Office and to the data subjects', async () => {
    const id = await demo('breaches');
    expect(missing(await pdf(`/databreach/${id}/letter?kind=office`), TYPED)).toEqual([]);
    expect(missing(await pdf(`/databreach/${id}/letter?kind=subjects`), TYPED)).toEqual([]);
  });

  it("the ROPA register's part on transfers abroad, after the activities", async () => {
    const [transfer] = await db.query<{ importer: string }>(
      "select t.importer from transfers t join companies c on c.id = t.company_id where c.code = 'DEMO' order by t.importer limit 1",
    );
    expect(transfer, 'a demo transfer').toBeDefined();
    const text = textOf(await pdf('/ropa/report?format=pdf'));
    const part = text.indexOf('การโอนข้อมูลไปต่างประเทศ (มาตรา 28-29)');
    expect(part, text.slice(-400)).toBeGreaterThan(0);
    expect(text.slice(part)).toContain(transfer.importer.split(' ')[0]);
  });

  it("the DPO's appointment order", async () => {
    const id = await demo('dpo_appointments');
    expect(missing(await pdf(`/dpo/appointments/${id}/order`), TYPED)).toEqual([]);
  });

  it('a document of the sheets module', async () => {
    // a Thai one: an English document names the company by its English name
    const id = await demo('sheet_documents', "t.lang = 'th'");
    expect(missing(await pdf(`/sheets/${id}/export?format=pdf`), IN_NAME)).toEqual([]);
  });

  it('the risk report', async () => {
    const id = await demo('risk_evaluations');
    expect(missing(await pdf('/datarisk/evaluation/export', { riskIds: [id], format: 'pdf' }), IN_NAME)).toEqual([]);
  });

  it("the board's report of the dashboard", async () => {
    expect(missing(await pdf('/user/dashboard/board-report'), IN_NAME)).toEqual([]);
  });

  it('a certificate of a passed test', async () => {
    const bytes = await certificatePdf(
      {
        code: 'ABC123',
        name: 'นางสาวน้ำฝน ผู้ควบคุมข้อมูลส่วนบุคคล',
        test: 'เหตุการณ์ละเมิด',
        company: NAME,
        score: 90,
        passedAt: '2026-01-15T03:00:00Z',
        verifyUrl: 'https://pdpa.example/certificate/ABC123',
      },
      'th',
    );
    expect(missing(bytes, ['น้ำฝน', 'ผู้ควบคุมข้อมูลส่วนบุคคล', 'เหตุการณ์ละเมิด', ...IN_NAME])).toEqual([]);
  });
});
