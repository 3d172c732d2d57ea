import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { th } from '../../i18n';
import { USERS, sharedSignedInPage, shoot, toast } from './helpers';
import { dialog, stamp } from './riskHelpers';

/** Bulk import and list export, on the data map's systems list; bulk import on the ROPA activities and the question bank. */
const L = th.lists;
const D = th.datamap.systems;
const R = th.ropa;
const Q = th.quiz.questions;

/** Opens a list's import dialog (the list is on screen), downloads its template and reads it. */
async function downloadTemplate(page: Page, what: string) {
  await page.getByRole('button', { name: L.import }).click();
  const box = dialog(page, L.import_title.replace('%{what}', what));
  const download = page.waitForEvent('download');
  await box.getByRole('button', { name: L.template }).click();
  const template = await download;
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await template.path())) as unknown as ArrayBuffer);
  const [sheet, , allowed] = book.worksheets;
  expect(allowed.name).toBe(L.sheet_allowed);
  /** the data sheet's column under a Thai header ("*" marks the required ones) */
  const column = (header: string) => {
    const found = (sheet.getRow(1).values as unknown[]).findIndex((v) => typeof v === 'string' && v.replace(/ \*$/, '') === header);
    expect(found, `the template's column "${header}"`).toBeGreaterThan(0);
    return found;
  };
  /** the first allowed value listed under a header of the allowed values' sheet */
  const firstAllowed = (header: string) => {
    const found = (allowed.getRow(1).values as unknown[]).indexOf(header);
    expect(found, `allowed values of "${header}"`).toBeGreaterThan(0);
    return String(allowed.getCell(2, found).value);
  };
  /** writes the rows (from the third, under the Thai and English headers) and uploads the file */
  const upload = async (rows: Record<string, string | null>[]) => {
    rows.forEach((row, i) => Object.entries(row).forEach(([header, value]) => (sheet.getCell(3 + i, column(header)).value = value)));
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    await box.getByTestId('import-file').setInputFiles({ name: 'import.xlsx', mimeType: 'application/octet-stream', buffer });
  };
  return { box, sheet, column, firstAllowed, upload };
}

async function openSystems(page: Page, query = '') {
  await page.goto(`/data-manage/list${query}`);
  await expect(page.getByRole('tab', { name: D.tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('list-tools')).toBeVisible();
}

test.describe('bulk import and list export', () => {
  test.describe.configure({ mode: 'serial' });
  const s = stamp();
  const names = [`นำเข้าทดสอบ ก ${s}`, `นำเข้าทดสอบ ข ${s}`];

  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('downloads the template, uploads a file with a bad row and sees the problem, fixes it, imports, sees the rows', async () => {
    await openSystems(page);
    await page.getByRole('button', { name: L.import }).click();
    const box = dialog(page, L.import_title.replace('%{what}', D.tab));
    const download = page.waitForEvent('download');
    await box.getByRole('button', { name: L.template }).click();
    const template = await download;
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await template.path())) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell(1, 1).value).toBe(`${D.name} *`);
    // the officer fills the template: one row names a category the company does not have
    sheet.getCell(3, 1).value = names[0];
    sheet.getCell(4, 1).value = names[1];
    sheet.getCell(4, 4).value = 'ประเภทที่ไม่มีในระบบ';
    const bad = Buffer.from(await book.xlsx.writeBuffer());
    await box.getByTestId('import-file').setInputFiles({ name: 'systems.xlsx', mimeType: 'application/octet-stream', buffer: bad });
    const problem = box.getByTestId('import-problem');
    await expect(problem).toHaveCount(1);
    await expect(problem).toContainText('4');
    await expect(problem).toContainText(D.categories);
    await expect(problem).toContainText('ประเภทที่ไม่มีในระบบ');
    await expect(box.getByRole('button', { name: L.commit.replace('%{count}', '2') })).toBeDisabled();
    await shoot(page, 'import-problem');

    sheet.getCell(4, 4).value = null;
    const good = Buffer.from(await book.xlsx.writeBuffer());
    await box.getByTestId('import-file').setInputFiles({ name: 'systems.xlsx', mimeType: 'application/octet-stream', buffer: good });
    await expect(box.getByText(L.no_problems.replace('%{count}', '2'))).toBeVisible();
    await box.getByRole('button', { name: L.commit.replace('%{count}', '2') }).click();
    await expect(toast(page, L.imported.replace('%{count}', '2'))).toBeVisible();
    await expect(box).toBeHidden();
    await page.getByRole('textbox', { name: th.common.search }).fill(`นำเข้าทดสอบ`);
    await page.getByRole('textbox', { name: th.common.search }).press('Enter');
    for (const name of names) await expect(page.getByTestId('datamap-system-row').filter({ hasText: name })).toBeVisible();
  });

  test('exports the filtered list: the file holds the rows the list shows, with Thai headers', async () => {
    await openSystems(page, `?filter=${encodeURIComponent(JSON.stringify({ search: s }))}`);
    await expect(page.getByTestId('datamap-system-row')).toHaveCount(2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: L.export }).click();
    const file = await download;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell(1, 1).value).toBe(D.name);
    expect(sheet.rowCount).toBe(3);
    expect([sheet.getCell(2, 1).value, sheet.getCell(3, 1).value]).toEqual(names);
  });

  test('saves the current filter under a name, applies it later, and deletes it', async () => {
    await openSystems(page, `?filter=${encodeURIComponent(JSON.stringify({ search: s }))}`);
    await page.getByRole('button', { name: L.saved_filters }).click();
    await page.getByRole('menuitem', { name: L.save_filter }).click();
    const box = dialog(page, L.save_filter_title);
    await box.getByLabel(L.filter_name).fill(`ระบบที่นำเข้า ${s}`);
    await box.getByRole('button', { name: L.save }).click();
    await expect(toast(page, L.filter_saved)).toBeVisible();
    await openSystems(page);
    await page.getByRole('button', { name: L.saved_filters }).click();
    await page.getByRole('menuitem', { name: L.apply_filter.replace('%{name}', `ระบบที่นำเข้า ${s}`) }).click();
    await expect(page.getByTestId('datamap-system-row')).toHaveCount(2);
    await page.getByRole('button', { name: L.saved_filters }).click();
    await page.getByRole('button', { name: L.delete_filter.replace('%{name}', `ระบบที่นำเข้า ${s}`) }).click();
    await expect(toast(page, L.filter_deleted)).toBeVisible();
  });
  test('ROPA activities: the template, a row naming a department the company lacks refused in Thai, fixed, imported as drafts', async () => {
    const names = [`กิจกรรมนำเข้า ก ${s}`, `กิจกรรมนำเข้า ข ${s}`];
    await page.goto('/ropa/activity/list');
    await expect(page.getByTestId('list-tools')).toBeVisible();
    const file = await downloadTemplate(page, R.tabs.list);
    expect(file.sheet.getCell(1, 1).value).toBe(`${R.fields.name} *`);
    const department = file.firstAllowed(R.fields.department);
    const rows = [
      { [R.fields.name]: names[0], [R.fields.role]: R.roles.controller, [R.fields.department]: department, [R.fields.retention]: '1 ปี' },
      { [R.fields.name]: names[1], [R.fields.role]: R.roles.processor, [R.fields.department]: 'ฝ่ายที่ไม่มีในระบบ' },
    ];
    await file.upload(rows);
    const problem = file.box.getByTestId('import-problem');
    await expect(problem).toHaveCount(1);
    await expect(problem.getByRole('cell')).toHaveText(['4', R.fields.department, th.server.import_not_found.replace('%{value}', 'ฝ่ายที่ไม่มีในระบบ')]);
    await expect(file.box.getByRole('button', { name: L.commit.replace('%{count}', '2') })).toBeDisabled();

    rows[1][R.fields.department] = department;
    await file.upload(rows);
    await expect(file.box.getByText(L.no_problems.replace('%{count}', '2'))).toBeVisible();
    await file.box.getByRole('button', { name: L.commit.replace('%{count}', '2') }).click();
    await expect(toast(page, L.imported.replace('%{count}', '2'))).toBeVisible();
    await expect(file.box).toBeHidden();
    await page.getByRole('textbox', { name: th.common.search }).fill(`กิจกรรมนำเข้า`);
    await page.getByRole('textbox', { name: th.common.search }).press('Enter');
    await expect(page.getByTestId('ropa-row')).toHaveCount(2);
    for (const name of names) {
      const row = page.getByTestId('ropa-row').filter({ hasText: name });
      await expect(row).toContainText(department);
      await expect(row).toContainText(R.states.draft);
    }
  });

  test('the question bank: the template, a right answer beyond the choices refused in Thai, fixed, imported and found', async () => {
    const questions = [`คำถามนำเข้า ก ${s}`, `คำถามนำเข้า ข ${s}`];
    await page.goto('/knowledge/manage/questions');
    await expect(page.getByTestId('list-tools')).toBeVisible();
    const file = await downloadTemplate(page, L.quiz.title);
    expect(file.sheet.getCell(1, 1).value).toBe(`${Q.columns.topic} *`);
    const question = (text: string, correct: string) => ({
      [Q.columns.topic]: th.quiz.topics.breach,
      [Q.columns.kind]: th.quiz.kinds.single,
      [L.quiz.text_th]: text,
      [L.quiz.choice1_th]: 'แจ้งภายใน 72 ชั่วโมง',
      [L.quiz.choice2_th]: 'แจ้งภายใน 30 วัน',
      [L.quiz.correct]: correct,
      [L.quiz.explanation_th]: 'มาตรา 37(4)',
    });
    // the second question's right answer is choice 3 of two
    await file.upload([question(questions[0], '1'), question(questions[1], '3')]);
    const problem = file.box.getByTestId('import-problem');
    await expect(problem).toHaveCount(1);
    await expect(problem.getByRole('cell')).toHaveText(['4', L.quiz.correct, th.server.quiz_correct_out_of_range]);
    await expect(file.box.getByRole('button', { name: L.commit.replace('%{count}', '2') })).toBeDisabled();

    await file.upload([question(questions[0], '1'), question(questions[1], '2')]);
    await expect(file.box.getByText(L.no_problems.replace('%{count}', '2'))).toBeVisible();
    await file.box.getByRole('button', { name: L.commit.replace('%{count}', '2') }).click();
    await expect(toast(page, L.imported.replace('%{count}', '2'))).toBeVisible();
    await expect(file.box).toBeHidden();
    await page.getByRole('textbox', { name: Q.search }).fill(`คำถามนำเข้า`);
    await expect(page.getByText(Q.count.replace('%{count}', '2'))).toBeVisible();
    for (const text of questions) {
      const row = page.getByRole('row').filter({ hasText: text });
      await expect(row).toContainText(th.quiz.topics.breach);
      await expect(row).toContainText(th.quiz.kinds.single);
      await expect(row).toContainText(Q.active);
    }
  });
});

const csvOf = (rows: string[][]) => Buffer.from('\uFEFF' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n');
const P = th.processors;

test.describe('the processors and people imports', () => {
  test.describe.configure({ mode: 'serial' });
  const s = stamp();
  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('processors: a repeated name is refused on its row, the fixed file imports, the list warns and exports them', async () => {
    const names = [`คลาวด์นำเข้า ${s}`, `ไปรษณีย์นำเข้า ${s}`];
    await page.goto('/data-manage/processor-diligence');
    await expect(page.getByTestId('list-tools')).toBeVisible();
    await page.getByRole('button', { name: L.import }).click();
    const box = dialog(page, L.import_title.replace('%{what}', th.datamap.processors.tab));
    const head = [P.fields.name, P.fields.country, P.fields.dpaStatus, P.fields.dpaExpiresOn];
    const file = (rows: string[][]) => ({ name: 'processors.csv', mimeType: 'text/csv', buffer: csvOf([head, ...rows]) });
    await box.getByTestId('import-file').setInputFiles(
      file([
        [names[0], 'ไทย', P.statuses.signed, '31/12/2570'],
        [names[0], 'ไทย', '', ''],
      ]),
    );
    const problem = box.getByTestId('import-problem');
    await expect(problem).toHaveCount(1);
    await expect(problem).toContainText(P.fields.name);
    await expect(problem).toContainText(`ซ้ำกับแถวที่ 2`);
    await box.getByTestId('import-file').setInputFiles(
      file([
        [names[0], 'ไทย', P.statuses.signed, '31/12/2570'],
        [names[1], 'สิงคโปร์', '', ''],
      ]),
    );
    await expect(box.getByText(L.no_problems.replace('%{count}', '2'))).toBeVisible();
    await box.getByRole('button', { name: L.commit.replace('%{count}', '2') }).click();
    await expect(toast(page, L.imported.replace('%{count}', '2'))).toBeVisible();

    await page.getByRole('textbox', { name: th.common.search }).fill(s);
    await page.getByRole('textbox', { name: th.common.search }).press('Enter');
    const rows = page.getByTestId('processor-row');
    await expect(rows).toHaveCount(2);
    // signed, but no file of the agreement yet; the other has no agreement at all
    await expect(rows.filter({ hasText: names[0] })).toContainText(P.statuses.signed);
    await expect(rows.filter({ hasText: names[1] })).toContainText(P.warnings.dpa_missing);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: L.export }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await (await download).path())) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell(1, 1).value).toBe(P.fields.name);
    expect([sheet.getCell(2, 1).value, sheet.getCell(3, 1).value].sort()).toEqual([...names].sort());
    // the agreement's end in the Buddhist era
    expect([2, 3].flatMap((n) => sheet.getRow(n).values as unknown[])).toContain('31 ธันวาคม 2570');
  });

  test('people: the import tells that each is e-mailed; the invited person sets a password from the link and is signed in', async ({ browser }) => {
    const username = `invite.${s}`.toLowerCase();
    const email = `${username}@thaidigital.example`;
    await page.goto('/settings/contacts/list');
    await page.getByRole('button', { name: L.import }).click();
    const box = dialog(page, L.import_title.replace('%{what}', th.people.tabs.people));
    await expect(box.getByText(th.people.import_note)).toBeVisible();
    const F = th.people.fields;
    const head = [F.username, F.firstname, F.lastname, F.email, F.role];
    await box
      .getByTestId('import-file')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: csvOf([head, [username, 'กานดา', 'เชิญใหม่', email, 'พนักงาน']]) });
    await expect(box.getByText(L.no_problems.replace('%{count}', '1'))).toBeVisible();
    await shoot(page, 'import-people');
    await box.getByRole('button', { name: L.commit.replace('%{count}', '1') }).click();
    await expect(toast(page, L.imported.replace('%{count}', '1'))).toBeVisible();

    const reply = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
    const { mails } = (await reply.json()) as { mails: { link: string; subject: string }[] };
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('DEMO');
    const link = new URL(mails[0].link);
    const invited = await browser.newPage();
    await invited.goto(link.pathname + link.search);
    const password = 'Jasmine-rice-field-2569';
    await invited.locator('input[name=password]').fill(password);
    await invited.locator('input[name=confirmPassword]').fill(password);
    await invited.getByRole('button', { name: 'บันทึกรหัสผ่านใหม่' }).click();
    await expect(invited.getByText('ตั้งรหัสผ่านใหม่เรียบร้อยแล้ว')).toBeVisible();
    await invited.close();
  });
});
