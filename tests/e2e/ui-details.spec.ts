import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { chooseLanguage, shoot, signIn } from './helpers';

/** The small things an officer tripped on, each kept fixed. */

/** Console messages of a refused style or script (the page's Content-Security-Policy at work). */
function cspViolations(page: Page) {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (apply|execute|load)/i.test(msg.text())) refused.push(msg.text());
  });
  return refused;
}

test('the documents editor draws with no style refused by the Content-Security-Policy', async ({ page }) => {
  await signIn(page);
  // a draft opens in the editor (a published one opens on its preview)
  await page.goto('/sheets/list?state=draft');
  const edit = page.locator('a[href^="/sheets/edit?id="]').first();
  await expect(edit).toBeVisible();
  const refused = cspViolations(page);
  await page.goto((await edit.getAttribute('href'))!);
  const editor = page.locator('.tiptap');
  await expect(editor).toBeVisible();
  if ((await editor.getAttribute('contenteditable')) === 'true') {
    await editor.click();
    await page.keyboard.type('ทดสอบ');
  }
  // TipTap's own rules are in force (its <style> carries the nonce): the editor keeps spaces as typed
  await expect.poll(() => editor.evaluate((el) => getComputedStyle(el).whiteSpace)).toMatch(/pre-wrap|break-spaces/);
  expect(refused).toEqual([]);
});

test('the sidebar marks the knowledge tests on their manage tabs, not the documents', async ({ page }) => {
  await signIn(page);
  await page.goto('/knowledge/manage');
  const marked = page.locator('.RaMenu-open .Mui-selected, .RaMenu-closed .Mui-selected');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(th.menu.knowledge);
});

test("a list's filters stand clear of its card and of each other", async ({ page }) => {
  await signIn(page);
  await page.goto('/databreach');
  const search = page.getByRole('search');
  await expect(search).toBeVisible();
  const card = await page.locator('.RaList-content').first().boundingBox();
  const input = await page.getByRole('textbox', { name: th.breach.search }).boundingBox();
  const status = await page.getByRole('combobox', { name: th.breach.columns.status }).boundingBox();
  expect(input!.x - card!.x).toBeGreaterThanOrEqual(12);
  expect(input!.y - card!.y).toBeGreaterThanOrEqual(12);
  expect(status!.x - (input!.x + input!.width)).toBeGreaterThanOrEqual(12);
});

test("a date's label stands clear of its selects' labels once a day is chosen", async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/audit');
  const day = page.getByRole('combobox', { name: new RegExp(`: ${th.common.date.day}$`) }).first();
  await day.click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  const group = page.locator('fieldset').filter({ has: day });
  const legend = await group.locator('legend').first().boundingBox();
  const risen = await group.locator('label').filter({ hasText: th.common.date.day }).first().boundingBox();
  expect(risen!.y).toBeGreaterThanOrEqual(legend!.y + legend!.height - 1);
});

test.describe('on a phone (390 × 844)', () => {
  test('the title is not cut under the bell, in Thai and English', async ({ page }) => {
    // signed in at the desk (the sign-in helper looks for the user menu by its full name), then on the phone
    await signIn(page);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ['th', 'en'] as const) {
      if (lang === 'en') await chooseLanguage(page, 'English');
      await page.goto('/consents/datasubject/list');
      const title = page.locator('#react-admin-title');
      await expect(title).toContainText(lang === 'th' ? th.dsr.title : en.dsr.title);
      const box = (await title.boundingBox())!;
      const bell = (await page
        .locator('header')
        .getByRole('button', { name: /การแจ้งเตือน|notifications/i })
        .boundingBox())!;
      // the title ends before the bell, and shows whole (no part of it clipped)
      expect(box.x + box.width).toBeLessThanOrEqual(bell.x);
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      await shoot(page, `issue25-phone-title-${lang}`);
    }
    await chooseLanguage(page, 'ไทย');
  });
});

test('a dropdown says "open" in the language of the screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/risk-management/start-evaluation');
  const open = page.getByRole('button', { name: th.mui.open }).first();
  await expect(open).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
});

test("the ROPA dashboard's department bars show the approved share their words give", async ({ page }) => {
  await signIn(page);
  await page.goto('/ropa/dashboard');
  const rows = page.getByTestId('ropa-by-department').locator(':scope > div');
  await expect(rows.first()).toBeVisible();
  const seen = await rows.evaluateAll((els) =>
    els.map((el) => ({ text: el.textContent ?? '', bar: Number(el.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')) })),
  );
  expect(seen.length).toBeGreaterThan(1);
  for (const { text, bar } of seen) {
    const [approved, total] = (text.match(/\d+/g) ?? []).map(Number);
    expect(bar, text).toBe(Math.round((approved / total) * 100));
  }
});

test('a path typed by hand opens a screen: a module\'s bare path its entry, a resource\'s API path its module, never "being built"', async ({
  page,
}) => {
  await signIn(page);
  for (const [typed, lands] of [
    ['/cookie', '/cookie/list'],
    ['/settings', '/settings/general'],
    ['/ropa', '/ropa/dashboard'],
    ['/knowledge', '/knowledge/my'],
    ['/framework-requirements', '/dashboard'],
    ['/cookie-log', '/cookie/list'],
    ['/audit-trail', '/settings/general'],
  ]) {
    await page.goto(typed);
    await expect(page, typed).toHaveURL(new RegExp(`${lands}$`));
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByText(th.pages.coming.title)).toHaveCount(0);
  }
});
