import { assessmentSaveBody } from '../../../contract/assessments';
import { ASSESSMENT_DEMO, ASSESSMENT_DEMO_FLAGS } from '../../../demo/assessments';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { companyMatrix } from '../risk/matrix';
import { createAssessment, giveOpinion, saveAssessment, signAssessment } from './routes';

/**
 * Writes a company's demo assessments (demo/assessments.ts) through the module's own rules: the administrator
 * writes them, the DPO gives the opinion and signs (four eyes), and a signed DPIA writes back to the ROPA and the
 * risk register as the screen's would.
 */
export async function seedAssessmentsDemo(q: Queryable, companyId: string, companyCode: string, authorId: string, signerId: string) {
  const activities = new Map(
    (await q.query<{ id: string; name: string }>('select id, name from ropa_activities where company_id = $1', [companyId])).map((r) => [
      r.name,
      r.id,
    ]),
  );
  for (const f of ASSESSMENT_DEMO_FLAGS[companyCode] ?? []) {
    const id = activities.get(f.activity);
    if (!id) continue;
    await q.query(
      `insert into assessment_flags (activity_id, company_id, large_scale, monitoring, new_technology, automated_decisions) values ($1, $2, $3, $4, $5, $6)`,
      [id, companyId, f.largeScale === true, f.monitoring === true, f.newTechnology === true, f.automatedDecisions === true],
    );
  }
  const cells = await companyMatrix(q, companyId);
  for (const a of ASSESSMENT_DEMO[companyCode] ?? []) {
    const activityId = activities.get(a.activity);
    if (!activityId) continue;
    const id = await createAssessment(q, companyId, authorId, { kind: a.kind, activityId }, cells);
    await saveAssessment(
      q,
      companyId,
      authorId,
      id,
      assessmentSaveBody.parse({
        answers: a.answers,
        risks: a.risks,
        measures: a.measures,
        tests: a.tests,
        conclusion: a.conclusion,
        summary: a.summary,
      }),
    );
    const at = new Date(Date.now() - a.daysAgo * 86_400_000);
    if (a.opinion) await giveOpinion(q, companyId, signerId, id, a.opinion, new Date(at.getTime() + 86_400_000));
    await q.query('update assessments set created_at = $3, updated_at = $3 where company_id = $1 and id = $2', [companyId, id, at]);
    if (a.signed) await signAssessment(q, companyId, signerId, id, 'th');
  }
}

export default {
  // the assessments are of the ROPA's activities; a signed DPIA writes risk events to the register
  after: ['ropa', 'risk'],
  seed: (q, { company, companyId, userIds }) => {
    const dpo = company.users.findIndex((u) => u.role === 'dpo');
    if (dpo <= 0) return Promise.resolve();
    return seedAssessmentsDemo(q, companyId, company.code, userIds[0], userIds[dpo]);
  },
} satisfies ModuleDemo;
