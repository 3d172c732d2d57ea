import type { MenuKey } from '../../contract/menus';
import type { ResourceDefinition } from '../../resources/types';
import type { RouteAccess, RouteMeta } from './routeMeta';

const login = (menu: MenuKey, ...paths: string[]): RouteMeta[] => paths.map((path) => ({ path, access: 'login', menu }));
const open = (access: RouteAccess, ...paths: string[]): RouteMeta[] => paths.map((path) => ({ path, access }));

/** Where a page is mounted and the menu that opens it (a module page of `resources/<area>/index.ts`). */
export type PageRoute = { path: string; menu: MenuKey };

/**
 * The seed's route table (section 2): the shell's and the public pages' paths, each module page at its
 * path behind its menu, and a resource's own screens (react-admin's list, create, edit, show) under
 * `/<name>`. The module pages hold the seed's screens: /ropa/* its six, /dpo/* /dpo/list and
 * /dpo/assing/:dpoId?, /databreach/* /databreach and /databreach/create/{dataId?}, /sheets/* the four
 * sheets screens. (The browser tests, under Node, pass the modules and resources read from the folder.)
 */
export const routesOf = (resources: ResourceDefinition[], modules: PageRoute[]): RouteMeta[] => {
  const routes: RouteMeta[] = [
    ...login('main', '/'),
    ...login('dashboard', '/dashboard'),
    ...modules.flatMap((m) => login(m.menu, m.path)),
    ...login('always', '/forbidden'),
    ...open('publicAuth', '/login', '/contact-login', '/verify-email', '/register', '/forgot-password', '/reset-password'),
    ...open(
      'public',
      '/generate-account',
      '/dsrtracking',
      '/datasubject/form/:formId',
      '/consent/form/:formRef/:formId',
      '/privacy-policy/:companyId/:formId',
      // a data subject's preference centre: their consents to the company, after a code e-mailed to them
      '/preferences/:companyId',
      '/term-condition',
      '/404',
      // a knowledge test certificate's printed link and QR code: anyone may check it
      '/certificate/:code',
      // a processor's due-diligence questionnaire: a one-time link, no account
      '/processor-questionnaire/:token',
    ),
    ...resources.flatMap((d) => login(d.menu, `/${d.name}/*`)),
  ];
  // a module page that holds a resource's screens (`/sheets/*`) is one line
  return routes.filter((route, i) => routes.findIndex((r) => r.path === route.path) === i);
};
