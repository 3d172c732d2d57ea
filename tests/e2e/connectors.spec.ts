import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { answers, testDatabase } from '../../server/modules/connectors/testDatabases';
import { chooseLanguage, sessionFromCookie, shoot, signIn, toast, USERS } from './helpers';

// Connectors' story: a data-map system is connected to a PostgreSQL database the spec makes, its customers
// table is chosen with the e-mail as identity; on the demo's erasure request (somying@example.com) the
// admin finds the rows, runs the erasure's dry run, is refused the approval; the DPO approves, the row is
// gone and the certificate reads back in Thai.

const C = th.connectors;
const REQUEST = 'DEMO-DSR-0002';
const drawer = (page: Page) => page.locator('.MuiDrawer-paperAnchorRight');

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let db: Awaited<ReturnType<typeof testDatabase>> | undefined;
let systemPath = '';

test.beforeAll(async () => {
  if (!(await answers('postgres'))) return;
  db = await testDatabase('postgres', 'pdpa_e2e_connector', [
    'create table customers (id serial primary key, email varchar(200) not null, full_name varchar(200), note text)',
    `insert into customers (email, full_name, note) values ('somying@example.com', 'สมหญิง รักสงบ', 'ลูกค้าบัตรทอง'), ('other@example.com', 'คนอื่น', '')`,
  ]);
});
test.afterAll(async () => {
  await db?.drop();
});

async function openRequest(page: Page) {
  await page.goto('/consents/datasubject/list');
  await page.getByTestId(`dsr-row-${REQUEST}`).click();
  await expect(drawer(page).getByTestId('request-connectors')).toBeVisible({ timeout: 60_000 });
}

test('a system is connected to a PostgreSQL database and its customers table chosen', async ({ page }) => {
  test.skip(!db, 'PostgreSQL does not answer at 127.0.0.1:5432');
  await signIn(page);
  const session = await sessionFromCookie(page);
  const created = await page.request.post('/api/v1/datamap-systems', {
    data: { name: `ระบบสมาชิก (${db!.name})` },
    headers: { authorization: `Bearer ${session!.access_token}` },
  });
  expect(created.status()).toBe(200);
  const { data } = (await created.json()) as { data: { id: string } };
  systemPath = `/data-manage/add/${data.id}`;
  await page.goto(systemPath);
  const section = page.getByTestId('connection-section');
  await expect(section.getByText(C.none)).toBeVisible({ timeout: 60_000 });
  await section.getByLabel(C.host).fill('127.0.0.1');
  await section.getByLabel(C.database).fill(db!.name);
  await section.getByLabel(C.user).fill('root');
  await section.getByRole('button', { name: C.save }).click();
  await expect(toast(page, C.saved)).toBeVisible();
  await section.getByRole('button', { name: C.test }).click();
  await expect(toast(page, /เชื่อมต่อสำเร็จ/)).toBeVisible();
  await section.getByRole('button', { name: C.tables.load }).click();
  await section.getByLabel(C.tables.pick).click();
  await page.getByRole('option', { name: 'public.customers', exact: true }).click();
  await section.getByRole('button', { name: C.tables.add }).click();
  const email = section.getByTestId('connector-column-email');
  await email.getByRole('combobox').first().click();
  await page.getByRole('option', { name: C.tables.identity_kinds.email, exact: true }).click();
  await email.getByRole('switch').check();
  await email.getByRole('combobox').nth(1).click();
  await page.getByRole('option', { name: C.tables.erasure_actions.delete_row, exact: true }).click();
  await section.getByTestId('connector-column-full_name').getByRole('switch').check();
  await section.getByRole('button', { name: C.tables.save }).click();
  await expect(toast(page, C.tables.saved)).toBeVisible();
  await shoot(page, 'connectors-system-th');
});

test('staff find the requester, run the erasure dry run, and may not approve it themselves', async ({ page }) => {
  test.skip(!db, 'PostgreSQL does not answer at 127.0.0.1:5432');
  await signIn(page);
  await openRequest(page);
  const section = drawer(page).getByTestId('request-connectors');
  await section.getByRole('button', { name: C.request.run_access }).click();
  await expect(section.getByText(C.request.statuses.done).first()).toBeVisible();
  await expect(section).toContainText('public.customers: 1');
  await section.getByRole('button', { name: C.request.rows }).first().click();
  await expect(page.getByRole('dialog').getByText('สมหญิง รักสงบ')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('คนอื่น')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: C.request.close }).click();
  await section.getByRole('button', { name: C.request.run_erasure }).click();
  await expect(section.getByText(C.request.statuses.awaiting_approval)).toBeVisible();
  // four eyes: who ran the dry run is told the rule, and is not offered the approval (the server refuses it too)
  await expect(section.getByTestId('erasure-approval-rule')).toHaveText(th.common.approve_dialog.self_refused);
  await expect(section.getByRole('button', { name: C.request.approve })).toHaveCount(0);
  await shoot(page, 'connectors-request-th');
});

test('the DPO approves: the row is erased and the certificate reads back in Thai', async ({ page }) => {
  test.skip(!db, 'PostgreSQL does not answer at 127.0.0.1:5432');
  await signIn(page, USERS.dpo);
  await openRequest(page);
  const section = drawer(page).getByTestId('request-connectors');
  // an erasure cannot be undone: approving asks first, naming the system
  await section.getByRole('button', { name: C.request.approve }).click();
  const confirm = page.getByTestId('approve-dialog');
  await expect(confirm).toContainText(C.request.approve_hint);
  await confirm.getByRole('button', { name: th.common.approve_dialog.cancel }).click();
  await expect(section.getByText(C.request.statuses.awaiting_approval)).toBeVisible();
  await section.getByRole('button', { name: C.request.approve }).click();
  await confirm.getByTestId('approve-confirm').click();
  await expect(section.getByText(C.request.statuses.erased)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: C.request.certificate }).click()]);
  const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  expect(text).toContain(C.certificate.title.replace(/\s+/g, ''));
  expect(text).toMatch(/DEMO-ER-25\d\d\/\d{4}/);
  // the drawer covers the language button: closed first
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await chooseLanguage(page, 'English');
  await openRequest(page);
  await expect(drawer(page).getByText(en.connectors.request.statuses.erased)).toBeVisible();
  await shoot(page, 'connectors-request-en');
});
