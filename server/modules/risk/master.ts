import { MENU } from '../../../contract/menus';
import { RISK_TYPE, riskCreateBody, riskDeleteBody, riskListQuery, riskUpdateBody, riskListReply } from '../../../contract/risk';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import type { Queryable } from '../../db/client';
import { nameSearch, riskPage } from './riskPage';

const access = { menuId: MENU.riskManagement.menuId } as const;

export interface MasterRow extends Record<string, unknown> {
  id: string;
  name: string;
  confidentiality: boolean;
  integrity: boolean;
  availability: boolean;
  created_at: Date | string;
}

/** An event row as the seed's list replies it (also the benchmark's bare handler's reply). */
export const toEvent = (r: MasterRow) => ({
  _id: r.id,
  name: r.name,
  confidentiality: r.confidentiality,
  integrity: r.integrity,
  availability: r.availability,
  created_dt: new Date(r.created_at).toISOString(),
});
const toPlan = (r: MasterRow) => ({ _id: r.id, name: r.name, created_dt: new Date(r.created_at).toISOString() });

/**
 * One page of a company's events or plans, newest first, and the list's total: what
 * GET /datarisk/list runs (also the benchmark's bare handler, so both send the same statement).
 */
export function masterPage(q: Queryable, companyId: string, query: { type: number; search?: string; currentPage: number; limit: number }) {
  const params: unknown[] = [companyId, query.type];
  return riskPage<MasterRow>(q, {
    columns: 'id, name, confidentiality, integrity, availability, created_at',
    where: 'company_id = $1 and type = $2',
    params,
    search: query.search ? nameSearch(params, query.search) : undefined,
    kept: 'total',
    paging: query,
  });
}

export const masterRoutes = [
  route({
    method: 'GET',
    url: '/datarisk/list',
    access,
    reply: riskListReply,
    query: riskListQuery,
    // a staff list: the hot standby when there is one (this browser's own writes are seen: route.ts)
    handler: async ({ reader, session, query }) => {
      const { rows, total: totalDoc, capped } = await masterPage(reader, session.companyId, query);
      return { riskData: rows.map(query.type === RISK_TYPE.event ? toEvent : toPlan), totalDoc, ...(capped && { totalCapped: true as const }) };
    },
  }),

  route({
    method: 'POST',
    url: '/datarisk/create',
    access: { ...access, write: true },
    body: riskCreateBody,
    handler: async ({ db, session, body }) => {
      const cia = body.type === RISK_TYPE.event ? body.riskCia : undefined;
      const [row] = await db.query<MasterRow>(
        `insert into risk_master (company_id, type, name, confidentiality, integrity, availability)
         values ($1, $2, $3, $4, $5, $6)
         returning id, name, confidentiality, integrity, availability, created_at`,
        [session.companyId, body.type, body.riskMasterData, !!cia?.confidentiality, !!cia?.integrity, !!cia?.availability],
      );
      return { data: body.type === RISK_TYPE.event ? toEvent(row) : toPlan(row) };
    },
  }),

  route({
    method: 'PUT',
    url: '/datarisk/create',
    access: { ...access, write: true },
    body: riskUpdateBody,
    handler: async ({ db, session, body }) => {
      const cia = body.type === RISK_TYPE.event ? body.riskCia : undefined;
      const [row] = await db.query<MasterRow>(
        `update risk_master set name = $4,
                confidentiality = coalesce($5, confidentiality), integrity = coalesce($6, integrity),
                availability = coalesce($7, availability), updated_at = now()
          where id = $1 and company_id = $2 and type = $3
          returning id, name, confidentiality, integrity, availability, created_at`,
        [
          body.dataId,
          session.companyId,
          body.type,
          body.riskMasterData,
          cia?.confidentiality ?? null,
          cia?.integrity ?? null,
          cia?.availability ?? null,
        ],
      );
      if (!row) throw notFound();
      return { data: body.type === RISK_TYPE.event ? toEvent(row) : toPlan(row) };
    },
  }),

  route({
    method: 'POST',
    url: '/datarisk/delete/',
    access: { ...access, write: true },
    body: riskDeleteBody,
    handler: async ({ db, session, body }) => {
      const rows = await db.query('delete from risk_master where id = $1 and company_id = $2 and type = $3 returning id', [
        body.dataId,
        session.companyId,
        body.type,
      ]);
      if (!rows.length) throw notFound();
      return {};
    },
  }),
];
