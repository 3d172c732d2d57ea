import { th } from '../../i18n';
import { expect, test, type Page } from '@playwright/test';
import { TH, USERS, queryOf, sidebar, signIn } from './helpers';

/** The `/user/validate` call of a navigation, recognised by its menuId. */
const validateFor = (page: Page, menuId: number) =>
  page.waitForRequest((req) => {
    const url = new URL(req.url());
    return url.pathname === '/api/v1/user/validate' && url.searchParams.get('menuId') === String(menuId);
  });

test('an unknown path goes to /404 with a link back to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { level: 1, name: TH.notFound })).toBeVisible();
  const back = page.getByRole('link', { name: TH.backHome });
  await expect(back).toHaveAttribute('href', '/');
});

test('/term-condition is public and shows the terms', async ({ page }) => {
  await page.goto('/term-condition');
  await expect(page).toHaveURL('/term-condition');
  await expect(page.getByRole('heading', { level: 1, name: TH.terms })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1. ขอบเขตการให้บริการ' })).toBeVisible();
});

test.describe('viewer', () => {
  test('is sent to /forbidden for risk management, but opens the dashboard', async ({ page }) => {
    await signIn(page, USERS.viewer);
    await page.goto('/risk-management/event');
    await expect(page).toHaveURL('/forbidden');
    await expect(page.getByRole('heading', { level: 1, name: TH.forbidden })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('การแจ้งเตือนล่าสุด')).toBeVisible();
    await expect(page.getByRole('heading', { name: TH.forbidden })).toHaveCount(0);
  });

  test('has no risk management in the sidebar or on the main menu', async ({ page }) => {
    await signIn(page, USERS.viewer);
    const menu = sidebar(page);
    // wait for the server's menu before asserting what is missing
    await expect(menu.getByRole('menuitem', { name: TH.dashboard })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: TH.riskManagement })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'ตั้งค่าบริษัท' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: TH.mainMenu }).getByRole('link', { name: TH.dashboard })).toBeVisible();
    await expect(page.getByText(TH.riskManagement)).toHaveCount(0);
  });
});

test.describe('each navigation asks /user/validate with the route menu', () => {
  test('menuId=18 for /risk-management/event', async ({ page }) => {
    await signIn(page, USERS.admin);
    const request = validateFor(page, 18);
    await page.goto('/risk-management/event');
    const query = queryOf((await request).url());
    expect(query).toEqual({ menuId: '18' });
    await expect(page.getByRole('heading', { level: 1, name: 'การบริหารความเสี่ยง' })).toBeVisible();
  });

  test('menuId=14&parentId=13 for /settings/contacts/list', async ({ page }) => {
    await signIn(page, USERS.admin);
    const request = validateFor(page, 14);
    await page.goto('/settings/contacts/list');
    const url = (await request).url();
    expect(url).toContain('menuId=14&parentId=13');
    expect(queryOf(url)).toEqual({ menuId: '14', parentId: '13' });
  });

  test('menuId=2 for /dashboard, on a full load and on a client-side navigation', async ({ page }) => {
    await signIn(page, USERS.admin);
    let request = validateFor(page, 2);
    await page.goto('/dashboard');
    expect(queryOf((await request).url())).toEqual({ menuId: '2' });

    // back to the main menu through the sidebar (menu 15), then to the dashboard again by a link
    const toMain = validateFor(page, 15);
    await sidebar(page).getByRole('menuitem', { name: TH.mainMenu }).click();
    await toMain;
    await expect(page).toHaveURL('/');
    request = validateFor(page, 2);
    await sidebar(page).getByRole('menuitem', { name: TH.dashboard }).click();
    expect(queryOf((await request).url())).toEqual({ menuId: '2' });
    await expect(page).toHaveURL('/dashboard');
  });
});

test('the sidebar highlights the current route', async ({ page }) => {
  await signIn(page, USERS.admin);
  const menu = sidebar(page);
  const main = menu.getByRole('menuitem', { name: TH.mainMenu });
  const dashboard = menu.getByRole('menuitem', { name: TH.dashboard });
  const risk = menu.getByRole('menuitem', { name: TH.riskManagement });

  await expect(main).toHaveClass(/RaMenuItemLink-active/);
  await expect(dashboard).not.toHaveClass(/RaMenuItemLink-active/);

  await dashboard.click();
  await expect(page).toHaveURL('/dashboard');
  await expect(dashboard).toHaveClass(/RaMenuItemLink-active/);
  await expect(dashboard).toHaveClass(/Mui-selected/);
  await expect(main).not.toHaveClass(/RaMenuItemLink-active/);
  await expect(risk).not.toHaveClass(/RaMenuItemLink-active/);

  await risk.click();
  await expect(page).toHaveURL('/risk-management/event');
  await expect(risk).toHaveClass(/RaMenuItemLink-active/);
  await expect(dashboard).not.toHaveClass(/RaMenuItemLink-active/);

  // another page of the same menu (not the entry's own path) keeps that entry selected
  await page.goto('/risk-management/evaluation');
  await expect(page.getByRole('heading', { level: 1, name: 'การบริหารความเสี่ยง' })).toBeVisible();
  await expect(risk).toHaveClass(/Mui-selected/);
  await expect(dashboard).not.toHaveClass(/Mui-selected/);
});

test('a page under a sub-menu highlights that sub-menu, not its parent section', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto('/settings/contacts/role');
  await expect(page.getByRole('heading', { level: 1, name: th.roles.title })).toBeVisible();
  const menu = sidebar(page);
  await expect(menu.getByRole('menuitem', { name: 'ตั้งค่าบริษัท' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'ผู้ใช้งานและสิทธิ์' })).toHaveClass(/Mui-selected/, { timeout: 3_000 });
  await expect(menu.getByRole('menuitem', { name: 'ตั้งค่าบริษัท' })).not.toHaveClass(/Mui-selected/, { timeout: 3_000 });
});

test('the scroll position resets to the top on navigation', async ({ page }) => {
  // a short window makes the main menu (one tile per menu) taller than the viewport
  await page.setViewportSize({ width: 1024, height: 360 });
  await signIn(page, USERS.admin);
  const tiles = page.getByRole('navigation', { name: TH.mainMenu });
  const last = tiles.getByRole('link', { name: 'ผู้ใช้งานและสิทธิ์' });
  await expect(last).toBeVisible();
  // the tiles' figures have come (their skeletons are not the figures' height)
  await expect(tiles.getByTestId('menu-figure-loading')).toHaveCount(0);
  await expect(tiles.getByTestId('menu-figure').first()).toBeVisible();

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const before = await page.evaluate(() => window.scrollY);
  // the tile is on screen already: clicking it does not scroll
  await expect(last).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);

  await last.click();
  await expect(page).toHaveURL('/settings/contacts/list');
  await expect(page.getByRole('heading', { level: 1, name: th.menu.contacts })).toBeVisible();
  // the new page can scroll too, so 0 is the reset and not a short page
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
