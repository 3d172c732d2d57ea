import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { makePng } from '../contract/png';
import { chooseLanguage, outboxCode, shoot, signIn, toast } from './helpers';

// The public form's e-mail code (wrong codes, too many tries, the resend limit, the happy path into
// the staff list) and staff recording a request received by post, with the letter's scan.

const D = th.dsr;
const PNG = makePng(16, 16, () => [200, 90, 30]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test.describe.configure({ mode: 'serial' });

let formLink = '';

async function fillPublicForm(page: Page, email: string) {
  await page.goto(formLink);
  await page.getByLabel(`${D.rights.access} (มาตรา 30)`).check();
  await page.getByLabel(D.identity.firstname, { exact: false }).first().fill('ชูใจ');
  await page.getByLabel(D.identity.lastname).fill('รหัสยืนยัน');
  await page.getByLabel(D.identity.email).fill(email);
  await page.getByLabel(D.identity.phone).fill('0812345678');
  await page.getByLabel(D.identity.idNumber).fill('1100100000001');
  await page.getByLabel(D.public.identity_evidence).setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('ข้าพเจ้ายินยอมให้บริษัทเก็บรวบรวมและใช้ข้อมูลในแบบฟอร์มนี้เพื่อยืนยันตัวตนและดำเนินการตามคำขอเท่านั้น').check();
  await page.getByRole('button', { name: D.public.submit }).click();
  await expect(page.getByTestId('dsr-code-step')).toBeVisible();
}

const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const codeBox = (page: Page) => page.getByLabel(D.intake.code.label);
const verifyButton = (page: Page) => page.getByRole('button', { name: D.intake.code.verify });

test('the demo form link', async ({ page }) => {
  await signIn(page);
  await page.goto('/consents/datasubject/form');
  const link = page.locator('a[href^="/datasubject/form/"]').first();
  await expect(link).toBeVisible();
  formLink = (await link.getAttribute('href'))!;
});

test('a wrong code says the tries left; after five the right code is refused; new codes are limited per e-mail', async ({ page }) => {
  const email = 'e2e.tries@example.com';
  await fillPublicForm(page, email);
  await expect(page.getByTestId('dsr-code-step')).toContainText(email);
  await shoot(page, 'dsr-code-step-th');
  const code = await outboxCode(page, email);
  await codeBox(page).fill('12a');
  await verifyButton(page).click();
  await expect(page.getByText(th.server.dsr_code_format)).toBeVisible();
  for (let left = 4; left >= 0; left--) {
    await codeBox(page).fill(other(code));
    await verifyButton(page).click();
    await expect(page.getByRole('alert')).toHaveText(th.server.dsr_code_wrong.replace('%{left}', String(left)));
  }
  await codeBox(page).fill(code);
  await verifyButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(th.server.dsr_code_tries);
  // two more codes may be sent to this address within the hour, then no more
  const resend = page.getByRole('button', { name: D.intake.code.resend });
  for (let i = 0; i < 2; i++) {
    await resend.click();
    await expect(page.getByRole('status')).toHaveText(D.intake.code.resent.replace('%{email}', email));
  }
  await resend.click();
  await expect(page.getByRole('alert')).toHaveText(th.server.dsr_code_mail_throttled);
  await shoot(page, 'dsr-code-throttled-th');
});

test('the right code files the request; staff see it in the list, from the online form', async ({ page }) => {
  const email = 'e2e.verified@example.com';
  await fillPublicForm(page, email);
  const code = await outboxCode(page, email);
  await codeBox(page).fill(other(code));
  await verifyButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(th.server.dsr_code_wrong.replace('%{left}', '4'));
  await codeBox(page).fill(code);
  await verifyButton(page).click();
  const reference = page.getByTestId('dsr-reference');
  await expect(reference).toHaveText(/^DEMO-DSR-\d{4}$/);
  const ref = (await reference.textContent())!;
  await signIn(page);
  await page.goto('/consents/datasubject/list');
  const row = page.getByTestId(`dsr-row-${ref}`);
  await expect(row).toContainText(D.status.received);
  await expect(row).toContainText(D.intake.channels.web);
});

test('staff record a request received by post, with the scan of the letter', async ({ page }) => {
  await signIn(page);
  await page.goto('/consents/datasubject/list');
  // the demo's requests taken by telephone and by post
  await expect(page.getByTestId('dsr-row-DEMO-DSR-0003')).toContainText(D.intake.channels.phone);
  await expect(page.getByTestId('dsr-row-DEMO-DSR-0004')).toContainText(D.intake.channels.post);
  await page.getByRole('button', { name: D.intake.button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: D.intake.title })).toBeVisible();
  await dialog.getByRole('button', { name: th.common.submit, exact: true }).click();
  await expect(dialog.getByText(D.public.required).first()).toBeVisible();
  await dialog.getByLabel(D.intake.channel).click();
  await page.getByRole('option', { name: D.intake.channels.post }).click();
  await dialog.getByLabel(`${D.rights.erasure} (มาตรา 33)`).check();
  await dialog.getByLabel(D.identity.firstname).fill('ประยูร');
  await dialog.getByLabel(D.identity.lastname).fill('ส่งจดหมาย');
  await dialog.getByLabel(D.identity.email).fill('e2e.post@example.com');
  await dialog.getByLabel(D.identity.phone).fill('0898887777');
  await dialog.getByLabel(D.identity.idNumber).fill('1100100000009');
  await dialog.getByLabel(D.public.identity_evidence).setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByLabel(D.intake.letters).setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: PDF });
  await shoot(page, 'dsr-intake-dialog-th');
  await dialog.getByRole('button', { name: th.common.submit, exact: true }).click();
  await expect(toast(page, /^บันทึกคำขอ DEMO-DSR-\d{4} แล้ว/)).toBeVisible();
  const row = page.locator('[data-testid^="dsr-row-"]', { hasText: 'ประยูร ส่งจดหมาย' });
  await expect(row).toContainText(D.intake.channels.post);
  await expect(row).toContainText('เหลือ 30 วัน');
  await row.click();
  const drawer = page.locator('.MuiDrawer-paperAnchorRight');
  await expect(drawer).toContainText(D.intake.channels.post);
  await expect(drawer).toContainText(`${D.detail.file_kinds.letter}: letter.pdf`);
  await shoot(page, 'dsr-intake-drawer-th');
});

test('in English: the intake dialog and the code step', async ({ page }) => {
  await signIn(page);
  await page.goto('/consents/datasubject/list');
  await chooseLanguage(page, 'English');
  await page.getByRole('button', { name: en.dsr.intake.button }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: en.dsr.intake.title })).toBeVisible();
  await shoot(page, 'dsr-intake-dialog-en');
});
