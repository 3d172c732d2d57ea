import { expect, test, type Page } from '@playwright/test';
import { th, en } from '../../i18n';
import { makePng } from '../contract/png';
import { chooseLanguage, outboxCode, shoot, signIn } from './helpers';

// One story on the demo data: a data subject asks through the public form, tracks it, and staff work
// it to fulfilled; the demo's requests show the clock (one overdue) and one is refused.

const D = th.dsr;
const PNG = makePng(16, 16, () => [30, 90, 200]);
const EMAIL = 'e2e.subject@example.com';

test.describe.configure({ mode: 'serial' });

const drawer = (page: Page) => page.locator('.MuiDrawer-paperAnchorRight');

async function moveTo(page: Page, status: string) {
  await drawer(page).getByRole('button', { name: status, exact: true }).click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  return dialog;
}

let formLink = '';
let reference = '';

test('the request form settings show the demo form and its public link', async ({ page }) => {
  await signIn(page);
  await page.goto('/consents/datasubject/form');
  await expect(page.getByRole('heading', { level: 1, name: D.title })).toBeVisible();
  const link = page.locator('a[href^="/datasubject/form/"]').first();
  await expect(link).toBeVisible();
  formLink = (await link.getAttribute('href'))!;
  await shoot(page, 'dsr-forms-th');
});

test('a data subject sends a request on the public form and gets a reference code', async ({ page }) => {
  await page.goto(formLink);
  await expect(page.getByRole('heading', { level: 1, name: 'แบบฟอร์มคำขอใช้สิทธิของเจ้าของข้อมูลส่วนบุคคล' })).toBeVisible();
  await shoot(page, 'dsr-public-form-th');
  await page.getByRole('button', { name: D.public.submit }).click();
  await expect(page.getByText(D.public.pick_right)).toBeVisible();
  await page.getByLabel(`${D.rights.access} (มาตรา 30)`).check();
  await page.getByLabel(D.identity.firstname, { exact: false }).first().fill('<b>ทดสอบ</b>');
  await page.getByLabel(D.identity.lastname).fill('อีทูอี');
  await page.getByLabel(D.identity.email).fill(EMAIL);
  await page.getByLabel(D.identity.phone).fill('0812345678');
  await page.getByLabel(D.identity.idNumber).fill('1100100000001');
  await page.getByLabel(D.public.identity_evidence).setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('ข้าพเจ้ายินยอมให้บริษัทเก็บรวบรวมและใช้ข้อมูลในแบบฟอร์มนี้เพื่อยืนยันตัวตนและดำเนินการตามคำขอเท่านั้น').check();
  await page.getByRole('button', { name: D.public.submit }).click();
  // the request is filed once the code e-mailed to the requester is given back
  await expect(page.getByTestId('dsr-code-step')).toBeVisible();
  await page.getByLabel(D.intake.code.label).fill(await outboxCode(page, EMAIL));
  await page.getByRole('button', { name: D.intake.code.verify }).click();
  const code = page.getByTestId('dsr-reference');
  await expect(code).toHaveText(/^DEMO-DSR-\d{4}$/);
  reference = (await code.textContent())!;
  await shoot(page, 'dsr-public-done-th');
});

test('the requester tracks the request: received', async ({ page }) => {
  await page.goto('/dsrtracking');
  await page.getByLabel(D.public.reference).fill(reference);
  await page.getByLabel(D.public.email).fill('someone.else@example.com');
  await page.getByRole('button', { name: D.public.track }).click();
  await expect(page.getByText(th.server.dsr_tracking_not_found)).toBeVisible();
  await page.getByLabel(D.public.email).fill(EMAIL);
  await page.getByRole('button', { name: D.public.track }).click();
  await expect(page.getByTestId('dsr-tracking-status')).toHaveText(D.status.received);
  await shoot(page, 'dsr-tracking-th');
});

test('staff see the clock and work the request to fulfilled', async ({ page }) => {
  await signIn(page);
  await page.goto('/consents/datasubject/list');
  const row = page.getByTestId(`dsr-row-${reference}`);
  await expect(row).toContainText(D.status.received);
  await expect(row).toContainText('เหลือ 30 วัน');
  // the demo's overdue request
  await expect(page.getByTestId('dsr-row-DEMO-DSR-0002')).toContainText(D.list.overdue);
  await shoot(page, 'dsr-list-th');

  await row.click();
  await expect(drawer(page)).toContainText(`<b>ทดสอบ</b> อีทูอี`);
  for (const status of [D.status.verifying, D.status.inReview]) {
    const dialog = await moveTo(page, status);
    await dialog.getByRole('button', { name: D.change.save }).click();
    await expect(page.getByTestId('dsr-status')).toHaveText(status);
  }
  // accepted, the request has a task per system; each gets its result before the request is answered
  const tasks = drawer(page).getByTestId('dsr-task-row');
  await expect(tasks.first()).toBeVisible();
  const count = await tasks.count();
  for (let i = 0; i < count; i++) {
    await tasks.nth(i).click();
    const edit = page.getByRole('dialog').last();
    await edit.getByLabel(D.tasks.columns.state).click();
    await page.getByRole('option', { name: D.tasks.states.done }).click();
    await edit.getByRole('button', { name: D.tasks.save }).click();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(tasks.nth(i).getByTestId('dsr-task-state')).not.toHaveText(D.tasks.states.to_do);
  }
  const dialog = await moveTo(page, D.status.fulfilled);
  await dialog.getByRole('button', { name: D.change.save }).click();
  await expect(dialog.getByText(D.change.required)).toBeVisible();
  await dialog.getByLabel(D.change.proof_text).fill('ส่งสำเนาข้อมูลทางอีเมลแล้ว');
  await dialog.getByRole('button', { name: D.change.save }).click();
  await expect(page.getByTestId('dsr-status')).toHaveText(D.status.fulfilled);
  await expect(page.getByTestId('dsr-history').locator('li')).toHaveCount(4);
  await shoot(page, 'dsr-detail-fulfilled-th');
});

test('staff refuse a request with its legal ground and reasons', async ({ page }) => {
  await signIn(page);
  await page.goto('/consents/datasubject/list');
  await page.getByTestId('dsr-row-DEMO-DSR-0001').click();
  const dialog = await moveTo(page, D.status.refused);
  await dialog.getByLabel(D.change.ground).click();
  await page.getByRole('option', { name: D.grounds.identity_unverified }).click();
  await dialog.getByLabel(D.change.reasons).fill('สำเนาบัตรไม่ชัดเจน ติดต่อผู้ขอแล้วไม่ได้รับเอกสารใหม่');
  await dialog.getByRole('button', { name: D.change.save }).click();
  await expect(page.getByTestId('dsr-status')).toHaveText(D.status.refused);
  await expect(drawer(page)).toContainText(D.grounds.identity_unverified);
  await shoot(page, 'dsr-detail-refused-th');
});

test('the tracking shows the whole status history', async ({ page }) => {
  await page.goto('/dsrtracking');
  await page.getByLabel(D.public.reference).fill(reference);
  await page.getByLabel(D.public.email).fill(EMAIL);
  await page.getByRole('button', { name: D.public.track }).click();
  await expect(page.getByTestId('dsr-tracking-status')).toHaveText(D.status.fulfilled);
  await expect(page.getByRole('status').locator('li')).toHaveCount(4);
});

test('in English: the list, the detail and the public form', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/consents/datasubject/list');
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: en.dsr.title })).toBeVisible();
  await expect(page.getByTestId('dsr-row-DEMO-DSR-0002')).toContainText(en.dsr.list.overdue);
  await shoot(page, 'dsr-list-en');
  await page.getByTestId(`dsr-row-${reference}`).click();
  await expect(page.getByTestId('dsr-status')).toHaveText(en.dsr.status.fulfilled);
  await shoot(page, 'dsr-detail-en');
  await page.goto(formLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Data subject request form' })).toBeVisible();
  await shoot(page, 'dsr-public-form-en');
  await page.goto('/consents/datasubject/form');
  await expect(page.getByRole('heading', { level: 1, name: en.dsr.title })).toBeVisible();
  await shoot(page, 'dsr-forms-en');
});

test('at 1280x800 the 30-day clock and the assignee fit without scrolling, in Thai and English', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await page.goto('/consents/datasubject/list');
  for (const [language, messages] of [
    ['ไทย', th],
    ['English', en],
  ] as const) {
    if (language === 'English') await chooseLanguage(page, 'English');
    const L = messages.dsr.list;
    await expect(page.getByRole('columnheader', { name: L.columns.dates })).toBeVisible();
    const first = page.locator('tbody tr').first();
    const clock = first.getByTestId('dsr-clock');
    await expect(clock).toContainText(L.due_on);
    await expect(clock).toBeInViewport({ ratio: 1 });
    const box = (await clock.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    // the demo's overdue request (further down the page): its red badge is in the same cell, within 1280 px
    const overdueClock = page.getByTestId('dsr-row-DEMO-DSR-0002').getByTestId('dsr-clock');
    await expect(overdueClock).toContainText(L.overdue);
    const overdueBox = (await overdueClock.boundingBox())!;
    expect(overdueBox.x + overdueBox.width).toBeLessThanOrEqual(1280);
    const assignee = (await first.locator('td').last().boundingBox())!;
    expect(assignee.x + assignee.width).toBeLessThanOrEqual(1280);
    const table = page.locator('.RaDatagrid-tableWrapper');
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await shoot(page, `dsr-list-1280-${language === 'ไทย' ? 'th' : 'en'}`);
  }
});
