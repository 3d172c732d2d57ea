import { defineModule } from '../../http/serverModule';
import { raiseBreachClockNotifications } from './clockJob';
import { breachExportRoute } from './listExport';
import { breachRoutes } from './routes';

/** The breach log (menu 17): breaches, their 72-hour clock, risk assessment, notices and letters, timeline and attachments. */
export default defineModule({
  name: 'breach',
  description: 'The data breach log, its 72-hour clock, notices and letters (menu 17)',
  order: 170,
  routes: ({ config }) => {
    const routes = breachRoutes(config);
    return [breachExportRoute(routes), ...routes];
  },
  // every company's breach clocks at once, on breaches_clock_idx
  timedWork: async (db, _companyIds, mail) => {
    await db.tx((q) => raiseBreachClockNotifications(q, undefined, mail));
  },
});
