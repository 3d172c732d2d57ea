import type { MenuItem } from '../../contract/auth';

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

/** The entry of the menu a path is under: the longest menu path that prefixes it by segment. */
export function menuEntryFor(menu: MenuItem[], pathname: string): MenuItem | undefined {
  const section = (path: string) => path.split('/').filter(Boolean)[0] ?? '';
  const exact = menu.find((m) => m.path === pathname);
  if (exact) return exact;
  const matches = menu.filter((m) => section(m.path) === section(pathname));
  return matches.find((m) => pathname.startsWith(m.path.slice(0, m.path.lastIndexOf('/')))) ?? matches[0];
}
