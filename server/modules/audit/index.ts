import { READ_LOG_DAYS } from '../../../contract/audit';
import { defineModule } from '../../http/serverModule';
import { readLogRoutes } from './reads';
import { auditRoutes } from './routes';

export default defineModule({
  name: 'audit',
  description: 'The audit trail and the log of who read personal data (menu 13)',
  order: 60,
  routes: [...readLogRoutes, ...auditRoutes],
  // the reads of personal data are kept READ_LOG_DAYS days (the audit trail itself is kept for ever)
  timedWork: async (db, companyIds) => {
    await db.query(`delete from personal_data_reads where company_id = any($1::uuid[]) and read_at < now() - make_interval(days => $2)`, [
      companyIds,
      READ_LOG_DAYS,
    ]);
  },
});
