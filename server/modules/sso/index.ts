import { defineModule } from '../../http/serverModule';
import { flowRoutes } from './flow';
import { settingsRoutes } from './settings';

/** Single sign-on with OpenID Connect (settings, menu 13): one provider per company, and the sign-in through it. */
export default defineModule({
  name: 'sso',
  description:
    "Single sign-on with OpenID Connect (menu 13): a company's identity provider (issuer, client id, an encrypted client secret, the claim naming the user, allowed e-mail domains); the sign-in through it (authorization code + PKCE, state and nonce kept on the server, single use) matches the person by e-mail within the company, or creates them with a chosen role when allowed; password sign-in can be switched off but for one break-glass administrator",
  order: 77,
  routes: (ctx) => [...settingsRoutes(ctx), ...flowRoutes(ctx)],
});
