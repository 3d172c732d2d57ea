import { defineModule } from '../../http/serverModule';
import { cookieDigestRoutes, sealCookieLog } from './digests';
import { cookieDomainRoutes } from './domains';
import { beaconFastLane } from './fastLane';
import { cookieLogUpkeep } from './jobs';
import { cookieLogRoutes } from './log';
import { cookiePublicRoutes } from './public';
import { cookieReceiptRoutes } from './receipt';
import { cookieScanRoutes } from './scan/routes';
import { startScanWorker } from './scan/runner';

/** Cookie consent (menu 9): domains, banner settings and versions, the consent log; and the banner's public endpoints. */
export default defineModule({
  name: 'cookie',
  description: 'Cookie consent: domains, banner settings and versions, the consent log, the banner endpoints, the cookie scanner (menu 9)',
  order: 140,
  routes: [...cookieDomainRoutes, ...cookieLogRoutes, ...cookieDigestRoutes, ...cookieReceiptRoutes, ...cookiePublicRoutes, ...cookieScanRoutes],
  // the consent beacon, the product's busiest write, is answered in front of the framework
  fastLane: beaconFastLane,
  // the log's months, and the seal of each day that is over
  timedWork: async (db) => {
    await cookieLogUpkeep(db);
    await sealCookieLog(db);
  },
  // the cookie scanner's scans, one at a time per process, and the weekly ones
  worker: (db, config, log) => startScanWorker(db, config, log),
});
