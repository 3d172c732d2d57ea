import type { PagingQuery } from '../../../contract/http';
import type { Queryable } from '../../db/client';

export const pageOffset = (q: PagingQuery) => (q.currentPage - 1) * q.limit;

/** `%text%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Which kept total of `risk_counts` a list without a search shows. */
export type KeptTotal = 'total' | 'handled' | 'unhandled';

/**
 * One page of `risk_master` rows (newest first) and the list's total, in one statement.
 * - Without a search the total is read from `risk_counts` (kept by a trigger), never a count(*)
 *   over the company's rows.
 * - With a search the matches are gathered once (materialized: the trigram index is scanned once,
 *   and the planner cannot choose to walk the page index filtering every row), counted, and paged.
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
    ? `with m as materialized (select ${opts.columns}, created_at as sort_at from risk_master where ${opts.where})
       select m.*, (select count(*)::int from m) as list_total from m order by sort_at desc, id desc
        limit $${n + 1} offset $${n + 2}`
    : `select ${opts.columns}, ${keptTotal} as list_total from risk_master where ${opts.where} ${page}`;
  const rows = await q.query<T & { list_total: number | null }>(sql, [...opts.params, opts.paging.limit, pageOffset(opts.paging)]);
  if (rows.length) return { rows, total: rows[0].list_total ?? 0 };
  // a page past the end still tells the total
  const [row] = await q.query<{ total: number | null }>(
    opts.search
      ? `select count(*)::int as total from risk_master where ${opts.where}`
      : `select ${keptTotal} as total`,
    opts.search ? opts.params : opts.params.slice(0, 2),
  );
  return { rows, total: row?.total ?? 0 };
}
