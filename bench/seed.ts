import type { Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { ACTIONS, PLACES, SQL_CREATED_AT, SQL_NAME, SUBJECTS } from './words';

export const BENCH_COMPANY = 'DEMO';

/** Migrates, seeds the demo companies and `rows` risk events (type 1) for DEMO. Returns DEMO's id. */
export async function prepareDb(db: Db, rows: number): Promise<string> {
  await migrate(db);
  await seedDemo(db);
  const [company] = await db.query<{ id: string }>('select id from companies where code = $1', [BENCH_COMPANY]);
  // the demo's own risk register would add its events to the measured total: the bench's register is its own
  await db.query('delete from risk_evaluations where company_id = $1', [company.id]);
  await db.query('delete from risk_master where company_id = $1', [company.id]);
  await bulkEventsRebuildingSearchIndex(db, company.id, 1, rows);
  return company.id;
}

/** How bulk events are named: `sql`, an expression of `g` whose parameters are `params` from $4 on. */
export interface EventNames {
  sql: string;
  params: unknown[];
}

/** The benchmark's usual names (bench/words.ts). */
const WORD_NAMES: EventNames = { sql: SQL_NAME, params: [[...ACTIONS], [...SUBJECTS], [...PLACES]] };

/**
 * Inserts events g = from..to for a company in one `insert … select generate_series`. The
 * `risk_counts` trigger fires per row, so it is off for the load and the total is set once after.
 */
export async function bulkEvents(db: Db, companyId: string, from: number, to: number, names: EventNames = WORD_NAMES) {
  await db.exec('alter table risk_master disable trigger risk_counts_maintain');
  try {
    await db.query(
      `insert into risk_master (company_id, type, name, confidentiality, integrity, availability, created_at, updated_at)
       select $1::uuid, 1, ${names.sql}, g % 3 = 0, g % 5 = 0, g % 7 = 0, t, t
         from generate_series($2::int, $3::int) g, lateral (select ${SQL_CREATED_AT} as t) c`,
      [companyId, from, to, ...names.params],
    );
    await db.query(
      `insert into risk_counts (company_id, type, total, handled)
       select $1::uuid, 1, count(*), count(handle_risk) from risk_master where company_id = $1 and type = 1
       on conflict (company_id, type) do update set total = excluded.total, handled = excluded.handled`,
      [companyId],
    );
  } finally {
    await db.exec('alter table risk_master enable trigger risk_counts_maintain');
  }
  // what autovacuum would do after such a load: flush the GIN pending list, visibility map, statistics
  await db.exec('vacuum (analyze) risk_master');
}

/** The index a search uses (server/db/migrations/0007_risk_search.sql). */
export const SEARCH_INDEX = 'risk_master_name_grams_idx';

/**
 * Runs a large load (the seed, the 1,000,000-event top-up) with risk_master's search indexes (GIN:
 * 0007's grams, 0065's short keys) dropped, then builds them again from their own definitions, which is
 * many times faster than maintaining them row by row; statistics are gathered after.
 */
export async function withoutSearchIndexes(db: Db, load: () => Promise<void>) {
  const indexes = await db.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'risk_master' and indexdef like '%USING gin%'`,
  );
  if (!indexes.some((i) => i.indexname === SEARCH_INDEX)) throw new Error(`${SEARCH_INDEX} is missing: the schema changed`);
  for (const index of indexes) await db.exec(`drop index ${index.indexname}`);
  try {
    await load();
  } finally {
    for (const index of indexes) {
      await db.tx(async (q) => {
        await q.query(`set local maintenance_work_mem = '${db.kind === 'pg' ? '512MB' : '64MB'}'`);
        await q.query(index.indexdef);
      });
    }
  }
  await db.exec('analyze risk_master');
}

/** Events from..to for a company, loaded without the search indexes (`withoutSearchIndexes`). */
export const bulkEventsRebuildingSearchIndex = (db: Db, companyId: string, from: number, to: number, names?: EventNames) =>
  withoutSearchIndexes(db, () => bulkEvents(db, companyId, from, to, names));
