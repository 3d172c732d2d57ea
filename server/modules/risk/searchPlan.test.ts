import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../db/client';
import { migrate } from '../../db/migrate';
import { analyzeStale } from '../../db/statistics';
import { testDatabases } from '../../db/testDatabases';
import { masterPage } from './master';

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

describe.each(testDatabases('pdpa_plan'))('a search over rows loaded without ANALYZE ($name)', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let companyId: string;

  beforeAll(async () => {
    ({ db, drop } = await target.open());
    await migrate(db);
    [{ id: companyId }] = await db.query<{ id: string }>(`insert into companies (code) values ('PLAN') returning id`);
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
