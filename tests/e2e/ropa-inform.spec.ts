import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { serverMessage } from '../../i18n/messages';
import { USERS, chooseLanguage, sharedSignedInPage, shoot, signIn, toast } from './helpers';

const I = th.ropa.inform;
const RECRUITING = 'สรรหาและคัดเลือกพนักงาน';

/** Opens a demo activity from the list as the person would: "edit" for an editor, "open" for a reader. */
async function openActivity(page: Page, name: string) {
  await page.goto('/ropa/activity/list');
  const link = new RegExp(`^(${th.common.edit}|${th.ropa.list.open})$`);
  await page.getByTestId('ropa-row').filter({ hasText: name }).getByRole('link', { name: link }).click();
  await expect(page.getByTestId('ropa-side')).toBeVisible();
}

test.describe('s.25: data received from another source is told to its subjects within 30 days', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('the demo recruitment activity shows its open task; the letter is made from the template and linked', async () => {
    await openActivity(page, RECRUITING);
    const card = page.getByTestId('ropa-inform');
    await expect(card.getByTestId('ropa-inform-state')).toHaveText(I.states.to_do);
    await expect(card).toContainText(I.due.split(' %')[0]);
    await expect(card.getByTestId('ropa-inform-overdue')).toHaveCount(0);
    await shoot(page, 'ropa-inform-open-th');
    await card.getByTestId('ropa-inform-make-letter').click();
    await expect(page).toHaveURL(/\/sheets\/create\?/);
    await expect(page.getByRole('textbox', { name: th.sheets.create.doc_title })).toHaveValue(I.letter_title.replace('%{name}', RECRUITING));
    await expect(page.getByTestId('sheet-create-link')).toContainText(RECRUITING);
    await page.getByRole('button', { name: th.sheets.create.submit }).click();
    await expect(page).toHaveURL(/\/sheets\/edit\?id=/);
    await expect(page.locator('.tiptap')).toContainText('{{ropa.otherSourceOn}}');
    await openActivity(page, RECRUITING);
    await expect(page.getByTestId('ropa-inform-letter')).toContainText(I.letter_title.replace('%{name}', RECRUITING));
  });

  test('recording how they were told: informed (kept after a reload), opened again; an exception needs its reason', async () => {
    const card = page.getByTestId('ropa-inform');
    await card.getByRole('button', { name: I.mark_done }).click();
    const dialog = page.getByRole('dialog', { name: I.done_title });
    await dialog.getByRole('combobox', { name: I.method }).click();
    await page.getByRole('option', { name: I.methods.email }).click();
    await dialog.getByRole('textbox', { name: I.note }).fill('ส่งอีเมลถึงผู้สมัครทุกคน');
    await shoot(page, 'ropa-inform-done-th');
    await dialog.getByRole('button', { name: I.save }).click();
    await expect(toast(page, I.saved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('ropa-inform-state')).toHaveText(I.states.done);
    await expect(card.getByTestId('ropa-inform-outcome')).toContainText(I.methods.email);
    await expect(card).toContainText('ส่งอีเมลถึงผู้สมัครทุกคน');
    // kept: after a reload too
    await page.reload();
    await expect(page.getByTestId('ropa-inform').getByTestId('ropa-inform-state')).toHaveText(I.states.done);
    // an exception needs its reason, on its field
    await page.getByTestId('ropa-inform').getByRole('button', { name: I.reopen }).click();
    await expect(toast(page, I.reopened)).toBeVisible();
    await page.getByTestId('ropa-inform').getByRole('button', { name: I.mark_exempt }).click();
    const exempt = page.getByRole('dialog', { name: I.exempt_title });
    await exempt.getByRole('button', { name: I.save }).click();
    await expect(exempt.getByText(serverMessage('th', 'ropa_inform_exemption_required'))).toBeVisible();
    await expect(exempt.getByText(serverMessage('th', 'ropa_inform_reason_required'))).toBeVisible();
    await exempt.getByRole('button', { name: th.common.cancel }).click();
    await expect(page.getByTestId('ropa-inform').getByTestId('ropa-inform-state')).toHaveText(I.states.to_do);
  });

  test('step 2 asks where the data came from; the day is kept with the record', async () => {
    await page.getByRole('button', { name: th.ropa.form.next }).click();
    const other = page.getByTestId('ropa-other-source');
    await expect(other.getByRole('checkbox', { name: I.other_source })).toBeChecked();
    await expect(other).toContainText(I.other_source_on);
    await shoot(page, 'ropa-inform-step2-th');
  });

  test('in English, and for a viewer who reads it without buttons', async ({ browser }) => {
    await chooseLanguage(page, 'English');
    await expect(page.getByTestId('ropa-inform')).toContainText(en.ropa.inform.title);
    await shoot(page, 'ropa-inform-en');
    await chooseLanguage(page, 'ไทย');
    const viewer = await browser.newPage();
    await signIn(viewer, USERS.viewer);
    await openActivity(viewer, 'ตรวจสุขภาพประจำปีของพนักงาน');
    const card = viewer.getByTestId('ropa-inform');
    await expect(card.getByTestId('ropa-inform-state')).toHaveText(I.states.done);
    await expect(card.getByTestId('ropa-inform-outcome')).toContainText(I.methods.email);
    await expect(card.getByRole('button')).toHaveCount(0);
    await viewer.close();
  });
});
