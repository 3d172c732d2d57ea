import type { Queryable } from './client';

/**
 * The tables whose planner statistics are missing (never analysed: `reltuples` -1) or stale by
 * autovacuum's own rule (more than 50 rows + 10 % of the table changed since the last ANALYZE), in
 * this database's public schema.
 */
const STALE = `
  select c.relname as name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    left join pg_stat_user_tables s on s.relid = c.oid
   where c.relkind = 'r'
     and (c.reltuples < 0 or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0))
   order by c.relname`;

/**
 * Gathers the planner's statistics of every table that lacks them or whose rows changed a lot
 * (ANALYZE samples at most 30,000 rows a table: milliseconds, whatever its size). Without them the
 * planner guesses a handful of rows, walks the page index and filters every row of a search.
 * PGlite has no autovacuum, and a PostgreSQL server may run with `autovacuum = off`: this runs after
 * the migrations, after the demo seed, after a bulk import or a large delete, and with the hourly
 * timed work. Returns the tables analysed.
 */
export async function analyzeStale(q: Queryable): Promise<string[]> {
  // this connection's own counts of changed rows, published now rather than within the second
  await q.query('select pg_stat_force_next_flush()');
  const stale = (await q.query<{ name: string }>(STALE)).map((t) => t.name);
  for (const name of stale) await q.query(`analyze "${name.replace(/"/g, '""')}"`);
  return stale;
}
