import type { Queryable } from '../server/db/client';
import { masterPage } from '../server/modules/risk/master';

/** One SQL statement and its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The statement GET /datarisk/list sends for a page (page and total in one statement), taken from
 * the server's own `masterPage` (server/modules/risk/master.ts), so the benchmark times and
 * explains exactly what the server runs.
 */
export async function listStatement(companyId: string, type: 1 | 2, currentPage: number, limit: number, search?: string): Promise<Statement> {
  let sent: Statement | undefined;
  const recorder: Queryable = {
    async query<T>(sql: string, params?: unknown[]) {
      sent ??= { sql, params: params ?? [] };
      // one row, so that masterPage does not ask again for a page past the end
      return [{ list_total: 0 }] as T[];
    },
  };
  await masterPage(recorder, companyId, { type, currentPage, limit, search });
  if (!sent) throw new Error('masterPage sent no statement');
  return sent;
}
