import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { MENU } from '../../contract/menus';
import { en, th } from '../../i18n';
import { USERS, sharedSignedInPage, shoot, submitSignIn, toast, userMenuButton } from './helpers';
import { bearer, dialog, row, search, stamp } from './riskHelpers';

// Issue 31 §2: an administrator requires a second factor of a role; its holder enrols an authenticator app at the
// next sign-in (QR code, key, recovery codes once), signs in with the app's code or a recovery code; an
// administrator resets the lost factor.

const F = th.auth.second_factor;
const s = stamp();
const roleName = `ผู้ใช้ยืนยันสองชั้น ${s}`;
const person = { companyCode: 'DEMO', username: `totp.${s}`, password: 'Monsoon-Breeze-2569', name: `ทีโอทีพี ทดสอบ${s}` };

const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

test.describe.configure({ mode: 'serial' });

let page: Page;
let secret = '';
let recovery: string[] = [];
sharedSignedInPage(USERS.admin, (p) => (page = p));

async function freshLogin(browser: Browser) {
  const other = await browser.newPage();
  await other.goto('/login');
  await submitSignIn(other, person);
  return other;
}

test('the administrator requires a second factor of a role, with the switch on the roles list', async () => {
  const token = await bearer(page);
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const role = await page.request.post('/api/v1/roles', {
    headers,
    data: { name: roleName, rights: [{ menuId: MENU.dashboard.menuId, view: true, edit: false }] },
  });
  expect(role.status()).toBe(200);
  const roleId = ((await role.json()) as { data: { id: string } }).data.id;
  const created = await page.request.post('/api/v1/people', {
    headers,
    data: {
      kind: 'staff',
      username: person.username,
      password: person.password,
      firstname: 'ทีโอทีพี',
      lastname: `ทดสอบ${s}`,
      email: `${person.username}@example.com`,
      roleId,
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto('/settings/contacts/role');
  await search(page, roleName);
  const toggle = row(page, roleName).getByRole('checkbox', { name: th.roles.second_factor_label.replace('%{name}', roleName) });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toast(page, th.roles.second_factor_on.replace('%{name}', roleName))).toBeVisible();
  await expect(toggle).toBeChecked();
  await shoot(page, 'roles-second-factor-th');

  await page.goto('/settings/contacts/list');
  await search(page, person.username);
  await expect(row(page, person.name).getByText(th.people.status.second_factor_pending)).toBeVisible();
});

test('its holder enrols the app at the next sign-in: QR code and key, a wrong code refused, recovery codes once', async ({ browser }) => {
  const other = await freshLogin(browser);
  const step = other.getByTestId('second-factor-step');
  await expect(step.getByRole('heading', { name: F.enrol_title })).toBeVisible();
  await expect(step.getByRole('img', { name: F.qr_alt })).toBeVisible();
  secret = (await other.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shoot(other, 'second-factor-enrol-th');

  await other.getByLabel(F.code).fill(codeOf(secret, 5));
  await other.getByRole('button', { name: F.verify }).click();
  await expect(other.getByRole('alert')).toHaveText(th.server.second_factor_wrong);

  await other.getByLabel(F.code).fill(codeOf(secret));
  await other.getByRole('button', { name: F.verify }).click();
  const codes = other.getByTestId('recovery-codes');
  await expect(codes.getByRole('heading', { name: F.recovery_title })).toBeVisible();
  recovery = (await codes.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(recovery).toHaveLength(10);
  await shoot(other, 'second-factor-recovery-th');
  await other.getByRole('button', { name: F.recovery_saved }).click();
  await expect(userMenuButton(other)).toBeVisible();
  await other.context().close();
});

test('afterwards the password asks for the code; a recovery code also signs in once and says how many are left', async ({ browser }) => {
  const other = await freshLogin(browser);
  await expect(other.getByTestId('second-factor-step').getByRole('heading', { name: F.title })).toBeVisible();
  await expect(other.getByText(th.server.second_factor_required)).toBeVisible();
  await other.getByLabel(F.code).fill(recovery[0]);
  await other.getByRole('button', { name: F.verify }).click();
  await expect(other.getByRole('status')).toContainText('9');
  await other.getByRole('button', { name: F.continue }).click();
  await expect(userMenuButton(other)).toBeVisible();
  await other.context().close();

  // in English, the code step, and "back" returns to the password with the fields kept but the password
  const third = await browser.newPage();
  await third.goto('/login');
  await third.getByRole('button', { name: /(เปลี่ยนภาษา|Change language)$/ }).click();
  await third.getByRole('menuitem', { name: 'English' }).click();
  // the English texts load first (the page is drawn again with them): only then is the form filled
  await expect(third.getByRole('heading', { name: en.auth.staff_title })).toBeVisible();
  await submitSignIn(third, person);
  await expect(third.getByRole('heading', { name: en.auth.second_factor.title })).toBeVisible();
  await expect(third.getByText(en.server.second_factor_required)).toBeVisible();
  await shoot(third, 'second-factor-code-en');
  await third.getByRole('button', { name: en.auth.second_factor.back }).click();
  await expect(third.locator('input[name=username]')).toHaveValue(person.username);
  await expect(third.locator('input[name=password]')).toHaveValue('');
  await third.context().close();
});

test('the administrator sees the factor on the people list and resets it (asked first); the holder enrols again', async ({ browser }) => {
  await page.goto('/settings/contacts/list');
  await search(page, person.username);
  const line = row(page, person.name);
  await expect(line.getByText(th.people.status.second_factor, { exact: true })).toBeVisible();
  await line.getByRole('button', { name: th.people.reset_second_factor }).click();
  const ask = dialog(page, th.people.reset_second_factor_title);
  await expect(ask).toContainText(person.name);
  await ask.getByRole('button', { name: th.people.reset_second_factor }).click();
  await expect(toast(page, th.people.reset_second_factor_success.replace('%{name}', person.name))).toBeVisible();
  await expect(line.getByText(th.people.status.second_factor_pending)).toBeVisible();

  const other = await freshLogin(browser);
  await expect(other.getByRole('heading', { name: F.enrol_title })).toBeVisible();
  expect((await other.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')).not.toBe(secret);
  await other.context().close();
});

test('a passkey (Chromium virtual authenticator): added from the user menu, then the sign-in offers it and it signs in', async ({ browser }) => {
  const token = await bearer(page);
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const role = await page.request.post('/api/v1/roles', {
    headers,
    data: { name: `ผู้ใช้พาสคีย์ ${s}`, rights: [{ menuId: MENU.dashboard.menuId, view: true, edit: false }] },
  });
  const roleId = ((await role.json()) as { data: { id: string } }).data.id;
  const keyHolder = { companyCode: 'DEMO', username: `passkey.${s}`, password: 'Monsoon-Breeze-2569' };
  const created = await page.request.post('/api/v1/people', {
    headers,
    data: { kind: 'staff', ...keyHolder, firstname: 'พาสคีย์', lastname: `ทดสอบ${s}`, email: `${keyHolder.username}@example.com`, roleId },
  });
  expect(created.status(), await created.text()).toBe(200);

  // WebAuthn needs a domain: the product's own address (APP_URL, http://localhost:<port> here), not 127.0.0.1
  const origin = new URL(page.url()).origin.replace('127.0.0.1', 'localhost');
  const other = await browser.newPage();
  const cdp = await other.context().newCDPSession(other);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await other.goto(`${origin}/login`);
  await submitSignIn(other, keyHolder);
  await expect(userMenuButton(other)).toBeVisible();

  await userMenuButton(other).click();
  await other.getByRole('menuitem', { name: th.shell.passkeys_menu }).click();
  const box = dialog(other, th.shell.passkeys_title);
  await expect(box.getByText(th.shell.passkeys_empty)).toBeVisible();
  await box.getByRole('button', { name: th.shell.passkeys_add }).click();
  await expect(box.getByText(th.auth.required.replace('%{field}', th.shell.passkeys_name))).toBeVisible();
  await box.getByLabel(th.shell.passkeys_name).fill('โน้ตบุ๊กที่ทำงาน');
  await box.getByRole('button', { name: th.shell.passkeys_add }).click();
  await expect(toast(other, th.shell.passkeys_added.replace('%{name}', 'โน้ตบุ๊กที่ทำงาน'))).toBeVisible();
  await expect(box.getByRole('list').getByText('โน้ตบุ๊กที่ทำงาน')).toBeVisible();
  await shoot(other, 'passkeys-dialog-th');
  await box.getByRole('button', { name: th.shell.close }).click();
  // the person is told by e-mail that a passkey was added (a stolen session adding one is seen)
  const outbox = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(`${keyHolder.username}@example.com`)}`);
  const { mails } = (await outbox.json()) as { mails: { template: string; text: string }[] };
  expect(mails.find((m) => m.template === 'second_factor_changed')?.text).toContain('"โน้ตบุ๊กที่ทำงาน"');

  // signed out, the password now asks for the second step, which offers the passkey
  await userMenuButton(other).click();
  await other.getByRole('menuitem', { name: th.shell.logout }).click();
  await other.waitForURL(/\/login/);
  await submitSignIn(other, keyHolder);
  await expect(other.getByRole('heading', { name: F.title })).toBeVisible();
  await other.getByRole('button', { name: F.use_passkey }).click();
  await expect(userMenuButton(other)).toBeVisible();
  await other.context().close();

  await page.goto('/settings/contacts/list');
  await search(page, keyHolder.username);
  await expect(row(page, `พาสคีย์ ทดสอบ${s}`).getByText(th.people.status.second_factor, { exact: true })).toBeVisible();
});
