import { defineModule } from '../../http/serverModule';
import { raiseProcessorNotifications } from './clockJob';
import { processorRoutes } from './routes';

/** Processors' due diligence (menu 16): agreements, sub-processors, review dates, and the questionnaire sent as a one-time link. */
export default defineModule({
  name: 'processors',
  description: "Processors' due diligence: agreements, sub-processors, reviews and the questionnaire link (menu 16; its page is public, token-bound)",
  order: 162,
  routes: ({ config }) => processorRoutes(config),
  timedWork: async (db, companyIds) => {
    for (const id of companyIds) await db.tx((q) => raiseProcessorNotifications(q, id));
  },
});
