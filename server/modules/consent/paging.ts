import type { PagingQuery } from '../../../contract/http';
import type { Queryable } from '../../db/client';
import { pageOffset } from '../risk/paging';

/**
 * One page of a query's rows and the total, in one statement (`count(*) over ()`); a page past the
 * end asks the total alone. The consent lists are a company's own handful to thousands of rows.
 */
export async function pageOf<T extends Record<string, unknown>>(
  q: Queryable,
  opts: { select: string; from: string; where: string; order: string; params: unknown[]; paging: PagingQuery },
): Promise<{ rows: T[]; total: number }> {
  const n = opts.params.length;
  const rows = await q.query<T & { list_total: number }>(
    `select ${opts.select}, count(*) over ()::int as list_total from ${opts.from} where ${opts.where}
      order by ${opts.order} limit $${n + 1} offset $${n + 2}`,
    [...opts.params, opts.paging.limit, pageOffset(opts.paging)],
  );
  if (rows.length) return { rows, total: rows[0].list_total };
  const [{ total }] = await q.query<{ total: number }>(`select count(*)::int as total from ${opts.from} where ${opts.where}`, opts.params);
  return { rows, total };
}

export const iso = (at: Date | string) => new Date(at).toISOString();
