import { DEFAULT_MATRIX, scoreItem, type EvaluationItem } from '../contract/risk';
import { format } from 'date-fns';
import { addDays, inBangkok } from '../contract/clock';
import { RISK_DEMO, riskDemoEvaluationId } from '../demo';
import type { FakeDb } from './collections';

/** One company's demo risk register (demo/risk.ts) as the fake's rows: the server's seed, the fake's way. */
export function riskFixtures(db: FakeDb, companyId: string, code: string, nextId: () => string, at: number) {
  const demo = RISK_DEMO[code];
  if (!demo) return;
  const hoursAgo = (h: number) => new Date(at - h * 3_600_000).toISOString();
  const none = { confidentiality: false, integrity: false, availability: false };
  const events = demo.events.map((e) => {
    const _id = nextId();
    db.riskMaster.push({ _id, companyId, type: 1, name: e.name, ...e.cia, handleRisk: e.handleRisk ?? null, created_dt: hoursAgo(e.daysAgo * 24) });
    return _id;
  });
  const plans = demo.plans.map((p) => {
    const _id = nextId();
    db.riskMaster.push({ _id, companyId, type: 2, name: p.name, ...none, handleRisk: null, created_dt: hoursAgo(p.daysAgo * 24) });
    return _id;
  });
  demo.evaluations.forEach((ev, n) => {
    db.riskEvaluations.push({
      _id: riskDemoEvaluationId(code, n + 1),
      companyId,
      name: ev.name,
      status: ev.status,
      created_dt: hoursAgo(ev.createdDaysAgo * 24),
      updated_dt: hoursAgo(ev.updatedHoursAgo),
      items: ev.items.map((item) => {
        const body: EvaluationItem = {
          riskId: events[item.event],
          ratings: item.ratings,
          owner: item.owner ?? null,
          treatment: item.treatment ?? null,
          planId: item.plan === undefined ? null : plans[item.plan],
          planText: item.planText ?? null,
          dueDate: item.dueInDays === undefined ? null : format(inBangkok(addDays(new Date(at), item.dueInDays)), 'yyyy-MM-dd'),
          residualLikelihood: item.residual?.likelihood ?? null,
          residualImpact: item.residual?.impact ?? null,
        };
        const { code: itemCode, residualCode } = scoreItem(DEFAULT_MATRIX, body);
        return { ...body, code: itemCode, residualCode };
      }),
    });
  });
}
