import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { USERS, chooseLanguage, sharedSignedInPage, signIn } from './helpers';
import { dialog, row, search, shoot, stamp, toast, typedDelete } from './riskHelpers';

/** The data map's registers, generated from their declarations (contract/registers/). */
const D = th.datamap;

async function openTab(page: Page, path: string, tab: string, title = D.title) {
  await page.goto(`/data-manage/${path}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test.describe('data map registers', () => {
  test.describe.configure({ mode: 'serial' });
  const s = stamp();
  const name = `ข้อมูลทางพันธุกรรม ${s}`;

  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('the menu leads to the data map; each register is a tab with its list', async () => {
    await openTab(page, 'list', D.systems.tab);
    await expect(page.getByRole('link', { name: D.systems.add })).toBeVisible();
    await page.getByRole('tab', { name: D.processors.tab }).click();
    await expect(page).toHaveURL('/data-manage/processors');
    await expect(page.getByRole('button', { name: D.processors.add })).toBeVisible();
  });

  test('adds a sensitive data category through the generated form, checked as the server checks', async () => {
    await openTab(page, 'data-categories', D.categories.tab);
    await page.getByRole('button', { name: D.categories.add }).click();
    const box = dialog(page, D.categories.add_title);
    await box.getByRole('button', { name: th.common.submit }).click();
    await expect(box.getByText(th.common.required)).toBeVisible();
    await box.getByLabel(D.categories.name).fill(name);
    await box.getByLabel(D.categories.sensitive).check();
    await box.getByLabel(D.categories.description).fill('ลำดับพันธุกรรมของลูกค้าในโครงการตรวจสุขภาพ');
    await box.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, D.categories.add_success)).toBeVisible();
    await expect(row(page, name).getByText(th.common.yes)).toBeVisible();
    await shoot(page, 'registers-category-added');
  });

  test('a second category of the same name is refused with the server message; nothing is added', async () => {
    await page.getByRole('button', { name: D.categories.add }).click();
    const box = dialog(page, D.categories.add_title);
    await box.getByLabel(D.categories.name).fill(name.toUpperCase());
    await box.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, th.server.conflict)).toBeVisible();
    await box.getByRole('button', { name: th.common.cancel }).click();
    await search(page, s);
    await expect(row(page, name)).toHaveCount(1);
  });

  test('edits and deletes it through the typed confirmation', async () => {
    await row(page, name).getByRole('button', { name: th.common.edit }).click();
    const box = dialog(page, D.categories.edit_title);
    await box.getByLabel(D.categories.sensitive).uncheck();
    await box.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, D.categories.edit_success)).toBeVisible();
    await expect(row(page, name).getByText(th.common.no)).toBeVisible();
    await typedDelete(page, row(page, name));
    await expect(row(page, name)).toHaveCount(0);
  });

  test('in English, the same screen speaks English', async () => {
    await chooseLanguage(page, 'English');
    await openTab(page, 'processors', en.datamap.processors.tab, en.datamap.title);
    await expect(page.getByRole('button', { name: en.datamap.processors.add })).toBeVisible();
    await chooseLanguage(page, 'ไทย');
  });
});

test('a view-only person sees the registers without add, edit or delete', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await openTab(page, 'data-categories', D.categories.tab);
  await expect(page.getByRole('button', { name: D.categories.add })).toHaveCount(0);
  await expect(page.getByRole('button', { name: th.common.edit })).toHaveCount(0);
});
