import { appWide, defineModule, type ModulePluginOptions } from '../../http/serverModule';
import { passkeyRoutes } from './passkeys';
import { authRoutes } from './routes';
import { loadSession, setSessionIdleHours } from './sessions';

/** The sessions as a plugin: every route's session is looked up through `app.lookupSession` (server/http/session.ts). */
const sessionsPlugin = appWide<ModulePluginOptions>(async (app, { config }) => {
  setSessionIdleHours(config.sessionIdleHours);
  app.decorate('lookupSession', loadSession);
});

export default defineModule({
  name: 'auth',
  description: 'Sign-in, sign-out, the route check, health',
  order: 10,
  routes: ({ config }) => [...authRoutes(config), ...passkeyRoutes(config)],
  plugin: sessionsPlugin,
});
