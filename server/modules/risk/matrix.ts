import { MENU } from '../../../contract/menus';
import { DEFAULT_MATRIX, matrixBody, matrixCells, type MatrixCells } from '../../../contract/risk';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { route } from '../../http/route';

const access = { menuId: MENU.riskManagement.menuId } as const;
/** The matrix is one record per company; the REST convention addresses it as `/risk-matrix/company`. */
const params = z.object({ id: z.literal('company') });

export async function companyMatrix(q: Queryable, companyId: string): Promise<MatrixCells> {
  const [row] = await q.query<{ cells: unknown }>('select cells from risk_matrix where company_id = $1', [companyId]);
  return row ? matrixCells.parse(row.cells) : DEFAULT_MATRIX;
}

export const matrixRoutes = [
  route({
    method: 'GET',
    url: '/risk-matrix/:id',
    access,
    params,
    handler: async ({ db, session }) => ({ data: { id: 'company', cells: await companyMatrix(db, session.companyId) } }),
  }),

  route({
    method: 'PUT',
    url: '/risk-matrix/:id',
    access: { ...access, write: true },
    params,
    body: matrixBody,
    handler: async ({ db, session, body }) => {
      await db.query(
        `insert into risk_matrix (company_id, cells) values ($1, $2)
         on conflict (company_id) do update set cells = excluded.cells, updated_at = now()`,
        [session.companyId, JSON.stringify(body.cells)],
      );
      return { data: { id: 'company', cells: body.cells } };
    },
  }),
];
