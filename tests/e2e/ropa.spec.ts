import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { en, th } from '../../i18n';
import { USERS, bellButton, chooseLanguage, sharedSignedInPage, shoot, sidebar, signIn, toast } from './helpers';
import { pickThaiDate, stamp, thaiDate } from './riskHelpers';

const R = th.ropa;
const D = th.datamap.systems;

/** Picks `option` in a multi-choice box (an MUI Autocomplete) found by its test id. */
async function pick(page: Page, box: Locator, option: string) {
  await box.locator('input').click();
  await box.locator('input').fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}
const side = (page: Page) => page.getByTestId('ropa-side');

/** Sends the open record for review, choosing the DPO as its reviewer. */
async function sendForReview(page: Page, name: string) {
  await side(page).getByRole('button', { name: R.moves.review }).click();
  const dialog = page.getByRole('dialog', { name: R.review.send_title.replace('%{name}', name) });
  await dialog.getByRole('combobox', { name: R.review.reviewer }).click();
  await page.getByRole('option', { name: USERS.dpo.fullName }).click();
  await dialog.getByRole('button', { name: R.review.send }).click();
}

test.describe('records of processing: from the data map to an approved, exported register', () => {
  test.describe.configure({ mode: 'serial' });
  // names without the Thai vowels pdftotext splits (า, ำ), so the PDF's text can be compared as typed
  const s = stamp();
  const systemName = `ระบบทดสอบ ${s}`;
  const activityName = `ตรวจสอบข้อมูลผู้ติดต่อ ${s}`;
  let page: Page;
  let activityId = '';
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('maps a system with its data categories (one of them sensitive)', async () => {
    await page.goto('/data-manage/list');
    await page.getByRole('link', { name: D.add }).click();
    await expect(page).toHaveURL('/data-manage/add');
    await page.getByTestId('system-name').fill(systemName);
    await pick(page, page.getByTestId('system-categories'), 'ชื่อ-นามสกุล');
    await pick(page, page.getByTestId('system-categories'), `ข้อมูลสุขภาพ (${D.sensitive_mark})`);
    await page.getByLabel(D.storage_location).fill('คลาวด์ในประเทศไทย');
    await shoot(page, 'datamap-system-form');
    await page.getByRole('button', { name: R.form.save }).click();
    await expect(toast(page, D.add_success)).toBeVisible();
    await expect(page).toHaveURL('/data-manage/list');
    const row = page.getByTestId('datamap-system-row').filter({ hasText: systemName });
    await expect(row.getByText('ข้อมูลสุขภาพ')).toBeVisible();
  });

  test('creates an activity in two steps from that system; the draft saves itself and shows what s.39 lacks', async () => {
    await page.goto('/ropa/activity/list');
    await page.getByRole('link', { name: R.list.add }).click();
    await expect(page).toHaveURL('/ropa/activity/create');
    await page.getByTestId('ropa-name').fill(activityName);
    await pick(page, page.getByTestId('ropa-systems'), systemName);
    // the system brought its categories
    await expect(page.getByTestId('ropa-categories').getByText(`ข้อมูลสุขภาพ (${D.sensitive_mark})`)).toBeVisible();
    await page.getByRole('button', { name: R.fields.add_purpose }).click();
    await page.getByRole('combobox', { name: R.fields.purpose, exact: true }).click();
    await page.getByRole('option', { name: 'ดูแลสุขภาพและความปลอดภัยของพนักงาน' }).click();
    await pick(page, page.getByTestId('ropa-bases'), th.consent.builder.bases.necessityContract);
    await pick(page, page.getByTestId('ropa-subjects'), 'พนักงาน');
    await expect(page.getByTestId('ropa-autosave')).toContainText(R.form.autosaved.split(' %')[0]);
    await expect(page).toHaveURL(/\/ropa\/activity\/create\/[0-9a-f-]{36}$/);
    activityId = page.url().split('/').pop()!;
    // sensitive data on a s.24 basis only: the warning no anchor gives
    await expect(page.getByTestId('ropa-warnings')).toContainText(R.warnings.sensitive_without_basis.replace('%{subject}', 'ข้อมูลสุขภาพ'));
    await pick(page, page.getByTestId('ropa-bases'), R.bases.explicitConsent);
    await expect(page.getByTestId('ropa-warnings')).toBeHidden();
    await shoot(page, 'ropa-step1');
    await page.getByRole('button', { name: R.form.next }).click();
    await expect(page).toHaveURL(`/ropa/activity/create2?ropaId=${activityId}`);
    const missing = page.getByTestId('ropa-missing');
    for (const item of [R.items.retention, R.items.access, R.items.disclosures, R.items.security]) await expect(missing).toContainText(item);
    await expect(side(page).getByRole('button', { name: R.moves.approved })).toHaveCount(0);
    // an incomplete record is not sent for review (the server refuses it with a 409 as well)
    await expect(side(page).getByRole('button', { name: R.moves.review })).toBeDisabled();
  });

  test('completes the record, sends it for review to the DPO, who is told, comments and approves it (the author may not)', async ({ browser }) => {
    await page.getByTestId('ropa-retention').fill('5 ปีนับจากวันตรวจ');
    await page.getByTestId('ropa-access').fill('พยาบาลประจำบริษัท');
    await page.getByTestId('ropa-disclosures').fill('ไม่มี');
    await page.getByTestId('ropa-security').fill('เก็บในตู้ล็อกกุญแจ เข้ารหัสไฟล์');
    await expect(page.getByTestId('ropa-complete')).toBeVisible();
    await shoot(page, 'ropa-step2-complete');
    await sendForReview(page, activityName);
    await expect(page.getByTestId('ropa-state')).toHaveText(R.states.review);
    await expect(side(page).getByTestId('ropa-reviewer-name')).toHaveText(R.review.reviewer_is.replace('%{name}', USERS.dpo.fullName));
    // four eyes: admin sent it, so admin may not approve it; the reason shows beside the disabled button
    await expect(side(page).getByRole('button', { name: R.moves.approved })).toBeDisabled();
    await expect(side(page).getByTestId('ropa-approval-rule')).toHaveText(th.common.approve_dialog.self_refused);
    await shoot(page, 'ropa-self-approval-th');

    // the DPO hears of it through the bell, opens it from there, comments and approves after confirming
    const dpo = await browser.newPage();
    await signIn(dpo, USERS.dpo);
    await bellButton(dpo).click();
    const told = th.notifications.kinds.ropa_review_assigned.replace('%{by}', USERS.admin.fullName).replace('%{name}', activityName);
    await dpo.getByTestId('notification-panel').getByRole('button', { name: told }).first().click();
    await expect(dpo).toHaveURL(`/ropa/activity/create/${activityId}`);
    await expect(side(dpo).getByTestId('ropa-approval-rule')).toHaveCount(0);
    await dpo.getByTestId('ropa-comment-input').fill('ระยะเวลาเก็บควรนับจากวันที่พ้นสภาพพนักงาน');
    await dpo.getByTestId('ropa-comments').getByRole('button', { name: R.review.comment_send }).click();
    await expect(dpo.getByTestId('ropa-comment')).toHaveCount(1);
    await expect(dpo.getByTestId('ropa-comment')).toContainText(USERS.dpo.fullName);
    await side(dpo).getByRole('button', { name: R.moves.approved }).click();
    const dialog = dpo.getByTestId('approve-dialog');
    await expect(dialog).toContainText(th.common.approve_dialog.text.split('%{name}')[0] + activityName);
    await shoot(dpo, 'ropa-approve-dialog-th');
    // cancelling approves nothing
    await dialog.getByRole('button', { name: th.common.approve_dialog.cancel }).click();
    await expect(dpo.getByTestId('ropa-state')).toHaveText(R.states.review);
    await side(dpo).getByRole('button', { name: R.moves.approved }).click();
    await dpo.getByTestId('approve-confirm').click();
    await expect(dpo.getByTestId('ropa-state')).toHaveText(R.states.approved);
    await dpo.context().close();

    await page.reload();
    await expect(page.getByTestId('ropa-state')).toHaveText(R.states.approved);
    await expect(side(page)).toContainText(`${R.fields.approved_by}: ${USERS.dpo.fullName}`);
    await expect(page.getByTestId('ropa-comment')).toContainText('ระยะเวลาเก็บควรนับจากวันที่พ้นสภาพพนักงาน');
    // the approved version, as it was approved
    await side(page)
      .getByRole('link', { name: R.form.version.replace('%{version}', '1') })
      .click();
    await expect(page).toHaveURL(`/ropa/preview?id=${activityId}&version=1`);
    await expect(page.getByTestId('ropa-version')).toBeVisible();
    await expect(page.getByTestId('ropa-sheet').getByRole('heading', { name: activityName })).toBeVisible();
    // as it was on a date: today (Bangkok), picked in the Buddhist era, gives version 1
    await page.goBack();
    const now = new Date();
    const month = new Intl.DateTimeFormat('th-TH', { month: 'long', timeZone: 'Asia/Bangkok' }).format(now);
    const bangkok = (part: 'day' | 'year') => Number(new Intl.DateTimeFormat('en', { [part]: 'numeric', timeZone: 'Asia/Bangkok' }).format(now));
    await pickThaiDate(page, thaiDate(side(page), R.history_on.label), { day: bangkok('day'), month, yearBE: bangkok('year') + 543 });
    await shoot(page, 'ropa-history-on');
    await side(page).getByTestId('ropa-history-on').click();
    await expect(page).toHaveURL(new RegExp(`/ropa/preview\\?id=${activityId}&on=\\d{4}-\\d{2}-\\d{2}$`));
    await expect(page.getByTestId('ropa-version')).toContainText(R.history_on.version_on.split(' %')[0].replace('%{version}', '1'));
    await expect(page.getByTestId('ropa-sheet').getByRole('heading', { name: activityName })).toBeVisible();
    await shoot(page, 'ropa-preview-on-date');
  });

  test('answers the SME exemption wizard; the result stays on the dashboard with its date and who', async () => {
    await page.goto('/ropa/dashboard');
    const card = page.getByTestId('ropa-sme');
    await card.getByTestId('ropa-sme-start').click();
    const dialog = page.getByRole('dialog');
    const answer = (question: string, yes: boolean) =>
      dialog
        .getByRole('radiogroup', { name: question })
        .getByRole('radio', { name: yes ? R.sme.yes : R.sme.no, exact: true })
        .check();
    await dialog.getByTestId('sme-staff').fill('25');
    await dialog.getByTestId('sme-revenue').fill('40');
    await answer(R.sme.sensitive, true);
    await answer(R.sme.not_occasional, true);
    // a small business with sensitive data and regular processing is not exempt: never green, each reason named
    await expect(dialog.getByRole('status')).toContainText(R.sme.not_exempt);
    await expect(dialog.getByTestId('ropa-sme-blockers')).toContainText(R.sme.blockers.sensitive);
    await expect(dialog.getByTestId('ropa-sme-blockers')).toContainText(R.sme.blockers.not_occasional);
    await expect(dialog.getByRole('status')).not.toContainText(R.sme.exempt);
    await shoot(page, 'ropa-sme-wizard-blocked');
    // without them, it may keep a reduced register that still records refusals
    await answer(R.sme.sensitive, false);
    await answer(R.sme.not_occasional, false);
    await answer(R.sme.risky, false);
    await expect(dialog.getByRole('status')).toContainText(R.sme.exempt);
    await expect(dialog.getByTestId('ropa-sme-must')).toContainText(R.sme.must.refusals);
    await expect(dialog).toContainText(R.sme.revenue_why);
    await shoot(page, 'ropa-sme-wizard');
    await dialog.getByTestId('sme-submit').click();
    await expect(toast(page, R.sme.saved)).toBeVisible();
    await expect(card.getByTestId('ropa-sme-result')).toContainText(R.sme.exempt);
    await expect(card.getByTestId('ropa-sme-must')).toContainText(R.sme.must.refusals);
    await expect(card.getByTestId('ropa-sme-answered')).toContainText(USERS.admin.fullName);
    await shoot(page, 'ropa-dashboard-sme');
    // a foundation is exempt whatever its size; as a processor whose service is processing, it is not
    await card.getByTestId('ropa-sme-start').click();
    await dialog.getByTestId('sme-body').click();
    await page.getByRole('option', { name: R.sme.bodies.foundation }).click();
    await expect(dialog.getByTestId('sme-revenue')).toHaveCount(0);
    await expect(dialog.getByRole('status')).toContainText(R.sme.exempt);
    await dialog.getByTestId('sme-role').click();
    await page.getByRole('option', { name: R.sme.roles.processor }).click();
    await answer(R.sme.processing_service, true);
    await expect(dialog.getByRole('status')).toContainText(R.sme.not_exempt);
    await expect(dialog.getByTestId('ropa-sme-blockers')).toContainText(R.sme.blockers.processing_service);
    await shoot(page, 'ropa-sme-wizard-processor');
    await dialog.getByTestId('sme-submit').click();
    await expect(card.getByTestId('ropa-sme-result')).toContainText(R.sme.not_exempt);
    await expect(card.getByTestId('ropa-sme-blockers')).toContainText(R.sme.blockers.processing_service);
    await expect(card.getByRole('table', { name: R.sme.history })).toContainText(R.sme.result_exempt);
    await chooseLanguage(page, 'English');
    await expect(card.getByTestId('ropa-sme-result')).toContainText(en.ropa.sme.not_exempt);
    await expect(card.getByTestId('ropa-sme-blockers')).toContainText(en.ropa.sme.blockers.processing_service);
    await shoot(page, 'ropa-dashboard-sme-en');
    await chooseLanguage(page, 'ไทย');
  });

  test('reads it in the register view as an inspector would', async () => {
    await page.goto(`/ropa/preview?id=${activityId}`);
    const sheet = page.getByTestId('ropa-sheet');
    await expect(sheet.getByRole('heading', { name: activityName })).toBeVisible();
    await expect(sheet.getByRole('row', { name: new RegExp(R.items.retention.replace(/[()]/g, '.')) })).toContainText('5 ปีนับจากวันตรวจ');
    await expect(sheet).toContainText('บริษัท ไทยดิจิทัลเซอร์วิส จำกัด');
    await shoot(page, 'ropa-preview');
  });

  test('exports the register as XLSX and PDF with the Thai readable', async () => {
    await page.goto('/ropa/report');
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: R.report.xlsx }).click();
    const xlsxFile = await (await download).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(xlsxFile) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(R.report.sheet)!;
    expect((sheet.getRow(3).values as unknown[]).map(String)).toContain(R.items.security);
    const found = sheet.getColumn(2).values.map(String).indexOf(activityName);
    expect(found).toBeGreaterThan(3);
    expect((sheet.getRow(found).values as unknown[]).map(String)).toContain('เก็บในตู้ล็อกกุญแจ เข้ารหัสไฟล์');
    expect(wb.getWorksheet(R.report.processor_sheet)).toBeDefined();

    download = page.waitForEvent('download');
    await page.getByRole('button', { name: R.report.pdf }).click();
    const pdfFile = await (await download).path();
    // pdftotext reorders Thai vowel and tone marks around their consonant: compare the consonants, in order
    const skeleton = (text: string) => text.replace(/[\s\u0E31\u0E32-\u0E3A\u0E47-\u0E4E]/g, '');
    const text = skeleton(execFileSync('pdftotext', ['-layout', pdfFile, '-']).toString('utf8'));
    expect(text).toContain(skeleton(activityName));
    expect(text).toContain(skeleton('เก็บในตู้ล็อกกุญแจ เข้ารหัสไฟล์'));
    expect(text).toContain(skeleton(R.fields.review_date));
  });

  test('a changed, approved again record shows the two approved versions side by side, the changed item marked', async ({ browser }) => {
    await page.goto(`/ropa/activity/create2?ropaId=${activityId}`);
    await page.getByTestId('ropa-retention').fill('10 ปีนับจากวันตรวจ');
    await expect(page.getByTestId('ropa-state')).toHaveText(R.states.draft);
    await sendForReview(page, activityName);
    await expect(page.getByTestId('ropa-state')).toHaveText(R.states.review);
    const dpo = await browser.newPage();
    await signIn(dpo, USERS.dpo);
    await dpo.goto(`/ropa/activity/create2?ropaId=${activityId}`);
    await side(dpo).getByRole('button', { name: R.moves.approved }).click();
    await dpo.getByTestId('approve-confirm').click();
    await expect(dpo.getByTestId('ropa-state')).toHaveText(R.states.approved);
    await dpo.context().close();
    await page.reload();
    await side(page).getByTestId('ropa-compare').click();
    const diff = page.getByTestId('ropa-diff');
    await expect(diff.getByRole('columnheader', { name: R.form.version.replace('%{version}', '1') })).toBeVisible();
    await expect(diff.getByRole('columnheader', { name: R.form.version.replace('%{version}', '2') })).toBeVisible();
    // only the changed item by default: the retention, 5 years struck on the left, 10 underlined on the right
    const changed = diff.getByTestId('ropa-diff-changed');
    await expect(changed).toHaveCount(1);
    await expect(changed).toContainText(R.items.retention);
    await expect(changed.locator('del')).toHaveText('5');
    await expect(changed.locator('ins')).toHaveText('10');
    await shoot(page, 'ropa-version-diff-th');
  });
});

test.describe('records of processing for a view-only role, and in English', () => {
  test('the viewer reads the dashboard, list and records but cannot add, change or approve', async ({ page }) => {
    await signIn(page, USERS.viewer);
    await page.goto('/ropa/dashboard');
    await expect(page.getByTestId('ropa-total')).toBeVisible();
    await expect(page.getByTestId('ropa-due')).toBeVisible();
    await page.goto('/ropa/activity/list');
    await expect(page.getByTestId('ropa-row').first()).toBeVisible();
    await expect(page.getByRole('link', { name: R.list.add })).toHaveCount(0);
    // no pencil for a role that may only read: each row opens the activity read-only
    await expect(page.getByTestId('ropa-row').getByRole('link', { name: th.common.edit })).toHaveCount(0);
    await page.getByTestId('ropa-row').filter({ hasText: 'ขายสินค้าออนไลน์และจัดส่งสินค้า' }).getByRole('link', { name: R.list.open }).click();
    await expect(page.getByText(R.form.read_only)).toBeVisible();
    await expect(page.getByTestId('ropa-name')).toBeDisabled();
    await expect(side(page).getByRole('button')).toHaveCount(0);
    await page.getByRole('button', { name: R.form.next }).click();
    // the demo refusal (DEMO-DSR-0004) of this activity's DSR form is its s.39(7) entry
    await expect(page.getByTestId('ropa-refusals')).toContainText('DEMO-DSR-0004');
    await shoot(page, 'ropa-viewer-step2');
    await page.goto('/data-manage/list');
    await expect(page.getByTestId('datamap-system-row').first()).toBeVisible();
    await expect(page.getByRole('link', { name: D.add })).toHaveCount(0);
    await page.goto('/ropa/dashboard');
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: en.ropa.title })).toBeVisible();
    await expect(page.getByText(en.ropa.dashboard.due)).toBeVisible();
    await shoot(page, 'ropa-dashboard-en');
    await chooseLanguage(page, 'ไทย');
  });
});

test.describe('an edit is not lost when the person leaves by the sidebar while it waits to save itself', () => {
  test('a new activity and a changed record are saved on leaving', async ({ page }) => {
    await signIn(page, USERS.admin);
    const name = `ออกจากหน้าก่อนบันทึก ${stamp()}`;
    const description = page.getByLabel(R.fields.description);
    await page.goto('/ropa/activity/create');
    // the save flushed on leaving is a call of the page left behind: its reply is awaited before the next
    // address is loaded (a page load cancels the calls still on their way)
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/ropa/activity'));
    await page.getByTestId('ropa-name').fill(name);
    await description.fill('พิมพ์แล้วออกทันที');
    await expect(page.getByTestId('ropa-autosave')).toHaveText(R.form.saving);
    await page.waitForTimeout(600);
    await sidebar(page).getByRole('menuitem').first().click();
    await expect(page).not.toHaveURL(/\/ropa\/activity\/create/);
    expect((await created).ok()).toBe(true);
    await page.goto('/ropa/activity/list');
    await page.getByTestId('ropa-row').filter({ hasText: name }).getByRole('link', { name: th.common.edit }).click();
    await expect(description).toHaveValue('พิมพ์แล้วออกทันที');

    // an existing record: the changed field is saved on leaving (the save's reply is awaited before coming back,
    // so a slow machine cannot put the return's read ahead of it) and is there on return and after a reload
    await description.fill('แก้ไขแล้วออกทันที');
    await expect(page.getByTestId('ropa-autosave')).toHaveText(R.form.saving);
    await page.waitForTimeout(600);
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/ropa\/activity\//.test(r.url()));
    await sidebar(page).getByRole('menuitem').first().click();
    await expect(page).not.toHaveURL(/\/ropa\/activity\/create/);
    expect((await saved).ok()).toBe(true);
    await page.goBack();
    await expect(description).toHaveValue('แก้ไขแล้วออกทันที');
    await page.reload();
    await expect(description).toHaveValue('แก้ไขแล้วออกทันที');
  });
});
