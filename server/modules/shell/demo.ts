import { subHours } from 'date-fns';
import { demoNotifications } from '../../../demo';
import type { ModuleDemo } from '../../db/seed';
import { seedPackDemo } from '../dsr/packDemo';

/** The bell's demo notifications; they point at the other demos' records, so they come last. */
export default {
  after: ['breach', 'dpo', 'dsr', 'quiz', 'risk', 'ropa', 'sheets'],
  async seed(q, { company, companyId, userIds }) {
    for (const n of demoNotifications(company)) {
      await q.query('insert into notifications (company_id, user_id, kind, params, link, created_at) values ($1, $2, $3, $4, $5, $6)', [
        companyId,
        n.own ? userIds[0] : null,
        n.kind,
        JSON.stringify(n.params),
        n.link,
        subHours(new Date(), n.hoursAgo).toISOString(),
      ]);
    }
    // the sent access pack reads the ROPA and consent demos, which come after the DSR one
    await seedPackDemo(q, companyId, company.code, userIds[0]);
  },
} satisfies ModuleDemo;
