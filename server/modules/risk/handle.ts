import { MENU } from '../../../contract/menus';
import { RISK_TYPE, handleListQuery, handleUpdateBody, handleListReply } from '../../../contract/risk';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { likePattern } from '../../db/search';
import { riskPage } from './riskPage';

const access = { menuId: MENU.riskManagement.menuId } as const;

/** An evaluation chose a plan for the event (risk_event_plans, 0024_risk_evaluation_plans.sql). */
const PLANNED_IN_EVALUATION = 'exists (select 1 from risk_event_plans ep where ep.risk_id = risk_master.id and ep.n > 0)';

const FILTERS = {
  all: { where: '', kept: 'total' },
  handle: { where: ` and (handle_risk is not null or ${PLANNED_IN_EVALUATION})`, kept: 'handled' },
  'not-handle': { where: ` and handle_risk is null and not ${PLANNED_IN_EVALUATION}`, kept: 'unhandled' },
} as const;

/**
 * The plan an evaluation chose for the event — the type-2 plan's name, or the plan's text — from
 * the evaluation saved last; shown when the RTP has no text of its own for the event.
 */
const EVALUATION_PLAN = `(select coalesce(plan.name, nullif(i.plan_text, ''))
    from risk_evaluation_items i
    join risk_evaluations ev on ev.id = i.evaluation_id
    left join risk_master plan on plan.id = i.plan_id
   where i.risk_id = risk_master.id and risk_item_has_plan(i.plan_id, i.plan_text)
   order by ev.updated_at desc, ev.id desc limit 1)`;

/** The event's name, its RTP text, or an evaluation's plan (its name or text) contains the search. */
const SEARCH = (n: number) => `(name ilike $${n} or handle_risk ilike $${n} or exists (
    select 1 from risk_evaluation_items i left join risk_master plan on plan.id = i.plan_id
     where i.risk_id = risk_master.id and (i.plan_text ilike $${n} or plan.name ilike $${n})))`;

/**
 * The risk-treatment plans (RTP): one row per risk event, with the plan written for it in the RTP or
 * chosen for it in an evaluation (or none yet).
 */
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
      const where = `company_id = $1 and type = $2${filter.where}`;
      const search = query.search ? { match: SEARCH(params.push(likePattern(query.search))) } : undefined;
      const {
        rows,
        total: totalDoc,
        capped,
      } = await riskPage<{
        id: string;
        name: string;
        handle_risk: string | null;
        evaluation_plan: string | null;
        created_at: Date | string;
      }>(db, {
        columns: `id, name, handle_risk, ${EVALUATION_PLAN} as evaluation_plan, created_at`,
        where,
        params,
        search,
        kept: filter.kept,
        paging: query,
      });
      return {
        riskData: rows.map((r) => ({
          _id: r.id,
          event: r.name,
          handleRisk: r.handle_risk ?? r.evaluation_plan,
          fromEvaluation: r.handle_risk === null && r.evaluation_plan !== null,
          created_dt: new Date(r.created_at).toISOString(),
        })),
        totalDoc,
        ...(capped && { totalCapped: true as const }),
      };
    },
  }),

  route({
    method: 'POST',
    url: '/datarisk/handle/update',
    access: { ...access, write: true },
    body: handleUpdateBody,
    handler: async ({ db, session, body }) => {
      const [event] = await db.query<{ handle_risk: string | null; planned_in_evaluation: boolean }>(
        `select handle_risk, ${PLANNED_IN_EVALUATION} as planned_in_evaluation from risk_master
          where id = $1 and company_id = $2 and type = ${RISK_TYPE.event} for update`,
        [body.riskId, session.companyId],
      );
      if (!event) throw notFound();
      // a delete with nothing of the RTP's own to delete: the plan shown is an evaluation's, removed there
      if (body.handleRisk === undefined && event.handle_risk === null && event.planned_in_evaluation) {
        throw new ApiError(409, 'risk_plan_from_evaluation');
      }
      await db.query('update risk_master set handle_risk = $3, handle_updated_at = now() where id = $1 and company_id = $2', [
        body.riskId,
        session.companyId,
        body.handleRisk ?? null,
      ]);
      return {};
    },
  }),
];
