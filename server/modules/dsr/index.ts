import { defineModule, eachCompany } from '../../http/serverModule';
import { dsrFormRoutes } from './forms';
import { dsrPackRoutes } from './packRoutes';
import { dsrPublicRoutes } from './public';
import { requestExportRoute } from './listExport';
import { dsrRequestRoutes } from './requests';
import { raiseDueNotifications } from './rows';
import { dsrIntakeRoutes } from './intake';
import { dsrVerifyRoutes, remindAndDropPending } from './verify';
import { raiseTaskDueNotices } from './taskNotify';
import { dsrTaskRoutes } from './tasks';

/** Data subject requests (menu 5, consents): request forms, the request list and its 30-day clock, and the public pages' calls. */
export default defineModule({
  name: 'dsr',
  description: 'Data subject requests, their forms and the public request pages (menu 5)',
  order: 100,
  routes: ({ config }) => {
    const requests = dsrRequestRoutes(config);
    return [
      ...dsrFormRoutes(config),
      requestExportRoute(requests),
      ...requests,
      ...dsrTaskRoutes(config),
      ...dsrPackRoutes(config),
      ...dsrPublicRoutes(config),
      ...dsrIntakeRoutes(config),
      ...dsrVerifyRoutes(config),
    ];
  },
  // a request due within 7 days raises its notification even when nobody opens the request list, a task due within two
  // days tells its people once, and an unverified public submission is reminded after a day and dropped after a week
  timedWork: async (db, companyIds, mail) => {
    await eachCompany(raiseDueNotifications)(db, companyIds);
    for (const id of companyIds) await db.tx((q) => raiseTaskDueNotices(q, id, mail));
    await eachCompany((q, companyId) => remindAndDropPending(q, companyId, mail))(db, companyIds);
  },
});
