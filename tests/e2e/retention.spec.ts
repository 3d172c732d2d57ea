import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { USERS, chooseLanguage, sharedSignedInPage } from './helpers';
import { choose, dialog, pickThaiDate, row, shoot, thaiDate, toast } from './riskHelpers';

/** The retention schedule and the due-for-deletion queue (menu 16), on the demo retailer's schedule. */
const R = th.retention;
const OVERDUE = 'ภาพกล้องวงจรปิดสาขาลาดพร้าว';

const combo = (scope: ReturnType<Page['getByRole']>, label: string) => scope.getByRole('combobox', { name: new RegExp(`^${label}`) });

test.describe('retention schedule', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test("the data map leads to the schedule; the demo retailer's rules show with their laws", async () => {
    await page.goto('/data-manage/list');
    await page.getByRole('tab', { name: R.tab, exact: true }).click();
    await expect(page).toHaveURL('/retention/rules');
    await expect(page.getByRole('heading', { level: 1, name: R.title })).toBeVisible();
    await expect(row(page, 'ระบบบัญชี (ERP)').first()).toBeVisible();
    await expect(page.getByText(R.laws.accounting_act_14.name).first()).toBeVisible();
    await shoot(page, 'retention-rules');
  });

  test('a period over 100 years is refused on its field, nothing saved; a fitting one is added', async () => {
    await page.getByRole('button', { name: R.rules.add }).click();
    const box = dialog(page, R.rules.add_title);
    await choose(page, combo(box, R.rules.category), 'ศาสนา');
    await choose(page, combo(box, R.rules.system), 'ระบบบริหารงานบุคคล (HRIS)');
    await box.getByLabel(R.rules.period).fill('101');
    await choose(page, combo(box, R.rules.unit), R.units.years);
    await choose(page, combo(box, R.rules.start_event), R.events.employment_end);
    await choose(page, combo(box, R.rules.end_action), R.actions.delete);
    await box.getByLabel(R.rules.legal_reason).fill('ใช้จัดวันหยุดตามศาสนา ลบเมื่อพ้นสภาพ');
    await box.getByRole('button', { name: th.common.submit }).click();
    await expect(box.getByText(th.server.retention_period_range)).toBeVisible();
    await box.getByLabel(R.rules.period).fill('1');
    await box.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, R.rules.add_success)).toBeVisible();
    await expect(row(page, 'ระบบบริหารงานบุคคล (HRIS)').filter({ hasText: 'ศาสนา' })).toBeVisible();
  });

  test('the queue shows the overdue CCTV footage; its deletion is recorded with evidence and gives the deletion record', async () => {
    await page.getByRole('tab', { name: R.due.tab, exact: true }).click();
    await expect(page).toHaveURL(/\/retention\/due/);
    const overdue = row(page, OVERDUE);
    await expect(overdue.getByText(R.due.overdue)).toBeVisible();
    await shoot(page, 'retention-due');
    await overdue.getByRole('button', { name: R.due.complete }).click();
    const box = dialog(page, R.due.complete_title);
    await box.getByLabel(R.due.note).fill('ลบไฟล์ภาพในเครื่องบันทึกสำรองของสาขาลาดพร้าวด้วยการฟอร์แมตดิสก์');
    await box.getByLabel(R.due.deleted_count).fill('720');
    const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Bangkok', year: 'numeric' }).format(new Date())) + 544;
    await pickThaiDate(page, thaiDate(box, R.due.backups_expire_on), { day: 15, month: 'มกราคม', yearBE: year });
    await box.getByRole('button', { name: R.due.complete }).click();
    await expect(toast(page, R.due.completed)).toBeVisible();
    await expect(row(page, OVERDUE)).toHaveCount(0);
    await page.goto('/retention/due?state=done');
    const done = row(page, OVERDUE);
    await expect(done.getByText(R.due.done)).toBeVisible();
    const download = page.waitForEvent('download');
    await done.getByRole('button', { name: R.due.record }).click();
    expect((await download).suggestedFilename()).toMatch(/^deletion-record-\d{4}-\d{2}-\d{2}\.pdf$/);
  });

  test('the dashboard links its overdue deletions to the queue', async () => {
    await page.goto('/dashboard');
    const figure = page.getByTestId('posture-deletions_overdue');
    await expect(figure).toContainText(th.dashboard.posture.keys.deletions_overdue);
    await figure.click();
    await expect(page).toHaveURL(/\/retention\/due\?state=overdue/);
  });

  test('reads in English', async () => {
    await chooseLanguage(page, 'English');
    await page.goto('/retention/rules');
    await expect(page.getByRole('heading', { level: 1, name: en.retention.title })).toBeVisible();
    await expect(page.getByText(en.retention.laws.accounting_act_14.name).first()).toBeVisible();
    await shoot(page, 'retention-rules-en');
    await chooseLanguage(page, 'ไทย');
  });
});
