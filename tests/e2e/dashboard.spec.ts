import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { cutChartTexts, readChart } from './chartReading';
import { USERS, chooseLanguage, sharedSignedInPage, shoot, signIn } from './helpers';
import { choose, thaiDate } from './riskHelpers';

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

/** The short month names the app writes on its charts (Buddhist era): three letters in English, never "Sept". */
const MONTHS = {
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

/** Today in Bangkok as year, month (0-11) and day. */
function bangkokToday() {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date()).split('-').map(Number);
  return { y, m: m - 1, d };
}

/** The graph's twelve month labels for "the last 12 months": "ธ.ค. 68" … "พ.ย. 69", "Dec 68 BE" … "Nov 69 BE". */
function last12Labels(lang: 'th' | 'en') {
  const { y, m } = bangkokToday();
  return Array.from({ length: 12 }, (_, i) => {
    const month = new Date(Date.UTC(y, m - 11 + i, 1));
    const yy = String((month.getUTCFullYear() + 543) % 100).padStart(2, '0');
    return lang === 'th' ? `${MONTHS.th[month.getUTCMonth()]} ${yy}` : `${MONTHS.en[month.getUTCMonth()]} ${yy} BE`;
  });
}

/** The problems a reader would see in each chart of the dashboard, in `lang`: none expected. */
async function chartProblems(page: Page, lang: 'th' | 'en') {
  const T = { th, en }[lang];
  const charts = page.getByTestId('chart');
  const problems: string[] = [];
  const cards: string[] = [];
  for (const chart of await charts.all()) {
    const card = (await chart.evaluate((el) => el.closest('[data-testid^="feed-"]')?.getAttribute('data-testid'))) ?? '?';
    cards.push(card);
    const reading = await readChart(chart);
    const say = (problem: string) => problems.push(`${card}: ${problem}`);
    // the axis of counts: the graph's upright one, the horizontal bars' lying one
    const counts = reading.axes[card === 'feed-fetch-graph' ? 'Y' : 'X'].filter(Boolean);
    if (counts.length < 2 || !counts.includes('0')) say(`too few count ticks: ${counts.join(' | ')}`);
    for (const tick of counts) if (!/^\d{1,3}(,\d{3})*$/.test(tick)) say(`count tick "${tick}" is not a whole number`);
    for (const cut of cutChartTexts(reading, await chart.evaluate((el) => el.getBoundingClientRect().toJSON()))) say(cut);
    const legend = reading.legend.map((l) => l.text);
    if (card === 'feed-fetch-graph') {
      // "the last 12 months": a bar a month, each labelled with the app's short month name
      if (JSON.stringify(reading.axes.X) !== JSON.stringify(last12Labels(lang))) say(`months ${reading.axes.X.join(' | ')}`);
      const G = T.dashboard.graph;
      if (JSON.stringify(legend) !== JSON.stringify([G.requests, G.given, G.withdrawn])) say(`legend ${legend.join(' | ')}`);
    }
    if (card === 'feed-summary-dsr') {
      const rights = Object.values(T.dsr.rights) as string[];
      for (const label of reading.axes.Y) if (!rights.includes(label)) say(`right "${label}" is not a right's whole name`);
    }
    if (card === 'feed-consent-count') {
      const C = T.dashboard.consent_count;
      if (JSON.stringify(legend) !== JSON.stringify([C.given, C.withdrawn])) say(`legend ${legend.join(' | ')}`);
    }
  }
  // the demo's dashboard draws three charts: requests and consents over time, requests by right, consents by purpose
  if (cards.join() !== 'feed-fetch-graph,feed-summary-dsr,feed-consent-count') problems.push(`charts: ${cards.join()}`);
  return problems;
}

test.describe("dashboard charts: whole counts, whole labels, the app's month names, every line seen", () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('in Thai and in English every chart counts in whole numbers, its labels are whole, its months the short names', async () => {
    await page.goto('/dashboard');
    await expectChart(page, 'feed-fetch-graph');
    await expectChart(page, 'feed-summary-dsr');
    await expectChart(page, 'feed-consent-count');
    await expect.poll(() => chartProblems(page, 'th')).toEqual([]);
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: en.dashboard.title, level: 1 })).toBeVisible();
    await expect.poll(() => chartProblems(page, 'en')).toEqual([]);
    await chooseLanguage(page, 'ไทย');
  });

  test('a month by day draws the graph as lines: each series drawn, marked at every day, inside the chart and seen', async () => {
    test.setTimeout(60_000); // the range picked in Thai, then in English
    const chart = page.getByTestId('feed-fetch-graph').getByTestId('chart');
    for (const lang of ['th', 'en'] as const) {
      const P = { th, en }[lang].dashboard.period;
      await page.goto('/dashboard');
      if (lang === 'en') await chooseLanguage(page, 'English');
      await expectChart(page, 'feed-fetch-graph');
      // the last 31 days (by day, more than 12 points: the graph is a line chart)
      const { y, m, d } = bangkokToday();
      const from = new Date(Date.UTC(y, m, d - 30));
      await choose(page, page.getByRole('combobox', { name: P.label }), P.custom);
      const part = (name: string) =>
        thaiDate(page.locator('main'), P.from).getByRole('combobox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
      const { day, month, year } = { th, en }[lang].common.date;
      await choose(page, part(day), String(from.getUTCDate()));
      await choose(page, part(month), new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', { month: 'long', timeZone: 'UTC' }).format(from));
      await choose(page, part(year), String(from.getUTCFullYear() + 543));
      await expect.poll(async () => (await readChart(chart)).xTicks).toBe(31);
      // the days' labels: "28 พ.ย.", "28 Nov" (never "28 Sept")
      const months = MONTHS[lang].map((name) => name.replace(/\./g, '\\.')).join('|');
      const reading = await readChart(chart);
      expect(reading.axes.X.filter((label) => !new RegExp(`^\\d{1,2} (${months})$`).test(label))).toEqual([]);
      expect(reading.lines).toHaveLength(3);
      expect(new Set(reading.lines.map((l) => l.stroke)).size, 'each series its own colour').toBe(3);
      for (const [i, line] of reading.lines.entries()) {
        const name = `${lang} line ${i + 1}`;
        expect(line.d, name).toMatch(/^M[\d.]+,[\d.]+[LC]/);
        expect(line.stroke, name).not.toMatch(/^(none|rgba\(0, 0, 0, 0\)|transparent)$/);
        expect(line.strokeWidth, name).toBeGreaterThanOrEqual(1);
        expect(line.opacity, name).toBeGreaterThan(0);
        expect(line.visibility, name).toBe('visible');
        // across the whole period (a line of zeros is flat, never empty)
        expect(line.box.width, name).toBeGreaterThan(reading.svg.width / 2);
        // a mark on every day, inside the drawing area, and some of them not covered by another series' marks
        expect(line.marks, name).toBe(31);
        expect(line.marksInPlot, name).toBe(31);
        expect(line.marksUncovered, name).toBeGreaterThan(0);
      }
      expect(cutChartTexts(reading, await chart.evaluate((el) => el.getBoundingClientRect().toJSON()))).toEqual([]);
    }
    await chooseLanguage(page, 'ไทย');
  });
});
