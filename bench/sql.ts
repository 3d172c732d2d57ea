import { likePattern } from '../server/modules/risk/paging';

/**
 * The list's SQL exactly as `server/modules/risk/master.ts` builds it (GET /datarisk/list): the page,
 * and the total (kept in `risk_counts`, counted only when searching).
 */
export function listSql(companyId: string, type: 1 | 2, currentPage: number, limit: number, search?: string) {
  const params: unknown[] = [companyId, type];
  let where = 'company_id = $1 and type = $2';
  if (search) {
    params.push(likePattern(search));
    where += ` and name ilike $${params.length}`;
  }
  return {
    params,
    pageSql: `select id, name, confidentiality, integrity, availability, created_at from risk_master
          where ${where} order by created_at desc, id desc limit ${limit} offset ${(currentPage - 1) * limit}`,
    total: search
      ? { sql: `select count(*)::int as n from risk_master where ${where}`, params }
      : { sql: 'select (total)::int as n from risk_counts where company_id = $1 and type = $2', params: [companyId, type] },
  };
}
