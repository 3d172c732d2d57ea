import { defineModule } from '../../http/serverModule';
import { formRoutes } from './forms';
import { pruneConsentSubmissions } from './give';
import { itemRoutes } from './items';
import { publicRoutes } from './public';
import { recordRoutes } from './records';

/** Privacy notices and consent (menu 5) and the public consent and privacy-policy pages. */
export default defineModule({
  name: 'consent',
  description: 'Consent items, forms, records and the public consent pages (menu 5)',
  order: 90,
  routes: [...itemRoutes, ...formRoutes, ...recordRoutes, ...publicRoutes],
  // the public consent page's idempotency keys, kept SUBMISSION_KEEP_DAYS
  timedWork: async (db) => {
    await pruneConsentSubmissions(db);
  },
});
