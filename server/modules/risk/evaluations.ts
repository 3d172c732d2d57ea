import { MENU } from '../../../contract/menus';
import {
  RISK_TYPE,
  evaluationBody,
  evaluationHeaderQuery,
  missingTreatment,
  scoreItem,
  type EvaluationBody,
  type EvaluationItem,
  type RiskCode,
  evaluationHeaderReply,
  evaluationLink,
} from '../../../contract/risk';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { companyMatrix } from './matrix';
import { pageOffset } from '../../db/paging';
import { likePattern } from '../../db/search';

const access = { menuId: MENU.riskManagement.menuId } as const;
const idParams = z.object({ id: z.string().uuid() });

interface ItemRow {
  risk_id: string;
  event: string;
  confidentiality: boolean;
  integrity: boolean;
  availability: boolean;
  ratings: EvaluationItem['ratings'];
  code: RiskCode | null;
  owner: string | null;
  treatment: EvaluationItem['treatment'];
  plan_id: string | null;
  plan_name: string | null;
  plan_text: string | null;
  due_date: string | null;
  residual_likelihood: number | null;
  residual_impact: number | null;
  residual_code: RiskCode | null;
}

async function loadEvaluation(q: Queryable, companyId: string, id: string) {
  const [header] = await q.query<{ id: string; name: string; status: string; created_at: Date; updated_at: Date }>(
    'select id, name, status, created_at, updated_at from risk_evaluations where id = $1 and company_id = $2',
    [id, companyId],
  );
  if (!header) throw notFound();
  const items = await q.query<ItemRow>(
    `select i.risk_id, e.name as event, e.confidentiality, e.integrity, e.availability, i.ratings, i.code, i.owner, i.treatment, i.plan_id, p.name as plan_name,
            i.plan_text, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.residual_likelihood, i.residual_impact, i.residual_code
       from risk_evaluation_items i
       join risk_master e on e.id = i.risk_id
       left join risk_master p on p.id = i.plan_id
      where i.evaluation_id = $1 and i.company_id = $2 order by i.position`,
    [id, companyId],
  );
  return {
    id: header.id,
    name: header.name,
    status: header.status,
    created_dt: new Date(header.created_at).toISOString(),
    updated_dt: new Date(header.updated_at).toISOString(),
    items: items.map((i) => ({
      riskId: i.risk_id,
      event: i.event,
      cia: { confidentiality: i.confidentiality, integrity: i.integrity, availability: i.availability },
      ratings: i.ratings,
      code: i.code,
      owner: i.owner,
      treatment: i.treatment,
      planId: i.plan_id,
      planName: i.plan_name,
      planText: i.plan_text,
      dueDate: i.due_date,
      residualLikelihood: i.residual_likelihood,
      residualImpact: i.residual_impact,
      residualCode: i.residual_code,
    })),
  };
}
export type LoadedEvaluation = Awaited<ReturnType<typeof loadEvaluation>>;
export { loadEvaluation };

/** Checks the body against the company's data, then writes header and items in one transaction. */
export async function saveEvaluation(q: Queryable, companyId: string, body: EvaluationBody, id?: string): Promise<string> {
  const riskIds = body.items.map((i) => i.riskId);
  if (new Set(riskIds).size !== riskIds.length) throw badRequest('risk_duplicate_event');
  const planIds = body.items.flatMap((i) => (i.planId ? [i.planId] : []));
  const found = await q.query<{ id: string; type: number; name: string }>(
    'select id, type, name from risk_master where company_id = $1 and id = any($2::uuid[])',
    [companyId, [...riskIds, ...planIds]],
  );
  const ofType = (type: number) => new Set(found.filter((r) => r.type === type).map((r) => r.id));
  const events = ofType(RISK_TYPE.event);
  const plans = ofType(RISK_TYPE.plan);
  if (riskIds.some((r) => !events.has(r)) || planIds.some((p) => !plans.has(p))) throw badRequest('risk_unknown_item');

  const cells = await companyMatrix(q, companyId);
  if (body.status === 'completed') {
    if (!body.items.length) throw badRequest('risk_evaluation_empty');
    if (body.items.some((i) => !Object.keys(i.ratings).length)) throw badRequest('risk_evaluation_unrated');
    const missing = missingTreatment(cells, body.items);
    if (missing.length) {
      const names = missing.map((m) => found.find((r) => r.id === m.riskId)?.name).join(', ');
      throw badRequest('risk_treatment_required', { events: names });
    }
  }

  if (id) {
    const [row] = await q.query(
      `update risk_evaluations set name = $3, status = $4, updated_at = now(),
              completed_at = case when $4 = 'completed' then coalesce(completed_at, now()) else null end
        where id = $1 and company_id = $2 returning id`,
      [id, companyId, body.name, body.status],
    );
    if (!row) throw notFound();
    await q.query('delete from risk_evaluation_items where evaluation_id = $1 and company_id = $2', [id, companyId]);
  } else {
    [{ id }] = await q.query<{ id: string }>(
      `insert into risk_evaluations (company_id, name, status, completed_at)
       values ($1, $2, $3, case when $3 = 'completed' then now() end) returning id`,
      [companyId, body.name, body.status],
    );
  }
  await insertEvaluationItems(q, companyId, id!, cells, body.items);
  if (body.status === 'completed') {
    await q.query(`insert into notifications (company_id, kind, params, link) values ($1, 'evaluation_finished', $2, $3)`, [
      companyId,
      JSON.stringify({ title: body.name }),
      evaluationLink(id!),
    ]);
  }
  return id!;
}

export const evaluationRoutes = [
  route({
    method: 'GET',
    url: '/datarisk/evalution/header',
    access,
    reply: evaluationHeaderReply,
    query: evaluationHeaderQuery,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 'company_id = $1';
      if (query.search) {
        params.push(likePattern(query.search));
        where += ' and name ilike $2';
      }
      const [rows, [{ n }]] = await Promise.all([
        db.query<{ id: string; name: string; status: string; created_at: Date; updated_at: Date }>(
          `select id, name, status, created_at, updated_at from risk_evaluations where ${where}
            order by created_at desc, id desc limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, query.limit, pageOffset(query)],
        ),
        db.query<{ n: number }>(`select count(*)::int as n from risk_evaluations where ${where}`, params),
      ]);
      return {
        headerList: rows.map((r) => ({
          _id: r.id,
          name: r.name,
          draft: r.status === 'draft',
          completed: r.status === 'completed',
          created_dt: new Date(r.created_at).toISOString(),
          updated_dt: new Date(r.updated_at).toISOString(),
        })),
        totalDoc: n,
      };
    },
  }),

  route({
    method: 'DELETE',
    url: '/datarisk/evaluation/delete/:id',
    access: { ...access, write: true },
    params: idParams,
    handler: async ({ db, session, params }) => {
      const rows = await db.query('delete from risk_evaluations where id = $1 and company_id = $2 returning id', [params.id, session.companyId]);
      if (!rows.length) throw notFound();
      return {};
    },
  }),

  route({
    method: 'GET',
    url: '/risk-evaluations/:id',
    access,
    params: idParams,
    handler: async ({ db, session, params }) => ({ data: await loadEvaluation(db, session.companyId, params.id) }),
  }),

  route({
    method: 'POST',
    url: '/risk-evaluations',
    access: { ...access, write: true },
    body: evaluationBody,
    handler: async ({ db, session, body }) => {
      const id = await db.tx((q) => saveEvaluation(q, session.companyId, body));
      return { data: await loadEvaluation(db, session.companyId, id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/risk-evaluations/:id',
    access: { ...access, write: true },
    params: idParams,
    body: evaluationBody,
    handler: async ({ db, session, params, body }) => {
      await db.tx((q) => saveEvaluation(q, session.companyId, body, params.id));
      return { data: await loadEvaluation(db, session.companyId, params.id) };
    },
  }),
];

/** An evaluation's items, each scored on the company's matrix, in their order (the editor's save and the demo). */
export async function insertEvaluationItems(
  q: Queryable,
  companyId: string,
  id: string,
  cells: Awaited<ReturnType<typeof companyMatrix>>,
  items: EvaluationItem[],
) {
  for (const [position, item] of items.entries()) {
    const { code, residualCode } = scoreItem(cells, item);
    await q.query(
      `insert into risk_evaluation_items (evaluation_id, company_id, position, risk_id, ratings, code, owner, treatment,
              plan_id, plan_text, due_date, residual_likelihood, residual_impact, residual_code)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        id,
        companyId,
        position,
        item.riskId,
        JSON.stringify(item.ratings),
        code,
        item.owner || null,
        item.treatment ?? null,
        item.planId ?? null,
        item.planText || null,
        item.dueDate ?? null,
        item.residualLikelihood ?? null,
        item.residualImpact ?? null,
        residualCode,
      ],
    );
  }
}
