import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { isUncased } from '../../server/db/search';
import { nameSearch } from '../../server/modules/risk/riskPage';

/**
 * The search index of server/db/migrations/0007_risk_search.sql never loses a match: whenever a
 * name contains a term (ILIKE), the name's grams contain the term's keys. (Extra candidates are
 * fine: the ILIKE that always follows drops them.) On PGlite, and on PostgreSQL with DATABASE_URL.
 */

const NAMES = [
  'การรั่วไหลของข้อมูลลูกค้า ฝ่ายบุคคล ครั้งที่ 1',
  'เวชระเบียนผู้ป่วย สาขาเชียงใหม่',
  'Phishing ผ่านอีเมลปลอมของธนาคาร',
  'ไฟล์ export_ลูกค้า.csv ถูกแชร์สาธารณะ 100%',
  'ÉCOLE Ärzte straße İstanbul ıi',
  // İ and the Kelvin sign lower-case to i and k in PostgreSQL: a Latin term's first-letter check must not lose them
  'İŞ Bankası อุณหภูมิ 300 \u212A',
  'แชร์โฟลเดอร์ \\\\fileserver\\hr โดยไม่ตั้งรหัส',
  'กล้องวงจรปิดบันทึกภาพใบหน้า ๑๒๓',
  'abc',
  'ab  cd\tef',
];

/** Every substring of every name, in three casings, and a few that are in no name. */
function terms(): string[] {
  const out = new Set<string>(['ไม่มีในชื่อใดเลย', 'xyzw', 'ABCDEFGH']);
  for (const name of NAMES) {
    const chars = [...name];
    for (let i = 0; i < chars.length; i++) {
      for (let len = 1; len <= 10 && i + len <= chars.length; len++) {
        const t = chars.slice(i, i + len).join('');
        out.add(t);
        out.add(t.toUpperCase());
        out.add(t.toLowerCase());
      }
    }
  }
  return [...out];
}

async function pgTarget(adminUrl: string): Promise<{ db: Db; drop(): Promise<void> }> {
  const name = `pdpa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    db,
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const targets = [
  { name: 'PGlite', open: async () => ({ db: await openDb({ dataDir: 'memory://' }), drop: async () => {} }) },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', open: () => pgTarget(process.env.DATABASE_URL!) }] : []),
];

describe.each(targets)('risk name search grams on $name', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await open());
    await migrate(db);
    await db.query(`create temporary table names (name text not null)`);
    await db.query(`insert into names select unnest($1::text[])`, [NAMES]);
  });
  afterAll(async () => {
    await drop?.();
  });

  it('gives every name containing a term all of the keys the term asks for', async () => {
    const all = terms();
    const rows = await db.query<{ term: string; name: string; contained: boolean; found: boolean; folded: boolean; plain: boolean }>(
      `select t.term, n.name,
              n.name ilike '%' || replace(replace(replace(t.term, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' as contained,
              risk_name_grams(n.name) @> risk_search_grams(t.term) as found,
              strpos(lower(n.name), lower(t.term)) > 0 as folded,
              strpos(n.name, t.term) > 0 as plain
         from names n, unnest($1::text[]) t(term)`,
      [all],
    );
    expect(rows.length).toBe(all.length * NAMES.length);
    const lost = rows.filter((r) => r.contained && !r.found);
    expect(lost).toEqual([]);
    // a term of 1-3 characters asks 0065's short keys for its one key
    const short = await db.query<{ term: string; name: string }>(
      `select t.term, n.name from names n, unnest($1::text[]) t(term)
        where char_length(t.term) <= 3 and strpos(lower(n.name), lower(t.term)) > 0
          and not search_short_keys(n.name) @> array[hashtext(lower(t.term))]`,
      [all],
    );
    expect(short).toEqual([]);
    // the server's recheck answers as ILIKE does: strpos over lower-cased text, or over the text itself when the term has no cased letters
    expect(rows.filter((r) => r.contained !== (isUncased(r.term) ? r.plain : r.folded))).toEqual([]);
    // and the keys do narrow: most names that do not contain a long term are left out
    const long = rows.filter((r) => [...r.term].length >= 8 && !r.contained);
    expect(long.filter((r) => r.found).length).toBeLessThan(long.length / 10);
  });

  it('asks for no key below 4 characters, one at 4, and at most 8', async () => {
    const [row] = await db.query<{ a: number; b: number; c: number; d: number }>(
      `select coalesce(cardinality(risk_search_grams('ผู้')), 0) as a, cardinality(risk_search_grams('ผู้ป')) as b,
              cardinality(risk_search_grams('ผู้ป่วย')) as c, cardinality(risk_search_grams(repeat('ก', 200))) as d`,
    );
    expect(row).toEqual({ a: 0, b: 1, c: 2, d: 8 });
  });

  it('runs the server condition with the same answer as ILIKE alone', async () => {
    // every cased piece of the names (the first-letter check before the lower-casing must lose nothing), and a few more
    const cased = terms().filter((t) => !isUncased(t));
    for (const term of [
      ...cased,
      'ผู้ป่วย สาขา',
      'ลูกค้า.csv',
      '100%',
      'ab',
      '\\hr',
      'straße',
      'ÄRZTE',
      'ภัย',
      'ก',
      '๑๒',
      'iş bank',
      'İş',
      'k',
      '300 k',
      'ŞB',
    ]) {
      const params: unknown[] = [];
      const { narrow, match } = nameSearch(params, term);
      const condition = narrow ? `${narrow} and ${match}` : match;
      const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from names where ${condition}`, params);
      const [{ n: expected }] = await db.query<{ n: number }>(
        `select count(*)::int as n from names where name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`,
        [term],
      );
      expect(n, term).toBe(expected);
    }
  });
});
