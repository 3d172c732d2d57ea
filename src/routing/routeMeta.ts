import { MENU, type MenuKey } from '../../contract/menus';

// What the sign-in bundle needs of the routes, apart from the route table (which knows every resource's definition and loads with the application).

/**
 * How each path of the product is reached:
 * - `login`: signed-in users whose role has the menu; checked with the server on every navigation;
 * - `publicAuth`: sign-in and account pages; a signed-in user is sent to the main menu;
 * - `public`: anyone (data subjects' pages, terms, 404).
 */
export type RouteAccess = 'login' | 'publicAuth' | 'public';

export interface RouteMeta {
  /** react-router pattern */
  path: string;
  access: RouteAccess;
  /** the menu the path belongs to (login routes) */
  menu?: MenuKey;
}

/** The menu ids the server checks for a login route. */
export function menuIdsOf(route: RouteMeta): { menuId: number; parentId: number } | undefined {
  if (!route.menu) return undefined;
  const menu = MENU[route.menu];
  return { menuId: menu.menuId, parentId: menu.parentId };
}

/** Only same-site paths may be a redirect target (no `//evil.example`, no `javascript:`). */
export function safeRedirect(target: string | null | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}
