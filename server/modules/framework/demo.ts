import { FRAMEWORK_DEMO } from '../../../demo/framework';
import type { ModuleDemo } from '../../db/seed';
import { refreshFramework } from './snapshot';

/** DEMO's evidence (demo/framework.ts), then this month's kept score, after every module whose data it scores. */
export default {
  after: ['breach', 'consent', 'dpo', 'dsr', 'processors', 'quiz', 'retention', 'ropa', 'transfers'],
  async seed(q, { company, companyId, userIds }) {
    for (const e of FRAMEWORK_DEMO[company.code] ?? [])
      await q.query(
        `insert into framework_evidence (company_id, requirement_id, note, reference, evidenced_on, created_by)
         values ($1, $2, $3, $4, ((now() at time zone 'Asia/Bangkok')::date - $5::int), $6)`,
        [companyId, e.requirementId, e.note, e.reference, e.daysAgo, userIds[0]],
      );
    await refreshFramework(q, companyId);
  },
} satisfies ModuleDemo;
