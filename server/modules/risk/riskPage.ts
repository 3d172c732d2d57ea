import type { PagingQuery } from '../../../contract/http';
import { PLAN_PER_CALL, type Queryable } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { containsSearch } from '../../db/search';

/** "`name` contains `search`" over `risk_master`, narrowed by the grams index of 0007 (`containsSearch`). */
export const nameSearch = (params: unknown[], search: string): string => containsSearch(params, search, ['name'], 'risk_name_grams(name)');

/** Which kept total of `risk_counts` a list without a search shows. */
export type KeptTotal = 'total' | 'handled' | 'unhandled';

/**
 * One page of `risk_master` rows (newest first) and the list's total, in one statement.
 * - Without a search the total is read from `risk_counts` (kept by a trigger), never a count(*)
 *   over the company's rows.
 * - With a search the matches (their ids and times only) are gathered once (materialized: the
 *   search index is scanned once, and the planner cannot choose to walk the page index filtering
 *   every row), counted, and paged; only the page's rows are then read whole.
 * `where` must start with `company_id = $1 and type = $2`.
 */
export async function riskPage<T extends Record<string, unknown>>(
  q: Queryable,
  opts: { columns: string; where: string; params: unknown[]; search: boolean; kept: KeptTotal; paging: PagingQuery },
): Promise<{ rows: T[]; total: number }> {
  const n = opts.params.length;
  const page = `order by created_at desc, id desc limit $${n + 1} offset $${n + 2}`;
  const keptExpression = opts.kept === 'unhandled' ? 'total - handled' : opts.kept;
  const keptTotal = `(select (${keptExpression})::int from risk_counts where company_id = $1 and type = $2)`;
  const sql = opts.search
    ? `${PLAN_PER_CALL} with m as materialized (select id, created_at from risk_master where ${opts.where}),
            p as (select id from m order by created_at desc, id desc limit $${n + 1} offset $${n + 2})
       select ${opts.columns}, (select count(*)::int from m) as list_total
         from risk_master where company_id = $1 and id in (select id from p)
        order by created_at desc, id desc`
    : `select ${opts.columns}, ${keptTotal} as list_total from risk_master where ${opts.where} ${page}`;
  const rows = await q.query<T & { list_total: number | null }>(sql, [...opts.params, opts.paging.limit, pageOffset(opts.paging)]);
  if (rows.length) return { rows, total: rows[0].list_total ?? 0 };
  // a page past the end still tells the total
  const [row] = await q.query<{ total: number | null }>(
    opts.search ? `select count(*)::int as total from risk_master where ${opts.where}` : `select ${keptTotal} as total`,
    opts.search ? opts.params : opts.params.slice(0, 2),
  );
  return { rows, total: row?.total ?? 0 };
}
