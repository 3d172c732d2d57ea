import type { MenuKey } from '../../contract/menus';
import type { ResourceDefinition } from '../../resources/types';
import type { RouteAccess, RouteMeta } from './routeMeta';

const login = (menu: MenuKey, ...paths: string[]): RouteMeta[] => paths.map((path) => ({ path, access: 'login', menu }));
const open = (access: RouteAccess, ...paths: string[]): RouteMeta[] => paths.map((path) => ({ path, access }));

/**
 * The seed's route table (section 2) for these resources. Modules replace the placeholder screens, not
 * these rules. (The browser tests, under Node, pass the resources read from the folder.)
 */
export const routesOf = (resources: ResourceDefinition[]): RouteMeta[] => [
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
  ...resources.flatMap((d) => login(d.menu, `/${d.name}/*`)),
];
