import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { th } from '../../i18n';
import { sessionFromCookie, shoot, signIn, USERS } from './helpers';
import { stamp } from './riskHelpers';

interface BankQuestion {
  _id: string;
  text: { th: string };
  choices: { th: string }[];
  correct: number[];
  topic: string;
}

/**
 * Knowledge tests, the whole story: the administrator assigns a test to a department; a staff member of
 * that department signs in, takes it within its time and passes; the certificate names them; the
 * department's result shows the pass.
 */
test.describe('a knowledge test assigned to a department is taken, passed and counted', () => {
  test.describe.configure({ mode: 'serial' });
  const s = stamp();
  const department = `ฝ่ายทดสอบความรู้ ${s}`;
  const title = `แบบทดสอบเหตุละเมิด ${s}`;
  const staff = { companyCode: 'DEMO', username: `quiz${s}`, password: 'Quiz-Pass-2569!', firstname: 'ทดสอบ', lastname: `ความรู้${s}` };
  let admin: Page;
  let bank: BankQuestion[] = [];
  let auth: Record<string, string>;

  test.beforeAll(async ({ browser }) => {
    admin = await browser.newPage();
    await signIn(admin, USERS.admin);
    auth = { Authorization: `Bearer ${(await sessionFromCookie(admin))!.access_token}`, 'X-Requested-With': 'XMLHttpRequest' };
    // the department and its new staff member, through the people API
    const made = await admin.request.post('/api/v1/user/contact/department', { headers: auth, data: { value: department } });
    expect(made.status()).toBe(200);
    const departmentId = (await made.json()).data._id as string;
    const roles = (await (await admin.request.get('/api/v1/roles?range=[0,99]', { headers: auth })).json()).data as {
      id: string;
      builtin: string | null;
    }[];
    const person = await admin.request.post('/api/v1/people', {
      headers: auth,
      data: {
        kind: 'staff',
        username: staff.username,
        firstname: staff.firstname,
        lastname: staff.lastname,
        email: `${staff.username}@thaidigital.example`,
        subId: '',
        roleId: roles.find((r) => r.builtin === 'staff')!.id,
        departmentId,
        positionId: '',
        password: staff.password,
      },
    });
    expect(person.status(), await person.text()).toBe(200);
    bank = (await (await admin.request.get('/api/v1/knowledge/questions?topic=breach&limit=100', { headers: auth })).json()).questionList;
    expect(bank.length).toBeGreaterThanOrEqual(5);
  });
  test.afterAll(async () => {
    await admin.close();
  });

  test('the administrator assigns a test on breaches to the department', async () => {
    await admin.goto('/knowledge/manage/tests');
    await admin.getByRole('button', { name: 'สร้างแบบทดสอบ' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('ชื่อแบบทดสอบ').fill(title);
    for (const topic of ['ฐานทางกฎหมาย', 'ความยินยอม', 'สิทธิของเจ้าของข้อมูล', 'ความมั่นคงปลอดภัย']) await dialog.getByLabel(topic).uncheck();
    await dialog.getByLabel('จำนวนข้อ (สุ่มจากคลัง)').fill('5');
    await dialog.getByLabel('เกณฑ์ผ่าน (%)').fill('80');
    await dialog.getByLabel('แผนกที่ต้องทำ').click();
    await admin.getByRole('option', { name: department }).click();
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();
    const row = admin.getByTestId('quiz-test-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    // one person must take it, nobody has passed yet
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await expect(row.getByRole('cell').nth(4)).toHaveText('0 (0%)');
  });

  test('a staff member of the department takes it, passes and gets a certificate naming them', async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page, staff);
    await page.getByRole('link', { name: 'แบบทดสอบความรู้ PDPA' }).first().click();
    const card = page.getByTestId('my-test').filter({ hasText: title });
    await expect(card).toContainText('ยังไม่ได้ทำ');
    await card.getByRole('button', { name: 'เริ่มทำแบบทดสอบ' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'เริ่มทำแบบทดสอบ' }).click();
    await page.waitForURL(/\/knowledge\/my\/attempt\//);
    await expect(page.getByTestId('time-left')).toContainText('เหลือเวลา');
    const questions = page.getByTestId('quiz-question');
    await expect(questions).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      const card = questions.nth(i);
      const text = await card.locator('p').first().innerText();
      const question = bank.find((q) => q.text.th === text.trim());
      expect(question, text).toBeDefined();
      for (const c of question!.correct) await card.getByLabel(question!.choices[c].th, { exact: true }).check();
    }
    await page.getByRole('button', { name: 'ส่งคำตอบ' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'ส่งคำตอบ' }).click();
    const result = page.getByTestId('quiz-result');
    await expect(result).toContainText('ยินดีด้วย ท่านผ่านแบบทดสอบ');
    await expect(result).toContainText('คะแนน 100%');
    // the explanations are shown with the right answers
    await expect(page.getByText('คำอธิบาย:').first()).toBeVisible();
    const code = (await result.innerText()).match(/[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/)![0];
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ดาวน์โหลดใบรับรอง (PDF)' }).click()]);
    const file = test.info().outputPath('certificate.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(code);
    expect(text).toContain(staff.lastname);
    expect(text).toMatch(/25\d\d/); // the date in the Buddhist era
    // a link a person can open (and its QR code), not an API call: the public page checks it, signed out
    expect(text).not.toContain('/api/v1');
    const link = text.match(new RegExp(`https?://\\S+/certificate/${code}`));
    expect(link, text).not.toBeNull();
    const visitor = await browser.newPage();
    await visitor.goto(new URL(link![0]).pathname);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('ตรวจสอบใบรับรองการผ่านแบบทดสอบความรู้ PDPA');
    await expect(visitor.getByTestId('verify-result')).toContainText('ใบรับรองนี้ถูกต้อง');
    await expect(visitor.getByTestId('verify-result')).toContainText(staff.lastname);
    await visitor.close();
    // the code checks out on the verification page
    await page.goto('/knowledge/my/verify');
    await page.getByLabel('รหัสตรวจสอบ (เช่น ABCD-EFGH-JKLM)').fill(code);
    await page.getByRole('button', { name: 'ตรวจสอบ' }).click();
    await expect(page.getByTestId('verify-result')).toContainText('ใบรับรองนี้ถูกต้อง');
    await expect(page.getByTestId('verify-result')).toContainText(title);
    // a passed test is not taken again
    await page.goto('/knowledge/my');
    await expect(page.getByTestId('my-test').filter({ hasText: title })).toContainText('ผ่านแล้ว');
    await page.close();
  });

  test('the administrator adds a question in Thai alone: English is optional', async () => {
    await admin.goto('/knowledge/manage/questions');
    await admin.getByRole('button', { name: 'เพิ่มคำถาม' }).click();
    const dialog = admin.getByRole('dialog');
    const question = `คำถามภาษาไทยอย่างเดียว ${s}`;
    await dialog.getByLabel('คำถาม (ภาษาไทย)').fill(question);
    const thai = dialog.getByRole('textbox', { name: 'ภาษาไทย', exact: true });
    await thai.nth(0).fill('ถูก');
    await thai.nth(1).fill('ผิด');
    await dialog.getByLabel('คำอธิบาย (ภาษาไทย)').fill('คำอธิบายภาษาไทย');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();
    await admin.getByRole('textbox', { name: 'ค้นหาคำถาม' }).fill(question);
    await expect(admin.getByRole('cell', { name: question })).toBeVisible();
  });

  test("the department's result shows the pass", async () => {
    await admin.goto('/knowledge/manage/tests');
    const row = admin.getByTestId('quiz-test-row').filter({ hasText: title });
    await row.getByRole('button', { name: 'ผลการทดสอบ' }).click();
    const departments = admin.getByTestId('results-departments');
    const line = departments.getByRole('row').filter({ hasText: department });
    await expect(line).toBeVisible();
    await expect(line.getByRole('cell').nth(1)).toHaveText('1');
    await expect(line.getByRole('cell').nth(2)).toHaveText('1');
    await expect(line.getByRole('cell').nth(3)).toHaveText('100%');
    await admin.getByRole('tab', { name: 'รายบุคคล' }).click();
    await expect(admin.getByTestId('results-people').getByRole('row').filter({ hasText: staff.lastname })).toContainText('ผ่าน');
  });

  test('the staff standing lists the person with their pass, filtered by the test and the state, in Thai with BE dates', async () => {
    await admin.goto('/knowledge/manage/standing');
    await expect(admin.getByRole('tab', { name: 'สถานะของพนักงาน' })).toHaveAttribute('aria-selected', 'true');
    await admin.getByRole('combobox', { name: /^แบบทดสอบ/ }).click();
    await admin.getByRole('option', { name: title }).click();
    const rows = admin.getByTestId('standing-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(staff.lastname);
    await expect(rows.first()).toContainText(department);
    await expect(rows.first()).toContainText(/ผ่านแล้ว \d{1,2} \S+ 25\d\d/);
    await expect(rows.first()).toContainText('100%');
    // not passed: nobody for this test
    await admin.getByRole('combobox', { name: /^สถานะ/ }).click();
    await admin.getByRole('option', { name: 'ยังไม่ผ่านทั้งหมด' }).click();
    await expect(admin.getByTestId('standing-row')).toHaveCount(0);
    // the demo's yearly test, in its second round: kanya passed last year, not in this round
    await admin.goto('/knowledge/manage/standing');
    await admin.getByRole('textbox', { name: 'ค้นหาชื่อ' }).fill('กัญญา');
    await admin.getByRole('textbox', { name: 'ค้นหาชื่อ' }).press('Enter');
    const yearly = admin.getByTestId('standing-row').filter({ hasText: 'สำหรับพนักงานทุกคน' });
    // the search applies once the list has answered it: until then every person's row is there
    await expect(yearly).toHaveCount(1);
    await expect(yearly).toContainText('กัญญา');
    await expect(yearly).toHaveAttribute('data-state', 'todo');
    await expect(yearly).toContainText(/25\d\d/);
    await admin.goto('/knowledge/manage/standing');
    await expect(admin.getByTestId('standing-row').first()).toBeVisible();
    await shoot(admin, 'knowledge-standing-th');
  });

  test('the staff standing has no serious accessibility problem (its tab is a button the sweep does not follow)', async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto('/knowledge/manage/standing');
    await expect(page.getByTestId('standing-row').first()).toBeVisible();
    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''));
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test("a department's head sees their team's standing under My team; the administrator names the head on the departments screen", async ({
  browser,
}) => {
  const CALL_CENTER = 'ศูนย์บริการลูกค้าสัมพันธ์ (Call Center)';
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, USERS.admin);
  await admin.goto('/settings/contacts/list');
  await admin.getByRole('tab', { name: th.people.tabs.departments, exact: true }).click();
  await expect(admin.getByRole('columnheader', { name: th.people.department.head })).toBeVisible();
  const callCenter = admin.locator('table tbody tr').filter({ hasText: CALL_CENTER });
  await expect(callCenter).toContainText('กัญญา บริการดี');
  await callCenter.getByRole('button', { name: th.common.edit }).click();
  const form = admin.getByRole('dialog');
  await expect(form.getByRole('combobox', { name: th.people.department.head })).toHaveText('กัญญา บริการดี');
  await form.getByRole('button', { name: th.common.cancel }).click();
  // the administrator heads no department: no team tab
  await admin.goto('/knowledge/my');
  await expect(admin.getByRole('tab', { name: th.quiz.tabs.my })).toBeVisible();
  await expect(admin.getByRole('tab', { name: th.quiz.tabs.team })).toHaveCount(0);
  await admin.context().close();

  const kanya = await (await browser.newContext()).newPage();
  await signIn(kanya, { companyCode: 'DEMO', username: 'kanya', password: 'staff12345' });
  await kanya.goto('/knowledge/my');
  await kanya.getByRole('tab', { name: th.quiz.tabs.team }).click();
  await expect(kanya).toHaveURL(/\/knowledge\/my\/team/);
  await expect(kanya.getByText(CALL_CENTER).first()).toBeVisible();
  const rows = kanya.getByTestId('standing-row');
  await expect(rows.first()).toBeVisible();
  // every row is of her department; the documents menu's tabs are not hers
  for (const text of await rows.allInnerTexts()) expect(text).toContain(CALL_CENTER);
  await expect(kanya.getByRole('tab', { name: th.quiz.tabs.standing })).toHaveCount(0);
  await shoot(kanya, 'quiz-team-th');
  const serious = (await new AxeBuilder({ page: kanya }).analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''));
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await kanya.context().close();
});
