import { defineModule } from '../../http/serverModule';
import { checkRoutes } from './checkRoute';
import { consentApiRoutes } from './routes';

/** The consent API: the company's own apps record, read and check consent with an API key (module apikeys). */
export default defineModule({
  name: 'consentApi',
  description:
    "The consent API for the company's own apps, with an API key (`Authorization: Bearer pdpa_live_…`): record a consent or a withdrawal against a published notice, read a subject's consents, check one purpose",
  order: 95,
  routes: [...consentApiRoutes, ...checkRoutes],
});
