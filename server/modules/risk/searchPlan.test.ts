import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../db/client';
import { migrate } from '../../db/migrate';
import { analyzeStale } from '../../db/statistics';
import { testDatabases } from '../../db/testDatabases';
import { SEARCH_COUNT_CAP } from '../../../contract/http';
import { masterPage } from './master';
import { SEARCH_WALK } from './riskPage';

const ROWS = 5_000;

/** The plans of the statements `run` sends, as EXPLAIN (FORMAT JSON) shows them. */
async function plansOf(db: Db, run: (q: Queryable) => Promise<unknown>): Promise<string> {
  const sent: { sql: string; params?: unknown[] }[] = [];
  const recording = {
    query: (sql: string, params?: unknown[]) => {
      sent.push({ sql, params });
      return db.query(sql, params);
    },
  } as unknown as Queryable;
  await run(recording);
  const plans = await Promise.all(sent.map(({ sql, params }) => db.query(`explain (format json) ${sql}`, params)));
  return JSON.stringify(plans);
}

/** A migrated database of `target` with one company, `code`. */
async function withCompany(target: ReturnType<typeof testDatabases>[number], code: string) {
  const { db, drop } = await target.open();
  await migrate(db);
  const [{ id: companyId }] = await db.query<{ id: string }>(`insert into companies (code) values ($1) returning id`, [code]);
  return { db, drop, companyId };
}

describe.each(testDatabases('pdpa_plan'))('a search over rows loaded without ANALYZE ($name)', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let companyId: string;

  beforeAll(async () => {
    ({ db, drop, companyId } = await withCompany(target, 'PLAN'));
    // a bulk load in one statement, as an import would make it, with nobody analysing afterwards
    await db.query(
      `insert into risk_master (company_id, type, name, created_at)
       select $1, 1, 'ข้อมูลลูกค้ารั่วไหล ฝ่าย' || (g % 40) || ' ที่ ' || g, now() - g * interval '1 minute'
         from generate_series(1, ${ROWS}) g`,
      [companyId],
    );
  }, 120_000);
  afterAll(() => drop?.());

  it('gathers the missing statistics, and the search then stays on its index', async () => {
    const [{ reltuples: before }] = await db.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'risk_master'`);
    // PostgreSQL's own autovacuum may have been quicker on a server; PGlite has none
    if (before >= 0) expect(before).toBeLessThan(ROWS * 1.5);

    expect(await analyzeStale(db)).toContain('risk_master');
    const [{ reltuples }] = await db.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'risk_master'`);
    expect(reltuples).toBeGreaterThan(ROWS * 0.9);

    const page = (search: string) => (q: Queryable) => masterPage(q, companyId, { type: 1, search, currentPage: 1, limit: 10 });
    const rare = await plansOf(db, page('ที่ 4999'));
    expect(rare).toContain('risk_master_name_grams_idx');
    expect((await masterPage(db, companyId, { type: 1, search: 'ที่ 4999', currentPage: 1, limit: 10 })).total).toBe(1);

    // nothing left to do: a second call analyses nothing
    expect(await analyzeStale(db)).not.toContain('risk_master');
  }, 60_000);
});

describe.each(testDatabases('pdpa_search'))(
  'every way a search finds its matches gives the same page and total as checking every row ($name)',
  (target) => {
    // more rows than the walk reads, so both ways run: the newest rows walked, and the index for a rarer term
    const ROWS = SEARCH_WALK + 3_000;
    let db: Db;
    let drop: () => Promise<void>;
    let companyId: string;

    beforeAll(async () => {
      ({ db, drop, companyId } = await withCompany(target, 'SEARCH'));
      // the search indexes are built after the rows (many times faster than row by row)
      const indexes = await db.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where tablename = 'risk_master' and indexdef like '%USING gin%'`,
      );
      for (const index of indexes) await db.exec(`drop index ${index.indexname}`);
      await db.query(
        `insert into risk_master (company_id, type, name, created_at)
       select $1, 1, 'เหตุที่ ' || g || ' ฝ่าย' || (array['บัญชี','ขาย','ไอที','ผลิต'])[1 + g % 4]
              || case when g % 26 = 0 then ' ผ่าน VPN' else '' end
              || case when g > ${SEARCH_WALK + 500} and g % 3 = 0 then ' ระบบเก่า Lotus' else '' end
              || case when g % 1000 = 7 then ' ภัยร้ายแรง' else '' end,
              timestamptz '2026-01-01' - g * interval '1 minute'
         from generate_series(1, ${ROWS}) g`,
        [companyId],
      );
      for (const index of indexes) await db.exec(index.indexdef);
      await analyzeStale(db);
    }, 300_000);
    afterAll(() => drop?.());

    // [term, what it exercises]
    const TERMS: Array<[string, string]> = [
      ['เหตุที่', 'a word of every row: the walk stops at the cap'],
      ['vpn', 'a Latin term in 1 row of 26, any case: the walk finds the cap'],
      ['ระบบเก่า', 'only in rows older than the walk, more than the cap: the index, capped'],
      ['lotus', 'the same in Latin, lower case against "Lotus"'],
      ['ภัยร้าย', 'a few rows across the table: the index, exact'],
      ['ภัย', 'a short term of those rows: the short keys, exact'],
      ['ที่ 12999', 'one row past the walk'],
      ['ฆ', 'one letter of no row'],
      ['ที่ 1', 'many rows, but fewer in the newest than the cap'],
    ];

    it.each(TERMS)('"%s" (%s)', async (term) => {
      const [{ n }] = await db.query<{ n: number }>(
        `select count(*)::int as n from risk_master where company_id = $1 and strpos(lower(name), lower($2)) > 0`,
        [companyId, term],
      );
      const newest = await db.query<{ name: string }>(
        `select name from risk_master where company_id = $1 and strpos(lower(name), lower($2)) > 0
        order by created_at desc, id desc limit 10 offset 10`,
        [companyId, term],
      );
      const page = await masterPage(db, companyId, { type: 1, search: term, currentPage: 2, limit: 10 });
      expect(page.rows.map((r) => r.name)).toEqual(newest.map((r) => r.name));
      expect(page.total).toBe(Math.min(n, SEARCH_COUNT_CAP));
      expect(page.capped).toBe(n > SEARCH_COUNT_CAP);
    });

    it('counts the list without a search exactly, past the cap', async () => {
      const page = await masterPage(db, companyId, { type: 1, currentPage: 1, limit: 10 });
      expect(page).toMatchObject({ total: ROWS, capped: false });
    });

    it('reads a rare term through its index (the short keys for a short one), and never starts parallel workers', async () => {
      const plan = (search: string) => plansOf(db, (q) => masterPage(q, companyId, { type: 1, search, currentPage: 1, limit: 10 }));
      expect(await plan('ภัย')).toContain('risk_master_name_short_idx');
      expect(await plan('ภัยร้าย')).toContain('risk_master_name_grams_idx');
      expect(await plan('ระบบเก่า')).not.toContain('Gather');
    });
  },
);
