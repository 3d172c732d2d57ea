import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { MenuFigure } from '../../contract/dashboard';
import { en, th } from '../../i18n';
import { USERS, chooseLanguage, sharedSignedInPage, shoot, signIn } from './helpers';

const M = th.pages.main;
const SHOTS = '/tmp/menu-shots';

/** The figures the server gives the signed-in person (the page's own session). */
async function figuresOf(page: Page): Promise<MenuFigure[]> {
  const reply = await page.request.get('/api/v1/user/menu-figures');
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: MenuFigure[] }).data;
}

const tile = (page: Page, menuId: number) => page.getByTestId(`menu-tile-${menuId}`);

test.describe('main menu: module tiles with a live figure, the recent pages', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('each module a tile with its figure, as the server counts it and as the dashboard shows it', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: M.modules })).toBeVisible();
    const figures = await figuresOf(page);
    expect(figures.map((f) => f.key).sort()).toEqual(['breach', 'cookie', 'dpo', 'dsr', 'knowledge', 'risk', 'ropa', 'sheets']);
    const dsr = figures.find((f) => f.key === 'dsr')!;
    await expect(tile(page, 5).getByTestId('menu-figure-value')).toHaveText(String(dsr.value));
    await expect(tile(page, 5)).toContainText(M.figures.dsr);
    await expect(tile(page, 5).getByTestId('menu-figure-detail')).toHaveText(M.figures.dsr_detail.replace('%{n}', String(dsr.detail)));
    const breach = figures.find((f) => f.key === 'breach')!;
    await expect(tile(page, 17).getByTestId('menu-figure-value')).toHaveText(String(breach.value));
    await expect(tile(page, 4)).toContainText(M.figures.dpo_yes);
    // a module without a figure is a plain tile
    await expect(tile(page, 2).getByTestId('menu-figure')).toHaveCount(0);
    // the same facts as the dashboard's summary
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-dsr_open').locator('p').first()).toHaveText(String(dsr.value));
    await expect(page.getByTestId('stat-breach_open').locator('p').first()).toHaveText(String(breach.value));
    const sheets = figures.find((f) => f.key === 'sheets')!;
    await expect(page.getByTestId('posture-documents_review')).toContainText(String(sheets.value));
    // the tile opens its module
    await page.goto('/');
    await tile(page, 17).getByRole('link').click();
    await expect(page).toHaveURL(/\/databreach$/);
    // the address changes before the page is drawn (a navigation waits for its screen); the visit is
    // remembered when it is drawn, and the next test counts it: wait for the list
    await expect(page.getByRole('link', { name: th.breach.add })).toBeVisible();
  });

  test('the recent pages: the pages opened last, newest first, with their titles; they open again', async () => {
    for (const path of ['/ropa/activity/list', '/sheets/list', '/consents/datasubject/list']) {
      await page.goto(path);
      await expect(page.locator('#react-admin-title')).not.toBeEmpty();
    }
    await page.goto('/');
    const recent = page.getByTestId('recent-page');
    await expect(recent.first()).toHaveAttribute('href', '/consents/datasubject/list');
    await expect(recent.nth(1)).toHaveAttribute('href', '/sheets/list');
    await expect(recent.nth(2)).toHaveAttribute('href', '/ropa/activity/list');
    await expect(recent.first()).toContainText(th.dsr.title);
    await expect(recent).toHaveCount(5); // the two dashboard/breach visits of the test before, and these three
    await recent.nth(1).click();
    await expect(page).toHaveURL(/\/sheets\/list$/);
    // the address changes before the page is drawn (a navigation waits for its screen): wait for the list itself
    await expect(page.getByTestId('sheet-row').first()).toBeVisible();
    // kept for the person (local storage by their id): the list has moved the page opened again first
    await page.goto('/');
    await expect(page.getByTestId('recent-page').first()).toHaveAttribute('href', '/sheets/list');
  });

  test('Thai and English: the tiles and recent pages in the language chosen (screenshots)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await page.goto('/');
    await expect(tile(page, 5).getByTestId('menu-figure')).toBeVisible();
    await shoot(page, 'main-menu-th');
    await page.screenshot({ path: `${SHOTS}/main-menu-th.png`, fullPage: true });
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: en.pages.main.modules })).toBeVisible();
    await expect(tile(page, 5)).toContainText(en.pages.main.figures.dsr);
    await expect(tile(page, 5)).toContainText(en.menu.consents);
    await expect(page.getByTestId('recent-page').first()).toContainText(en.menu.sheets);
    await shoot(page, 'main-menu-en');
    await page.screenshot({ path: `${SHOTS}/main-menu-en.png`, fullPage: true });
    await chooseLanguage(page, 'ไทย');
  });

  test('a failed figure call shows the seed text in each figure tile, not an empty one; the tiles still open', async () => {
    await page.route('**/api/v1/user/menu-figures', (route) => route.fulfill({ status: 500, body: '{"status":500,"msg":"x"}' }));
    await page.reload();
    await expect(tile(page, 5).getByTestId('menu-figure-error')).toHaveText(th.errors.generic);
    await expect(tile(page, 2).getByTestId('menu-figure-error')).toHaveCount(0);
    await tile(page, 5).getByRole('link').click();
    await expect(page).toHaveURL(/\/consents\/manage\/form/);
    await page.unroute('**/api/v1/user/menu-figures');
  });

  test('dashboard figures open the consent, ROPA and document lists filtered to the rows they count', async () => {
    const figureOf = async (testId: string) => Number((await page.getByTestId(testId).locator('p').first().textContent())?.replace(/[^\d]/g, ''));
    await page.goto('/dashboard');
    await expect(page.getByTestId('feed-posture')).not.toHaveAttribute('aria-busy', 'true');
    // documents in review
    const inReview = Number((await page.getByTestId('posture-documents_review').locator('.MuiTypography-h6').textContent())?.trim());
    await page.getByTestId('posture-documents_review').click();
    // the figure's link names the state the seed's way; the list keeps it in its own filter
    await expect(page).toHaveURL((url) => url.pathname === '/sheets/list' && url.searchParams.get('filter') === '{"state":"review"}');
    await expect(page.locator('tbody tr')).toHaveCount(inReview);
    // ROPA overdue for review
    await page.goto('/dashboard');
    const overdue = Number((await page.getByTestId('posture-ropa_overdue').locator('.MuiTypography-h6').textContent())?.trim());
    expect(overdue).toBeGreaterThan(0);
    await page.getByTestId('posture-ropa_overdue').click();
    await expect(page).toHaveURL((url) => url.pathname === '/ropa/activity/list' && url.searchParams.get('filter') === '{"overdue":true}');
    await expect(page.getByLabel(th.ropa.list.only_overdue)).toBeChecked();
    await expect(page.locator('tbody tr')).toHaveCount(overdue);
    // consents given in the period
    await page.goto('/dashboard');
    await expect(page.getByTestId('feed-consent-count')).not.toHaveAttribute('aria-busy', 'true');
    const given = await figureOf('consent-given');
    expect(given).toBeGreaterThan(0);
    await page.getByTestId('consent-given').click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/consents/manage/list' &&
        /^\{"action":"given","from":"\d{4}-\d\d-\d\d","to":"\d{4}-\d\d-\d\d"\}$/.test(url.searchParams.get('filter') ?? ''),
    );
    await expect(page.getByTestId('consent-made-filter')).toContainText(th.consent.records.made.given);
    await expect(page.getByTestId('consent-made-filter')).toContainText(/25\d\d/);
    await expect(page.getByTestId('consent-record-row')).toHaveCount(Math.min(given, 20));
    if (given > 20) await expect(page.getByRole('navigation', { name: /pagination/i })).toBeVisible();
  });
});

test('the view-only person sees only the tiles and figures of their menus', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await expect(tile(page, 5).getByTestId('menu-figure')).toBeVisible();
  // no menu 18: no risk tile, no risk figure
  await expect(tile(page, 18)).toHaveCount(0);
  const keys = (await figuresOf(page)).map((f) => f.key);
  expect(keys).not.toContain('risk');
  expect(keys).toContain('dsr');
  await page.screenshot({ path: `${SHOTS}/main-menu-viewer-th.png`, fullPage: true });
});
