import { expect, test, type Page } from '@playwright/test';
import { USERS, TH, sessionFromCookie, signIn, userMenuButton } from './helpers';

/** Console messages of a refused style or script (the page's Content-Security-Policy at work). */
function cspViolations(page: Page) {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (apply|execute|load)/i.test(msg.text())) refused.push(msg.text());
  });
  return refused;
}

test('the pages allow no inline style without their nonce, and MUI still draws them', async ({ page }) => {
  const refused = cspViolations(page);
  const reply = await page.goto('/login');
  const csp = reply!.headers()['content-security-policy'];
  expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  // over plain HTTP (this test server): no HSTS, which would pin localhost to HTTPS
  expect(reply!.headers()['strict-transport-security']).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1, name: TH.staffTitle })).toBeVisible();
  // MUI's styles applied: the contained sign-in button is coloured, not the browser's grey
  const submit = page.locator('button[type=submit]');
  const background = await submit.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  expect(background).not.toBe('rgb(239, 239, 239)');
  // every style element carries this page's nonce
  const nonces = await page.evaluate(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')!.nonce;
    return { meta, styles: [...document.querySelectorAll('style')].map((s) => s.nonce === meta) };
  });
  expect(nonces.meta).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
  expect(nonces.styles.length).toBeGreaterThan(1);
  expect(nonces.styles.every(Boolean)).toBe(true);
  // a second visit gets another nonce
  const again = await page.goto('/login');
  expect(again!.headers()['content-security-policy']).not.toBe(csp);

  await signIn(page, USERS.admin);
  await expect(page.getByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย ใจดี' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('the session is an HttpOnly cookie scripts cannot read; the devices list signs out everywhere', async ({ page, browser }) => {
  await signIn(page, USERS.viewer);
  const session = await sessionFromCookie(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'pdpa_session')!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Lax');
  expect(await page.evaluate(() => document.cookie)).not.toContain(session!.access_token);

  // a second device of the same person
  const other = await browser.newContext({ baseURL: page.url() });
  const otherPage = await other.newPage();
  await signIn(otherPage, USERS.viewer);
  const otherToken = (await sessionFromCookie(otherPage))!.access_token;

  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'อุปกรณ์ที่เข้าสู่ระบบ' }).click();
  const dialog = page.getByRole('dialog', { name: 'อุปกรณ์ที่เข้าสู่ระบบด้วยบัญชีนี้' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('อุปกรณ์นี้', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'ออกจากระบบอุปกรณ์นี้' }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'ออกจากระบบทุกอุปกรณ์' }).click();
  await expect(page).toHaveURL('/login');

  // both devices are signed out on the server
  for (const token of [session!.access_token, otherToken]) {
    const reply = await page.request.get('/api/v1/user/menu', { headers: { Authorization: `Bearer ${token}` } });
    expect(reply.status()).toBe(401);
  }
  await otherPage.goto('/dashboard');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});
