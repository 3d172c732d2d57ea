import { expect, test, type Page } from '@playwright/test';
import { th } from '../../i18n';
import { makePng } from '../contract/png';
import { TH, USERS, shoot, signIn, toast } from './helpers';

// SIAM's profile is changed here (DEMO's name is what the other specs look for).

const C = th.company_settings;

const field = (page: Page, label: keyof typeof C.fields) => page.getByLabel(C.fields[label], { exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: C.save, exact: true });
const logoImage = (page: Page) => page.getByRole('img', { name: C.logo.alt });

async function openSettings(page: Page) {
  await page.goto('/settings/general');
  await expect(page.getByRole('heading', { level: 1, name: C.title })).toBeVisible();
}

/** The logo on screen has loaded: the image decoded and is not empty. */
async function expectLogoLoaded(page: Page, src: RegExp) {
  await expect(logoImage(page)).toHaveAttribute('src', src);
  await expect.poll(() => logoImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
}

const PROFILE = {
  nameTh: 'บริษัท สยามค้าปลีก จำกัด (มหาชน)',
  nameEn: 'Siam Retail Public Company Limited',
  address: '999 อาคารสยามทาวเวอร์ ชั้น 20 ถนนพระราม 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330',
  taxId: '0-1075-62000-00-9',
  phone: '02-765-4321 ต่อ 200',
  email: 'info@siamretail.example',
  website: 'www.siamretail.example',
  dpo_name: 'คุณวราภรณ์ คุ้มครอง',
  dpo_email: 'dpo@siamretail.example',
  dpo_phone: '089 765 4321',
} as const;

test.describe('company settings', () => {
  test.describe.configure({ mode: 'serial' });

  test('the admin fills the profile, uploads a logo and saves; a reload shows both kept', async ({ page }) => {
    await signIn(page, USERS.siamAdmin);
    await openSettings(page);
    await expect(field(page, 'nameTh')).toHaveValue('บริษัท สยามค้าปลีก จำกัด (มหาชน)');
    await expect(page.getByText(C.logo.none)).toBeVisible();

    for (const [name, value] of Object.entries(PROFILE)) await field(page, name as keyof typeof PROFILE).fill(value);

    // the form checks the tax id's check digit before anything is sent
    await field(page, 'taxId').fill('0107562000002');
    await saveButton(page).click();
    await expect(page.getByText(th.server.company_tax_id)).toBeVisible();
    await field(page, 'taxId').fill(PROFILE.taxId);

    // a text file named .png is refused by the form
    const input = page.getByTestId('company-logo-input');
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await expect(page.getByRole('alert').filter({ hasText: th.server.company_logo_type })).toBeVisible();

    const png = makePng(48, 48, (x, y) => (((x >> 3) + (y >> 3)) % 2 ? [0, 94, 184] : [255, 200, 0]));
    await input.setInputFiles({ name: 'siam-logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText(th.server.company_logo_type)).toHaveCount(0);
    await expect(page.getByText('siam-logo.png', { exact: false })).toBeVisible();
    await expectLogoLoaded(page, /^blob:/);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/setting/company/save'));
    await saveButton(page).click();
    expect((await saved).status()).toBe(200);
    await expect(toast(page, C.saved)).toBeVisible();
    await expectLogoLoaded(page, /^\/uploads\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png$/);
    await expect(field(page, 'taxId')).toHaveValue('0107562000009');
    await expect(field(page, 'website')).toHaveValue('https://www.siamretail.example');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: C.title })).toBeVisible();
    for (const [name, value] of Object.entries({ ...PROFILE, taxId: '0107562000009', website: 'https://www.siamretail.example' })) {
      await expect(field(page, name as keyof typeof PROFILE)).toHaveValue(value);
    }
    await expectLogoLoaded(page, /^\/uploads\/.+\.png$/);
    await expect(page.getByLabel(C.company_code)).toHaveValue('SIAM');
    await shoot(page, 'company-settings-th');

    await page.getByRole('button', { name: TH.language }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Company settings' })).toBeVisible();
    await expect(page.getByLabel('Company name (English)', { exact: true })).toHaveValue(PROFILE.nameEn);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await shoot(page, 'company-settings-en');
  });

  test('HTML in a name is kept as text and shown as text', async ({ page }) => {
    const html = '<b>สยาม</b> & <img src=x onerror="document.title=1">ค้าปลีก';
    await signIn(page, USERS.siamAdmin);
    await openSettings(page);
    await field(page, 'nameTh').fill(html);
    await saveButton(page).click();
    await expect(toast(page, C.saved)).toBeVisible();
    await page.reload();
    await expect(field(page, 'nameTh')).toHaveValue(html);

    await page.goto('/dashboard');
    await expect(page.getByText(html, { exact: true })).toBeVisible();
    await expect(page.locator('b', { hasText: 'สยาม' })).toHaveCount(0);
    expect(await page.title()).not.toBe('1');

    await openSettings(page);
    await field(page, 'nameTh').fill(PROFILE.nameTh);
    await saveButton(page).click();
    await expect(toast(page, C.saved)).toBeVisible();
  });

  test('a failed save shows the error toast with SET#002 and keeps what was typed', async ({ page }) => {
    await signIn(page, USERS.siamAdmin);
    await openSettings(page);
    await page.route('**/api/v1/setting/company/save', (route) =>
      route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ status: 413, msg: th.server.company_logo_too_large }) }),
    );
    await field(page, 'nameEn').fill('Siam Retail (not saved)');
    await saveButton(page).click();
    const error = page.locator('.MuiSnackbar-root').getByRole('alert').filter({ hasText: 'SET#002' });
    await expect(error).toContainText(th.server.company_logo_too_large);
    await expect(error).toContainText('เกิดข้อผิดพลาด');
    await expect(field(page, 'nameEn')).toHaveValue('Siam Retail (not saved)');
    await page.unroute('**/api/v1/setting/company/save');
    await page.reload();
    await expect(field(page, 'nameEn')).toHaveValue(PROFILE.nameEn);
  });

  test('a profile that cannot load shows the toast with SET#001 and a retry', async ({ page }) => {
    await signIn(page, USERS.siamAdmin);
    let fail = true;
    await page.route('**/api/v1/setting/company/fetch', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, msg: th.server.internal }) })
        : route.fallback(),
    );
    await page.goto('/settings/general');
    await expect(page.locator('.MuiSnackbar-root').getByRole('alert').filter({ hasText: 'SET#001' })).toContainText(th.server.internal);
    await expect(page.getByText(C.load_failed)).toBeVisible();
    await expect(saveButton(page)).toHaveCount(0);
    fail = false;
    await page.getByRole('button', { name: th.app.retry }).click();
    await expect(field(page, 'nameTh')).toHaveValue(PROFILE.nameTh);
  });

  test('a role that may only view the settings sees the form disabled and no save or upload button', async ({ page }) => {
    // no built-in role views settings without editing them: the menu call answers as a view-only role's would
    await page.route('**/api/v1/user/menu', async (route) => {
      const reply = await route.fetch();
      const body = await reply.json();
      body.menu = body.menu.map((m: { menuId: number; canEdit: boolean }) => (m.menuId === 13 ? { ...m, canEdit: false } : m));
      await route.fulfill({ response: reply, json: body });
    });
    await signIn(page, USERS.admin);
    await openSettings(page);
    await expect(page.getByText(C.read_only)).toBeVisible();
    await expect(field(page, 'nameTh')).toHaveValue('บริษัท ไทยดิจิทัลเซอร์วิส จำกัด');
    await expect(field(page, 'nameTh')).toBeDisabled();
    await expect(field(page, 'dpo_email')).toBeDisabled();
    await expect(saveButton(page)).toHaveCount(0);
    await expect(page.getByText(C.logo.choose)).toHaveCount(0);
    await shoot(page, 'company-settings-read-only');
  });

  test('a role without the settings menu is sent to /forbidden', async ({ page }) => {
    await signIn(page, USERS.viewer);
    await page.goto('/settings/general');
    await expect(page).toHaveURL('/forbidden');
  });
});
