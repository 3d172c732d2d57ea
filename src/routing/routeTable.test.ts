import { describe, expect, it } from 'vitest';
import { FRAMEWORK_LISTS } from '../../contract/framework';
import { ROUTES, findRoute, menuIdsOf, safeRedirect } from './routeTable';
import { ENTRY_PARENTS } from './seedRoutes';

describe('route table', () => {
  it.each([
    ['/', 15, 0],
    ['/dashboard', 2, 0],
    ['/risk-management/event', 18, 0],
    ['/risk-management/start-evaluation/abc123', 18, 0],
    ['/ropa/activity/create/42', 11, 0],
    ['/consents/create', 5, 0],
    ['/settings/contacts/list', 14, 13],
    ['/settings/general', 13, 0],
    ['/forbidden', 999, 0],
    ['/cookieex', 999, 0],
  ])('%s needs menu %i (parent %i)', (path, menuId, parentId) => {
    const route = findRoute(path);
    expect(route?.access).toBe('login');
    expect(menuIdsOf(route!)).toEqual({ menuId, parentId });
  });

  it.each(['/login', '/contact-login', '/register', '/forgot-password', '/reset-password', '/verify-email'])('%s is a public auth route', (path) =>
    expect(findRoute(path)?.access).toBe('publicAuth'),
  );

  it.each(['/404', '/term-condition', '/dsrtracking', '/datasubject/form/f1', '/consent/form/r1/f1', '/privacy-policy/c1/f1', '/generate-account'])(
    '%s is public',
    (path) => expect(findRoute(path)?.access).toBe('public'),
  );

  it('names each path once (a module page that takes over a screen replaces its line)', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it("opens every list a framework requirement's drill-down links to", () => {
    const unknown = Object.values(FRAMEWORK_LISTS).filter((to) => !findRoute(new URL(to, 'http://x').pathname));
    expect(unknown).toEqual([]);
  });

  it("takes a menu entry's parent paths, behind the entry's menu, each opening the first entry under it", () => {
    expect(Object.fromEntries(ENTRY_PARENTS)).toMatchObject({
      '/ropa': '/ropa/dashboard',
      '/cookie': '/cookie/list',
      '/settings': '/settings/general',
      '/settings/contacts': '/settings/contacts/list',
      '/consents/manage': '/consents/manage/form',
      '/knowledge': '/knowledge/my',
    });
    for (const [parent, entry] of ENTRY_PARENTS) expect(menuIdsOf(findRoute(parent)!), parent).toEqual(menuIdsOf(findRoute(entry)!));
  });

  it('knows no unknown path', () => {
    expect(findRoute('/no/such/page')).toBeUndefined();
    expect(findRoute('/dashboard/extra')).toBeUndefined();
  });

  it('redirects only within the site', () => {
    expect(safeRedirect('/risk-management/event?tab=2')).toBe('/risk-management/event?tab=2');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
