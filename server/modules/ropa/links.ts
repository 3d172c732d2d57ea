import type { Queryable } from '../../db/client';
import { badRequest } from '../../http/errors';

/** Refuses (400) ids that are not rows of the company's `table`: nothing from another company is ever linked. */
export async function checkOwnIds(q: Queryable, companyId: string, table: string, ids: readonly string[], field: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const [{ n }] = await q.query<{ n: number }>(`select count(*)::int as n from ${table} where company_id = $1 and id = any($2::uuid[])`, [
    companyId,
    unique,
  ]);
  if (n !== unique.length) throw badRequest('ropa_unknown_link', { field });
  return unique;
}

/** Replaces the link rows of one record: `delete` then one multi-row insert. */
export async function replaceLinks(
  q: Queryable,
  table: string,
  owner: [string, string],
  target: string,
  ids: readonly string[],
  extra?: [string, string],
) {
  await q.query(`delete from ${table} where ${owner[0]} = $1`, [owner[1]]);
  if (!ids.length) return;
  const cols = [owner[0], target, ...(extra ? [extra[0]] : [])];
  const params = extra ? [owner[1], ids, extra[1]] : [owner[1], ids];
  await q.query(`insert into ${table} (${cols.join(', ')}) select $1, unnest($2::uuid[])${extra ? ', $3' : ''}`, params);
}
