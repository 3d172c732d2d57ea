import { defineModule } from '../../http/serverModule';
import { formRoutes } from './forms';
import { pruneConsentSubmissions } from './give';
import { itemRoutes } from './items';
import { prunePreferenceCodes, preferenceRoutes } from './preferences';
import { publicRoutes } from './public';
import { recordRoutes } from './records';

/** Privacy notices and consent (menu 5) the public consent and privacy-policy pages, and the preference centre. */
export default defineModule({
  name: 'consent',
  description: 'Consent items, forms, records and the public consent pages (menu 5)',
  order: 90,
  routes: ({ config }) => [...itemRoutes, ...formRoutes, ...recordRoutes, ...publicRoutes, ...preferenceRoutes(config)],
  // the public consent page's idempotency keys, kept SUBMISSION_KEEP_DAYS
  timedWork: async (db) => {
    await pruneConsentSubmissions(db);
    // the preference centre's codes and tokens past their time
    await prunePreferenceCodes(db);
  },
});
