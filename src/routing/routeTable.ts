import { matchPath } from 'react-router-dom';
import type { MenuKey } from '../../contract/menus';
import { RESOURCE_DEFINITIONS } from '../../resources/definitions';
import type { RouteAccess, RouteMeta } from './routeMeta';

export { menuIdsOf, safeRedirect, type RouteAccess, type RouteMeta } from './routeMeta';

const login = (menu: MenuKey, ...paths: string[]): RouteMeta[] => paths.map((path) => ({ path, access: 'login', menu }));
const open = (access: RouteAccess, ...paths: string[]): RouteMeta[] => paths.map((path) => ({ path, access }));

/** The seed's route table (section 2). Modules replace the placeholder screens, not these rules. */
export const ROUTES: RouteMeta[] = [
  ...login('main', '/'),
  ...login('dashboard', '/dashboard'),
  // the ROPA module page holds the seed's six screens: /ropa/dashboard, /ropa/activity/list,
  // /ropa/activity/create/{ropaId?}, /ropa/activity/create2, /ropa/preview, /ropa/report
  ...login('ropa', '/ropa/*'),
  // the data map's module page holds the seed's two screens and the registers' tabs
  ...login('dataManage', '/data-manage/*'),
  ...login('riskManagement', '/risk-management/*'),
  // the DPO's module page holds the seed's two screens, /dpo/list and /dpo/assing/:dpoId? (others are a 404)
  ...login('dpo', '/dpo/*'),
  ...login('cookie', '/cookie/list', '/cookie/setting/:cookieDomainId'),
  ...login('consents', '/consents/*'),
  ...login('settings', '/settings/general'),
  ...login('settings', '/settings/audit'),
  ...login('contacts', '/settings/contacts/list', '/settings/contacts/role'),
  // knowledge tests: one's own (menu 19, every built-in staff role), managing them (menu 7, documents)
  ...login('knowledge', '/knowledge/my/*'),
  ...login('sheets', '/knowledge/manage/*'),
  // the breach log's module page holds the seed's /databreach and /databreach/create/{dataId?}
  ...login('dataBreach', '/databreach/*'),
  ...login('always', '/forbidden', '/cookieex'),
  ...open('publicAuth', '/login', '/contact-login', '/verify-email', '/register', '/forgot-password', '/reset-password'),
  ...open(
    'public',
    '/generate-account',
    '/dsrtracking',
    '/datasubject/form/:formId',
    '/consent/form/:formRef/:formId',
    '/privacy-policy/:companyId/:formId',
    '/term-condition',
    '/404',
  ),
  // a resource's own screens (react-admin's list, create, edit, show) live under /<name>, behind its menu;
  // the sheets' module page (resource `sheets`) holds the seed's /sheets/create, /sheets/create/list,
  // /sheets/list and /sheets/edit this way
  ...RESOURCE_DEFINITIONS.flatMap((d) => login(d.menu, `/${d.name}/*`)),
];

/** The route a path belongs to, or undefined (an unknown path: the UI sends it to /404). */
export function findRoute(pathname: string): RouteMeta | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
}
