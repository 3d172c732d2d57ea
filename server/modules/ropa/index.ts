import { defineModule, eachCompany } from '../../http/serverModule';
import { activityRoutes } from './activities';
import { reviewRoutes } from './comments';
import { dashboardRoutes } from './dashboard';
import { activityExportRoute } from './listExport';
import { importRoutes } from '../../bulk/import';
import { activityImport } from './import';
import { progressRoutes } from './progress';
import { reportRoutes } from './report';
import { informRoutes, raiseInformNotifications } from './inform';
import { raiseReviewNotifications } from './review';
import { smeRoutes } from './sme';

/** The records of processing (menu 11). */
export default defineModule({
  name: 'ropa',
  description: 'Records of processing activities, s.39/s.40: activities, dashboard, report (menu 11)',
  order: 160,
  routes: [
    activityExportRoute,
    ...importRoutes(activityImport),
    ...activityRoutes,
    ...reviewRoutes,
    ...informRoutes,
    ...dashboardRoutes,
    ...reportRoutes,
    ...progressRoutes,
    ...smeRoutes,
  ],
  timedWork: eachCompany(async (q, companyId) => {
    await raiseReviewNotifications(q, companyId);
    await raiseInformNotifications(q, companyId);
  }),
});
