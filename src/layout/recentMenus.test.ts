import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/auth';
import { RECENT_PAGE_LIMIT, menuEntryFor, menuKeyOfPage, readRecentPages, rememberPage } from './recentMenus';

describe('recent pages', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the ten latest pages per person, newest first, a page opened again moved up once', () => {
    for (let i = 0; i < 12; i++) rememberPage('u1', { path: `/sheets/edit/${i}`, menu: 'sheets', lang: 'th' });
    rememberPage('u1', { path: '/sheets/edit/5', menu: 'sheets', lang: 'th' });
    const pages = readRecentPages('u1');
    expect(pages).toHaveLength(RECENT_PAGE_LIMIT);
    expect(pages.map((p) => p.path).slice(0, 3)).toEqual(['/sheets/edit/5', '/sheets/edit/11', '/sheets/edit/10']);
    expect(pages.filter((p) => p.path === '/sheets/edit/5')).toHaveLength(1);
    expect(readRecentPages('u2')).toEqual([]);
  });

  it('keeps a title per language: one seen in English does not lose the Thai', () => {
    rememberPage('u1', { path: '/databreach', menu: 'dataBreach', lang: 'th', title: 'บันทึกเหตุการละเมิด' });
    rememberPage('u1', { path: '/databreach', menu: 'dataBreach', lang: 'en', title: 'Breach log' });
    rememberPage('u1', { path: '/databreach', menu: 'dataBreach', lang: 'en' });
    expect(readRecentPages('u1')[0].titles).toEqual({ th: 'บันทึกเหตุการละเมิด', en: 'Breach log' });
  });

  it('skips the main menu and the refusal; a page belongs to its route menu', () => {
    expect(menuKeyOfPage('/')).toBeUndefined();
    expect(menuKeyOfPage('/forbidden')).toBeUndefined();
    expect(menuKeyOfPage('/ropa/activity/list')).toBe('ropa');
    expect(menuKeyOfPage('/knowledge/manage/tests')).toBe('sheets');
  });

  it('reads nothing from a broken or foreign entry', () => {
    localStorage.setItem('pdpa.recentPages.u1', '{not json');
    expect(readRecentPages('u1')).toEqual([]);
    localStorage.setItem(
      'pdpa.recentPages.u1',
      JSON.stringify([
        { path: 'javascript:alert(1)', menu: 'ropa', titles: {} },
        { path: '/x', menu: 'nope', titles: {} },
      ]),
    );
    expect(readRecentPages('u1')).toEqual([]);
  });

  it('the sidebar marks the knowledge tests on their manage tabs, not the documents', () => {
    const item = (menuId: number, path: string): MenuItem => ({ menuId, parentId: 0, menuName: path, path, icon: 'x', canEdit: true });
    const menu = [item(7, '/sheets/list'), item(19, '/knowledge/my'), item(4, '/databreach')];
    expect(menuEntryFor(menu, '/knowledge/manage/tests')?.menuId).toBe(19);
    expect(menuEntryFor(menu, '/knowledge/manage/questions')?.menuId).toBe(19);
    expect(menuEntryFor(menu, '/sheets/list')?.menuId).toBe(7);
    expect(menuEntryFor(menu, '/databreach')?.menuId).toBe(4);
    // a manager without menu 19: the entry that opens the page
    expect(menuEntryFor([item(7, '/sheets/list')], '/knowledge/manage/tests')?.menuId).toBe(7);
  });
});
