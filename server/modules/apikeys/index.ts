import { appWide, defineModule, type ModulePluginOptions } from '../../http/serverModule';
import { lookupApiKey } from './auth';
import { keyRoutes } from './keys';

/** Every key-authenticated route's caller is looked up through `app.lookupApiKey` (server/http/apiKey.ts). */
const apiKeysPlugin = appWide<ModulePluginOptions>(async (app) => {
  app.decorate('lookupApiKey', lookupApiKey);
});

/** API keys of the company's own apps (settings, menu 13): created, listed, revoked; and how a call proves its key. */
export default defineModule({
  name: 'apikeys',
  description: "API keys of the company's own apps (menu 13): named, scoped, shown once, revocable; sent as `Authorization: Bearer pdpa_live_…`",
  order: 75,
  routes: keyRoutes,
  plugin: apiKeysPlugin,
});
