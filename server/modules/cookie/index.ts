import { cookieDomainRoutes } from './domains';
import { cookieLogRoutes } from './log';
import { cookiePublicRoutes } from './public';

/** Cookie consent (menu 9): domains, banner settings and versions, the consent log; and the banner's public endpoints. */
export const cookieRoutes = [...cookieDomainRoutes, ...cookieLogRoutes, ...cookiePublicRoutes];
