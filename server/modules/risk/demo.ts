import { format, subDays, subHours } from 'date-fns';
import { RISK_TYPE, type EvaluationItem } from '../../../contract/risk';
import { addDays, inBangkok } from '../../../contract/clock';
import { RISK_DEMO, riskDemoEvaluationId } from '../../../demo';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { companyMatrix } from './matrix';
import { insertEvaluationItems } from './evaluations';

/**
 * Writes one company's demo risk register (demo/risk.ts): events, plans, RTP texts and evaluations,
 * their codes scored by the company's matrix as the evaluation screen would. The kept totals
 * (risk_counts, risk_event_plans) follow by their triggers.
 */
export async function seedRiskDemo(q: Queryable, companyId: string, code: string) {
  const demo = RISK_DEMO[code];
  if (!demo) return;
  const now = new Date();
  const insert = async (
    type: number,
    name: string,
    daysAgo: number,
    cia = { confidentiality: false, integrity: false, availability: false },
    handle?: string,
  ) => {
    const at = subDays(now, daysAgo).toISOString();
    const [row] = await q.query<{ id: string }>(
      `insert into risk_master (company_id, type, name, confidentiality, integrity, availability, handle_risk, handle_updated_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, case when $7::text is null then null else $8::timestamptz end, $8, $8) returning id`,
      [companyId, type, name, cia.confidentiality, cia.integrity, cia.availability, handle ?? null, at],
    );
    return row.id;
  };
  const events: string[] = [];
  for (const e of demo.events) events.push(await insert(RISK_TYPE.event, e.name, e.daysAgo, e.cia, e.handleRisk));
  const plans: string[] = [];
  for (const p of demo.plans) plans.push(await insert(RISK_TYPE.plan, p.name, p.daysAgo));

  const cells = await companyMatrix(q, companyId);
  for (const [n, ev] of demo.evaluations.entries()) {
    const id = riskDemoEvaluationId(code, n + 1);
    const updated = subHours(now, ev.updatedHoursAgo).toISOString();
    await q.query(
      `insert into risk_evaluations (id, company_id, name, status, created_at, updated_at, completed_at)
       values ($1, $2, $3, $4, $5, $6, case when $4 = 'completed' then $6::timestamptz end)`,
      [id, companyId, ev.name, ev.status, subDays(now, ev.createdDaysAgo).toISOString(), updated],
    );
    const items = ev.items.map((item): EvaluationItem => ({
      riskId: events[item.event],
      ratings: item.ratings,
      owner: item.owner,
      treatment: item.treatment,
      planId: item.plan === undefined ? undefined : plans[item.plan],
      planText: item.planText,
      dueDate: item.dueInDays === undefined ? undefined : format(inBangkok(addDays(now, item.dueInDays)), 'yyyy-MM-dd'),
      residualLikelihood: item.residual?.likelihood,
      residualImpact: item.residual?.impact,
    }));
    await insertEvaluationItems(q, companyId, id, cells, items);
  }
}

export default { seed: (q, { company, companyId }) => seedRiskDemo(q, companyId, company.code) } satisfies ModuleDemo;
