import { expect, test, type Page } from '@playwright/test';
import { th, en } from '../../i18n';
import { USERS, sharedSignedInPage, sidebar, signIn, userMenuButton } from './helpers';
import { bearer, choose, createRiskData, dialog, row, search, shoot, stamp, toast, typedDelete } from './riskHelpers';

/** Thai texts of the people page (src/i18n/th.ts `people.*`). */
const P = th.people;
const PATH = '/settings/contacts/list';
const PASSWORD = 'Monsoon-Breeze-2569';

/** A rights checkbox of the roles page: 'การบริหารความเสี่ยง: ดูข้อมูล'. */
const rightBox = (page: Page, menu: string, level: 'view' | 'edit') =>
  page.getByRole('checkbox', { name: `${menu}: ${th.roles.grid[level]}`, exact: true });

async function openTab(page: Page, tab: keyof typeof P.tabs) {
  if (new URL(page.url()).pathname !== PATH) {
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1, name: P.title })).toBeVisible();
  }
  await page.getByRole('tab', { name: P.tabs[tab], exact: true }).click();
  await expect(page.getByRole('tab', { name: P.tabs[tab], exact: true })).toHaveAttribute('aria-selected', 'true');
}

/**
 * The flow: as DEMO's administrator, a department, a position, a role that may only view
 * risk management (on the roles page), and a person holding it; signed in as that person, only
 * what the role allows is there, and the server refuses the rest.
 */
test.describe('people, departments, positions and a view-only role', () => {
  test.describe.configure({ mode: 'serial' });
  const s = stamp();
  const department = `ฝ่ายตรวจสอบภายใน ${s}`;
  const positionName = `ผู้ตรวจสอบความเสี่ยง ${s}`;
  const roleName = `ผู้อ่านความเสี่ยง ${s}`;
  const person = { firstname: 'กมลชนก', lastname: `ตรวจงาน ${s}`, username: `auditor.${s}`, email: `auditor.${s}@thaidigital.example` };

  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('lists the staff and contact users, with the kind filter and the search', async () => {
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1, name: P.title })).toBeVisible();
    await expect(page.getByRole('tab', { name: P.tabs.people })).toHaveAttribute('aria-selected', 'true');
    await expect(row(page, USERS.admin.fullName).getByText(P.you, { exact: true })).toBeVisible();
    await expect(row(page, USERS.contact.fullName).getByText('CT-0001')).toBeVisible();
    await expect(row(page, USERS.viewer.fullName).getByText(th.roles.builtin_names.viewer)).toBeVisible();
    // nobody disables themselves: the admin's own row has no disable button
    await expect(row(page, USERS.admin.fullName).getByRole('button', { name: P.disable })).toHaveCount(0);
    await shoot(page, 'people-list-th');

    await choose(page, page.getByRole('combobox', { name: P.fields.kind }), P.kinds.contact);
    await expect(row(page, USERS.contact.fullName)).toBeVisible();
    await expect(row(page, USERS.viewer.fullName)).toHaveCount(0);
    await choose(page, page.getByRole('combobox', { name: P.fields.kind }), P.kinds.all);
    await search(page, 'รักงาน');
    await expect(row(page, USERS.viewer.fullName)).toBeVisible();
    await expect(row(page, USERS.admin.fullName)).toHaveCount(0);
    await page.getByRole('search').getByRole('textbox').fill('');
    await expect(row(page, USERS.admin.fullName)).toBeVisible();
  });

  test('adds a department, refuses its name twice, and deletes an unused one', async () => {
    await openTab(page, 'departments');
    await page.getByRole('button', { name: P.department.add }).click();
    const form = dialog(page, P.department.add_title);
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(form.getByText(th.common.required)).toBeVisible();
    await form.getByLabel(P.department.name).fill(department);
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, P.department.add_success)).toBeVisible();
    await expect(row(page, department)).toBeVisible();

    await page.getByRole('button', { name: P.department.add }).click();
    await dialog(page, P.department.add_title).getByLabel(P.department.name).fill(department);
    await dialog(page, P.department.add_title).getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, th.server.department_name_taken)).toBeVisible();
    await expect(toast(page, /CON#006/)).toBeVisible();
    await dialog(page, P.department.add_title).getByRole('button', { name: th.common.cancel }).click();

    const spare = `แผนกชั่วคราว ${s}`;
    await page.getByRole('button', { name: P.department.add }).click();
    await dialog(page, P.department.add_title).getByLabel(P.department.name).fill(spare);
    await dialog(page, P.department.add_title).getByRole('button', { name: th.common.submit }).click();
    await expect(row(page, spare)).toBeVisible();
    await typedDelete(page, row(page, spare));
    await expect(toast(page, th.common.deleted)).toBeVisible();
    await expect(row(page, spare)).toHaveCount(0);
    await shoot(page, 'people-departments-th');
  });

  test('adds a position to the department; the department cannot be deleted while it has one (409)', async () => {
    await openTab(page, 'positions');
    await page.getByRole('button', { name: P.position.add }).click();
    const form = dialog(page, P.position.add_title);
    await choose(page, form.getByRole('combobox', { name: P.position.department }), department);
    await form.getByLabel(P.position.name).fill(positionName);
    await shoot(page, 'people-position-form-th');
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, P.position.add_success)).toBeVisible();
    await expect(row(page, positionName).getByText(department)).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: P.position.department }), department);
    await expect(page.locator('table tbody tr')).toHaveCount(1);
    await shoot(page, 'people-positions-th');

    await openTab(page, 'departments');
    await typedDelete(page, row(page, department));
    await expect(toast(page, /ไม่สามารถลบแผนกนี้ได้/)).toBeVisible();
    await expect(toast(page, /CON#007/)).toBeVisible();
    await expect(row(page, department)).toBeVisible();
  });

  test('creates a role that may only view risk management, on the roles page', async () => {
    await openTab(page, 'people');
    await page.getByRole('tab', { name: P.tabs.roles }).click();
    await expect(page).toHaveURL('/settings/contacts/role');
    await expect(page.getByRole('heading', { level: 1, name: th.roles.title })).toBeVisible();
    await page.getByRole('button', { name: th.roles.add, exact: true }).click();
    const form = dialog(page, th.roles.add_title);
    await form.getByLabel(th.roles.name).fill(roleName);
    await rightBox(page, th.menu.riskManagement, 'view').check();
    await expect(rightBox(page, th.menu.riskManagement, 'edit')).not.toBeChecked();
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, th.roles.add_success)).toBeVisible();
    await expect(row(page, roleName)).toBeVisible();
  });

  test('adds a person with that role, department and position', async () => {
    await page.goto(PATH);
    await page.getByRole('button', { name: P.add }).click();
    const form = dialog(page, P.add_title);
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(form.getByText(th.common.required).first()).toBeVisible();

    await form.getByLabel(P.fields.firstname, { exact: true }).fill(person.firstname);
    await form.getByLabel(P.fields.lastname, { exact: true }).fill(person.lastname);
    await form.getByLabel(P.fields.username, { exact: true }).fill(person.username);
    await form.getByLabel(P.fields.email, { exact: true }).fill(person.email);
    await choose(page, form.getByRole('combobox', { name: P.fields.role }), roleName);
    await choose(page, form.getByRole('combobox', { name: P.fields.department }), department);
    await choose(page, form.getByRole('combobox', { name: P.fields.position }), positionName);
    // the password must not hold the person's names (the form checks what the server checks)
    await form.getByLabel(P.fields.password, { exact: true }).fill(`${person.username}-2569`);
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(form.getByText(th.server.password_has_name)).toBeVisible();
    await form.getByLabel(P.fields.password, { exact: true }).fill(PASSWORD);
    await shoot(page, 'people-form-th');
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, P.add_success)).toBeVisible();

    const created = row(page, `${person.firstname} ${person.lastname}`);
    await expect(created.getByText(roleName)).toBeVisible();
    await expect(created.getByText(department)).toBeVisible();
    await expect(created.getByText(positionName)).toBeVisible();
    await expect(created.getByText(P.status.active)).toBeVisible();
    await shoot(page, 'people-created-th');
  });

  test('signed in as that person: risk management only, read only; the server refuses a write (403)', async ({ browser }) => {
    const event = `ข้อมูลลูกค้ารั่วไหลทางอีเมล ${s}`;
    const [eventId] = await createRiskData(page, [event], { cia: { confidentiality: true, integrity: false, availability: false } });
    const other = await browser.newPage();
    await signIn(other, { companyCode: 'DEMO', username: person.username, password: PASSWORD });
    const menu = sidebar(other);
    await expect(menu.getByRole('menuitem', { name: th.menu.riskManagement })).toBeVisible();
    for (const absent of [th.menu.dashboard, th.menu.ropa, th.menu.settings, th.menu.contacts, th.menu.consents]) {
      await expect(menu.getByRole('menuitem', { name: absent })).toHaveCount(0);
    }
    await menu.getByRole('menuitem', { name: th.menu.riskManagement }).click();
    await expect(other).toHaveURL('/risk-management/event');
    await expect(other.getByRole('heading', { level: 1, name: th.risk.title })).toBeVisible();
    await expect(row(other, event)).toBeVisible();
    await expect(other.getByRole('button', { name: th.risk.add })).toHaveCount(0);
    await expect(other.getByRole('button', { name: th.common.edit })).toHaveCount(0);
    await expect(other.getByRole('button', { name: th.common.delete })).toHaveCount(0);
    await shoot(other, 'people-viewonly-risk-th');

    const headers = { Authorization: `Bearer ${await bearer(other)}`, 'X-Requested-With': 'XMLHttpRequest' };
    const write = await other.request.post('/api/v1/datarisk/create', { headers, data: { riskMasterData: 'ไม่ควรบันทึกได้', type: 1 } });
    expect(write.status()).toBe(403);
    expect((await write.json()).msg).toBe(th.server.read_only);
    expect((await other.request.get('/api/v1/user/contact/list', { headers })).status()).toBe(403);

    // menus the role lacks are forbidden pages
    await other.goto(PATH);
    await expect(other).toHaveURL('/forbidden');

    // disabled by the administrator, the session ends at once: the next navigation goes to sign-in
    await page.goto(PATH);
    await search(page, person.username);
    await row(page, person.username).getByRole('button', { name: P.disable }).click();
    const confirm = dialog(page, P.disable_title);
    await expect(confirm.getByText(`${person.firstname} ${person.lastname}`, { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: P.disable }).click();
    await expect(toast(page, new RegExp(`ระงับการใช้งานบัญชีของ`))).toBeVisible();
    await expect(row(page, person.username).getByText(P.status.disabled)).toBeVisible();
    expect((await other.request.get('/api/v1/user/menu', { headers })).status()).toBe(401);
    await other.goto('/risk-management/event');
    await expect(other).toHaveURL(/\/login/);
    await other.context().close();
    // the suite shares one database: the risk spec starts from a company without risk events
    const adminHeaders = { Authorization: `Bearer ${await bearer(page)}`, 'X-Requested-With': 'XMLHttpRequest' };
    expect((await page.request.post('/api/v1/datarisk/delete/', { headers: adminHeaders, data: { dataId: eventId, type: 1 } })).status()).toBe(200);
  });

  test('the administrator sets a new password; enabled again, the person signs in with it only', async ({ browser }) => {
    const target = row(page, person.username);
    await target.getByRole('button', { name: P.enable }).click();
    await expect(target.getByText(P.status.active)).toBeVisible();
    await target.getByRole('button', { name: P.reset_password }).click();
    const form = dialog(page, `ตั้งรหัสผ่านใหม่ให้ ${person.firstname} ${person.lastname}`);
    await form.getByLabel(P.fields.new_password, { exact: true }).fill('สั้นไป');
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(form.getByText(/10/)).toBeVisible();
    await form.getByLabel(P.fields.new_password, { exact: true }).fill('Winter-Sunrise-2570');
    await shoot(page, 'people-reset-th');
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(toast(page, /ตั้งรหัสผ่านใหม่ให้/)).toBeVisible();

    const other = await browser.newPage();
    await other.goto('/login');
    await other.locator('input[name=companyCode]').fill('DEMO');
    await other.locator('input[name=username]').fill(person.username);
    await other.locator('input[name=password]').fill(PASSWORD);
    await other.locator('button[type=submit]').click();
    await expect(other.getByText(th.server.signin_failed)).toBeVisible();
    await signIn(other, { companyCode: 'DEMO', username: person.username, password: 'Winter-Sunrise-2570' });
    await expect(userMenuButton(other)).toBeVisible();
    await other.context().close();
  });

  test('in English: the people list and the add form', async () => {
    await page.goto(PATH);
    await page.getByRole('button', { name: /(เปลี่ยนภาษา|Change language)$/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.people.title })).toBeVisible();
    await expect(row(page, USERS.contact.fullName).getByText(en.people.kinds.contact)).toBeVisible();
    await expect(row(page, USERS.viewer.fullName).getByText(en.roles.builtin_names.viewer)).toBeVisible();
    await shoot(page, 'people-list-en');
    await page.getByRole('button', { name: en.people.add }).click();
    await page.getByRole('radio', { name: en.people.kinds.contact }).check();
    await expect(dialog(page, en.people.add_title).getByLabel(en.people.fields.subId)).toBeVisible();
    await shoot(page, 'people-form-en');
    await dialog(page, en.people.add_title).getByRole('button', { name: en.common.cancel }).click();
    await page.getByRole('tab', { name: en.people.tabs.positions }).click();
    await expect(row(page, positionName)).toBeVisible();
    await shoot(page, 'people-positions-en');
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitem', { name: 'ไทย' }).click();
    await expect(page.getByRole('heading', { level: 1, name: P.title })).toBeVisible();
  });

  test('a role that may only view users and roles sees no add, edit, disable or password buttons', async () => {
    await page.route('**/api/v1/user/menu', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const item of body.menu) if (item.menuId === 14) item.canEdit = false;
      await route.fulfill({ response, json: body });
    });
    await page.goto(PATH);
    await expect(row(page, USERS.viewer.fullName)).toBeVisible();
    for (const name of [P.add, th.common.edit, P.disable, P.enable, P.reset_password]) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await openTab(page, 'departments');
    await expect(row(page, department)).toBeVisible();
    await expect(page.getByRole('button', { name: P.department.add })).toHaveCount(0);
    await expect(page.getByRole('button', { name: th.common.delete })).toHaveCount(0);
    await page.unroute('**/api/v1/user/menu');
  });
});
