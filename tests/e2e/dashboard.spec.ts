import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { USERS, chooseLanguage, sharedSignedInPage, shoot, signIn } from './helpers';

const D = th.dashboard;

/** A chart drawn by @mui/x-charts in a card: a visible SVG with its bars, lines and axes. */
async function expectChart(page: Page, testId: string) {
  const chart = page.getByTestId(testId).getByTestId('chart').first();
  await expect(chart).toBeVisible();
  await expect.poll(() => chart.locator('svg rect, svg path').count()).toBeGreaterThan(5);
}

test.describe('dashboard: the feeds, the posture, drill-down and the board report', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('Thai: every card loads, the charts are drawn, the period reads in the Buddhist era', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: D.title, level: 1 })).toBeVisible();
    for (const feed of [
      'sum-stat',
      'posture',
      'fetch-graph',
      'summary-dsr',
      'expire-dsr',
      'consent-count',
      'expire-consent',
      'risk-list',
      'databreach-list',
    ])
      await expect(page.getByTestId(`feed-${feed}`)).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('stat-dsr_open')).toContainText(D.stat.dsr_open);
    await expect(page.getByTestId('posture-dpo')).toContainText(D.posture.keys.dpo);
    await expectChart(page, 'feed-fetch-graph');
    await expectChart(page, 'feed-consent-count');
    // the period in the Buddhist era (25xx), not the common era
    await expect(page.getByTestId('period-text')).toContainText(/25\d\d/);
    await expect(page.getByTestId('feed-fetch-graph')).toContainText(/\d\d/);
    await shoot(page, 'dashboard-th');
  });

  test('a failed feed shows the seed text in its card while the others show', async () => {
    await page.route('**/api/v1/user/dashboard/summary-dsr*', (route) => route.fulfill({ status: 500, body: '{"status":500,"msg":"x"}' }));
    await page.reload();
    await expect(page.getByTestId('feed-summary-dsr-error')).toHaveText(new RegExp(D.error.replace(/[!]/g, '\\!')));
    await expect(page.getByTestId('stat-dsr_open')).toBeVisible();
    await expect(page.getByTestId('feed-expire-dsr')).not.toContainText(D.error);
    await page.unroute('**/api/v1/user/dashboard/summary-dsr*');
  });

  test('a figure leads to the matching filtered list', async () => {
    await page.goto('/dashboard');
    const overdue = page.getByTestId('dsr-overdue');
    await expect(overdue).toBeVisible();
    const shown = Number((await overdue.locator('p').first().textContent())?.trim());
    await overdue.click();
    // the figure's link names the filter the seed's way (overdue, received in the period); the list keeps it in its own filter
    await expect(page).toHaveURL(
      (url) => url.pathname === '/consents/datasubject/list' && JSON.parse(url.searchParams.get('filter') ?? '{}').overdue === true,
    );
    await expect(page.getByRole('checkbox', { name: th.dsr.list.overdue_only })).toBeChecked();
    await expect(page.locator('tbody tr')).toHaveCount(shown);
    await page.goto('/dashboard');
    const open = page.getByTestId('breach-open');
    await expect(open).toBeVisible();
    const openShown = Number((await open.locator('p').first().textContent())?.trim());
    await open.click();
    await expect(page).toHaveURL((url) => url.pathname === '/databreach' && url.searchParams.get('filter') === '{"open":true}');
    await expect(page.getByRole('checkbox', { name: th.breach.only_open })).toBeChecked();
    await expect(page.getByTestId('breach-row')).toHaveCount(Math.min(openShown, 20));
  });

  test('every figure opens exactly the rows it counts', async () => {
    test.setTimeout(150_000); // a dozen figures, each opened from the dashboard
    /** the number a figure shows (its first paragraph), or the part `pick` takes of it */
    const figure = async (testId: string, pick = (text: string) => Number(text.replace(/[^\d]/g, ''))) => {
      await page.goto('/dashboard');
      const el = page.getByTestId(testId);
      await expect(el).toBeVisible();
      const text = ((await el.locator('p').first().textContent()) ?? '').trim();
      return { el, n: pick(text), text };
    };
    const rows = (path: string) => (path === '/databreach' ? page.getByTestId('breach-row') : page.locator('tbody tr'));
    const opens = async (testId: string, path: string, pick?: (text: string) => number) => {
      const { el, n, text } = await figure(testId, pick);
      expect(n, `${testId}: ${text}`).toBeLessThanOrEqual(20); // one page of the list
      await el.click();
      await expect(page).toHaveURL((url) => url.pathname === path && url.searchParams.has('filter'));
      // the list has loaded (its rows or its empty state), then holds exactly the figure's rows
      await expect(page.locator('tbody tr, [data-testid="empty-list"]').first()).toBeVisible();
      await expect(rows(path), `${testId} (${text}) opened ${page.url()}`).toHaveCount(n);
      return n;
    };
    const DSR = '/consents/datasubject/list';
    // "3 requests in progress" and the summary's figures over the period
    await opens('stat-dsr_open', DSR);
    await opens('dsr-total', DSR);
    await opens('dsr-open', DSR);
    await opens('dsr-overdue', DSR);
    // "1 due within 7 days", and overdue
    expect(await opens('expire-dsr-soon', DSR)).toBeGreaterThan(0);
    await opens('expire-dsr-overdue', DSR);
    // a state chip counts the period's requests in that state
    await page.goto('/dashboard');
    const chip = page.locator('[data-testid^="dsr-status-"]').first();
    const chipN = Number(/(\d+)\s*$/.exec((await chip.textContent()) ?? '')![1]);
    await chip.click();
    await expect(page.locator('tbody tr')).toHaveCount(chipN);
    // breaches: the open ones, and the notified ones behind "x% (in time/notified)"
    await opens('breach-open', '/databreach');
    const notified = await opens('breach-in-time', '/databreach', (text) => Number(/\/(\d+)\)/.exec(text)?.[1] ?? 0));
    await expect(page.getByRole('checkbox', { name: th.breach.only_notified })).toBeChecked();
    await expect(page.getByTestId('breach-aware-period')).toContainText(/25\d\d/);
    expect(notified).toBeGreaterThanOrEqual(0);
  });

  test("the staff figures open the knowledge tests' standing on exactly the pairs they count", async () => {
    await page.goto('/dashboard');
    const stat = page.getByTestId('stat-quiz');
    await expect(stat).toBeVisible();
    const [passed, assigned] = ((await stat.locator('p').first().textContent()) ?? '').split('/').map((x) => Number(x.replace(/[^\d]/g, '')));
    expect(assigned).toBeGreaterThan(passed);
    /** opens a figure and answers the list's total as the server replied, after checking the rows shown */
    const opens = async (testId: string) => {
      await page.goto('/dashboard');
      const listed = page.waitForResponse((r) => r.url().includes('/api/v1/knowledge/standing?') && r.status() === 200);
      await page.getByTestId(testId).click();
      await expect(page).toHaveURL((url) => url.pathname === '/knowledge/manage/standing');
      const { total } = (await (await listed).json()) as { total: number };
      await expect(page.getByTestId('standing-row')).toHaveCount(Math.min(total, 20));
      return total;
    };
    // "passed / assigned": every assigned pair
    expect(await opens('stat-quiz')).toBe(assigned);
    // the posture's rate: those keeping it from 100 %, none of them passed
    expect(await opens('posture-staff_passed')).toBe(assigned - passed);
    await expect(page).toHaveURL((url) => JSON.parse(url.searchParams.get('filter') ?? '{}').state === 'not_passed');
    await expect(page.getByRole('combobox', { name: new RegExp(`^${th.quiz.standing.columns.state}`) })).toHaveText(
      th.quiz.standing.states.not_passed,
    );
    await expect(page.locator('[data-testid="standing-row"][data-state="passed"]')).toHaveCount(0);
  });

  test('the board report PDF reads back in Thai with the company and the posture', async () => {
    await page.goto('/dashboard');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: D.report.button }).click();
    const file = await (await download).path();
    // pdftotext reorders Thai vowel and tone marks around their consonant: compare the consonants, in order
    const skeleton = (text: string) => text.replace(/[\s\u0E31\u0E32-\u0E3A\u0E47-\u0E4E]/g, '');
    const text = skeleton(execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8'));
    expect(text).toContain(skeleton(D.report.title));
    expect(text).toContain(skeleton(D.posture.keys.dsr_on_time));
    expect(text).toContain(skeleton(D.stat.dsr_open));
    expect(text).toMatch(/25\d\d/);
  });

  test('English: the same cards and charts', async () => {
    await page.goto('/dashboard');
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: en.dashboard.title, level: 1 })).toBeVisible();
    await expect(page.getByTestId('stat-dsr_open')).toContainText(en.dashboard.stat.dsr_open);
    await expectChart(page, 'feed-fetch-graph');
    await expect(page.getByTestId('period-text')).toContainText(/25\d\d/);
    await shoot(page, 'dashboard-en');
    await chooseLanguage(page, 'ไทย');
  });
});

test('a person without menu 5 sees no request or consent figures', async ({ page }) => {
  await signIn(page, USERS.contact, { from: '/contact-login' });
  await page.goto('/dashboard');
  await expect(page.getByTestId('feed-posture')).toBeVisible();
  await expect(page.getByTestId('posture-dpo')).toBeVisible();
  await expect(page.getByTestId('feed-summary-dsr')).toHaveCount(0);
  await expect(page.getByTestId('stat-dsr_open')).toHaveCount(0);
});
