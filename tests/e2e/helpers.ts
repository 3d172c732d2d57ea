import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { toBangkokLocal } from '../../contract/breachClock';

/** The demo accounts the server seeds into a fresh data dir. */
export const USERS = {
  admin: { companyCode: 'DEMO', username: 'admin', password: 'admin1234', fullName: 'สมชาย ใจดี' },
  viewer: { companyCode: 'DEMO', username: 'viewer', password: 'viewer1234', fullName: 'สมหญิง รักงาน' },
  contact: { companyCode: 'DEMO', username: 'contact1', password: 'contact1234', fullName: 'วิชัย ติดต่อดี' },
  siamAdmin: { companyCode: 'SIAM', username: 'admin', password: 'admin1234', fullName: 'ประเสริฐ มั่นคง' },
  dpo: { companyCode: 'DEMO', username: 'dpo', password: 'dpo1234567', fullName: 'สมศรี ใจดี' },
} as const;

export type Account = { companyCode: string; username: string; password: string };

/** Thai texts the specs look for (src/i18n/th.ts). */
export const TH = {
  staffTitle: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่',
  contactTitle: 'เข้าสู่ระบบสำหรับผู้ติดต่อ',
  signinFailed: 'รหัสบริษัท ชื่อผู้ใช้ หรือรหัสผ่านไม่ถูกต้อง',
  riskManagement: 'การบริหารความเสี่ยง',
  forbidden: 'ไม่มีสิทธิ์เข้าถึง',
  notFound: 'ไม่พบหน้าที่ต้องการ (404)',
  backHome: 'กลับสู่หน้าหลัก',
  terms: 'ข้อกำหนดและเงื่อนไขการใช้งาน',
  contactChip: 'ผู้ติดต่อ',
  language: 'เปลี่ยนภาษา',
  userMenu: 'เมนูผู้ใช้',
  logout: 'ออกจากระบบ',
  dashboard: 'แดชบอร์ด',
  mainMenu: 'เมนูหลัก',
} as const;

/** Fills and submits a sign-in form already on screen (does not wait for the outcome). */
export async function submitSignIn(page: Page, account: Account) {
  await page.locator('input[name=companyCode]').fill(account.companyCode);
  await page.locator('input[name=username]').fill(account.username);
  await page.locator('input[name=password]').fill(account.password);
  await page.locator('button[type=submit]').click();
}

/**
 * Signs in and waits for the full page load to `landing` (the main menu by default) and the signed-in shell.
 * From `/login` (the default) by the sign-in page's own call (its timestamp token, the server's cookies and the
 * readable `pdpa_user` the page writes), which skips loading that page: the sign-in form itself is the subject of
 * the auth and screens specs (`submitSignIn`). From another page (`/contact-login`), through its form.
 */
export async function signIn(
  page: Page,
  account: Account = USERS.admin,
  { from = '/login', landing = '/' }: { from?: string; landing?: string } = {},
) {
  if (from === '/login') {
    const timestamp = String(Date.now());
    const reply = await page.request.post(`/api/v1/user/signin/${timestamp}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Token ${createHash('sha256').update(timestamp).digest('hex')}` },
      data: { companyCode: account.companyCode, username: account.username, password: account.password, page: 'staff' },
    });
    expect(reply.status(), await reply.text()).toBe(200);
    const { user } = (await reply.json()) as { user: unknown };
    const origin = new URL(reply.url()).origin;
    await page.context().addCookies([{ name: 'pdpa_user', value: encodeURIComponent(JSON.stringify({ user })), url: origin, sameSite: 'Strict' }]);
    await page.goto(landing);
  } else {
    await page.goto(from);
    await submitSignIn(page, account);
  }
  await page.waitForURL((url) => url.pathname + url.search === landing);
  await expect(userMenuButton(page)).toBeVisible();
}

export const userMenuButton = (page: Page) => page.getByRole('button', { name: TH.userMenu });

/** The bell: 'การแจ้งเตือน' or 'การแจ้งเตือน N รายการที่ยังไม่ได้อ่าน' (English: 'Notifications', 'N unread notifications'). */
export const bellButton = (page: Page) => page.locator('header').getByRole('button', { name: /การแจ้งเตือน|notifications/i });

/** The number in the bell's badge (0 when the badge is hidden). */
export async function unreadBadge(page: Page): Promise<number> {
  const badge = bellButton(page).locator('.MuiBadge-badge');
  if (await badge.evaluate((el) => el.classList.contains('MuiBadge-invisible'))) return 0;
  return Number((await badge.textContent())?.trim() || 0);
}

/** The sidebar (react-admin's menu). */
export const sidebar = (page: Page) => page.locator('.RaMenu-open, .RaMenu-closed').first();

/**
 * The session: the token of the server's HttpOnly cookie `pdpa_session` (the test reads it through the
 * browser context; the page's scripts cannot) and the user the UI keeps in `pdpa_user`.
 */
export async function sessionFromCookie(page: Page): Promise<{ access_token: string; user: Record<string, unknown> } | undefined> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'pdpa_session');
  if (!token || !token.value) return undefined;
  const user = cookies.find((c) => c.name === 'pdpa_user');
  return { access_token: token.value, user: user?.value ? JSON.parse(decodeURIComponent(user.value)).user : {} };
}

/** Waits for the `/api/v1/user/validate` call a navigation makes, returning its query. */
export function validateRequest(page: Page) {
  return page.waitForRequest((req) => new URL(req.url()).pathname === '/api/v1/user/validate');
}

export const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

/**
 * Switches the language with the top bar's (or a public page's) language button. The app bar hides
 * while the page is scrolled down, so the page goes back to the top first.
 */
export async function chooseLanguage(page: Page, name: 'ไทย' | 'English') {
  await page.evaluate(() => window.scrollTo(0, 0));
  const button = page.getByRole('button', { name: /(เปลี่ยนภาษา|Change language)$/ });
  await expect(button).toBeInViewport();
  await button.click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByRole('menuitem', { name })).toBeHidden();
}

/**
 * One signed-in window shared by the tests of a serial describe, as one person would work through a
 * flow: `onPage` receives it before the first test; a failed test attaches a full-page screenshot.
 */
export function sharedSignedInPage(account: Account, onPage: (page: Page) => void) {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signIn(page, account);
    onPage(page);
  });
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('screenshot', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });
  test.afterAll(async () => {
    await page.context().close();
  });
}

/** A toast (react-admin's notification) with this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text);

/** Full-page pictures for humans to look at (not compared): test-results/screens/*.png */
const SCREENS = join(process.cwd(), 'test-results', 'screens');

export async function shoot(page: Page, name: string) {
  // CI (E2E_SCREENS=0) keeps the checks below but draws no picture nobody looks at: a full page costs Chromium a second
  const draw = process.env.E2E_SCREENS !== '0';
  if (draw) mkdirSync(SCREENS, { recursive: true });
  // from the top, nothing focused (the app bar hides while the page is scrolled down; no focus ring in the picture)
  await page.evaluate(() => {
    const w = window as Window & { shotFocus?: Element | null };
    w.shotFocus = document.activeElement;
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const header = page.locator('header').first();
  if (await header.count()) await expect(header).toBeInViewport();
  await page.evaluate(() => document.fonts.ready);
  if (draw) await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true, animations: 'disabled' });
  // the focus goes back where it was, so the test goes on as a person would after a look (a dialog's keys reach it)
  await page.evaluate(() => {
    const w = window as Window & { shotFocus?: Element | null };
    const el = w.shotFocus as HTMLElement | null | undefined;
    if (el && el !== document.body && el.isConnected) el.focus({ preventScroll: true });
    w.shotFocus = undefined;
  });
}

/**
 * Types a moment into a BangkokDateTimeInput labelled `label` (Thai screens): its Buddhist-era year, Thai
 * month and day picked from their lists, then the 24-hour time, all in Bangkok time.
 */
export async function fillBangkokMoment(scope: Page | Locator, label: string, at: Date) {
  const local = toBangkokLocal(at);
  const [year, month, day] = local.slice(0, 10).split('-').map(Number);
  const page = 'goto' in scope ? scope : scope.page();
  const pick = async (part: string, option: string) => {
    await scope.getByRole('combobox', { name: `${label}: ${part}` }).click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  };
  await pick('ปี (พ.ศ.)', String(year + 543));
  await pick('เดือน', new Intl.DateTimeFormat('th-TH', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1))));
  await pick('วันที่', String(day));
  await scope.getByLabel(`${label}: เวลา`, { exact: true }).fill(local.slice(11, 16));
}

/** The last one-time code e-mailed to `to` (the e2e server's development outbox, OUTBOX_API). */
export async function outboxCode(page: Page, to: string, template = 'dsr_code'): Promise<string> {
  const reply = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(reply.status()).toBe(200);
  const { mails } = (await reply.json()) as { mails: { template: string; text: string }[] };
  const code = /\b(\d{6})\b/.exec(mails.find((m) => m.template === template)?.text ?? '')?.[1];
  expect(code, `a code e-mailed to ${to}`).toBeTruthy();
  return code!;
}
