import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { raThai } from '../../src/i18n/raThai';
import { chooseLanguage, outboxCode, shoot, signIn, toast, USERS } from './helpers';

// Staff accept a request and its tasks appear, one per data-map system; it cannot be fulfilled while
// one is open; once each has its result, it can. "My tasks" lists the signed-in person's; a view-only
// person reads a task but cannot change it.

const D = th.dsr;
const T = th.dsr.tasks;

test.describe.configure({ mode: 'serial' });

const drawer = (page: Page) => page.locator('.MuiDrawer-paperAnchorRight');

async function moveTo(page: Page, status: string) {
  await drawer(page).getByRole('button', { name: status, exact: true }).click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  return dialog;
}

let reference = '';

test('a request sent on the public form, accepted by staff, gets its tasks; it is fulfilled only once they are done', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/consents/datasubject/form');
  const link = (await page.locator('a[href^="/datasubject/form/"]').first().getAttribute('href'))!;
  const formId = link.split('/').pop()!;
  const sent = await page.request.post('/api/v1/consents/datasubject/add', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      formId,
      rights: ['erasure'],
      requesterType: 'subject',
      subject: { firstname: 'ทดสอบงาน', lastname: 'ตามระบบ', email: 'e2e.tasks@example.com', phone: '0812345678', idNumber: '1100100000001' },
      consent: true,
      identityEvidence: { name: 'id.pdf', contentBase64: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64') },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  // filed once the requester gives back the code e-mailed to them
  const { verificationId } = (await sent.json()) as { verificationId: string };
  const verified = await page.request.post('/api/v1/consents/datasubject/verify', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { verificationId, code: await outboxCode(page, 'e2e.tasks@example.com') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  reference = ((await verified.json()) as { referenceCode: string }).referenceCode;

  await page.goto(`/consents/datasubject/list`);
  await page.getByTestId(`dsr-row-${reference}`).click();
  await expect(drawer(page).getByTestId('dsr-tasks')).toContainText(T.none);
  for (const status of [D.status.verifying, D.status.inReview]) {
    const dialog = await moveTo(page, status);
    await dialog.getByRole('button', { name: D.change.save }).click();
    await expect(page.getByTestId('dsr-status')).toHaveText(status);
  }
  const rows = drawer(page).getByTestId('dsr-task-row');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  await expect(drawer(page).getByTestId('dsr-tasks-open')).toBeVisible();
  await shoot(page, 'dsr-tasks-accepted-th');

  // refused while a task is open: the server says why
  let dialog = await moveTo(page, D.status.fulfilled);
  await dialog.getByLabel(D.change.proof_text).fill('ลบข้อมูลครบทุกระบบแล้ว');
  await dialog.getByRole('button', { name: D.change.save }).click();
  await expect(toast(page, /งานที่ต้องทำค้างอยู่/)).toBeVisible();
  // the toast lies over the dialog's buttons until its close button takes it away (the open dialog hides the
  // page, the toast with it, from the accessibility tree)
  await page.getByTestId('error-toast').getByRole('button', { name: raThai.ra.action.close, includeHidden: true }).click();
  await expect(page.getByTestId('error-toast')).toBeHidden();
  // the refused change is kept open with what was typed; cancel closes it
  await expect(dialog.getByLabel(D.change.proof_text)).toHaveValue('ลบข้อมูลครบทุกระบบแล้ว');
  await dialog.getByRole('button', { name: raThai.ra.action.cancel, exact: true }).click();
  await expect(page.getByLabel(D.change.proof_text)).toHaveCount(0);
  // only the drawer is left
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(drawer(page)).toBeVisible();

  for (let i = 0; i < count; i++) {
    await rows.nth(i).click();
    const edit = page.getByRole('dialog').last();
    await edit.getByLabel(T.columns.state).click();
    await page.getByRole('option', { name: i === 0 ? T.states.not_held : T.states.done }).click();
    await edit.getByLabel(T.columns.note).fill('ตรวจสอบแล้ว');
    await edit.getByRole('button', { name: T.save }).click();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(rows.nth(i).getByTestId('dsr-task-state')).not.toHaveText(T.states.to_do);
  }
  await expect(drawer(page).getByTestId('dsr-tasks-open')).toBeHidden();
  dialog = await moveTo(page, D.status.fulfilled);
  await dialog.getByLabel(D.change.proof_text).fill('ลบข้อมูลครบทุกระบบแล้ว');
  await dialog.getByRole('button', { name: D.change.save }).click();
  await expect(page.getByTestId('dsr-status')).toHaveText(D.status.fulfilled);
  await shoot(page, 'dsr-tasks-fulfilled-th');
});

test('my tasks lists the tasks of the signed-in person with their due dates, in Thai and English', async ({ page }) => {
  await signIn(page);
  await page.goto('/consents/datasubject/tasks');
  await expect(page.getByRole('tab', { name: T.tab })).toHaveAttribute('aria-selected', 'true');
  const mine = page.getByTestId('my-task-row');
  await expect(mine.first()).toBeVisible();
  // the demo's overdue task, still to do
  await expect(mine.filter({ hasText: 'DEMO-DSR-0002' }).first()).toContainText(T.overdue);
  await shoot(page, 'dsr-my-tasks-th');
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('tab', { name: en.dsr.tasks.tab })).toBeVisible();
  await expect(mine.first()).toContainText(en.dsr.tasks.states.to_do);
  await shoot(page, 'dsr-my-tasks-en');
});

test('a view-only person reads a task but cannot change it', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto('/consents/datasubject/list');
  await page.getByTestId('dsr-row-DEMO-DSR-0002').click();
  const rows = drawer(page).getByTestId('dsr-task-row');
  await expect(rows).toHaveCount(4);
  await expect(drawer(page).getByRole('button', { name: T.add })).toHaveCount(0);
  await rows.first().click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: T.save })).toHaveCount(0);
  await shoot(page, 'dsr-tasks-viewer-th');
});
