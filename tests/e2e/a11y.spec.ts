import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { matchPath } from 'react-router-dom';
import { MENU } from '../../contract/menus';
import { definitionsFromFolder } from '../../resources/definitionsFromFolder';
import { modulesFromFolder } from '../../resources/modulesFromFolder';
import type { RouteMeta } from '../../src/routing/routeMeta';
import { routesOf } from '../../src/routing/seedRoutes';
import { USERS, signIn } from './helpers';

/** Every route of the application, its resources and module pages read from the folder (Vite's glob is not here). */
const ROUTES = routesOf(await definitionsFromFolder(), await modulesFromFolder());

/**
 * axe-core over every screen of the route table: no serious or critical problem.
 * The screens come from `src/routing/routeTable.ts`, so a module's screens are checked as soon as its
 * routes are there: a plain path as it is, a `/*` path at its menu's entry (or the resource's list)
 * and then every tab that screen links to, a path with parameters at a link to it found on a screen
 * already checked (a published notice's public page, a request form). Thai and English.
 */

const SERIOUS = new Set(['serious', 'critical']);
/** Hrefs seen on the screens so far, for the routes with parameters. */
const seenHrefs = new Set<string>();
const checked = new Set<string>();
/** Entries that led to the 404 page in the first language: no screen there in the second either. */
const noScreen = new Set<string>();

const hasParams = (route: RouteMeta) => /:[^/?]+(?=\/|$)/.test(route.path.replace(/\/:[^/]+\?/g, ''));
const plain = (route: RouteMeta) => route.path.replace(/\/:[^/]+\?$/, '');

/** Where a route is opened: its own path, its menu's entry for a `/*` route, the resource's list. */
function entryOf(route: RouteMeta): string | undefined {
  if (hasParams(route)) return undefined;
  const path = plain(route);
  if (!path.endsWith('/*')) return path;
  const menuPath = route.menu ? MENU[route.menu].path : undefined;
  if (menuPath && matchPath({ path: route.path, end: true }, menuPath)) return menuPath;
  return path.slice(0, -2);
}

async function seriousProblems(page: Page) {
  // colour contrast, axe's costliest rule, is checked in Thai: English draws the same colours on the same screens
  const lang = await page.evaluate(() => document.documentElement.lang);
  // only the violations are gathered: collecting every passing node is most of axe's time on a long list
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const result = await (lang === 'en' ? axe.disableRules(['color-contrast']) : axe).analyze();
  return result.violations
    .filter((v) => SERIOUS.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The requests a page has in flight (counted from its first use): a screen has drawn once none has been
 * for a moment. Cheaper than the load state 'networkidle', which waits half a second after the last.
 */
const inFlight = new WeakMap<Page, { n: number; last: number }>();
function watchRequests(page: Page) {
  const state = { n: 0, last: Date.now() };
  inFlight.set(page, state);
  const done = () => {
    state.n = Math.max(0, state.n - 1);
    state.last = Date.now();
  };
  page.on('request', () => {
    state.n++;
    state.last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}
async function settled(page: Page) {
  const state = inFlight.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  await expect.poll(() => state.n === 0 && Date.now() - state.last >= 150, { intervals: [50], timeout: 30_000 }).toBe(true);
}

/**
 * Opens a screen, lets it draw, runs axe; records the links it shows. Returns false when the screen does not
 * exist. Within the signed-in application the screen is opened as a link would (the router, no new page
 * load: the bundle is not parsed again for every screen).
 */
/**
 * Opens a screen of the signed-in application as a link would (the router, no new page load) and waits until it
 * has drawn: settled, and not the screen before it, still there.
 */
async function openInApp(page: Page, path: string) {
  const body = page.locator('body');
  const before = await body.innerText();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settled(page);
  await expect(body).not.toHaveText(before);
}

async function check(page: Page, path: string, inApp = false): Promise<boolean> {
  if (inApp) await openInApp(page, path);
  else {
    await page.goto(path);
    await settled(page);
  }
  const url = new URL(page.url());
  if (url.pathname === '/404' && path !== '/404') return false;
  // a path that opens a screen already looked at in this language (a resource's own path opens its module's entry)
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (url.pathname !== new URL(path, url).pathname && checked.has(`${lang}:${url.pathname}`)) return true;
  await inspect(page, url.pathname);
  return true;
}

/** axe over the screen drawn now, kept as checked under `key`; the links it shows and whether its rows open records. */
async function inspect(page: Page, key: string) {
  // nothing still loading: a skeleton is not the screen
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  for (const href of await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))) seenHrefs.add(href);
  const lang = await page.evaluate(() => document.documentElement.lang);
  screensSeen.add(`${lang}:${page.url()}`);
  const problems = await seriousProblems(page);
  checked.add(`${lang}:${key}`);
  expect.soft(problems, `${key} (${lang})`).toEqual([]);
}

/** A list's row that opens its record when clicked (react-admin's rowClick); the screens looked at, by language. */
const CLICKABLE_ROW = '.RaDatagrid-clickableRow';
const screensSeen = new Set<string>();
/** A record screen's path with its ids taken out: one of each kind is checked. */
const shapeOf = (path: string) => path.replace(/\/[0-9a-f-]{8,}(?=\/|$|\?)|\/\d+(?=\/|$|\?)|=[^&]+/gi, (m) => (m[0] === '=' ? '=:id' : '/:id'));

/**
 * The record screens of a module (an activity, an assessment, a requirement…), which open inside its `/*` screen
 * past the route table: up to three kinds, at the links to them seen above and by the first row of each list that
 * opens its record. A row that opens a dialog instead is checked with the dialog open.
 */
async function checkRecords(page: Page, lang: string, prefix: string) {
  const kinds = new Set<string>();
  const fresh = (path: string) => {
    const shape = shapeOf(path);
    if (kinds.has(shape) || checked.has(`${lang}:${shape}`)) return false;
    kinds.add(shape);
    return true;
  };
  for (const href of [...seenHrefs]) {
    const path = new URL(href, 'http://x');
    const where = path.pathname + path.search;
    if (kinds.size >= 3 || !path.pathname.startsWith(prefix) || path.pathname.length <= prefix.length) continue;
    if (checked.has(`${lang}:${path.pathname}`) || !fresh(where)) continue;
    if (await check(page, where, true)) checked.add(`${lang}:${shapeOf(where)}`);
  }
  // each screen of the module looked again (a list whose data came late showed no table to the first look)
  for (const screen of [...screensSeen]) {
    const url = new URL(screen.slice(lang.length + 1));
    const inModule = url.pathname === prefix.slice(0, -1) || url.pathname.startsWith(prefix);
    if (kinds.size >= 3 || !screen.startsWith(`${lang}:`) || !inModule) continue;
    if (page.url() !== url.href) await openInApp(page, url.pathname + url.search);
    // nothing still loading: a list behind its skeleton has no table yet
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    if (!(await page.locator('.RaDatagrid-root').count())) {
      // a screen whose list asks for its data only once its code has come: a second look after that
      await page.waitForTimeout(500);
      await settled(page);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (!(await page.locator('.RaDatagrid-root').count())) continue;
    }
    // nothing left open from before: a dialog seen after the click is the row's
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // its rows have come (a list drawn before its data showed none to the first look)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const rows = await page
      .locator('.RaDatagrid-root tbody tr')
      .first()
      .waitFor({ timeout: 3_000 })
      .then(
        () => page.locator(CLICKABLE_ROW).count(),
        () => 0,
      );
    if (!rows) continue;
    const before = page.url();
    // a plain cell: not a box that selects the row, nor a button that acts on it
    await page.locator(CLICKABLE_ROW).first().locator('td:not(:has(button, input, a, [role="button"], [role="checkbox"]))').first().click();
    await expect.poll(async () => page.url() !== before || (await page.getByRole('dialog').count()) > 0, { timeout: 5_000 }).toBe(true);
    await settled(page);
    const opened = new URL(page.url());
    if (page.url() === before) {
      if (fresh(`${opened.pathname}#row`)) await inspect(page, `${opened.pathname}#row`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } else if (fresh(opened.pathname + opened.search)) await inspect(page, shapeOf(opened.pathname + opened.search));
  }
}

/** The tabs a module screen links to (its other screens). */
const tabsOf = (page: Page) =>
  page.locator('[role="tablist"] a[href^="/"], [role="tab"][href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));

async function setLanguage(page: Page, lang: 'th' | 'en') {
  await page.evaluate((l) => localStorage.setItem('pdpa.locale', l), lang);
}

for (const lang of ['th', 'en'] as const) {
  test.describe(`axe, signed in (${lang})`, () => {
    let page: Page;
    // axe needs a page of a context of our own (not browser.newPage()'s)
    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext()).newPage();
      watchRequests(page);
      await signIn(page, USERS.admin);
      await setLanguage(page, lang);
      // the language is read when the application starts
      await page.reload();
    });
    test.afterAll(async () => page.context().close());

    test.afterAll(() => {
      // every entry and tab was looked at, in this language (a failed navigation would check one screen over and over)
      expect([...checked].filter((k) => k.startsWith(`${lang}:`)).length).toBeGreaterThan(55);
      // and the record screens were reached: an assessment, a template, a requirement of the framework
      expect([...checked]).toEqual(expect.arrayContaining([`${lang}:/assessments/edit/:id`, `${lang}:/assessments/templates/:id`]));
      expect([...checked].filter((k) => k.startsWith(`${lang}:/framework/`))).not.toEqual([]);
    });

    for (const route of ROUTES.filter((r) => r.access === 'login')) {
      const entry = entryOf(route);
      if (!entry) continue;
      test(`${route.path}`, async () => {
        test.setTimeout(120_000);
        if (noScreen.has(entry) || !(await check(page, entry, true))) {
          noScreen.add(entry);
          test.info().annotations.push({ type: 'skipped', description: `${entry}: no screen yet` });
          return;
        }
        for (const tab of await tabsOf(page)) {
          const path = new URL(tab, page.url()).pathname;
          if (!checked.has(`${lang}:${path}`)) await check(page, path, true);
        }
      });
    }

    for (const route of ROUTES.filter((r) => r.access === 'login' && r.path.endsWith('/*'))) {
      test(`${route.path}: its records`, async () => {
        test.setTimeout(120_000);
        await checkRecords(page, lang, route.path.slice(0, -1));
      });
    }
  });

  test.describe(`axe, public pages (${lang})`, () => {
    for (const route of ROUTES.filter((r) => r.access !== 'login')) {
      test(`${route.path}`, async ({ page }) => {
        await page.goto('/404');
        await setLanguage(page, lang);
        const path = hasParams(route) ? [...seenHrefs].find((href) => matchPath({ path: route.path, end: true }, href.split('?')[0])) : plain(route);
        if (!path) {
          test.info().annotations.push({ type: 'skipped', description: `${route.path}: no link to it on the screens checked` });
          return;
        }
        await check(page, path);
      });
    }
  });
}
