import { expect, test } from '@playwright/test';
import { th, en } from '../../i18n';
import { chooseLanguage, shoot, signIn, toast } from './helpers';

const C = th.consent;
const B = C.builder;

const PROJECT = 'ทดลองสมัครรับจดหมายข่าว <b>E2E</b>';
/** The row's button that opens its history: 'ประวัติ (2)', 'History (2)'. */
const historyButton = (records: { history_open: string }, count: number) => ({ name: records.history_open.replace('%{count}', String(count)) });

test.describe.configure({ mode: 'serial' });

test('build a notice, publish it, give and withdraw consent on the public page, see the records', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signIn(page);
  // an objective and a data item of its own, through the generated item lists
  await page.goto('/consents/items/objective');
  await page.getByRole('button', { name: C.item.objective.add }).click();
  // 21: the Thai name, and the English one a data subject reads on the English pages
  await page.getByRole('dialog').getByRole('textbox', { name: C.item.name_th }).fill('รับจดหมายข่าวรายเดือน E2E');
  await page.getByRole('dialog').getByRole('textbox', { name: C.item.name_en }).fill('Monthly newsletter E2E');
  await shoot(page, 'consent-item-form-th');
  await page.getByRole('dialog').getByRole('button', { name: th.common.submit }).click();
  await expect(toast(page, C.item.objective.add_success)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'รับจดหมายข่าวรายเดือน E2E', exact: true })).toBeVisible();
  await shoot(page, 'consent-items-th');
  // in English the list names each item in English (the demo's have English names too)
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('cell', { name: 'Monthly newsletter E2E', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sending news and special offers by e-mail', exact: true })).toBeVisible();
  await shoot(page, 'consent-items-en');
  await chooseLanguage(page, 'ไทย');

  await page.goto('/consents/manage/form');
  await expect(page.getByRole('heading', { level: 1, name: C.title })).toBeVisible();
  await expect(page.getByTestId('consent-form-row').first()).toBeVisible();
  await shoot(page, 'consent-notices-th');
  await page.getByRole('link', { name: C.notices.add }).click();
  await expect(page).toHaveURL(/\/consents\/create$/);

  // publishing an empty notice names what s.23 still needs
  await page.getByRole('button', { name: B.publish, exact: true }).click();
  await expect(page.getByTestId('consent-missing')).toContainText(C.s23.retention);
  await expect(page).toHaveURL(/\/consents\/create\/[0-9a-f-]{36}$/);

  await page.getByRole('textbox', { name: B.projectName, exact: true }).fill(PROJECT);
  await page.getByLabel(B.bases.forConsent).check();
  await page.getByTestId('consent-bases').getByRole('textbox', { name: B.remark, exact: true }).fill('ความยินยอมของสมาชิก');
  await page.getByRole('group', { name: B.objective }).getByLabel('รับจดหมายข่าวรายเดือน E2E').check();
  await page.getByRole('group', { name: B.list }).getByLabel('อีเมล', { exact: true }).check();
  await page.getByRole('button', { name: B.add_purpose }).click();
  const purpose = page.getByTestId('consent-purpose').first();
  await purpose.getByRole('group', { name: B.purpose_list }).getByLabel('รับจดหมายข่าวรายเดือน E2E').check();
  await purpose.getByRole('group', { name: B.purpose_data }).getByLabel('อีเมล', { exact: true }).check();
  await page.getByLabel(B.retention).fill('3');
  await page.getByRole('button', { name: B.publish, exact: true }).click();
  await expect(toast(page, 'เผยแพร่ฉบับที่ 1 สำเร็จ')).toBeVisible();
  await expect(page.getByTestId('consent-versions')).toContainText('ฉบับที่ 1');
  const publishedHash = (await page.getByTestId('consent-versions').locator('code').first().textContent())!.replace('…', '');
  expect(publishedHash).toMatch(/^[0-9a-f]{16}$/);
  await shoot(page, 'consent-builder-th');

  // the public page, as a data subject (no sign-in)
  const href = await page.getByTestId('consent-public-link').getAttribute('href');
  const subject = await context.browser()!.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok', reducedMotion: 'reduce' });
  const pub = await subject.newPage();
  // two windows take turns here: the one in use is brought to the front, so that it draws frames (a click
  // waits for two frames in a row to see its target stand still; a window behind may draw none)
  await pub.bringToFront();
  await pub.goto(new URL(href!, page.url()).toString());
  await expect(pub.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  const box = pub.getByTestId('consent-give').getByRole('checkbox', { name: 'รับจดหมายข่าวรายเดือน E2E' });
  await expect(box).not.toBeChecked();
  await pub.getByTestId('consent-give').getByLabel(C.public.subjectId).fill('E2E-0001');
  await pub.getByTestId('consent-give').getByLabel(C.public.name).fill('ทดสอบ <i>ระบบ</i>');
  await pub.getByTestId('consent-give').getByLabel(C.public.email).fill('e2e@example.com');
  await pub.getByTestId('consent-give').getByLabel(C.public.age).fill('16');
  await expect(pub.getByText(C.public.minor)).toBeVisible();
  await pub.getByLabel(C.public.guardianName).fill('ผู้ปกครอง ทดสอบ');
  await pub.getByLabel(C.public.guardianRelation).fill('มารดา');
  await pub.getByLabel(C.public.guardianConsent).check();
  await box.check();
  await shoot(pub, 'consent-public-form-th');
  await pub.getByRole('button', { name: C.public.submit }).click();
  await expect(pub.getByTestId('consent-give').getByRole('status')).toContainText('บันทึกความยินยอมของท่านแล้ว');

  // staff see the record at a glance; its history (the guardian, the notice's hash) opens beside the list
  await page.bringToFront();
  await page.goto('/consents/manage/list');
  const row = page.getByTestId('consent-record-row').filter({ hasText: 'E2E-0001' });
  await expect(row).toContainText('ทดสอบ <i>ระบบ</i>');
  await expect(row).toContainText(C.states.given);
  await expect(row).not.toContainText('มารดา');
  await row.getByRole('button', historyButton(C.records, 1)).click();
  const history = page.getByRole('dialog', { name: C.records.history_title });
  const events = history.getByTestId('consent-event');
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText(C.actions.given);
  await expect(events.first()).toContainText('ผู้ปกครอง ทดสอบ (มารดา)');
  await expect(events.first()).toContainText(C.channels.web);
  await expect(events.first().getByTestId('consent-event-hash')).toHaveText(new RegExp(`^${publishedHash.slice(0, 8)}…[0-9a-f]{4}$`));
  // the whole hash is the published version's, copied with one click
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await events.first().getByRole('button', { name: C.records.copy_hash }).click();
  await expect(toast(page, C.records.hash_copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${publishedHash}[0-9a-f]{48}$`));
  await history.getByRole('button', { name: C.records.close }).click();
  await expect(history).toBeHidden();

  // withdrawal on the same page
  await pub.bringToFront();
  const withdraw = pub.getByTestId('consent-withdraw');
  await withdraw.getByLabel(C.public.subjectId).fill('E2E-0001');
  await withdraw.getByLabel(C.public.email).fill('e2e@example.com');
  await withdraw.getByRole('checkbox', { name: 'รับจดหมายข่าวรายเดือน E2E' }).check();
  await withdraw.getByRole('button', { name: C.public.withdraw }).click();
  await expect(withdraw.getByRole('status')).toContainText('ถอนความยินยอมแล้ว 1 รายการ');

  await page.bringToFront();
  await page.reload();
  await expect(row).toContainText(C.states.withdrawn);
  await shoot(page, 'consent-records-th');
  await row.getByRole('button', historyButton(C.records, 2)).click();
  await expect(events).toHaveCount(2);
  await expect(events.nth(1)).toContainText(C.actions.withdrawn);
  await expect(events.nth(1)).not.toContainText('มารดา');
  await shoot(page, 'consent-history-th');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // English: the public page and the records
  await pub.bringToFront();
  await chooseLanguage(pub, 'English');
  await expect(pub.getByRole('heading', { name: en.consent.public.consent_title, exact: true })).toBeVisible();
  // 21: the items' English names, as the version froze them; the project name has no English: Thai, with the note
  await expect(pub.getByTestId('consent-give').getByRole('checkbox', { name: 'Monthly newsletter E2E', exact: true })).toBeVisible();
  await expect(pub.getByRole('listitem').filter({ hasText: 'Monthly newsletter E2E' }).first()).toBeVisible();
  await expect(pub.getByText('E-mail address', { exact: true }).first()).toBeVisible();
  await expect(pub.getByText('รับจดหมายข่าวรายเดือน E2E')).toHaveCount(0);
  await expect(pub.getByTestId('notice-thai-fallback')).toHaveText(en.consent.public.thai_fallback);
  await shoot(pub, 'consent-public-form-en');
  const policy = await pub.getByRole('link', { name: en.consent.public.policy_link }).getAttribute('href');
  await pub.goto(new URL(policy!, pub.url()).toString());
  await expect(pub.getByRole('heading', { name: en.consent.public.rights_title, exact: true })).toBeVisible();
  await shoot(pub, 'consent-policy-en');
  await page.bringToFront();
  await chooseLanguage(page, 'English');
  await expect(row).toContainText(en.consent.states.withdrawn);
  await shoot(page, 'consent-records-en');
  await row.getByRole('button', historyButton(en.consent.records, 2)).click();
  const historyEn = page.getByRole('dialog', { name: en.consent.records.history_title });
  await expect(historyEn.getByTestId('consent-event').nth(1)).toContainText(en.consent.actions.withdrawn);
  await expect(historyEn.getByTestId('consent-event').first()).toContainText(en.consent.channels.web);
  await shoot(page, 'consent-history-en');
  await subject.close();
});

test('staff record a consent signed on paper, then its withdrawal by phone; the history says who and where the proof is', async ({ page }) => {
  const S = C.staff;
  await signIn(page);
  await page.goto('/consents/manage/list');
  await page.getByRole('button', { name: S.add }).click();
  const dialog = page.getByRole('dialog', { name: S.title });
  await dialog.getByRole('combobox', { name: S.notice }).click();
  await page.getByRole('option', { name: 'สมาชิกร้านค้าออนไลน์' }).click();
  await expect(dialog.getByText(S.version.replace('%{version}', '1'))).toBeVisible();
  await dialog.getByRole('textbox', { name: S.reference }).fill('แบบฟอร์มกระดาษเลขที่ 2569/0099');
  await dialog.getByRole('textbox', { name: S.subjectId }).fill('PAPER-0099');
  await dialog.getByRole('textbox', { name: S.email }).fill('paper@example.com');
  await dialog.getByRole('textbox', { name: S.name }).fill('สมใจ กระดาษ');
  await dialog.getByRole('spinbutton', { name: S.age }).fill('15');
  await dialog.getByRole('checkbox', { name: 'ส่งข่าวสารและสิทธิพิเศษทางอีเมล' }).check();
  // under 20: the guardian is asked for, and nothing is saved without them
  await dialog.getByRole('button', { name: S.save_give }).click();
  await expect(dialog.getByRole('alert')).toContainText(C.public.required);
  await dialog.getByRole('textbox', { name: C.public.guardianName }).fill('สมศรี กระดาษ');
  await dialog.getByRole('textbox', { name: C.public.guardianRelation }).fill('มารดา');
  await dialog.getByRole('checkbox', { name: C.public.guardianConsent }).check();
  await shoot(page, 'consent-staff-give-th');
  await dialog.getByRole('button', { name: S.save_give }).click();
  await expect(toast(page, S.given.replace('%{count}', '1'))).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('consent-record-row').filter({ hasText: 'PAPER-0099' });
  await expect(row).toContainText(C.states.given);
  await row.getByRole('button', historyButton(C.records, 1)).click();
  const history = page.getByRole('dialog', { name: C.records.history_title });
  await expect(history.getByTestId('consent-event')).toHaveCount(1);
  await expect(history.getByTestId('consent-event').first()).toContainText(C.channels.paper);
  await expect(history.getByTestId('consent-event').first()).toContainText('สมชาย ใจดี');
  await expect(history.getByTestId('consent-event').first()).toContainText('แบบฟอร์มกระดาษเลขที่ 2569/0099');
  await page.keyboard.press('Escape');

  // the withdrawal by phone
  await page.getByRole('button', { name: S.add }).click();
  await dialog.getByRole('button', { name: S.mode_withdraw }).click();
  await dialog.getByRole('combobox', { name: S.notice }).click();
  await page.getByRole('option', { name: 'สมาชิกร้านค้าออนไลน์' }).click();
  await dialog.getByRole('combobox', { name: S.channel }).click();
  await page.getByRole('option', { name: C.channels.phone }).click();
  await dialog.getByRole('textbox', { name: S.reference }).fill('สายเข้า 22/11/2569 10:15');
  await dialog.getByRole('textbox', { name: S.subjectId }).fill('PAPER-0099');
  await dialog.getByRole('textbox', { name: S.email }).fill('paper@example.com');
  await dialog.getByRole('checkbox', { name: 'ส่งข่าวสารและสิทธิพิเศษทางอีเมล' }).check();
  await dialog.getByRole('button', { name: S.save_withdraw }).click();
  await expect(toast(page, S.withdrawn.replace('%{count}', '1'))).toBeVisible();
  await expect(row).toContainText(C.states.withdrawn);
  await row.getByRole('button', historyButton(C.records, 2)).click();
  await expect(history.getByTestId('consent-event').nth(1)).toContainText(C.channels.phone);
  await shoot(page, 'consent-staff-history-th');
});

test('a view-only role reads the notices and records but cannot change them', async ({ page }) => {
  await signIn(page, { companyCode: 'DEMO', username: 'viewer', password: 'viewer1234' });
  await page.goto('/consents/manage/form');
  await expect(page.getByTestId('consent-form-row').first()).toBeVisible();
  await expect(page.getByRole('link', { name: C.notices.add })).toHaveCount(0);
  await page.goto('/consents/items/store');
  await expect(page.getByRole('button', { name: C.item.store.add })).toHaveCount(0);
  await page.goto('/consents/manage/list');
  await expect(page.getByTestId('consent-record-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: C.staff.add })).toHaveCount(0);
});
