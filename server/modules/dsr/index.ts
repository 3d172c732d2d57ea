import { defineModule, eachCompany } from '../../http/serverModule';
import { dsrFormRoutes } from './forms';
import { dsrPublicRoutes } from './public';
import { dsrRequestRoutes } from './requests';
import { raiseDueNotifications } from './rows';

/** Data subject requests (menu 5, consents): request forms, the request list and its 30-day clock, and the public pages' calls. */
export default defineModule({
  name: 'dsr',
  description: 'Data subject requests, their forms and the public request pages (menu 5)',
  order: 100,
  routes: ({ config }) => [...dsrFormRoutes(config), ...dsrRequestRoutes(config), ...dsrPublicRoutes(config)],
  // a request due within 7 days raises its notification even when nobody opens the request list
  timedWork: eachCompany(raiseDueNotifications),
});
