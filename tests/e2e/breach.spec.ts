import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { makePng } from '../contract/png';
import { formatDate } from '../../i18n/dates';
import { bellButton, chooseLanguage, fillBangkokMoment, shoot, signIn, toast, USERS } from './helpers';

// The breach log's story (menu 17): a breach found two days ago is recorded, its clock shows 24 hours
// left, it is assessed as a high risk (the subjects' warning shows), both letters are made and read back,
// the notices are recorded, and it is contained and closed. Then the demo's log as a viewer and in English.

const B = th.breach;
const TITLE = 'ไฟล์รายชื่อลูกค้าบัตรสมาชิกถูกเปิดสาธารณะบนคลาวด์';

test.describe.configure({ mode: 'serial' });

let recordUrl = '';

/** Reads a PDF the page downloads when `click` runs: its text, through pdftotext. */
async function pdfText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a breach found two days ago is recorded and its clock shows 24 hours left', async ({ page }) => {
  await signIn(page);
  await page.goto('/databreach');
  await expect(page.getByRole('heading', { level: 1, name: B.title })).toBeVisible();
  // the demo: one breach on its clock, one notified late, one closed with no risk
  await expect(page.getByTestId('breach-row')).toHaveCount(3);
  await expect(page.getByText(B.clock.late)).toBeVisible();
  await expect(page.getByText(B.clock.not_required)).toBeVisible();
  await shoot(page, 'breach-list-th');

  await page.getByRole('link', { name: B.add }).click();
  await expect(page).toHaveURL(/\/databreach\/create$/);
  await page.getByLabel(B.fields.title).fill(TITLE);
  await page.getByLabel(B.fields.discovery).fill('นักวิจัยความปลอดภัยแจ้งทางอีเมลว่าพบไฟล์ CSV เปิดสาธารณะ');
  await fillBangkokMoment(page, B.fields.awareAt, new Date(Date.now() - 48 * 3_600_000));
  await page.getByLabel(B.fields.confidentiality).check();
  await page.getByLabel(B.fields.dataCategories).click();
  await page.getByRole('option', { name: 'ชื่อ-นามสกุล' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel(B.fields.subjectsCount).fill('4200');
  // the systems: picked from the data map's, and one it does not list as free text
  await page.getByLabel(B.fields.systems).click();
  await page.getByRole('option', { name: 'ระบบสมาชิก (CRM)' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel(B.fields.other_systems).fill('ที่เก็บไฟล์บนคลาวด์');
  await page.getByLabel(B.fields.cause).fill('ตั้งค่าสิทธิ์ bucket ผิดเป็น public');
  await page.getByLabel(B.fields.containment).fill('ปิดสิทธิ์สาธารณะและหมุนเวียนคีย์');
  await page.getByLabel(B.fields.consequences).fill('อาจถูกนำรายชื่อไปใช้หลอกลวง');
  await shoot(page, 'breach-create-th');
  await page.getByRole('button', { name: B.save }).click();

  await expect(page).toHaveURL(/\/databreach\/create\/[0-9a-f-]{36}$/);
  recordUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('breach-title')).toHaveText(TITLE);
  await expect(page.getByTestId('breach-clock')).toHaveText('เหลือ 24 ชม.');
  await expect(page.getByTestId('breach-warning-assessment_required')).toBeVisible();
});

test('assessed as a high risk, the subjects notice warning shows and both letters read back', async ({ page }) => {
  await signIn(page);
  await page.goto(recordUrl);
  await page.getByRole('button', { name: B.assessment.assess }).click();
  // it starts from the record (4,200 people: the volume weighs high), the rest not chosen: never "no risk"
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(B.assessment.start_from_record)).toBeVisible();
  await expect(dialog.getByTestId('breach-suggested')).toHaveText(B.assessment.suggested_partial.replace('%{level}', B.risk.risk));
  await expect(dialog.getByLabel(B.assessment.factors.volume)).toHaveText(B.assessment.grade.high);
  await pick(page, B.assessment.factors.identifiability, B.assessment.grade.high);
  await pick(page, B.assessment.factors.wider, B.assessment.grade.medium);
  await pick(page, B.assessment.factors.controller, B.assessment.grade.low);
  await pick(page, B.assessment.factors.severity, B.assessment.grade.high);
  await expect(dialog.getByText(B.assessment.suggested.replace('%{level}', B.risk.high))).toBeVisible();
  await pick(page, B.assessment.level, B.risk.high);
  await page.getByRole('dialog').getByLabel(B.assessment.rationale).fill('รายชื่อและเบอร์โทรจำนวนมาก ระบุตัวได้ทันที เสี่ยงถูกหลอกลวงทางการเงิน');
  await shoot(page, 'breach-assess-th');
  await page.getByRole('dialog').getByRole('button', { name: th.common.submit }).click();
  await expect(page.getByTestId('breach-warning-subjects_notice_required')).toBeVisible();
  await expect(page.getByTestId('breach-warning-office_notice_required')).toBeVisible();
  // closing is not offered before the Office is told, and the page says why
  await expect(page.getByRole('button', { name: B.actions.move.replace('%{status}', B.status.closed) })).toHaveCount(0);
  await expect(page.getByTestId('breach-blocked-closed')).toHaveText(B.actions.blocked.breach_close_office);
  await shoot(page, 'breach-record-th');

  const office = await pdfText(page, () => page.getByRole('button', { name: B.notice.letter_office }).click());
  expect(office).toContain(TITLE);
  expect(office).toContain('สมศรี ใจดี'); // the DPO of /user/dpoList
  expect(office).toMatch(/25\d\d/); // Buddhist era
  expect(office).toContain('ระบบสมาชิก (CRM)');
  expect(office).toContain('ที่เก็บไฟล์บนคลาวด์');
  const subjects = await pdfText(page, () => page.getByRole('button', { name: B.notice.letter_subjects }).click());
  expect(subjects).toContain(TITLE);
  expect(subjects).toContain('สมศรี ใจดี');
  expect(subjects).toContain('4,200');
});

test('the record is edited: a system picked from the data map links to its page, which lists the breach', async ({ page }) => {
  await signIn(page);
  await page.goto(recordUrl);
  await expect(page.getByTestId('breach-systems')).toContainText('ระบบสมาชิก (CRM)');
  await expect(page.getByTestId('breach-systems')).toContainText(`ที่เก็บไฟล์บนคลาวด์ (${B.fields.not_in_map})`);
  await page.getByRole('button', { name: B.edit, exact: true }).click();
  await page.getByLabel(B.fields.systems).click();
  await page.getByRole('option', { name: 'ระบบร้านค้าออนไลน์ (E-commerce)' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel(B.fields.consequences).fill('อาจถูกนำรายชื่อไปใช้หลอกลวงทางโทรศัพท์');
  // a processor of the register: what its due diligence knows shows under it, with a link to it
  await page.getByLabel(B.fields.processor).fill('MailFlow Pte. Ltd.');
  const note = page.getByTestId('breach-processor-note');
  await expect(note).toContainText(B.fields.processor_promised.replace('%{hours}', '48'));
  await expect(note.getByRole('link', { name: B.fields.processor_open })).toHaveAttribute(
    'href',
    /\/data-manage\/processor-diligence\/[0-9a-f-]{36}$/,
  );
  await page.getByLabel(B.fields.processor).fill('ผู้ประมวลผลที่ไม่อยู่ในทะเบียน');
  await expect(note).toBeHidden();
  await page.getByLabel(B.fields.processor).fill('MailFlow Pte. Ltd.');
  await shoot(page, 'breach-edit-th');
  await page.getByRole('button', { name: B.save }).click();
  await expect(page.getByTestId('breach-systems')).toContainText('ระบบร้านค้าออนไลน์ (E-commerce)');
  await expect(page.getByText('อาจถูกนำรายชื่อไปใช้หลอกลวงทางโทรศัพท์')).toBeVisible();
  await expect(page.getByTestId('breach-timeline')).toContainText(B.timeline.updated);
  await shoot(page, 'breach-edited-th');
  // the system's page in the data map lists the breach, and leads back to it
  await page.getByTestId('breach-systems').getByRole('link', { name: 'ระบบร้านค้าออนไลน์ (E-commerce)' }).click();
  await expect(page).toHaveURL(/\/data-manage\/add\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('system-breaches')).toContainText(TITLE);
  await shoot(page, 'datamap-system-breaches-th');
  await page
    .getByTestId('system-breaches')
    .getByRole('link', { name: new RegExp(TITLE) })
    .click();
  await expect(page.getByTestId('breach-title')).toHaveText(TITLE);
});

test('a note and an attachment (through its button) go on the timeline; the file downloads as it was sent', async ({ page }) => {
  await signIn(page);
  await page.goto(recordUrl);
  await page.getByLabel(B.actions.note).fill('โทรแจ้งฝ่ายกฎหมายและผู้บริหารแล้ว');
  await page.getByRole('button', { name: B.actions.add_note }).click();
  await expect(page.getByTestId('breach-timeline')).toContainText('โทรแจ้งฝ่ายกฎหมายและผู้บริหารแล้ว');
  const png = makePng(24, 16, (x) => [x * 10, 80, 160]);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByText(B.actions.upload).click()]);
  await chooser.setFiles({ name: 'ภาพหน้าจอ-bucket.png', mimeType: 'image/png', buffer: png });
  const file = page.getByRole('button', { name: 'ภาพหน้าจอ-bucket.png' });
  await expect(file).toBeVisible();
  await expect(page.getByTestId('breach-timeline')).toContainText(`${B.timeline.file}`);
  await expect(page.getByTestId('breach-timeline')).toContainText('ภาพหน้าจอ-bucket.png');
  await shoot(page, 'breach-note-file-th');
  const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
  expect(download.suggestedFilename()).toBe('ภาพหน้าจอ-bucket.png');
  expect(readFileSync((await download.path())!).equals(png)).toBe(true);
});

test('a document is made from the breach page, attached to the breach, and fills from it', async ({ page }) => {
  await signIn(page);
  await page.goto(recordUrl);
  const section = page.getByTestId('linked-documents');
  await expect(section).toContainText(th.sheets.linked.breach);
  await expect(section).toContainText(th.sheets.linked.none);
  await section.getByTestId('linked-documents-create').click();
  await expect(page).toHaveURL(/\/sheets\/create\?breachId=/);
  await expect(page.getByTestId('sheet-create-link')).toContainText(TITLE);
  await page.getByLabel(th.sheets.create.template).click();
  await page.getByRole('option', { name: 'หนังสือแจ้งเหตุละเมิดข้อมูลส่วนบุคคลต่อ สคส. · ภาษาไทย' }).click();
  await shoot(page, 'breach-document-create-th');
  await page.getByRole('button', { name: th.sheets.create.submit }).click();
  await expect(page).toHaveURL(/\/sheets\/edit\?id=/);
  await page.getByRole('tab', { name: th.sheets.edit.preview }).click();
  await expect(page.getByTestId('sheet-preview')).toContainText(TITLE);
  await expect(page.getByTestId('sheet-preview')).toContainText('4,200');
  await expect(page.getByTestId('sheet-preview')).toContainText('ปิดสิทธิ์สาธารณะและหมุนเวียนคีย์');
  await expect(page.getByTestId('sheet-preview')).not.toContainText('[breach.title]');
  await shoot(page, 'breach-document-preview-th');
  await page.goto(recordUrl);
  await expect(page.getByTestId('linked-documents').getByRole('link', { name: /หนังสือแจ้งเหตุ/ })).toBeVisible();
  await shoot(page, 'breach-documents-th');
});

test('a notice to the Office after 72 hours asks its reasons, refuses none, and shows as late', async ({ page }) => {
  await signIn(page);
  await page.goto('/databreach/create');
  const title = `แล็ปท็อปฝ่ายบุคคลสูญหาย ${Date.now().toString(36)}`;
  await page.getByLabel(B.fields.title).fill(title);
  await fillBangkokMoment(page, B.fields.awareAt, new Date(Date.now() - 100 * 3_600_000));
  await page.getByLabel(B.fields.confidentiality).check();
  await page.getByRole('button', { name: B.save }).click();
  await expect(page.getByTestId('breach-title')).toHaveText(title);
  await expect(page.getByTestId('breach-clock')).toHaveText(/^เกินกำหนด \d+ ชม\.$/);
  await page.getByRole('button', { name: B.notice.record }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(B.notice.late_help)).toBeVisible();
  await dialog.getByLabel(B.notice.reference).fill('PDPC-E2E-LATE');
  await dialog.getByRole('button', { name: th.common.submit }).click();
  await expect(toast(page, th.server.breach_late_reasons)).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(B.notice.lateReasons).fill('ทราบเหตุช่วงวันหยุดยาว ทีมต้องตรวจสอบขอบเขตข้อมูลก่อนแจ้ง');
  await shoot(page, 'breach-late-notice-th');
  await dialog.getByRole('button', { name: th.common.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('breach-notices')).toContainText(B.notice.late);
  await expect(page.getByTestId('breach-notices')).toContainText('ทราบเหตุช่วงวันหยุดยาว');
  await expect(page.getByTestId('breach-clock')).toHaveText(B.clock.late);
  await shoot(page, 'breach-late-th');
});

test('the notices are recorded, then the breach is contained and closed', async ({ page }) => {
  await signIn(page);
  await page.goto(recordUrl);
  await page.getByRole('button', { name: B.notice.record }).click();
  await page.getByRole('dialog').getByLabel(B.notice.reference).fill('PDPC-E2E-0001');
  await page.getByRole('dialog').getByRole('button', { name: th.common.submit }).click();
  await expect(page.getByTestId('breach-clock')).toHaveText(B.clock.met);
  await expect(page.getByTestId('breach-notices')).toContainText('PDPC-E2E-0001');

  await page.getByRole('button', { name: B.notice.record }).click();
  await pick(page, B.notice.target_label, B.notice.target.subjects);
  await pick(page, B.notice.channel_label, B.notice.channel.sms);
  await page.getByRole('dialog').getByRole('button', { name: th.common.submit }).click();
  await expect(page.getByTestId('breach-warning-subjects_notice_required')).toBeHidden();

  for (const status of ['contained', 'closed'] as const) {
    await page.getByRole('button', { name: B.actions.move.replace('%{status}', B.status[status]) }).click();
    await page.getByRole('dialog').getByLabel(B.actions.note).fill(`e2e: ${status}`);
    await page.getByRole('dialog').getByRole('button', { name: th.common.submit }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await expect(page.getByText(B.status.closed, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('breach-timeline')).toContainText('e2e: closed');
  await shoot(page, 'breach-closed-th');
});

test('a viewer reads the log and a record, with no add, edit or state buttons; English reads the same', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto('/databreach');
  await expect(page.getByTestId('breach-row').first()).toBeVisible();
  await expect(page.getByRole('link', { name: B.add })).toHaveCount(0);
  await page.getByRole('link', { name: 'อีเมลลูกค้ารั่วไหล' }).click();
  await expect(page.getByTestId('breach-title')).toHaveText('อีเมลลูกค้ารั่วไหล');
  await expect(page.getByTestId('breach-clock')).toHaveText(/^เหลือ \d+ ชม\.$/);
  await expect(page.getByRole('button', { name: B.edit })).toHaveCount(0);
  await expect(page.getByRole('button', { name: B.notice.letter_office })).toBeVisible();
  await shoot(page, 'breach-record-viewer-th');
  await chooseLanguage(page, 'English');
  await expect(page.getByText(en.breach.sections.assessment)).toBeVisible();
  await expect(page.getByTestId('breach-clock')).toHaveText(/^\d+ h left$/);
  await shoot(page, 'breach-record-viewer-en');
  await page.goto('/databreach');
  await expect(page.getByText(en.breach.clock.late).first()).toBeVisible(); // the demo's, and the late notice above
  await shoot(page, 'breach-list-en');
  await chooseLanguage(page, 'ไทย');
});

test('a letter is issued with its number, date and signatory, on one page; the full report prints', async ({ page }) => {
  await signIn(page);
  await page.goto(recordUrl);
  const row = page.getByTestId('breach-letter-office');
  await row.getByRole('button', { name: B.notice.issue }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(B.notice.signatoryName).fill('นายใหญ่ มากความ');
  await dialog.getByLabel(B.notice.signatoryPosition).fill('กรรมการผู้จัดการ');
  await shoot(page, 'breach-letter-issue-th');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: B.notice.issue }).click()]);
  const path = (await download.path())!;
  expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  const number = /DEMO-25\d\d\/\d{4}/.exec(text)?.[0];
  expect(number).toBeTruthy();
  expect(text).toContain('(นายใหญ่ มากความ)');
  expect(text).toContain('ขอแสดงความนับถือ');
  await expect(row).toContainText(number!);
  await expect(page.getByTestId('breach-timeline')).toContainText(number!);
  const report = await pdfText(page, () => page.getByRole('button', { name: B.notice.report }).click());
  expect(report).toContain(TITLE);
  expect(report).toContain(number!);
  expect(report).toContain('ปิดสิทธิ์สาธารณะและหมุนเวียนคีย์');
  await shoot(page, 'breach-letters-th');
});

test('the English timeline reads in English', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto(recordUrl);
  await chooseLanguage(page, 'English');
  const timeline = page.getByTestId('breach-timeline');
  await expect(timeline).toContainText(`${en.breach.risk.high}: `);
  await expect(timeline).toContainText(`${en.breach.notice.target.office} · ${en.breach.notice.channel.pdpc_eservice} · PDPC-E2E-0001`);
  await expect(timeline).not.toContainText(th.breach.notice.target.office);
  await shoot(page, 'breach-timeline-en');
  await chooseLanguage(page, 'ไทย');
});

test('a staff member has no breach log in the menu and is refused it', async ({ page }) => {
  await signIn(page, { companyCode: 'DEMO', username: 'kanya', password: 'staff12345' });
  await expect(page.getByRole('link', { name: th.menu.dataBreach })).toHaveCount(0);
  await page.goto('/databreach');
  await expect(page).toHaveURL(/\/forbidden$/);
});

test.describe('in an English (US) browser', () => {
  test.use({ locale: 'en-US' });

  test('"0930" typed into the awareness time is 09:30, and the clock starts from it', async ({ page }) => {
    await signIn(page);
    await page.goto('/databreach/create');
    const title = `US browser ${Date.now().toString(36)}`;
    await page.getByLabel(B.fields.title).fill(title);
    const yesterday = new Date(Date.now() - 24 * 3_600_000);
    await fillBangkokMoment(page, B.fields.awareAt, yesterday);
    const time = page.getByLabel(`${B.fields.awareAt}: เวลา`, { exact: true });
    await time.fill('');
    await time.pressSequentially('0930');
    await time.blur();
    await expect(time).toHaveValue('09:30');
    await page.getByLabel(B.fields.confidentiality).check();
    await page.getByRole('button', { name: B.save }).click();
    await expect(page.getByTestId('breach-title')).toHaveText(title);
    await expect(page.getByText(/เวลา 09:30/).first()).toBeVisible();
  });
});

test('a breach known 49 hours ago e-mails the DPO and the administrators once in Thai, with the hours left, and rings the bell', async ({ page }) => {
  type Mail = { template: string; lang: string; subject: string; text: string; link: string | null };
  // the DPO (the company's DPO contact and the DPO account) and the administrator
  const people = ['dpo@thaidigital.example', 'admin@thaidigital.example'];
  const escalations = async (to: string, code: string) => {
    const reply = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(reply.status()).toBe(200);
    const { mails } = (await reply.json()) as { mails: Mail[] };
    return mails.filter((m) => m.template === 'breach_escalation' && m.subject.startsWith(`[${code}]`));
  };
  await signIn(page);
  await page.goto('/databreach/create');
  const title = `อีเมลเตือน 48 ชั่วโมง ${Date.now().toString(36)}`;
  await page.getByLabel(B.fields.title).fill(title);
  // to the minute, as the form takes it
  const awareAt = new Date(Math.floor((Date.now() - 49 * 3_600_000) / 60_000) * 60_000);
  await fillBangkokMoment(page, B.fields.awareAt, awareAt);
  await page.getByLabel(B.fields.confidentiality).check();
  await page.getByRole('button', { name: B.save }).click();
  await expect(page.getByTestId('breach-title')).toHaveText(title);
  const recordPath = new URL(page.url()).pathname;
  const code = ((await page.getByTestId('breach-title').locator('xpath=preceding-sibling::*[1]').textContent()) ?? '').trim();
  expect(code).toMatch(/\S/);
  for (const to of people) expect(await escalations(to, code), `nothing sent to ${to} before the clock runs`).toHaveLength(0);

  // reading the log runs the company's breach clocks (the hourly timed work runs the same for every company)
  await page.goto('/databreach');
  await expect(page.getByTestId('breach-row').filter({ hasText: title })).toBeVisible();
  const deadline = formatDate(new Date(awareAt.getTime() + 72 * 3_600_000), 'th', true);
  for (const to of people) {
    const mails = await escalations(to, code);
    expect(mails, `one e-mail to ${to}`).toHaveLength(1);
    const [mail] = mails;
    expect(mail.lang).toBe('th');
    expect(mail.subject).toBe(`[${code}] ${B.escalation.stage.h48}: ยังไม่ได้แจ้ง สคส. — ${title}`);
    for (const part of [`${code} "${title}"`, B.escalation.stage.h48, `ครบ 72 ชั่วโมง: ${deadline}`]) expect(mail.text).toContain(part);
    expect(mail.link).toMatch(new RegExp(`${recordPath}$`));
  }

  // the bell: every person of the company with the breach log is told the hours left
  const told = th.notifications.kinds.breach_clock.replace('%{title}', title).replace('%{hours}', '24');
  const bell = bellButton(page);
  await page.reload(); // the bell asked before the log's read rang it (it asks again each minute)
  await bell.click();
  await expect(page.getByTestId('notification-panel').getByRole('button').filter({ hasText: told })).toHaveCount(1);
  await page.keyboard.press('Escape');

  // the clocks run again (the log read twice more): nothing is sent or rung twice
  for (let run = 0; run < 2; run++) {
    await page.reload();
    await expect(page.getByTestId('breach-row').filter({ hasText: title })).toBeVisible();
  }
  for (const to of people) expect(await escalations(to, code), `still one e-mail to ${to}`).toHaveLength(1);
  await bell.click();
  await expect(page.getByTestId('notification-panel').getByRole('button').filter({ hasText: told })).toHaveCount(1);
  await page.keyboard.press('Escape');
  // the record's timeline says so once
  await page.goto(recordPath);
  await expect(page.getByTestId('breach-timeline').getByText(B.escalation.timeline.h48, { exact: true })).toHaveCount(1);
});
