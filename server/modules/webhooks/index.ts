import { WEBHOOK_LOG_DAYS } from '../../../contract/webhooks';
import { defineModule } from '../../http/serverModule';
import { webhookRoutes } from './routes';
import { startWebhookWorker } from './worker';

/** Webhooks of the company's own systems (menu 13): endpoints, signed deliveries retried for 24 hours, their log. */
export default defineModule({
  name: 'webhooks',
  description:
    'Webhooks (menu 13): the company registers https endpoints for events (consent given or withdrawn, a request received, due soon or closed, a breach recorded); each delivery is a JSON POST signed `x-pdpa-signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">` with the endpoint\'s secret, retried with backoff for 24 hours, and kept in the delivery log',
  order: 76,
  routes: (ctx) => webhookRoutes(ctx),
  worker: (db, config, log) => startWebhookWorker(db, config, log),
  // the log keeps 90 days of what was delivered or given up; what waits stays
  timedWork: async (db, companyIds) => {
    await db.query(
      `delete from webhook_deliveries where company_id = any($1::uuid[]) and state <> 'pending' and created_at < now() - make_interval(days => ${WEBHOOK_LOG_DAYS})`,
      [companyIds],
    );
  },
});
