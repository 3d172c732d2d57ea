import { MENU } from '../../../contract/menus';
import { RISK_TYPE, handleListQuery, handleUpdateBody, handleListReply } from '../../../contract/risk';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { likePattern } from '../../db/search';
import { riskPage } from './riskPage';

const access = { menuId: MENU.riskManagement.menuId } as const;

const FILTERS = {
  all: { where: '', kept: 'total' },
  handle: { where: ' and handle_risk is not null', kept: 'handled' },
  'not-handle': { where: ' and handle_risk is null', kept: 'unhandled' },
} as const;

/** The risk-treatment plans (RTP): one row per risk event, with the plan written for it (or none yet). */
export const handleRoutes = [
  route({
    method: 'GET',
    url: '/datarisk/handle/list',
    access,
    reply: handleListReply,
    query: handleListQuery,
    handler: async ({ db, session, query }) => {
      const filter = FILTERS[query.type];
      const params: unknown[] = [session.companyId, RISK_TYPE.event];
      let where = `company_id = $1 and type = $2${filter.where}`;
      if (query.search) {
        params.push(likePattern(query.search));
        where += ` and (name ilike $3 or handle_risk ilike $3)`;
      }
      const { rows, total: totalDoc } = await riskPage<{ id: string; name: string; handle_risk: string | null; created_at: Date | string }>(db, {
        columns: 'id, name, handle_risk, created_at',
        where,
        params,
        search: Boolean(query.search),
        kept: filter.kept,
        paging: query,
      });
      return {
        riskData: rows.map((r) => ({
          _id: r.id,
          event: r.name,
          handleRisk: r.handle_risk,
          created_dt: new Date(r.created_at).toISOString(),
        })),
        totalDoc,
      };
    },
  }),

  route({
    method: 'POST',
    url: '/datarisk/handle/update',
    access: { ...access, write: true },
    body: handleUpdateBody,
    handler: async ({ db, session, body }) => {
      const rows = await db.query(
        `update risk_master set handle_risk = $3, handle_updated_at = now()
          where id = $1 and company_id = $2 and type = ${RISK_TYPE.event} returning id`,
        [body.riskId, session.companyId, body.handleRisk ?? null],
      );
      if (!rows.length) throw notFound();
      return {};
    },
  }),
];
