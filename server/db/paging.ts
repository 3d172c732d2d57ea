import type { PagingQuery } from '../../contract/http';
import type { Queryable } from './client';

/** A page by rows (react-admin's `range=[from,to]`): `limit` rows after the first `offset`. */
export interface RowRange {
  limit: number;
  offset: number;
}

/** The rows a page skips: pages are numbered from 1. */
export const pageOffset = (q: PagingQuery) => (q.currentPage - 1) * q.limit;

/**
 * One page of a query's rows and the total, in one statement (`count(*) over ()`); a page past the
 * end asks the total alone. For a company's own lists of a handful to thousands of rows; the risk
 * lists, which may hold millions, keep their totals instead (server/modules/risk/riskPage.ts).
 */
export async function pageOf<T extends object>(
  q: Queryable,
  opts: { select: string; from: string; where: string; order: string; params: unknown[]; paging: PagingQuery | RowRange },
): Promise<{ rows: T[]; total: number }> {
  const n = opts.params.length;
  const rows = await q.query<T & { list_total: number }>(
    `select ${opts.select}, count(*) over ()::int as list_total from ${opts.from} where ${opts.where}
      order by ${opts.order} limit $${n + 1} offset $${n + 2}`,
    [...opts.params, opts.paging.limit, 'offset' in opts.paging ? opts.paging.offset : pageOffset(opts.paging)],
  );
  if (rows.length) return { rows: rows.map(({ list_total: _, ...row }) => row as unknown as T), total: rows[0].list_total };
  const [{ total }] = await q.query<{ total: number }>(`select count(*)::int as total from ${opts.from} where ${opts.where}`, opts.params);
  return { rows, total };
}
