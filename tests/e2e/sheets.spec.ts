import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { chooseLanguage, sharedSignedInPage, shoot, signIn, toast, USERS } from './helpers';

// One story on the demo data: staff make a processor agreement from its shipped template, edit it,
// save a second version and compare, take it through review, approval and publication, and export the
// PDF, whose text names the company; a viewer reads documents but cannot change them.

const S = th.sheets;
const COMPANY = 'บริษัท ไทยดิจิทัลเซอร์วิส จำกัด';
const TITLE = `สัญญาประมวลผลข้อมูล — e2e ${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

test.describe('staff make, approve, publish and export a processor agreement', () => {
  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('the templates tab lists the shipped templates', async () => {
    await page.goto('/sheets/create/list');
    await expect(page.getByRole('heading', { level: 1, name: S.title })).toBeVisible();
    const row = page.getByTestId('sheet-template-row').filter({ hasText: 'สัญญาประมวลผลข้อมูลส่วนบุคคล (DPA) ตามมาตรา 40' });
    await expect(row).toBeVisible();
    await expect(page.getByTestId('sheet-template-row').filter({ hasText: 'Data processing agreement (s.40)' })).toBeVisible();
    await shoot(page, 'sheets-templates-th');
    await row.getByRole('link', { name: S.templates.use }).click();
    await expect(page).toHaveURL(/\/sheets\/create\?templateId=std-processor-agreement-th/);
  });

  test('a document is made from the template and opens in the editor', async () => {
    const title = page.getByRole('textbox', { name: S.create.doc_title });
    await expect(title).toHaveValue('สัญญาประมวลผลข้อมูลส่วนบุคคล (DPA) ตามมาตรา 40');
    await title.fill(TITLE);
    // attached to the company's first privacy notice
    await page.getByRole('combobox', { name: S.create.notice }).click();
    await page.getByRole('option').nth(1).click();
    await shoot(page, 'sheets-create-th');
    await page.getByRole('button', { name: S.create.submit }).click();
    await expect(page).toHaveURL(/\/sheets\/edit\?id=/);
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(page.getByTestId('sheet-state')).toHaveText(S.states.draft);
    await expect(page.locator('.tiptap')).toContainText('{{company.name}}');
  });

  test('an edit is saved as version 2 and the diff shows it', async () => {
    const editor = page.locator('.tiptap');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('ข้อ 7 ผู้ประมวลผลต้องอบรมพนักงานทุกปี');
    await page.getByRole('button', { name: S.edit.save }).click();
    await expect(toast(page, 'บันทึกฉบับที่ 2 แล้ว')).toBeVisible();
    await shoot(page, 'sheets-editor-th');
    await page.getByRole('tab', { name: S.edit.versions }).click();
    await expect(page.getByTestId('sheet-version')).toHaveCount(2);
    await expect(page.getByTestId('sheet-diff').locator('ins').filter({ hasText: 'อบรมพนักงาน' })).toBeVisible();
    await shoot(page, 'sheets-versions-th');
  });

  test('the preview fills the variables with the company data', async () => {
    await page.getByRole('tab', { name: S.edit.preview }).click();
    await expect(page.getByTestId('sheet-preview')).toContainText(COMPANY);
    await expect(page.getByTestId('sheet-preview')).toContainText('0105561000003');
    await expect(page.getByTestId('sheet-preview')).not.toContainText('{{');
    await shoot(page, 'sheets-preview-th');
  });

  test('submit → another person approves (the author may not) → publish, with who and when; the published text is frozen', async ({ browser }) => {
    await page.getByRole('button', { name: S.actions.submit, exact: true }).click();
    await expect(page.getByTestId('sheet-state')).toHaveText(S.states.review);
    // the administrator saved the version in review: the DPO holds edit rights on documents too, so the administrator may not approve it
    await expect(page.getByTestId('sheet-approval-rule')).toHaveText(S.approval.refused);
    await expect(page.getByRole('button', { name: S.actions.approve, exact: true })).toBeDisabled();
    await shoot(page, 'sheets-self-approval-th');
    const dpo = await browser.newPage();
    await signIn(dpo, USERS.dpo);
    await dpo.goto(page.url());
    await expect(dpo.getByTestId('sheet-approval-rule')).toHaveText(S.approval.rule);
    await dpo.getByRole('button', { name: S.actions.approve, exact: true }).click();
    // approval asks first, naming the document
    await expect(dpo.getByTestId('approve-dialog')).toContainText(th.common.approve_dialog.title);
    await dpo.getByTestId('approve-confirm').click();
    await expect(dpo.getByTestId('sheet-state')).toHaveText(S.states.approved);
    await dpo.context().close();
    await page.reload();
    await expect(page.getByTestId('sheet-state')).toHaveText(S.states.approved);
    await page.getByRole('button', { name: S.actions.publish, exact: true }).click();
    await expect(page.getByTestId('sheet-state')).toHaveText(S.states.published);
    await page.getByRole('tab', { name: S.edit.editor }).click();
    await expect(page.getByText(S.edit.frozen)).toBeVisible();
    await expect(page.locator('.tiptap')).toHaveCount(0);
    await page.getByRole('tab', { name: S.edit.history }).click();
    await expect(page.getByTestId('sheet-event')).toHaveCount(4);
    await expect(page.getByTestId('sheet-event').first()).toContainText('สมชาย ใจดี');
    await shoot(page, 'sheets-history-th');
  });

  test('the PDF names the company, the version and the approval', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: S.edit.export_pdf }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', (await download.path())!, '-']).toString('utf8');
    expect(text).toContain('ไทยดิจิทัลเซอร์วิส');
    expect(text).toContain('ฉบับที่ 2');
    expect(text).toContain('อนุมัติโดย สมศรี ใจดี');
    expect(text).toContain('อบรมพนักงาน');
    const [docx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: S.edit.export_docx }).click()]);
    expect(docx.suggestedFilename()).toMatch(/\.docx$/);
  });

  test('the attached notice lists the document', async () => {
    await page.locator('a[href^="/consents/create/"]').first().click();
    await expect(page.getByTestId('linked-documents')).toContainText(TITLE);
    await expect(page.getByTestId('linked-documents')).toContainText(S.states.published);
    await page.getByTestId('linked-documents').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/sheets-notice-links-th.png' });
  });

  test('the document list shows it published, in English too', async () => {
    await page.goto('/sheets/list');
    const row = page.getByTestId('sheet-row').filter({ hasText: TITLE });
    await expect(row).toContainText(S.states.published);
    await shoot(page, 'sheets-list-th');
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: en.sheets.title })).toBeVisible();
    await expect(row).toContainText(en.sheets.states.published);
    await shoot(page, 'sheets-list-en');
    await row.getByRole('link').click();
    await expect(page.getByTestId('sheet-state')).toHaveText(en.sheets.states.published);
    await expect(page.getByTestId('sheet-preview')).toContainText(COMPANY);
    await shoot(page, 'sheets-document-en');
    await page.goto('/sheets/create/list');
    await expect(page.getByRole('columnheader', { name: en.sheets.templates.name })).toBeVisible();
    await shoot(page, 'sheets-templates-en');
    await chooseLanguage(page, 'ไทย');
  });
});

test('a shipped template is copied, changed and kept as the company template', async ({ page }) => {
  await signIn(page);
  await page.goto('/sheets/create/list');
  const row = page.getByTestId('sheet-template-row').filter({ hasText: 'Information security policy' });
  await row.getByRole('button', { name: S.templates.copy }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: S.templates.name })).toHaveValue(`Information security policy ${S.templates.copy_suffix}`);
  const name = `นโยบายความมั่นคงปลอดภัย e2e ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: S.templates.name }).fill(name);
  await expect(dialog.locator('.tiptap')).toContainText('{{company.name}}');
  await shoot(page, 'sheets-template-dialog-th');
  await dialog.getByRole('button', { name: th.common.submit }).click();
  await expect(toast(page, S.templates.saved)).toBeVisible();
  await expect(page.getByTestId('sheet-template-row').filter({ hasText: name })).toContainText(S.templates.own);
});

test('a viewer reads documents but cannot make or change them', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto('/sheets/list');
  await expect(page.getByTestId('sheet-row').first()).toBeVisible();
  await expect(page.getByRole('link', { name: S.list.new })).toHaveCount(0);
  await page.getByTestId('sheet-row').filter({ hasText: 'สัญญาประมวลผลข้อมูลส่วนบุคคล — บริษัท คลาวด์โฮสติ้ง จำกัด' }).getByRole('link').click();
  await expect(page.getByText(S.edit.read_only)).toBeVisible();
  await expect(page.getByRole('button', { name: S.actions.revise })).toHaveCount(0);
  await expect(page.getByRole('button', { name: S.edit.export_pdf })).toBeVisible();
  await shoot(page, 'sheets-viewer-th');
  await page.goto('/sheets/create/list');
  await expect(page.getByRole('link', { name: S.templates.use })).toHaveCount(0);
});
