import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { TH, USERS, signIn, submitSignIn } from './helpers';
import { Secret, TOTP } from 'otpauth';
import { th } from '../../i18n';

/** Thai texts of the account pages (src/i18n/th.ts `accounts.*`, `server.*`). */
const ACC = {
  forgotLink: 'ลืมรหัสผ่าน?',
  registerLink: 'ลงทะเบียนบริษัทใหม่',
  forgotTitle: 'ลืมรหัสผ่าน',
  sendLink: 'ส่งลิงก์ตั้งรหัสผ่านใหม่',
  checkMail: 'กรุณาตรวจสอบอีเมล',
  resetTitle: 'ตั้งรหัสผ่านใหม่',
  saveNew: 'บันทึกรหัสผ่านใหม่',
  resetDone: 'ตั้งรหัสผ่านใหม่เรียบร้อยแล้ว',
  toLogin: 'ไปหน้าเข้าสู่ระบบ',
  tooShort: 'รหัสผ่านต้องมีอย่างน้อย 10 ตัวอักษร',
  hasName: 'รหัสผ่านต้องไม่มีชื่อผู้ใช้ ชื่อ นามสกุล หรือชื่อหน้าอีเมลของเจ้าของบัญชี',
  linkInvalid: 'ลิงก์นี้ไม่ถูกต้อง หมดอายุ หรือถูกใช้ไปแล้ว กรุณาขอลิงก์ใหม่',
  registerTitle: 'ลงทะเบียนบริษัทใหม่',
  registered: 'ลงทะเบียนเรียบร้อยแล้ว',
  unverified: 'กรุณายืนยันอีเมลก่อนเข้าสู่ระบบ',
  verified: 'ยืนยันอีเมลเรียบร้อยแล้ว',
  generateClosed: 'ปิดการสร้างบัญชีแรกแล้ว',
} as const;

test.describe('on the usual server (sign-up not allowed)', () => {
  test('the sign-in page offers "forgot password?" and no registration; /register is the 404 page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: ACC.forgotLink })).toBeVisible();
    await expect(page.getByRole('link', { name: ACC.registerLink })).toHaveCount(0);

    await page.goto('/register');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { level: 1, name: TH.notFound })).toBeVisible();
    const reply = await page.request.post('/api/v1/user/register', { data: {} });
    expect(reply.status()).toBe(404);
  });

  test('"forgot password?" opens the form from the sign-in page, which answers without telling whether the account exists', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: ACC.forgotLink }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: ACC.forgotTitle })).toBeVisible();
    await page.getByRole('button', { name: ACC.sendLink }).click();
    await expect(page.getByText('กรุณากรอกรหัสบริษัท')).toBeVisible();
    await page.locator('input[name=companyCode]').fill('DEMO');
    await page.getByRole('radio', { name: 'อีเมล' }).check();
    await page.locator('input[name=email]').fill('nobody@nowhere.example');
    await page.getByRole('button', { name: ACC.sendLink }).click();
    await expect(page.getByText(ACC.checkMail)).toBeVisible();
  });

  test('/generate-account says it is closed once a company exists', async ({ page }) => {
    await page.goto('/generate-account');
    await expect(page.getByText(ACC.generateClosed)).toBeVisible();
    await expect(page.locator('input[name=companyCode]')).toHaveCount(0);
  });

  test('a signed-in user visiting /forgot-password goes to the main menu', async ({ page }) => {
    await signIn(page, USERS.viewer);
    await page.goto('/forgot-password');
    await expect(page).toHaveURL('/');
  });
});

/** A free TCP port on this machine. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * A server of the spec's own (tests/e2e/serve.mjs: fresh demo data, outbox over HTTP), with
 * sign-up allowed. The reset changes DEMO admin's password, which every other spec signs in with.
 */
async function ownServer(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['tests/e2e/serve.mjs'], {
    env: { ...process.env, ...env, E2E_PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the spec's server exited (${child.exitCode})`);
    const up = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error("the spec's server did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

test.describe('password reset and self sign-up, on a server of their own', () => {
  test.describe.configure({ mode: 'serial' });
  let server: Awaited<ReturnType<typeof ownServer>>;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await ownServer({ ALLOW_SIGNUP: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const outboxLink = async (page: Page, to: string) => {
    const reply = await page.request.get(`${server.url}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(reply.status()).toBe(200);
    const { mails } = (await reply.json()) as { mails: { link: string; subject: string }[] };
    expect(mails.length).toBeGreaterThan(0);
    const link = new URL(mails[0].link);
    return { subject: mails[0].subject, path: link.pathname + link.search };
  };

  test('DEMO admin resets a forgotten password from the e-mailed link, every session ends, the new password signs in', async ({ page, browser }) => {
    test.setTimeout(90_000);
    // a session open elsewhere before the reset
    const elsewhere = await browser.newContext({ baseURL: server.url });
    const other = await elsewhere.newPage();
    await signIn(other, USERS.admin);

    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: ACC.forgotLink }).click();
    // the sign-in form stays on screen (same field names) until the page has loaded
    await expect(page.getByRole('heading', { level: 1, name: ACC.forgotTitle })).toBeVisible();
    await page.locator('input[name=companyCode]').fill('DEMO');
    await page.locator('input[name=username]').fill('admin');
    await page.getByRole('button', { name: ACC.sendLink }).click();
    await expect(page.getByText(ACC.checkMail)).toBeVisible();

    const mail = await outboxLink(page, 'admin@thaidigital.example');
    expect(mail.subject).toBe('ตั้งรหัสผ่านใหม่สำหรับบัญชี admin (DEMO)');
    expect(mail.path).toMatch(/^\/reset-password\?token=[0-9a-f]{64}$/);
    await page.goto(server.url + mail.path);
    await expect(page.getByRole('heading', { level: 1, name: ACC.resetTitle })).toBeVisible();

    const password = page.locator('input[name=password]');
    const confirm = page.locator('input[name=confirmPassword]');
    await password.fill('short');
    await confirm.fill('short');
    await page.getByRole('button', { name: ACC.saveNew }).click();
    await expect(page.getByText(ACC.tooShort)).toBeVisible();

    // the server knows whose link it is: the name is refused, and the link still works
    await password.fill('สมชาย-ใจดี-2567');
    await confirm.fill('สมชาย-ใจดี-2567');
    await page.getByRole('button', { name: ACC.saveNew }).click();
    await expect(page.getByRole('alert')).toHaveText(ACC.hasName);

    const newPassword = 'Mango-sticky-rice-2567';
    await password.fill(newPassword);
    await confirm.fill(newPassword);
    await page.getByRole('button', { name: ACC.saveNew }).click();
    await expect(page.getByText(ACC.resetDone)).toBeVisible();

    // the other session is over
    await other.goto('/dashboard');
    await expect(other).toHaveURL(/\/login\?redirectFrom=%2Fdashboard$/);
    await elsewhere.close();

    // the link worked once
    await page.goto(server.url + mail.path);
    await password.fill('Another-new-password-1');
    await confirm.fill('Another-new-password-1');
    await page.getByRole('button', { name: ACC.saveNew }).click();
    await expect(page.getByRole('alert')).toContainText(ACC.linkInvalid);

    await page.goto(`${server.url}/login`);
    await submitSignIn(page, USERS.admin);
    await expect(page.getByRole('alert')).toHaveText(TH.signinFailed);
    await submitSignIn(page, { ...USERS.admin, password: newPassword });
    await page.waitForURL(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย ใจดี' })).toBeVisible();
  });

  test('a new company registers, its administrator verifies the e-mail, then signs in, enrolling an authenticator app', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: ACC.registerLink }).click();
    await expect(page.getByRole('heading', { level: 1, name: ACC.registerTitle })).toBeVisible();

    const account = { companyCode: 'lotus', username: 'wanida', password: 'River-boat-market-88' };
    await page.locator('input[name=companyCode]').fill(account.companyCode);
    await page.locator('input[name=companyName]').fill('บริษัท โลตัส ดาต้า จำกัด');
    await page.locator('input[name=username]').fill(account.username);
    await page.locator('input[name=firstname]').fill('วนิดา');
    await page.locator('input[name=lastname]').fill('ศรีสวัสดิ์');
    await page.locator('input[name=email]').fill('wanida@lotus.example');
    await page.locator('input[name=password]').fill(account.password);
    await page.locator('input[name=confirmPassword]').fill('River-boat-market-89');
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    await expect(page.getByText('รหัสผ่านทั้งสองช่องไม่ตรงกัน')).toBeVisible();
    await page.locator('input[name=confirmPassword]').fill(account.password);
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    await expect(page.getByText(ACC.registered)).toBeVisible();
    await expect(page.getByText('wanida@lotus.example')).toBeVisible();

    await page.getByRole('link', { name: ACC.toLogin }).click();
    await submitSignIn(page, account);
    await expect(page.getByRole('alert')).toContainText(ACC.unverified);

    const mail = await outboxLink(page, 'wanida@lotus.example');
    expect(mail.path).toMatch(/^\/verify-email\?token=[0-9a-f]{64}$/);
    await page.goto(server.url + mail.path);
    await expect(page.getByText(ACC.verified)).toBeVisible();
    await expect(page.getByText('เข้าสู่ระบบได้ด้วยรหัสบริษัท LOTUS และชื่อผู้ใช้ wanida')).toBeVisible();
    await page.getByRole('link', { name: ACC.toLogin }).click();
    await submitSignIn(page, account);
    // a company that signs itself up requires a second factor of its administrators: the app is enrolled first
    const F = th.auth.second_factor;
    await expect(page.getByRole('heading', { name: F.enrol_title })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await page.getByLabel(F.code).fill(new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate());
    await page.getByRole('button', { name: F.verify }).click();
    await page.getByRole('button', { name: F.recovery_saved }).click();
    await page.waitForURL(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'สวัสดี คุณวนิดา ศรีสวัสดิ์' })).toBeVisible();
  });
});
