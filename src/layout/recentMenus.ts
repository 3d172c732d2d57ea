import type { MenuItem } from '../../contract/auth';
import { MENU, type MenuKey } from '../../contract/menus';
import { findRoute } from '../routing/routeTable';

/** The pages a person opened last, newest first, kept per person in local storage (seed: at most 10). */
export const RECENT_PAGE_LIMIT = 10;
const KEY = 'pdpa.recentPages.';

export type TitleLang = 'th' | 'en';

export interface RecentPage {
  /** the page's address in the application: path and query (`/consents/datasubject/list?overdue=true`) */
  path: string;
  /** the module (menu) the page belongs to: its name when the page's own title in a language is not known */
  menu: MenuKey;
  /** the page's title as it showed, in each language it was seen in */
  titles: Partial<Record<TitleLang, string>>;
}

/** Pages that are not worth a shortcut: the main menu itself and the refusal. */
const SKIPPED = new Set(['/', '/forbidden', '/404']);

const isPage = (p: unknown): p is RecentPage => {
  const r = p as RecentPage;
  return typeof r?.path === 'string' && r.path.startsWith('/') && typeof r.menu === 'string' && r.menu in MENU && typeof r.titles === 'object';
};

export function readRecentPages(userId: string): RecentPage[] {
  try {
    const pages = JSON.parse(localStorage.getItem(KEY + userId) ?? '[]');
    return Array.isArray(pages) ? pages.filter(isPage).slice(0, RECENT_PAGE_LIMIT) : [];
  } catch {
    return [];
  }
}

/**
 * Puts a page first among the person's recent pages (once: a page opened again moves up), with its
 * title in the language it shows now; the title it had in the other language is kept.
 */
export function rememberPage(userId: string, page: { path: string; menu: MenuKey; lang: TitleLang; title?: string }): RecentPage[] {
  const pages = readRecentPages(userId);
  const before = pages.find((p) => p.path === page.path);
  const titles = { ...before?.titles, ...(page.title ? { [page.lang]: page.title } : {}) };
  const next = [{ path: page.path, menu: page.menu, titles }, ...pages.filter((p) => p.path !== page.path)].slice(0, RECENT_PAGE_LIMIT);
  try {
    localStorage.setItem(KEY + userId, JSON.stringify(next));
  } catch {
    // a full or refused storage only loses the shortcuts
  }
  return next;
}

/** The module a page of the application belongs to (its route's menu), or undefined for a page not worth a shortcut. */
export function menuKeyOfPage(pathname: string): MenuKey | undefined {
  if (SKIPPED.has(pathname)) return undefined;
  const menu = findRoute(pathname)?.menu;
  return menu && menu !== 'main' && menu !== 'always' ? menu : undefined;
}

const areaOf = (path: string) => path.split('/')[1] ?? '';

/**
 * The server's menu entry a path belongs to (the sidebar marks it): the route table's menu for that path, unless
 * that entry lives elsewhere and another entry of the reader's menu lives where the path does. Managing the
 * knowledge tests (`/knowledge/manage/*`) needs the documents' menu (7), but it is the knowledge tests' page.
 */
export function menuEntryFor(menu: MenuItem[], pathname: string): MenuItem | undefined {
  const route = findRoute(pathname);
  if (!route?.menu) return undefined;
  const menuId = MENU[route.menu].menuId;
  const byRoute = menu.find((m) => m.menuId === menuId);
  if (byRoute && areaOf(byRoute.path) === areaOf(pathname)) return byRoute;
  return menu.find((m) => m.parentId === 0 && areaOf(m.path) === areaOf(pathname)) ?? byRoute;
}
