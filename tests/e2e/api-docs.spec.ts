import { expect, test } from '@playwright/test';
import { USERS, sessionFromCookie, shoot, signIn } from './helpers';

/**
 * The API reference at /api/docs renders in Chromium under the app's own Content-Security-Policy
 * (no inline script, nothing from another origin), and its "Try it out" reaches the API.
 */
test('the API reference renders, offline and under the CSP, and tries a call with a token', async ({ page, baseURL }) => {
  await signIn(page, USERS.admin);
  const token = (await sessionFromCookie(page))?.access_token;
  expect(token).toBeTruthy();

  const problems: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) elsewhere.push(r.url());
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /PDPA Back Office API/ })).toBeVisible();
  const risk = page.locator('.opblock-tag', { hasText: /^risk/ });
  await expect(risk).toBeVisible();
  await shoot(page, 'api-docs');

  // a guarded call shows who may make it
  await risk.click();
  const list = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/datarisk\/list$/ }) });
  await expect(list.locator('.opblock-summary-description')).toHaveText('menu 18 (riskManagement), view');

  // authorize with the session's token, then try GET /user/menu through the page
  await page
    .getByRole('button', { name: /Authorize/ })
    .first()
    .click();
  await page.locator('.modal-ux input[type="text"]').fill(token!);
  await page.locator('.modal-ux').getByRole('button', { name: 'Apply credentials' }).click();
  await page.locator('.modal-ux').getByRole('button', { name: 'Close' }).click();
  await page.locator('.opblock-tag', { hasText: /^shell/ }).click();
  const menu = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/user\/menu$/ }) });
  await menu.locator('.opblock-summary').click();
  await menu.getByRole('button', { name: 'Try it out' }).click();
  await menu.getByRole('button', { name: 'Execute' }).click();
  await expect(menu.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(menu.locator('.live-responses-table')).toContainText('"menuId"');
  await shoot(page, 'api-docs-try');

  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
