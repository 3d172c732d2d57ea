import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { th, en } from '../../i18n';
import { USERS, chooseLanguage, signIn } from './helpers';
import { RISK_TH as R, bearer, dialog, openRisk, pickThaiDate, row, rows, shoot, stamp, thaiDate, toast } from './riskHelpers';

const A = th.audit;
const ENTITY = A.entities.risk_master;

/** A filter of the audit page (an MUI select): opens it and picks the option. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

// DEMO must end without risk data (risk.spec.ts starts from an empty company): the event made here is deleted again, which the trail shows too.
test.describe('the audit trail shows what people did', () => {
  test.describe.configure({ mode: 'serial' });
  const s = stamp();
  const eventName = `ตรวจสอบประวัติ ${s}`;
  const renamed = `ตรวจสอบประวัติ (แก้ไข) ${s}`;
  let page: Page;
  let leftover: string | undefined;
  const api = async () => ({ Authorization: `Bearer ${await bearer(page)}`, 'X-Requested-With': 'XMLHttpRequest' });
  const deleteEvent = async (dataId: string) => page.request.post('/api/v1/datarisk/delete/', { headers: await api(), data: { dataId, type: 1 } });

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signIn(page, USERS.admin);
  });
  test.afterAll(async () => {
    if (leftover) await deleteEvent(leftover);
    await page.close();
  });

  test('a risk event created on screen, renamed and deleted shows up, newest first, with before → after', async () => {
    await openRisk(page, 'event');
    await page.getByRole('button', { name: R.add, exact: true }).click();
    const box = dialog(page, R.eventAddTitle);
    await box.getByRole('textbox', { name: R.eventName }).fill(eventName);
    await box.getByRole('checkbox', { name: R.cia.C }).check();
    await box.getByRole('button', { name: R.submit }).click();
    await expect(toast(page, R.eventAdded)).toBeVisible();
    await expect(row(page, eventName)).toBeVisible();
    // renamed and deleted through the API, as other screens would
    const headers = await api();
    const found = await page.request.get(`/api/v1/datarisk/list?type=1&search=${encodeURIComponent(s)}`, { headers });
    const id: string = (await found.json()).riskData[0]._id;
    leftover = id;
    const renamedReply = await page.request.put('/api/v1/datarisk/create', {
      headers,
      data: { dataId: id, riskMasterData: renamed, type: 1, riskCia: { confidentiality: true, integrity: false, availability: false } },
    });
    expect(renamedReply.status()).toBe(200);
    expect((await deleteEvent(id)).status()).toBe(200);
    leftover = undefined;

    // the dashboard leads there for a role with the settings menu
    await page.goto('/dashboard');
    await page.getByRole('link', { name: A.open_link }).click();
    await expect(page).toHaveURL('/settings/audit');
    await expect(page.getByRole('heading', { level: 1, name: A.title })).toBeVisible();

    const [deleted, changed, created] = [rows(page).nth(0), rows(page).nth(1), rows(page).nth(2)];
    await expect(deleted).toContainText(A.actions.delete);
    await expect(deleted).toContainText(`${A.fields.name}: ${renamed}`);
    await expect(changed).toContainText(A.actions.update);
    await expect(changed).toContainText(ENTITY);
    await expect(changed).toContainText(`${A.fields.name}: ${eventName} → ${renamed}`);
    await expect(changed).toContainText(USERS.admin.fullName);
    await expect(created).toContainText(A.actions.create);
    await expect(created).toContainText(`${A.fields.name}: ${eventName}`);
    await expect(created).toContainText(`${A.fields.confidentiality}: ${A.values.yes}`);
    // when: the day in the Buddhist era ("22 พฤศจิกายน 2569"), the time under it; who, and from where
    await expect(created.locator('td').nth(1)).toHaveText(/^\d{1,2} \S+ 25\d\d\s*\d{2}:\d{2}$/);
    await expect(created.locator('td').nth(2)).toContainText(`${A.columns.ip} 127.0.0.1`);
    await shoot(page, 'audit-th');
  });

  test('filters by record type, action and person; an empty result says so', async () => {
    await pick(page, A.filters.entity, ENTITY);
    await pick(page, A.filters.action, A.actions.update);
    await expect(rows(page).first()).toContainText(renamed);
    await expect(rows(page).filter({ hasText: A.actions.create })).toHaveCount(0);

    await pick(page, A.filters.person, new RegExp(`\\(${USERS.viewer.username}\\)`));
    await expect(page.getByText(th.common.no_results)).toBeVisible();
    await page.getByRole('button', { name: A.filters.clear }).click();
    await expect(rows(page).first()).toContainText(A.actions.update);

    // one day, picked in the Buddhist era
    const now = new Date();
    const month = new Intl.DateTimeFormat('th-TH', { month: 'long', timeZone: 'Asia/Bangkok' }).format(now);
    const bangkok = (part: 'day' | 'year') => Number(new Intl.DateTimeFormat('en', { [part]: 'numeric', timeZone: 'Asia/Bangkok' }).format(now));
    const from = thaiDate(page.locator('body'), A.filters.from);
    await pickThaiDate(page, from, { day: bangkok('day'), month, yearBE: bangkok('year') + 543 });
    await expect(from.getByRole('combobox')).toHaveText([String(bangkok('day')), month, String(bangkok('year') + 543)]);
    await expect(rows(page).first()).toContainText(renamed);
    await page.getByRole('button', { name: A.filters.clear }).click();
  });

  test('exports the trail as CSV with Thai headers, and the export itself is logged', async () => {
    await pick(page, A.filters.entity, ENTITY);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: A.export }).click()]);
    expect(download.suggestedFilename()).toBe('audit-trail.csv');
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      [
        A.csv.at,
        A.csv.username,
        A.csv.name,
        A.csv.action,
        A.csv.entity,
        A.csv.record,
        A.csv.label,
        A.csv.before,
        A.csv.after,
        A.csv.ip,
        A.csv.at_iso,
      ].join(','),
    );
    expect(text).toContain(renamed);

    await page.getByRole('button', { name: A.filters.clear }).click();
    await expect(rows(page).first()).toContainText(A.actions.export);
    await expect(rows(page).first()).toContainText(A.entities.audit_log);
  });

  test('in English', async () => {
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: en.audit.title })).toBeVisible();
    await expect(rows(page).first()).toContainText(en.audit.actions.export);
    await expect(page.getByRole('columnheader', { name: en.audit.columns.changes })).toBeVisible();
    await shoot(page, 'audit-en');
    await chooseLanguage(page, 'ไทย');
    await expect(page.getByRole('heading', { level: 1, name: A.title })).toBeVisible();
  });
});

test('a role without the settings menu cannot open the audit trail', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto('/settings/audit');
  await expect(page).toHaveURL('/forbidden');
});

test('opening a data subject request is kept under "access to personal data": who, which request, the call; filtered by the request', async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  await page.goto('/consents/datasubject/list');
  await page.getByTestId('dsr-row-DEMO-DSR-0002').click();
  await expect(page.getByTestId('dsr-status')).toBeVisible();
  const bearerToken = await bearer(page);
  const requests = await page.request.get('/api/v1/consents/datasubject/list?currentPage=1&limit=100', {
    headers: { Authorization: `Bearer ${bearerToken}` },
  });
  const id = ((await requests.json()) as { requestList: { _id: string; referenceCode: string }[] }).requestList.find(
    (r) => r.referenceCode === 'DEMO-DSR-0002',
  )!._id;

  await page.goto('/settings/audit');
  await page.getByRole('tab', { name: A.reads.tab }).click();
  await expect(page).toHaveURL(/\/settings\/audit\/reads/);
  await page.getByRole('textbox', { name: A.reads.record_filter }).fill(id);
  await page.getByRole('button', { name: th.common.search }).click();
  // the batch is written within a second: the list shows it once it is there
  await expect(async () => {
    await page.getByRole('button', { name: th.common.search }).click();
    await expect(page.getByTestId('read-row').filter({ hasText: 'GET /consents/datasubject/state' }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  const row = page.getByTestId('read-row').filter({ hasText: 'GET /consents/datasubject/state' }).first();
  await expect(row).toContainText(USERS.admin.fullName);
  await expect(row).toContainText(A.reads.entities.dsr_requests);
  await expect(row.getByTestId('read-records')).toContainText(id.slice(0, 8));
  await expect(row.getByTestId('read-records')).toHaveAccessibleDescription(new RegExp(id));
  await shoot(page, 'audit-reads-th');
  // the first tab is still the trail of changes
  await page.getByRole('tab', { name: A.reads.changes_tab }).click();
  await expect(page).toHaveURL(/\/settings\/audit$/);
});
