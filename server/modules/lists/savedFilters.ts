import {
  savedFilterBody,
  savedFilterListQuery,
  savedFilterListReply,
  savedFilterParams,
  savedFilterReply,
  type SAVED_FILTER_LISTS,
} from '../../../contract/bulk';
import { MENU } from '../../../contract/menus';
import { iso } from '../../db/rows';
import { ApiError, conflict, notFound } from '../../http/errors';
import { route } from '../../http/route';
import type { Session } from '../../http/session';

/** The menu whose view right a list's saved filters need (the list's own). */
const LIST_MENU: Record<(typeof SAVED_FILTER_LISTS)[number], number> = {
  'ropa-activities': MENU.ropa.menuId,
  breaches: MENU.dataBreach.menuId,
  'datamap-systems': MENU.dataManage.menuId,
  'dsr-requests': MENU.consents.menuId,
  'processor-diligence': MENU.dataManage.menuId,
  'knowledge-standing': MENU.sheets.menuId,
  'knowledge-team': MENU.knowledge.menuId,
};
function checkList(session: Session, list: keyof typeof LIST_MENU) {
  if (!session.menus.has(LIST_MENU[list])) throw new ApiError(403, 'forbidden');
}

interface Row {
  id: string;
  list: string;
  name: string;
  filter: Record<string, unknown>;
  created_at: Date | string;
}
const toRecord = (r: Row) => ({ id: r.id, list: r.list, name: r.name, filter: r.filter, created_dt: iso(r.created_at) });

/** A person's saved filters of a list: their own only (every call is scoped to the session's user). */
export const savedFilterRoutes = [
  route({
    method: 'GET',
    url: '/saved-filters',
    access: 'session',
    query: savedFilterListQuery,
    reply: savedFilterListReply,
    handler: async ({ db, session, query }) => {
      checkList(session, query.list);
      const rows = await db.query<Row>(
        `select id, list, name, filter, created_at from saved_filters where company_id = $1 and user_id = $2 and list = $3 order by lower(name), id`,
        [session.companyId, session.userId, query.list],
      );
      return { data: rows.map(toRecord) };
    },
  }),
  route({
    method: 'POST',
    url: '/saved-filters',
    access: 'session',
    body: savedFilterBody,
    reply: savedFilterReply,
    handler: async ({ db, session, body }) => {
      checkList(session, body.list);
      const [row] = await db.query<Row>(
        `insert into saved_filters (company_id, user_id, list, name, filter) values ($1, $2, $3, $4, $5)
         on conflict (company_id, user_id, list, lower(name)) do nothing
         returning id, list, name, filter, created_at`,
        [session.companyId, session.userId, body.list, body.name, JSON.stringify(body.filter)],
      );
      if (!row) throw conflict('saved_filter_exists');
      return { data: toRecord(row) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/saved-filters/:id',
    access: 'session',
    params: savedFilterParams,
    handler: async ({ db, session, params }) => {
      const rows = await db.query(`delete from saved_filters where company_id = $1 and user_id = $2 and id = $3 returning id`, [
        session.companyId,
        session.userId,
        params.id,
      ]);
      if (!rows.length) throw notFound();
      return {};
    },
  }),
];
