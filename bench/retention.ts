/**
 * The retention schedule at scale: 10,000 rules (BENCH_RETENTION_ROWS) in one company on PostgreSQL,
 * each over its own category and system, and two items of the due-for-deletion queue a rule, made in a
 * few `insert … select generate_series` statements. The real API server runs in this process; each call
 * is timed one after another (p50, p95 of BENCH_RETENTION_CALLS calls): the rules list's first page
 * (by category, and a search), the queue's first page this month, and the overdue ones. Baseline: the
 * rules list's own SQL sent straight through `pg`. Target: p50 ≤ 50 ms each.
 *
 *   BENCH_ONLY=retention npm run bench                 10,000 rules, 30 calls each
 *   BENCH_ONLY=retention BENCH_SHORT=1 npm run bench   2,000 rules, 10 calls each
 */
import pg from 'pg';
import type { Db } from '../server/db/client';
import { RULE_FROM, RULE_SELECT } from '../server/modules/retention/rows';
import { listQuery, logFor, startApi, timed, withDemoDatabase } from './common';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const ROWS = Number(process.env.BENCH_RETENTION_ROWS ?? (SHORT ? 2_000 : 10_000));
const CALLS = Number(process.env.BENCH_RETENTION_CALLS ?? (SHORT ? 10 : 30));
const TARGET_MS = 50;

const log = logFor('retention');

/** `rows` rules over as many (category, system) pairs (a square of categories by systems), and two queue items each. */
async function generate(db: Db, companyId: string, rows: number) {
  const side = Math.ceil(Math.sqrt(rows));
  await db.query(
    `insert into data_categories (company_id, name, sensitive) select $1, 'หมวดข้อมูลทดสอบ ' || g, g % 9 = 0 from generate_series(1, $2::int) g`,
    [companyId, side],
  );
  await db.query(`insert into datamap_systems (company_id, name) select $1, 'ระบบทดสอบ ' || g from generate_series(1, $2::int) g`, [companyId, side]);
  await db.query(
    `insert into retention_rules (company_id, category_id, system_id, period, unit, start_event, law, legal_reason, end_action, updated_at)
     select $1, c.id, s.id, 1 + (n % 10), (array['days','months','years'])[1 + n % 3], 'collection', null,
            'เหตุผลทางกฎหมายทดสอบ ลำดับที่ ' || n, (array['delete','anonymise','review'])[1 + n % 3], now() - n * interval '1 minute'
       from (select c.id as cid, s.id as sid, row_number() over (order by c.name, s.name) as n
               from data_categories c cross join datamap_systems s
              where c.company_id = $1 and s.company_id = $1 and c.name like 'หมวดข้อมูลทดสอบ%' and s.name like 'ระบบทดสอบ%') p
       join data_categories c on c.id = p.cid join datamap_systems s on s.id = p.sid
      where p.n <= $2`,
    [companyId, rows],
  );
  await db.query(
    `insert into retention_items (company_id, rule_id, system_id, label, category_name, system_name, end_action, started_on, due_on, status,
                                  completed_at, note, deleted_count, backups_expire_on)
     select r.company_id, r.id, r.system_id, 'ชุดข้อมูลทดสอบ ' || k, c.name, s.name, r.end_action, d.day - 365, d.day,
            case when k = 2 and d.day < current_date then 'done' else 'open' end,
            case when k = 2 and d.day < current_date then now() end, case when k = 2 and d.day < current_date then 'ลบแล้ว' end,
            case when k = 2 and d.day < current_date then 10 end, case when k = 2 and d.day < current_date then current_date end
       from retention_rules r join data_categories c on c.id = r.category_id join datamap_systems s on s.id = r.system_id
       cross join generate_series(1, 2) k
       cross join lateral (select current_date + ((hashtext(r.id::text || k) % 400 + 400) % 400) - 200 as day) d
      where r.company_id = $1`,
    [companyId],
  );
  await db.exec('vacuum (analyze) retention_rules, retention_items, data_categories, datamap_systems');
}

export async function retentionBench() {
  await withDemoDatabase('retention', log, async ({ db, url, companyId, dataDir }) => {
    const t = performance.now();
    await generate(db, companyId, ROWS);
    const [{ rules, items }] = await db.query<{ rules: number; items: number }>(
      `select (select count(*)::int from retention_rules where company_id = $1) as rules, (select count(*)::int from retention_items where company_id = $1) as items`,
      [companyId],
    );
    log(
      `${rules.toLocaleString('en')} rules and ${items.toLocaleString('en')} queue items in DEMO, made in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const api = await startApi({ db, dataDir });
    const raw = new pg.Client({ connectionString: url });
    try {
      const get = (path: string) => api.get<{ total: number; data: unknown[] }>(path);
      const calls: [string, string][] = [
        ['rules list (first page, by category)', `/retention-rules${listQuery({ range: [0, 19], sort: ['category', 'ASC'] })}`],
        ['rules list (Thai search)', `/retention-rules${listQuery({ range: [0, 19], sort: ['category', 'ASC'], filter: { search: 'ลำดับที่ 12' } })}`],
        ['due for deletion (this month)', `/retention-due${listQuery({ range: [0, 19], sort: ['dueOn', 'ASC'] })}`],
        ['due for deletion (overdue)', `/retention-due${listQuery({ range: [0, 19], sort: ['dueOn', 'ASC'], filter: { state: 'overdue' } })}`],
      ];
      const first = await get(calls[0][1]);
      if (first.total !== rules || first.data.length !== 20)
        throw new Error(`the rules list answered total=${first.total} rows=${first.data.length}`);

      await raw.connect();
      const listSql = `select ${RULE_SELECT}, count(*) over ()::int as list_total from ${RULE_FROM} where r.company_id = $1
                      order by lower(c.name) asc, r.id limit 20 offset 0`;
      const baseline = await timed(CALLS, () => raw.query(listSql, [companyId]));
      log(`baseline: the rules list's SQL through pg p50 ${baseline.p50.toFixed(1)} ms`);
      const rows = [];
      for (const [call, path] of calls) {
        const r = await timed(CALLS, () => get(path));
        rows.push({
          call,
          p50: r.p50.toFixed(1),
          p95: r.p95.toFixed(1),
          'p50 / SQL baseline': `${(r.p50 / baseline.p50).toFixed(1)}×`,
          [`p50 / ${TARGET_MS} ms`]: (r.p50 / TARGET_MS).toFixed(2),
          'within target': r.p50 <= TARGET_MS ? 'yes' : 'NO',
        });
      }
      console.log(
        `\nRetention schedule with ${rules.toLocaleString('en')} rules and ${items.toLocaleString('en')} queue items in one company, PostgreSQL, ${CALLS} sequential calls each (ms)`,
      );
      console.table(rows);
    } finally {
      await api.close();
      await raw.end().catch(() => undefined);
    }
  });
}
