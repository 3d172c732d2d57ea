import type { MenuItem } from '../../contract/auth';
import { MENU } from '../../contract/menus';
import { findRoute } from '../routing/routeTable';

/** The last visited menu entries, newest first, kept in local storage (seed: at most 10). */
export const RECENT_MENU_LIMIT = 10;
const KEY = 'pdpa.recentMenus';

export function readRecentMenuIds(): number[] {
  try {
    const ids = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function rememberMenu(menuId: number): number[] {
  const ids = [menuId, ...readRecentMenuIds().filter((id) => id !== menuId)].slice(0, RECENT_MENU_LIMIT);
  localStorage.setItem(KEY, JSON.stringify(ids));
  return ids;
}

/** The server's menu entry a path belongs to, by the route table's menu for that path. */
export function menuEntryFor(menu: MenuItem[], pathname: string): MenuItem | undefined {
  const route = findRoute(pathname);
  if (!route?.menu) return undefined;
  const menuId = MENU[route.menu].menuId;
  return menu.find((m) => m.menuId === menuId);
}
