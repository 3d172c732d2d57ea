import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { th } from '../../i18n';
import { USERS, sharedSignedInPage, shoot, toast } from './helpers';
import { dialog, stamp } from './riskHelpers';

/** Bulk import and list export, on the data map's systems list. */
const L = th.lists;
const D = th.datamap.systems;

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
});
