import { defineModule, eachCompany } from '../../http/serverModule';
import { activityRoutes } from './activities';
import { dashboardRoutes } from './dashboard';
import { progressRoutes } from './progress';
import { reportRoutes } from './report';
import { raiseReviewNotifications } from './review';
import { smeRoutes } from './sme';

/** The records of processing (menu 11). */
export default defineModule({
  name: 'ropa',
  description: 'Records of processing activities, s.39/s.40: activities, dashboard, report (menu 11)',
  order: 160,
  routes: [...activityRoutes, ...dashboardRoutes, ...reportRoutes, ...progressRoutes, ...smeRoutes],
  timedWork: eachCompany(raiseReviewNotifications),
});
