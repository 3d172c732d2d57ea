import { SEARCH_COUNT_CAP, type PagingQuery } from '../../../contract/http';
import type { Queryable } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { searchParts, type SearchParts } from '../../db/search';

/** "`name` contains `search`" over `risk_master`, narrowed by the grams indexes of 0007 and 0065 (`searchParts`). */
export const nameSearch = (params: unknown[], search: string): SearchParts =>
  searchParts(params, search, ['name'], { grams: 'risk_name_grams(name)', short: 'search_short_keys(name)' });

/** Which kept total of `risk_counts` a list without a search shows. */
export type KeptTotal = 'total' | 'handled' | 'unhandled';

/** How many of the newest rows a search walks before it asks the search index for the matches (see `riskPage`). */
export const SEARCH_WALK = 10_000;

/**
 * One page of `risk_master` rows (newest first) and the list's total, in one statement.
 * - Without a search the total is read from `risk_counts` (kept by a trigger), never a count(*)
 *   over the company's rows.
 * - With a search, the newest SEARCH_COUNT_CAP + 1 matches (ids and times only) are gathered once,
 *   counted and paged; only the page's rows are then read whole. Past the cap the total is the cap
 *   and `capped` says it is a lower bound. How common the term is decides the way to the matches; it
 *   is found out as the statement runs, not guessed by the planner:
 *   1. `w` walks the newest rows through the page index (at most SEARCH_WALK), checking only the
 *      substring, and stops at SEARCH_COUNT_CAP + 1 matches: a term of many rows ends here after
 *      reading a few of them (a word of every row reads the cap's worth), and so does any term when
 *      the walk saw every row of the list (the type's kept total is no more than the walk).
 *   2. Otherwise the term is rare (fewer than the cap in the walked rows): every match is read
 *      through the search index (`search.narrow`, then the substring; a search without one, the
 *      treatment plans', filters every row) and the newest are kept.
 *   Pages go no further than the cap (a page past it is empty).
 *   The second step runs only when the first says so (its gate is a one-time filter), and never
 *   evaluates the index's key function row by row (it is costed as the expensive function it is).
 * `where` must start with `company_id = $1 and type = $2`; `search.match` may name `risk_master`'s columns.
 */
export async function riskPage<T extends Record<string, unknown>>(
  q: Queryable,
  opts: { columns: string; where: string; params: unknown[]; search?: SearchParts; kept: KeptTotal; paging: PagingQuery },
): Promise<{ rows: T[]; total: number; capped: boolean }> {
  const n = opts.params.length;
  const page = `order by created_at desc, id desc limit $${n + 1} offset $${n + 2}`;
  const keptExpression = opts.kept === 'unhandled' ? 'total - handled' : opts.kept;
  const keptTotal = `(select (${keptExpression})::int from risk_counts where company_id = $1 and type = $2)`;
  // the walk saw every row of the list when the type's rows are no more than it reads (the total is kept by
  // inserts and deletes alone, so it is never below what a filter selects)
  const everyRow = `(select total from risk_counts where company_id = $1 and type = $2)`;
  const newest = `order by created_at desc, id desc limit ${SEARCH_COUNT_CAP + 1}`;
  const search = opts.search;
  const found = search ? `${opts.where} and ${search.narrow ? `${search.narrow} and ` : ''}${search.match}` : opts.where;
  const sql = search
    ? `with w as materialized (
              select id, created_at
                from (select * from risk_master where ${opts.where} order by created_at desc, id desc limit ${SEARCH_WALK}) risk_master
               where ${search.match}
               limit ${SEARCH_COUNT_CAP + 1}),
            walked as (select count(*) > ${SEARCH_COUNT_CAP} or coalesce(${everyRow}, 0) <= ${SEARCH_WALK} as enough from w),
            m as materialized (
              (select id, created_at from w where (select enough from walked))
              union all
              (select id, created_at from risk_master where not (select enough from walked) and ${found} ${newest})),
            p as (select id from (select id, created_at from m order by created_at desc, id desc limit ${SEARCH_COUNT_CAP}) c ${page})
       select ${opts.columns}, (select count(*)::int from m) as list_total
         from risk_master where company_id = $1 and id in (select id from p)
        order by created_at desc, id desc`
    : `select ${opts.columns}, ${keptTotal} as list_total from risk_master where ${opts.where} ${page}`;
  const rows = await q.query<T & { list_total: number | null }>(sql, [...opts.params, opts.paging.limit, pageOffset(opts.paging)]);
  // a search's count stops past the cap; a list's kept total is exact whatever its size
  const told = (total: number) =>
    search ? { rows, total: Math.min(total, SEARCH_COUNT_CAP), capped: total > SEARCH_COUNT_CAP } : { rows, total, capped: false };
  if (rows.length) return told(rows[0].list_total ?? 0);
  // a page past the end still tells the total
  const [row] = await q.query<{ total: number | null }>(
    search
      ? `select count(*)::int as total from (select 1 from risk_master where ${found} limit ${SEARCH_COUNT_CAP + 1}) m`
      : `select ${keptTotal} as total`,
    search ? opts.params : opts.params.slice(0, 2),
  );
  return told(row?.total ?? 0);
}
