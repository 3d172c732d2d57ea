import { expect, test, type Browser, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { USERS, chooseLanguage, sessionFromCookie, shoot, signIn, submitSignIn } from './helpers';
import { cutTexts } from './cutText';

/**
 * What a person tripped on, each walked again here so that it does not come back. The
 * shared pieces are checked on one screen each (the list, toast, skeleton and route check are one
 * component for every module).
 */

const LIST_CALL = '**/api/v1/consents/object?**';
const OBJECTIVES = '/consents/items/objective';
const DPO = { companyCode: 'DEMO', username: 'dpo', password: 'dpo1234567' };

/** The next calls matching `pattern` fail with a 500 and a message of the server's. */
async function failCalls(page: Page, pattern: string) {
  await page.route(pattern, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, msg: 'ระบบขัดข้องชั่วคราว' }) }),
  );
}

test('1, 3: a failed list shows an opaque toast with its code and a retry in the list area, never an empty list or a pager', async ({ page }) => {
  await signIn(page, USERS.admin);
  await failCalls(page, LIST_CALL);
  await page.goto(OBJECTIVES);

  const toastBox = page.getByTestId('error-toast');
  await expect(toastBox).toBeVisible();
  await expect(toastBox).toContainText(th.errors.title);
  await expect(toastBox).toContainText('ระบบขัดข้องชั่วคราว');
  await expect(toastBox).toContainText('CODE: CSI#001');
  // the toast has its own surface: the page never shows through its text
  const background = await toastBox.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  expect(background).not.toBe('transparent');

  const failed = page.getByTestId('load-failed');
  await expect(failed).toContainText(th.app.load_failed);
  await expect(failed).toContainText('CSI#001');
  await expect(page.getByText(th.common.empty_list)).toHaveCount(0);
  await expect(page.getByText(/\d+-\d+ จาก \d+/)).toHaveCount(0);
  await shoot(page, 'ux-list-failed');

  // the retry asks again, and the list comes
  await page.unroute(LIST_CALL);
  await failed.getByRole('button', { name: th.app.retry }).click();
  await expect(failed).toBeHidden();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(/\d+-\d+ จาก \d+/)).toBeVisible();
});

test('4: a slow list and a slow dashboard show skeletons until the data arrives', async ({ page }) => {
  await signIn(page, USERS.admin);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(LIST_CALL, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(OBJECTIVES);
  await expect(page.getByTestId('loading-list')).toBeVisible();
  await expect(page.getByText(th.common.empty_list)).toHaveCount(0);
  release();
  await expect(page.getByTestId('loading-list')).toBeHidden();
  await expect(page.locator('tbody tr').first()).toBeVisible();

  let releaseCards!: () => void;
  const cardsHeld = new Promise<void>((resolve) => (releaseCards = resolve));
  await page.route('**/api/v1/user/notification/list**', async (route) => {
    await cardsHeld;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('loading-card').first()).toBeVisible();
  releaseCards();
  await expect(page.getByTestId('loading-card')).toHaveCount(0);
});

test('5: when the route check gets no answer the screen says so (AUTH#001) and a retry opens the screen', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.route('**/api/v1/user/validate**', (route) => route.abort('connectionrefused'));
  await page.goto('/dashboard');
  const failed = page.getByTestId('load-failed');
  await expect(failed).toContainText(th.app.server_unreachable);
  await expect(failed).toContainText('AUTH#001');
  await expect(page.getByText(/120/)).toHaveCount(0);
  await page.unroute('**/api/v1/user/validate**');
  await failed.getByRole('button', { name: th.app.retry }).click();
  await expect(page.getByText(th.pages.dashboard.latest)).toBeVisible();
});

test('13: the data subject request screens are reached from the consent module', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto('/consents/manage/form');
  await page.getByRole('tab', { name: th.consent.tabs.requests }).click();
  await expect(page).toHaveURL('/consents/datasubject/list');
  await expect(page.getByRole('heading', { level: 1, name: th.dsr.title })).toBeVisible();
  await page.getByRole('link', { name: th.consent.tabs.back }).click();
  await page.getByRole('tab', { name: th.consent.tabs.request_forms }).click();
  await expect(page).toHaveURL('/consents/datasubject/form');
});

test('14: /notifications pages every notification, unread first, marks one or all read, and each opens its record', async ({ page }) => {
  // the DPO's read marks are this test's own (the other specs read the admins')
  await signIn(page, DPO);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: th.shell.notifications })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/\d+-\d+ จาก \d+/)).toBeVisible();
  await shoot(page, 'ux-notifications-th');

  // opening one goes to its record and marks it read; back on the page it sits below the unread ones
  const first = rows.first();
  const firstText = (await first.getByRole('link').textContent())!;
  await first.getByRole('link').click();
  await expect(page).not.toHaveURL('/notifications');
  await page.goto('/notifications');
  // read now: below every unread one (on a later page when 20 or more are unread), no longer among the unread
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('tbody tr[data-unread="true"]').filter({ hasText: firstText })).toHaveCount(0);
  const unreadFlags = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-unread') === 'true'));
  expect(unreadFlags).toEqual([...unreadFlags].sort((a, b) => Number(b) - Number(a)));

  // one by its button: one fewer unread in all, as the bell counts them (the page holds 20, and when more
  // are unread the next one takes the place of the one read, so the page's rows may not change in number)
  const unreadRows = page.locator('tbody tr[data-unread]');
  const bell = page.getByRole('button', { name: /การแจ้งเตือน/ });
  const bellSays = (n: number) => th.shell.notifications_count.replace('%{count}', String(n));
  const before = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
  expect(before).toBeGreaterThan(0);
  await expect(bell).toHaveAttribute('aria-label', bellSays(before));
  const secondText = (await unreadRows.first().getByRole('link').textContent())!;
  await unreadRows
    .first()
    .getByRole('button', { name: new RegExp(`^${th.resources.notifications.mark_read}`) })
    .click();
  await expect(bell).toHaveAttribute('aria-label', before - 1 ? bellSays(before - 1) : th.shell.notifications);
  // read now, so it may have moved below the read ones on this page or to a later page: no longer among the unread
  await expect(page.locator('tbody tr[data-unread="true"]').filter({ hasText: secondText })).toHaveCount(0);

  // all at once
  await page.getByRole('button', { name: new RegExp(th.shell.mark_all_read) }).click();
  await expect(page.getByText(th.resources.notifications.all_read)).toBeVisible();
  await expect(page.locator('tbody tr[data-unread]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /การแจ้งเตือน/ }).locator('.MuiBadge-badge')).toHaveClass(/MuiBadge-invisible/);
});

test('15: a person without the risk menu is not told of risk work; the demo notifications lead to real records', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto('/notifications');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText('การประเมินความเสี่ยง')).toHaveCount(0);
  // the new-request notification opens the request list, where that request is
  await page.getByRole('link', { name: /มีคำขอใช้สิทธิของเจ้าของข้อมูลใหม่ เลขที่ DEMO-DSR-0001/ }).click();
  await expect(page).toHaveURL(/\/consents\/datasubject\/list/);
  await expect(page.getByText('DEMO-DSR-0001').first()).toBeVisible();
});

test('17: the tab title names the page and the product, in the chosen language', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle(`${th.pages.dashboard.title} · ${th.app.name}`);
  await page.goto('/consents/datasubject/list');
  await expect(page).toHaveTitle(`${th.dsr.title} · ${th.app.name}`);
  await chooseLanguage(page, 'English');
  await expect(page).toHaveTitle(`${en.dsr.title} · ${en.app.name}`);
  await page.goto('/dsrtracking');
  await expect(page).toHaveTitle(new RegExp(` · ${en.app.name.replace(/[()]/g, '\\$&')}$`));
  await chooseLanguage(page, 'ไทย');
});

test('18: a view-only person sees view wording, not edit wording', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto('/consents/manage/form');
  const row = page.getByTestId('consent-form-row').first();
  await expect(row.getByRole('link', { name: th.consent.builder.title_view })).toBeVisible();
  await expect(page.getByRole('link', { name: th.common.edit })).toHaveCount(0);
  await row.getByRole('link', { name: th.consent.builder.title_view }).click();
  await expect(page.getByRole('heading', { name: th.consent.builder.title_view })).toBeVisible();
  await expect(page.getByRole('heading', { name: th.consent.builder.title_edit })).toHaveCount(0);
  await shoot(page, 'ux-viewer-notice');
});

test("10: deleting a request asks for the typed word in the house's dialog, never the browser's confirm()", async ({ page }) => {
  await signIn(page, USERS.admin);
  const browserDialogs: string[] = [];
  page.on('dialog', (d) => {
    browserDialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/consents/datasubject/list');
  // a request still "received" may be deleted; the test only looks and cancels
  await page.locator('tbody tr').filter({ hasText: th.dsr.status.received }).first().click();
  await page.getByRole('button', { name: th.dsr.detail.delete }).click();
  const dialog = page.getByRole('dialog', { name: th.common.delete_dialog.title });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: th.common.delete_dialog.confirm });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill('delete');
  await expect(confirm).toBeEnabled();
  await dialog.getByRole('button', { name: th.common.delete_dialog.cancel }).click();
  await expect(dialog).toBeHidden();
  expect(browserDialogs).toEqual([]);
});

test('6: an unknown public notice, policy or request form says the form does not exist', async ({ page }) => {
  for (const path of [
    '/consent/form/x/y',
    '/consent/form/ab12/00000000-0000-4000-8000-000000000000',
    '/privacy-policy/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000000',
    '/datasubject/form/x',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: th.app.form_not_found_title }), path).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByText(/UUID/)).toHaveCount(0);
  }
  await shoot(page, 'ux-public-not-found');
});

test('12: each sign-in page takes its own kind of account and points the other to its page', async ({ page }) => {
  await page.goto('/login');
  await submitSignIn(page, USERS.contact);
  await expect(page.getByText(th.server.signin_use_contact_page)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/contact-login');
  await submitSignIn(page, USERS.admin);
  await expect(page.getByText(th.server.signin_use_staff_page)).toBeVisible();
  await expect(page).toHaveURL(/\/contact-login/);
});

test('9: start-evaluation opened by its URL in a company with no risk event says one is needed', async ({ page }) => {
  // SIAM has no risk events (the risk story works in DEMO)
  await signIn(page, USERS.siamAdmin);
  await page.goto('/risk-management/start-evaluation');
  await expect(page.getByTestId('need-event')).toContainText(th.risk.evaluation.need_event);
});

test('20: the audit trail names the record and the records and people its fields point at, the ids in tooltips', async ({ page }) => {
  await signIn(page, USERS.admin);
  const session = await sessionFromCookie(page);
  const headers = { Authorization: `Bearer ${session!.access_token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const s = Date.now().toString(36);
  const department = `ฝ่ายทดสอบประวัติ ${s}`;
  const position = `ตำแหน่งทดสอบประวัติ ${s}`;
  const created = await page.request.post('/api/v1/user/contact/department', { headers, data: { value: department, type: 'department' } });
  const departmentId: string = (await created.json()).data._id;
  const made = await page.request.post('/api/v1/user/contact/position', { headers, data: { departmentId, value: position } });
  const positionId: string = (await made.json()).data._id;
  // deleted: the trail still names it, as it was
  const deleted = await page.request.delete('/api/v1/user/contact/department', { headers, data: { dataId: positionId, type: 'position' } });
  expect(deleted.status()).toBe(200);

  await page.goto('/settings/audit');
  const [removed, added] = [page.locator('tbody tr').nth(0), page.locator('tbody tr').nth(1)];
  await expect(removed).toContainText(th.audit.actions.delete);
  await expect(removed.getByTestId('audit-record')).toHaveText(position);
  await expect(added.getByTestId('audit-record')).toHaveText(position);
  await expect(added).toContainText(`${th.audit.fields.department_id}: ${department}`);
  // no id where a person expects a name; the id is in the tooltip
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  expect(await page.locator('tbody').innerText()).not.toMatch(uuid);
  await added.getByTestId('audit-record').hover();
  await expect(page.getByRole('tooltip')).toContainText(positionId);
  await shoot(page, 'ux-audit-names-th');

  await chooseLanguage(page, 'English');
  await expect(added).toContainText(en.audit.entities.positions);
  await expect(added).toContainText(`${en.audit.fields.department_id}: ${department}`);
  await shoot(page, 'ux-audit-names-en');
  await chooseLanguage(page, 'ไทย');
  await page.request.delete('/api/v1/user/contact/department', { headers, data: { dataId: departmentId, type: 'department' } });
});

test('19: no label, tab, heading, button or chip is cut, no label runs under an arrow and no e-mail breaks inside, at 1280, 1024 and 390 px, in Thai and English', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.admin);
  const screens = ['/dashboard', '/settings/contacts/list', '/settings/audit', '/consents/create', '/consents/datasubject/list', '/data-manage/list'];
  const found: string[] = [];
  for (const [lang, name] of [
    ['th', 'ไทย'],
    ['en', 'English'],
  ] as const) {
    await chooseLanguage(page, name);
    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of screens) {
        await page.goto(screen);
        await expect(page.locator('h1, h2, [role=tab], tbody tr').first()).toBeVisible();
        found.push(...(await cutTexts(page)).map((problem) => `${lang} ${width}px ${screen}: ${problem}`));
      }
      if (width === 390) {
        // the sidebar opens over the page on a phone: every module's name whole there too the app bar's first button toggles the sidebar
        if (!(await page.locator('.MuiDrawer-paper a').first().isVisible())) await page.locator('header button').first().click();
        await expect(page.locator('.MuiDrawer-paper a').first()).toBeVisible();
        found.push(...(await cutTexts(page)).map((problem) => `${lang} ${width}px sidebar: ${problem}`));
        await shoot(page, `ux-sidebar-390-${lang}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard');
    await shoot(page, `ux-sidebar-1280-${lang}`);
  }
  await chooseLanguage(page, 'ไทย');
  expect(found).toEqual([]);
});

test('21: the builder takes English beside every Thai text; the English notice shows it, and the Thai with a note where there is none', async ({
  page,
  context,
}) => {
  await signIn(page, USERS.admin);
  const session = await sessionFromCookie(page);
  const headers = { Authorization: `Bearer ${session!.access_token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const forms = (await (await page.request.get('/api/v1/consents/form/list?currentPage=1&limit=50', { headers })).json()).formlist as {
    _id: string;
    formRef: string;
    projectName: string;
    version: number | null;
  }[];
  const form = forms.find((f) => f.version !== null)!;
  const B = th.consent.builder;
  const english = (label: string) => B.in_english.replace('%{label}', label);
  const name = `Online members ${Date.now().toString(36)}`;

  await page.goto(`/consents/create/${form._id}`);
  // a Thai page: the English fields are named in Thai, after the Thai field they translate
  await expect(page.getByRole('textbox', { name: B.projectName, exact: true })).toHaveValue(form.projectName);
  const englishName = page.getByRole('textbox', { name: english(B.projectName), exact: true });
  await englishName.fill(name);
  await expect(englishName).toHaveAttribute('lang', 'en');
  await expect(page.getByText(B.english_hint)).toBeVisible();
  await shoot(page, 'ux-notice-builder-english-th');
  await page.getByRole('button', { name: B.publish }).click();
  await expect(page.getByText(B.published.replace('%{version}', String(form.version! + 1)))).toBeVisible();

  const visitor = await context.newPage();
  await visitor.goto(`/consent/form/${form.formRef}/${form._id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: form.projectName })).toBeVisible();
  await expect(visitor.getByTestId('notice-thai-fallback')).toHaveCount(0);
  await chooseLanguage(visitor, 'English');
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  // the texts with no English (the activity, the remarks): shown in Thai, marked so, with the note
  await expect(visitor.getByTestId('notice-thai-fallback')).toHaveText(en.consent.public.thai_fallback);
  await expect(visitor.locator('[lang=th]').first()).toBeVisible();
  await shoot(visitor, 'ux-notice-public-en');
  await chooseLanguage(visitor, 'ไทย');
  await visitor.close();
});

/** A signed-in page's calls to the API, with its session's token. */
async function api(page: Page) {
  const token = (await sessionFromCookie(page))!.access_token;
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
  return async <T>(path: string): Promise<T> => (await (await page.request.get(`/api/v1${path}`, { headers })).json()) as T;
}

test('7: a double click, and the same submission sent again on the way, record the consent once', async ({ page, browser }) => {
  await signIn(page, USERS.admin);
  const get = await api(page);
  const { formlist } = await get<{ formlist: { _id: string; formRef: string; version: number | null }[] }>(
    '/consents/form/list?currentPage=1&limit=100',
  );
  const form = formlist.find((f) => f.version !== null)!;
  const subject = await browser.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  const pub = await subject.newPage();
  // every submission leaves the page once; on the way it is sent twice (a retry after a lost reply)
  const sent: string[] = [];
  await pub.route('**/api/v1/consents/public/form/**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    sent.push(route.request().postData() ?? '');
    await route.fetch();
    await route.fulfill({ response: await route.fetch() });
  });
  await pub.goto(`/consent/form/${form.formRef}/${form._id}`);
  const give = pub.getByTestId('consent-give');
  await give.getByRole('checkbox').first().check();
  const subjectId = `E2E-ONCE-${Date.now()}`;
  await give.getByRole('textbox', { name: th.consent.public.subjectId, exact: true }).fill(subjectId);
  await give.getByRole('textbox', { name: th.consent.public.name, exact: true }).fill('สมหญิง กดสองครั้ง');
  await give.getByRole('textbox', { name: th.consent.public.email, exact: true }).fill('once@example.com');
  await give.getByRole('spinbutton', { name: th.consent.public.age }).fill('30');
  await give.getByRole('button', { name: th.consent.public.submit }).dblclick();
  await expect(give.getByRole('status')).toContainText('บันทึกความยินยอมของท่านแล้ว');
  await shoot(pub, 'ux-7-consent-once');
  // and once more, unchanged: the same submission
  await give.getByRole('button', { name: th.consent.public.submit }).click();
  await expect(give.getByRole('status')).toContainText('บันทึกความยินยอมของท่านแล้ว');
  expect(sent).toHaveLength(2);
  expect(JSON.parse(sent[0]).submissionId).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(sent[1]).submissionId).toBe(JSON.parse(sent[0]).submissionId);
  const { consentlist } = await get<{ consentlist: { history: unknown[] }[] }>(`/consents/manage/list?currentPage=1&limit=100&search=${subjectId}`);
  expect(consentlist).toHaveLength(1);
  expect(consentlist[0].history).toHaveLength(1);
  await subject.close();
});

test('11: the DSR CSV holds what the list shows, with Buddhist-era dates', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto('/consents/datasubject/list');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const search = page.getByLabel(th.dsr.list.search);
  await search.fill('DEMO-DSR-0001');
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  const shownDate = (await rows.first().innerText()).match(/\d{1,2} \S+ 25\d\d/)![0];
  await shoot(page, 'ux-11-dsr-filtered');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: th.dsr.list.export }).click()]);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text.split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('DEMO-DSR-0001');
  expect(lines[1]).toContain(shownDate);
  expect(lines[1]).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
});

/**
 * A server of its own on fresh demo data (tests/e2e/serve.mjs): the risk flow of risk.spec.ts clears
 * DEMO's risk register in the shared database, and these look at the demo's.
 */
async function freshServer() {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const child: ChildProcess = spawn(process.execPath, ['tests/e2e/serve.mjs'], {
    env: { ...process.env, E2E_BUILD: '0', E2E_PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the spec's server exited (${child.exitCode})`);
    if (
      await fetch(`${url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error("the spec's server did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    page: async (browser: Browser) => (await browser.newContext({ baseURL: url, locale: 'th-TH', timezoneId: 'Asia/Bangkok' })).newPage(),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

test.describe('the demo risk register, on fresh demo data', () => {
  test.describe.configure({ mode: 'serial' });
  let server: Awaited<ReturnType<typeof freshServer>>;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await freshServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('8: a plan chosen in an evaluation shows for its event under "has plan"', async ({ browser }) => {
    const page = await server.page(browser);
    await signIn(page, USERS.admin);
    await page.goto('/risk-management/rtp');
    await page.getByRole('tab', { name: th.risk.rtp.handle }).click();
    // DEMO's finished evaluation chose "MFA" for the CRM event; the RTP has no text of its own for it
    const row = page.locator('tbody tr').filter({ hasText: 'ผู้ไม่หวังดีเข้าระบบ CRM ด้วยรหัสผ่านที่รั่วไหล' });
    await expect(row).toContainText('เปิดใช้การยืนยันตัวตนสองชั้น (MFA)');
    await shoot(page, 'ux-8-rtp-has-plan');
    await page.getByRole('tab', { name: th.risk.rtp['not-handle'] }).click();
    await expect(page.locator('tbody tr').filter({ hasText: 'พนักงานคัดลอกรายชื่อลูกค้าไปใช้ส่วนตัว' })).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: 'ผู้ไม่หวังดีเข้าระบบ CRM' })).toHaveCount(0);
    await page.context().close();
  });

  test('16: DEMO opens a risk register with events, plans and evaluations; the demo notification opens the finished one', async ({ browser }) => {
    const page = await server.page(browser);
    await signIn(page, USERS.admin);
    await page.goto('/risk-management/event');
    // the seeded 13, and the 2 risks of the signed demo DPIA (the loyalty programme's profiling), written back
    await expect(page.locator('tbody tr')).toHaveCount(15);
    await shoot(page, 'ux-16-risk-events');
    await page.goto('/risk-management/evaluation');
    await expect(page.locator('tbody tr').filter({ hasText: 'ประเมินความเสี่ยงประจำปี 2569' })).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: 'ประเมินความเสี่ยงโครงการแอปสมาชิกใหม่' })).toBeVisible();
    await shoot(page, 'ux-16-risk-evaluations');
    await page.goto('/notifications');
    await page.getByRole('link', { name: /ประเมินความเสี่ยงประจำปี 2569/ }).click();
    await expect(page).toHaveURL(/\/risk-management\/start-evaluation\/e7a1a700-/);
    await expect(page.getByTestId('evaluation-item')).toHaveCount(7);
    await expect(page.getByTestId('evaluation-item').first()).toContainText('ผู้ไม่หวังดีเข้าระบบ CRM');
    await shoot(page, 'ux-16-finished-evaluation');
    await page.context().close();
  });
});
