import type { PagingQuery } from '../../../contract/http';
import { PLAN_PER_CALL, type Queryable } from '../../db/client';

export const pageOffset = (q: PagingQuery) => (q.currentPage - 1) * q.limit;

/** `%text%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Characters no case mapping touches (Thai, digits, ASCII punctuation, spaces): ILIKE on them is LIKE. */
const UNCASED = /^[\u0E00-\u0E7F\s!-@[-`{-~]*$/;

/**
 * The condition "`column` contains `search`" (case-insensitive for Latin) for `risk_master.name`,
 * its parameters pushed onto `params`. Exactly the substring matches: the ILIKE (LIKE when the
 * term has no cased letters, the same answer for less work) decides; for a term of 4 characters
 * or more the 4-gram index of 0007_risk_search.sql first narrows the rows down.
 */
export function nameSearch(params: unknown[], search: string): string {
  params.push(likePattern(search));
  const match = `name ${UNCASED.test(search) ? 'like' : 'ilike'} $${params.length}`;
  if ([...search].length < 4) return match;
  params.push(search);
  return `risk_name_grams(name) @> risk_search_grams($${params.length}::text) and ${match}`;
}

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
    opts.search
      ? `select count(*)::int as total from risk_master where ${opts.where}`
      : `select ${keptTotal} as total`,
    opts.search ? opts.params : opts.params.slice(0, 2),
  );
  return { rows, total: row?.total ?? 0 };
}
