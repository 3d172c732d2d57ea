import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { th, en } from '../../i18n';
import { chooseLanguage, sessionFromCookie, shoot, signIn, toast, USERS } from './helpers';
import { pickThaiDate, thaiDate } from './riskHelpers';

const D = th.dpo;
const NAME = 'คุณวรรณา ปกป้องข้อมูล';
const EMAIL = 'dpo-office@thaidigital.example';

/** Thai out of pdftotext, compared without the spaces it puts between words (and its doubled sara am). */
const flat = (s: string) => s.replace(/\s+/g, '').replace(/\u0E33\u0E32/g, '\u0E33');

/** `GET /api/v1/user/dpoList` with the page's own session (its HttpOnly cookie, read by the test's browser context). */
async function dpoList(page: Page) {
  const session = await sessionFromCookie(page);
  const res = await page.request.get('/api/v1/user/dpoList', {
    headers: { authorization: `Bearer ${session!.access_token}`, 'x-requested-with': 'XMLHttpRequest' },
  });
  return (await res.json()) as { dpo_list: { _id: string; name: string }[]; totalDoc: number };
}

test.describe.configure({ mode: 'serial' });

test('answer the s.41 questionnaire, appoint a DPO, see them in the notice builder and /user/dpoList, read the order PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/dpo/list');
  await expect(page.getByRole('heading', { level: 1, name: D.title })).toBeVisible();
  // the demo's current DPO is the demo DPO user
  await expect(page.getByTestId('dpo-current')).toContainText('สมศรี ใจดี');
  await shoot(page, 'dpo-list-th');

  // "Do we need a DPO?": a bank with 150,000 customers must appoint one (s.41(2))
  await page.getByRole('button', { name: D.assessment.again }).click();
  const quiz = page.getByRole('dialog');
  await quiz.getByRole('radiogroup', { name: D.assessment.public_authority }).getByLabel(D.assessment.no).check();
  await quiz.getByRole('combobox', { name: D.assessment.sector }).click();
  await page.getByRole('option', { name: D.assessment.sectors.bank, exact: true }).click();
  await quiz.getByLabel(D.assessment.subject_count).fill('150000');
  await expect(quiz.getByRole('status')).toContainText(D.assessment.required);
  await shoot(page, 'dpo-assessment-th');
  await quiz.getByRole('button', { name: D.assessment.submit }).click();
  await expect(toast(page, D.assessment.saved)).toBeVisible();
  const result = page.getByTestId('dpo-assessment-result');
  // required, and met: the demo's DPO is in office (the card said "must appoint" regardless)
  await expect(result).toContainText(D.assessment.required_met);
  await expect(result).not.toContainText(D.assessment.required);
  await expect(result).toContainText(D.assessment.reasons.s41_2);
  await expect(result).toContainText('1,000,000');

  // appoint an outside person in place of the current DPO, with a contact of the office
  await page.getByRole('link', { name: D.current.replace }).click();
  await expect(page).toHaveURL(/\/dpo\/assing$/);
  await page.getByRole('combobox', { name: D.form.kind }).click();
  await page.getByRole('option', { name: D.kinds.external, exact: true }).click();
  await page.getByRole('textbox', { name: D.form.name }).fill(NAME);
  await page.getByRole('textbox', { name: D.form.email }).fill(EMAIL);
  await page.getByRole('textbox', { name: D.form.phone }).fill('02-123-4599');
  const nextYear = Number(new Intl.DateTimeFormat('th-TH', { year: 'numeric', timeZone: 'Asia/Bangkok' }).format(new Date()).replace(/\D/g, '')) + 2;
  await pickThaiDate(page, thaiDate(page.locator('form'), D.form.term_ends_on), { day: 30, month: 'มิถุนายน', yearBE: nextYear });
  await page.getByRole('textbox', { name: D.form.order_no }).fill('15/2569');
  // saving without choosing to replace the current DPO is refused on the screen (and by the server)
  await page.getByRole('button', { name: D.form.save }).click();
  await expect(page.getByText(D.form.must_replace)).toBeVisible();
  await page.getByRole('checkbox', { name: /สมศรี ใจดี/ }).check();
  await shoot(page, 'dpo-assing-th');
  await page.getByRole('button', { name: D.form.save }).click();
  await expect(toast(page, D.form.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/dpo\/list$/);
  const current = page.getByTestId('dpo-current');
  await expect(current).toContainText(NAME);
  await expect(current).toContainText(EMAIL);
  await expect(current).toContainText(D.current.not_informed);
  // the history: the former DPO ended the day the new one started
  const history = page.getByRole('table', { name: D.history.title });
  await expect(history.getByRole('row', { name: new RegExp(NAME) })).toContainText(D.history.current);
  await expect(history.getByRole('row', { name: /สมศรี ใจดี/ })).toContainText(D.history.ended);

  // /user/dpoList (the seed's call) and the notice builder name the new DPO
  const list = await dpoList(page);
  expect(list.dpo_list.map((d) => d.name)).toEqual([NAME]);
  await page.goto('/consents/create');
  await page.getByRole('combobox', { name: th.consent.builder.dpo }).click();
  await expect(page.getByRole('option', { name: NAME })).toBeVisible();
  await page.getByRole('option', { name: NAME }).click();
  await expect(page.getByRole('combobox', { name: th.consent.builder.dpo })).toContainText(NAME);

  // the appointment order, made from the record: Thai, the letterhead, Buddhist-era dates
  await page.goto('/dpo/list');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: D.current.order_pdf }).click()]);
  expect(download.suggestedFilename()).toMatch(/^dpo-appointment-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = flat(execFileSync('pdftotext', ['-', '-'], { input: readFileSync((await download.path())!) }).toString('utf8'));
  expect(text).toContain(flat('คำสั่งบริษัท ไทยดิจิทัลเซอร์วิส จำกัด'));
  expect(text).toContain(flat(`แต่งตั้ง ${NAME} (บุคคลภายนอก) เป็นเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคลของบริษัท`));
  expect(text).toContain('ที่15/2569');
  expect(text).toContain(flat(`ถึงวันที่ 30 มิถุนายน ${nextYear}`));
  expect(text).toContain(EMAIL);

  // English
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: en.dpo.title })).toBeVisible();
  await expect(page.getByTestId('dpo-assessment-result')).toContainText(en.dpo.assessment.required_met);
  await shoot(page, 'dpo-list-en');
  await chooseLanguage(page, 'ไทย');
});

test("a DPO shared by the group (s.41 para. 2) and the log of the DPO's reports and advice (s.42)", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/dpo/list');
  await page.getByRole('link', { name: D.current.edit }).click();
  await expect(page).toHaveURL(/\/dpo\/assing\/.+/);
  await page.getByRole('checkbox', { name: D.form.shared_with_group }).check();
  await page.getByRole('textbox', { name: D.form.group_name }).fill('กลุ่มบริษัทไทยดิจิทัล');
  await page.getByRole('textbox', { name: D.form.group_companies }).fill('บริษัท ไทยดิจิทัลคลาวด์ จำกัด');
  await shoot(page, 'dpo-assing-group-th');
  await page.getByRole('button', { name: D.form.save }).click();
  await expect(toast(page, D.form.saved)).toBeVisible();
  await expect(page.getByTestId('dpo-shared')).toHaveText(D.current.shared);
  await expect(page.getByTestId('dpo-group')).toContainText('กลุ่มบริษัทไทยดิจิทัล');
  await expect(page.getByTestId('dpo-group')).toContainText('บริษัท ไทยดิจิทัลคลาวด์ จำกัด');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: D.current.order_pdf }).click()]);
  const text = flat(execFileSync('pdftotext', ['-', '-'], { input: readFileSync((await download.path())!) }).toString('utf8'));
  expect(text).toContain(flat('มาตรา 41 วรรคสอง'));
  expect(text).toContain(flat('กลุ่มบริษัทไทยดิจิทัล'));

  // the DPO's reports: the demo's, then advice to a department (its name required, on the field)
  const reports = page.getByTestId('dpo-reports');
  await expect(reports.getByRole('table', { name: D.reports.title })).toContainText('ฝ่ายทรัพยากรบุคคล');
  await reports.getByRole('button', { name: D.reports.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: D.reports.audience }).click();
  await page.getByRole('option', { name: D.reports.audiences.department, exact: true }).click();
  await dialog.getByRole('textbox', { name: D.reports.subject }).fill('คำแนะนำเรื่องกล้องวงจรปิดในคลังสินค้า');
  await dialog.getByRole('textbox', { name: D.reports.advice }).fill('ติดป้ายแจ้งการบันทึกภาพ และเก็บภาพไม่เกิน 30 วัน');
  await dialog.getByRole('button', { name: 'บันทึก', exact: true }).click();
  await expect(dialog.getByText(th.server.dpo_report_department_required)).toBeVisible();
  await dialog.getByRole('textbox', { name: D.reports.department_name }).fill('ฝ่ายคลังสินค้า');
  await shoot(page, 'dpo-report-form-th');
  await dialog.getByRole('button', { name: 'บันทึก', exact: true }).click();
  await expect(toast(page, D.reports.saved)).toBeVisible();
  const row = reports.getByRole('row', { name: /กล้องวงจรปิด/ });
  await expect(row).toContainText('ฝ่ายคลังสินค้า');
  await shoot(page, 'dpo-reports-th');
  await chooseLanguage(page, 'English');
  await expect(reports.getByRole('heading', { name: en.dpo.reports.title })).toBeVisible();
  await expect(page.getByTestId('dpo-shared')).toHaveText(en.dpo.current.shared);
  await shoot(page, 'dpo-reports-en');
  await chooseLanguage(page, 'ไทย');
});

test('the viewer reads the DPO but cannot appoint, edit or answer', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto('/dpo/list');
  await expect(page.getByTestId('dpo-current')).toContainText(NAME);
  await expect(page.getByRole('button', { name: D.current.order_pdf })).toBeVisible();
  await expect(page.getByRole('link', { name: D.current.replace })).toHaveCount(0);
  await expect(page.getByRole('link', { name: D.current.edit })).toHaveCount(0);
  await expect(page.getByRole('button', { name: D.assessment.again })).toHaveCount(0);
  await expect(page.getByTestId('dpo-reports').getByRole('table')).toContainText('กล้องวงจรปิด');
  await expect(page.getByRole('button', { name: D.reports.add })).toHaveCount(0);
  await shoot(page, 'dpo-list-viewer-th');
});
