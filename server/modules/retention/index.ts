import { defineModule } from '../../http/serverModule';
import { dueRoutes } from './due';
import { raiseRetentionOverdue } from './overdueJob';
import { ruleRoutes } from './rules';

/** The retention schedule (menu 16): rules per data category and system, the due-for-deletion queue and its deletion records. */
export default defineModule({
  name: 'retention',
  description: 'The retention schedule, the due-for-deletion queue and the deletion records (menu 16)',
  order: 166,
  routes: ({ config }) => [...ruleRoutes, ...dueRoutes(config)],
  // every company's newly overdue items at once
  timedWork: async (db) => {
    await db.tx((q) => raiseRetentionOverdue(q));
  },
});
