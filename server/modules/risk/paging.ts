import type { PagingQuery } from '../../../contract/http';
import type { Queryable } from '../../db/client';

export const pageOffset = (q: PagingQuery) => (q.currentPage - 1) * q.limit;

/** `%text%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list's total. Without a search it is read from `risk_counts` (kept by a trigger), never a
 * count(*) over the company's rows; a search is selective, so its matches are counted.
 */
export async function totalOf(
  q: Queryable,
  opts: {
    search: boolean;
    countSql: string;
    params: unknown[];
    kept: { companyId: string; type: number; column: 'total' | 'handled' | 'unhandled' };
  },
): Promise<number> {
  if (opts.search) return (await q.query<{ n: number }>(opts.countSql, opts.params))[0].n;
  const expression = opts.kept.column === 'unhandled' ? 'total - handled' : opts.kept.column;
  const [row] = await q.query<{ n: number }>(
    `select (${expression})::int as n from risk_counts where company_id = $1 and type = $2`,
    [opts.kept.companyId, opts.kept.type],
  );
  return row?.n ?? 0;
}
