import { expect, test, type Page } from '@playwright/test';
import { th, en } from '../../i18n';
import { USERS, sharedSignedInPage } from './helpers';
import { dialog, row, shoot, stamp, toast, typedDelete } from './riskHelpers';

/** Thai texts of the roles page (src/i18n/th.ts `roles.*`). */
const R = th.roles;
const PATH = '/settings/contacts/role';

/** A checkbox of the rights grid: 'การบริหารความเสี่ยง: ดูข้อมูล'. */
const box = (page: Page, menu: string, level: 'view' | 'edit', texts = R) =>
  page.getByRole('checkbox', { name: `${menu}: ${texts.grid[level]}`, exact: true });

/** The row of a built-in role (a copy's row may carry the same name). */
const builtinRow = (page: Page, name: string, texts = R) => row(page, name).filter({ hasText: texts.builtin });

async function openRoles(page: Page) {
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: R.title })).toBeVisible();
  await expect(row(page, R.builtin_names.admin).first()).toBeVisible();
}

test.describe('roles and rights', () => {
  test.describe.configure({ mode: 'serial' });
  const s = stamp();
  const auditor = `ผู้ตรวจสอบความเสี่ยง ${s}`;
  const dpoCopy = `DPO สาขาเชียงใหม่ ${s}`;

  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('lists the built-in roles with their badge, rights and holders; they can be viewed and copied, not edited', async () => {
    await openRoles(page);
    const adminRow = row(page, R.builtin_names.admin);
    await expect(adminRow.getByText(R.builtin, { exact: true })).toBeVisible();
    await expect(adminRow.getByText('ดูได้ 13 เมนู · แก้ไขได้ 13 เมนู')).toBeVisible();
    await expect(adminRow.getByText(/^\d+ คน$/)).toBeVisible();
    await expect(row(page, R.builtin_names.viewer).getByText('ดูได้ 10 เมนู · แก้ไขได้ 0 เมนู')).toBeVisible();
    await expect(adminRow.getByRole('button', { name: R.copy })).toBeVisible();
    await expect(adminRow.getByRole('button', { name: th.common.edit })).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: th.common.delete })).toHaveCount(0);
    await shoot(page, 'roles-list-th');

    await row(page, R.builtin_names.viewer).getByRole('button', { name: R.view }).click();
    const view = dialog(page, `สิทธิ์ของบทบาท ${R.builtin_names.viewer}`);
    await expect(view.getByText(R.builtin_hint)).toBeVisible();
    await expect(box(page, th.menu.ropa, 'view')).toBeChecked();
    await expect(box(page, th.menu.ropa, 'view')).toBeDisabled();
    await expect(box(page, th.menu.ropa, 'edit')).not.toBeChecked();
    await expect(box(page, th.menu.riskManagement, 'view')).not.toBeChecked();
    await shoot(page, 'roles-view-th');
    await view.getByRole('button', { name: R.close }).click();
    await expect(view).toBeHidden();
  });

  test('creates a role with view-only rights on risk management and sees it in the list', async () => {
    await page.getByRole('button', { name: R.add, exact: true }).click();
    const form = dialog(page, R.add_title);
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(form.getByText(th.common.required)).toBeVisible();

    await form.getByLabel(R.name).fill(auditor);
    // edit ticks view; unticking view unticks edit: what is left is view only
    await box(page, th.menu.riskManagement, 'edit').check();
    await expect(box(page, th.menu.riskManagement, 'view')).toBeChecked();
    await box(page, th.menu.riskManagement, 'view').uncheck();
    await expect(box(page, th.menu.riskManagement, 'edit')).not.toBeChecked();
    await box(page, th.menu.riskManagement, 'view').check();
    await expect(box(page, th.menu.riskManagement, 'edit')).not.toBeChecked();
    await shoot(page, 'roles-form-th');
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, R.add_success)).toBeVisible();
    await expect(form).toBeHidden();

    const created = row(page, auditor);
    await expect(created.getByText('ดูได้ 1 เมนู · แก้ไขได้ 0 เมนู')).toBeVisible();
    await expect(created.getByText('0 คน')).toBeVisible();
    await expect(created.getByText(R.builtin, { exact: true })).toHaveCount(0);
    await expect(created.getByRole('button', { name: th.common.edit })).toBeVisible();

    // the server holds exactly that: risk management (18), view only
    await created.getByRole('button', { name: th.common.edit }).click();
    const edit = dialog(page, R.edit_title);
    await expect(edit.getByLabel(R.name)).toHaveValue(auditor);
    await expect(box(page, th.menu.riskManagement, 'view')).toBeChecked();
    await expect(box(page, th.menu.riskManagement, 'edit')).not.toBeChecked();
    await expect(box(page, th.menu.dashboard, 'view')).not.toBeChecked();
    await edit.getByRole('button', { name: th.common.cancel }).click();
  });

  test('copies a built-in role into a company role with the same rights, which can then be deleted', async () => {
    await builtinRow(page, R.builtin_names.dpo).getByRole('button', { name: R.copy }).click();
    const form = dialog(page, R.copy_title);
    await expect(form.getByLabel(R.name)).toHaveValue(`สำเนา ${R.builtin_names.dpo}`);
    await expect(box(page, th.menu.riskManagement, 'edit')).toBeChecked();
    await expect(box(page, th.menu.settings, 'view')).not.toBeChecked();
    await form.getByLabel(R.name).fill(dpoCopy);
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, R.copy_success)).toBeVisible();

    const copy = row(page, dpoCopy);
    await expect(copy.getByText('ดูได้ 11 เมนู · แก้ไขได้ 11 เมนู')).toBeVisible();
    await expect(copy.getByText(R.builtin, { exact: true })).toHaveCount(0);

    // the same name again: the server's message in the toast, with the screen code
    await builtinRow(page, R.builtin_names.dpo).getByRole('button', { name: R.copy }).click();
    const again = dialog(page, R.copy_title);
    await again.getByLabel(R.name).fill(dpoCopy);
    await again.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, th.server.role_name_taken)).toBeVisible();
    await expect(toast(page, /ROLE#002/)).toBeVisible();
    await again.getByRole('button', { name: th.common.cancel }).click();

    await typedDelete(page, copy);
    await expect(toast(page, th.common.deleted)).toBeVisible();
    await expect(row(page, dpoCopy)).toHaveCount(0);
  });

  test('in English: the page, the built-in names and the grid', async () => {
    await page.getByRole('button', { name: /(เปลี่ยนภาษา|Change language)$/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.roles.title })).toBeVisible();
    await expect(row(page, en.roles.builtin_names.admin).getByText(en.roles.builtin, { exact: true })).toBeVisible();
    await expect(row(page, auditor).getByText('Menus: 1 viewed, 0 edited')).toBeVisible();
    await shoot(page, 'roles-list-en');
    await row(page, auditor).getByRole('button', { name: en.common.edit }).click();
    await expect(box(page, en.menu.riskManagement, 'view', en.roles)).toBeChecked();
    await shoot(page, 'roles-form-en');
    await dialog(page, en.roles.edit_title).getByRole('button', { name: en.common.cancel }).click();
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitem', { name: 'ไทย' }).click();
    await expect(page.getByRole('heading', { level: 1, name: R.title })).toBeVisible();
  });

  test('edits a company role: the edit right on risk management, kept after a reload', async () => {
    await row(page, auditor).getByRole('button', { name: th.common.edit }).click();
    const form = dialog(page, R.edit_title);
    await box(page, th.menu.riskManagement, 'edit').check();
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, R.edit_success)).toBeVisible();
    await expect(form).toBeHidden();
    await page.reload();
    await expect(row(page, auditor).getByText('ดูได้ 1 เมนู · แก้ไขได้ 1 เมนู')).toBeVisible();
  });

  test('a role that may only view users and roles sees no add, copy, edit or delete', async () => {
    // the menu as the server would give such a role: users and roles without the edit right
    await page.route('**/api/v1/user/menu', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const item of body.menu) if (item.menuId === 14) item.canEdit = false;
      await route.fulfill({ response, json: body });
    });
    await openRoles(page);
    await expect(row(page, auditor)).toBeVisible();
    await expect(page.getByRole('button', { name: R.add, exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: R.copy })).toHaveCount(0);
    await expect(page.getByRole('button', { name: th.common.edit })).toHaveCount(0);
    await expect(page.getByRole('button', { name: th.common.delete })).toHaveCount(0);
    await expect(row(page, auditor).getByRole('button', { name: R.view })).toBeVisible();
    await page.unroute('**/api/v1/user/menu');
  });
});
