import { MENUS, type MenuKey } from '../../contract/menus';
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
/**
 * The parent paths of the menus' entries (`/ropa` of `/ropa/dashboard`, `/settings` of `/settings/general`),
 * each with the entry of the first menu under it: they have no screen of their own and open that entry.
 */
export const ENTRY_PARENTS: readonly (readonly [path: string, entry: string])[] = [
  ...new Map(
    MENUS.flatMap((m) =>
      m.path
        .split('/')
        .slice(1, -1)
        .map((_, i, parts) => [`/${parts.slice(0, i + 1).join('/')}`, m.path] as const),
    ).reverse(),
  ),
];

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
    // `/settings` of `/settings/general`: no screen, it opens the entry (App.tsx), behind the entry's menu
    ...ENTRY_PARENTS.flatMap(([path, entry]) => login(MENUS.find((m) => m.path === entry)!.key, path)),
  ];
  // a module page that holds a resource's screens (`/sheets/*`) is one line
  return routes.filter((route, i) => routes.findIndex((r) => r.path === route.path) === i);
};
