import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { cookieSnippet, defaultCookieSettings } from '../../contract/cookie';
import { th } from '../../i18n';
import { USERS, chooseLanguage, shoot, signIn } from './helpers';

/**
 * Cookie consent: a company's website on ANOTHER origin (localhost:<E2E_PORT + 20>, the app being on
 * 127.0.0.1:<E2E_PORT>) carries the install snippet. The banner shows in Thai; Reject keeps the blocked
 * analytics script from running; Accept runs it; a reload remembers; a new version with other
 * categories asks again; GPC turns marketing off; the choices reach the staff log; the keyboard works.
 */
const APP_PORT = Number(process.env.E2E_PORT ?? 3999);
const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? APP_PORT + 20);
const APP = `http://127.0.0.1:${APP_PORT}`;
const SITE = `http://localhost:${SITE_PORT}`;
const HOST = `localhost:${SITE_PORT}`;

let site: Server;
let token = '';
let domainId = '';

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${APP}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

const page_html = (lang = 'th') => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>ร้านค้าตัวอย่าง</title></head>
<body style="font-family:sans-serif">
<h1>ร้านค้าตัวอย่าง</h1>
<p id="analytics">analytics: not run</p>
<p id="marketing">marketing: not run</p>
<script type="text/plain" data-category="analytics">
  document.cookie = '_ga=GA1.1.e2e; path=/';
  document.getElementById('analytics').textContent = 'analytics: ran';
</script>
<script type="text/plain" data-category="marketing">
  document.getElementById('marketing').textContent = 'marketing: ran';
</script>
<script async src="${APP}/cookie-banner.js" data-domain="${domainId}"></script>
</body></html>`;

/** A page with a blocked iframe (a video, marketing) and a button that adds another one later. */
let frameLoads = 0;
const iframesHtml = () => `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><title>วิดีโอ</title></head>
<body>
<iframe id="video" data-src="/frame" data-category="marketing" data-provider="YouTube" title="วิดีโอ" width="300" height="80"></iframe>
<button id="add" onclick="const f = document.createElement('iframe'); window.added = (window.added || 0) + 1; f.id = 'later' + window.added; f.dataset.src = '/frame'; f.dataset.category = 'marketing'; document.body.appendChild(f)">add</button>
<script async src="${APP}/cookie-banner.js" data-domain="${domainId}"></script>
</body></html>`;

/** Google's own gtag snippet (its loader left out: no network here), after ours, as a site writes it. */
const GOOGLE_TAG = `<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date()); gtag('config', 'G-E2ETEST');</script>`;
/** The snippet exactly as the product gives it, first in <head>, then Google's tag; a blocked library and the inline script that uses it. */
const taggedHtml = () => `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><title>ร้านค้าที่ใช้ Google tag</title>
${cookieSnippet(APP, domainId)}
${GOOGLE_TAG}
</head><body>
<p id="order">order: not run</p>
<script type="text/plain" data-category="analytics" src="/slow-lib.js"></script>
<script type="text/plain" data-category="analytics">document.getElementById('order').textContent = 'order: ' + (window.slowLib ? window.slowLib.ready : 'missing');</script>
</body></html>`;

/** A site that restyles the banner by its CSS variables and uses its JavaScript API and events. */
const apiHtml = () => `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><title>ร้านค้าที่ใช้ API</title>
<style>pdpa-cookie-banner { --pdpa-primary: rgb(1, 2, 3); --pdpa-radius: 0px }</style>
<script>
  window.events = [];
  for (const name of ['first-consent', 'change']) addEventListener('pdpa:' + name, (e) => window.events.push([name, e.detail]));
</script>
</head><body>
<p id="analytics">analytics: not run</p>
<script type="text/plain" data-category="analytics">document.getElementById('analytics').textContent = 'analytics: ran';</script>
<script async src="${APP}/cookie-banner.js" data-domain="${domainId}"></script>
</body></html>`;

/** Two marketing services' scripts, each marked with its service. */
const servicesHtml = () => `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><title>ร้านค้าที่มีหลายบริการ</title></head><body>
<p id="ads">ads: not run</p>
<p id="pixel">pixel: not run</p>
<script type="text/plain" data-category="marketing" data-service="google_ads">document.getElementById('ads').textContent = 'ads: ran';</script>
<script type="text/plain" data-category="marketing" data-service="meta">document.getElementById('pixel').textContent = 'pixel: ran';</script>
<script async src="${APP}/cookie-banner.js" data-domain="${domainId}"></script>
</body></html>`;

/** The receipt a visitor downloaded (the queue's test), for the staff's check of it (the download goes with its context). */
let receiptText = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const timestamp = String(Date.now());
  const res = await fetch(`${APP}/api/v1/user/signin/${timestamp}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${createHash('sha256').update(timestamp).digest('hex')}` },
    body: JSON.stringify({ username: USERS.admin.username, password: USERS.admin.password, companyCode: USERS.admin.companyCode }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
  const created = await api('POST', '/cookie/domain', { host: HOST, name: 'เว็บทดสอบ e2e', includeSubdomains: false });
  domainId = (created.data as { _id: string })._id;
  await api('POST', `/cookie/setting/${domainId}/publish`, {});
  site = createServer((req, res) => {
    if (req.url === '/slow-lib.js') {
      // an external library that takes its time: the inline script after it must still wait for it
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end("window.slowLib = { ready: 'library first' };");
      }, 400);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (req.url === '/tagged') return res.end(taggedHtml());
    if (req.url === '/api') return res.end(apiHtml());
    if (req.url === '/services') return res.end(servicesHtml());
    if (req.url === '/frame') {
      frameLoads++;
      return res.end('<!doctype html><html><body><p id="inside">frame: loaded</p></body></html>');
    }
    res.end(req.url === '/iframes' ? iframesHtml() : page_html(req.url === '/en' ? 'en' : 'th'));
  });
  await new Promise<void>((resolve) => site.listen(SITE_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

const dialog = (page: Page) => page.locator('pdpa-cookie-banner').getByRole('dialog');
const activeAct = (page: Page) =>
  page.evaluate(() => (document.querySelector('pdpa-cookie-banner')?.shadowRoot?.activeElement as HTMLElement | null)?.dataset.act ?? null);
const cookieNames = async (context: BrowserContext) => (await context.cookies(SITE)).map((c) => c.name);

async function freshSite(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ locale: 'th-TH', ...options });
  const page = await context.newPage();
  await page.goto(SITE + '/');
  return { context, page };
}

test('the banner shows in Thai; Reject all keeps the analytics script from running and sets no analytics cookie', async ({ browser }) => {
  const { context, page } = await freshSite(browser);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'เว็บไซต์นี้ใช้คุกกี้' })).toBeVisible();
  const accept = dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' });
  const reject = dialog(page).getByRole('button', { name: 'ปฏิเสธทั้งหมด' });
  // equally prominent: same height, same colours, same weight
  const look = (b: typeof accept) =>
    b.evaluate((el) => {
      const s = getComputedStyle(el);
      return [el.getBoundingClientRect().height, s.backgroundColor, s.color, s.fontWeight, s.fontSize].join('|');
    });
  expect(await look(accept)).toBe(await look(reject));
  await page.screenshot({ path: 'test-results/screens/cookie-banner-site-th.png' });
  await reject.click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.locator('#analytics')).toHaveText('analytics: not run');
  expect(await cookieNames(context)).not.toContain('_ga');
  expect(await cookieNames(context)).toContain('pdpa_cc');
  await context.close();
});

test('a blocked iframe (<iframe data-src data-category>) loads only once its category is accepted, and no new one after a withdrawal', async ({
  browser,
}) => {
  const { context, page } = await freshSite(browser);
  frameLoads = 0;
  await page.goto(SITE + '/iframes');
  await expect(dialog(page)).toBeVisible();
  const src = (id: string) => page.locator(`#${id}`).getAttribute('src');
  expect(await src('video')).toBeNull();
  await dialog(page).getByRole('button', { name: 'ปฏิเสธทั้งหมด' }).click();
  await expect(dialog(page)).toBeHidden();
  await page.waitForTimeout(300);
  expect(await src('video')).toBeNull();
  expect(frameLoads).toBe(0);

  // accepted: the iframe loads, and one added afterwards too
  const reopen = page.locator('pdpa-cookie-banner').getByRole('button', { name: 'ตั้งค่าคุกกี้' });
  await reopen.click();
  await dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' }).click();
  await expect(page.frameLocator('#video').locator('#inside')).toHaveText('frame: loaded');
  expect(await src('video')).toBe('/frame');
  await page.locator('#add').click();
  await expect(page.frameLocator('#later1').locator('#inside')).toHaveText('frame: loaded');
  expect(frameLoads).toBe(2);

  // withdrawn: an iframe added afterwards stays empty
  await reopen.click();
  await dialog(page).getByRole('button', { name: 'ปฏิเสธทั้งหมด' }).click();
  await expect(dialog(page)).toBeHidden();
  await page.locator('#add').click();
  await expect(page.locator('#later2')).toHaveCount(1);
  await page.waitForTimeout(300);
  expect(await src('later2')).toBeNull();
  expect(frameLoads).toBe(2);
  await context.close();
});

test('a blocked iframe shows who its content is from and what it needs; its button allows that category and loads it, the choice stored and logged', async ({
  browser,
}) => {
  const { context, page } = await freshSite(browser);
  frameLoads = 0;
  await page.goto(SITE + '/iframes');
  await expect(dialog(page)).toBeVisible();
  const holder = page.locator('[data-pdpa-placeholder="marketing"]').first();
  // before any choice, and after Reject all, the box says what it is
  await expect(holder).toContainText('YouTube');
  await expect(holder).toContainText('คุกกี้เพื่อการตลาด');
  await dialog(page).getByRole('button', { name: 'ปฏิเสธทั้งหมด' }).click();
  await expect(holder).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/cookie-iframe-placeholder-th.png' });
  expect(frameLoads).toBe(0);
  await holder.getByRole('button', { name: 'อนุญาตและแสดงเนื้อหานี้' }).click();
  await expect(page.frameLocator('#video').locator('#inside')).toHaveText('frame: loaded');
  await expect(page.locator('[data-pdpa-placeholder]')).toHaveCount(0);
  const stored = JSON.parse(decodeURIComponent((await context.cookies(SITE)).find((c) => c.name === 'pdpa_cc')!.value)) as {
    id: string;
    c: Record<string, boolean>;
  };
  expect(stored.c).toMatchObject({ necessary: true, marketing: true, analytics: false });
  await expect
    .poll(async () => ((await api('GET', `/cookie/log?visitorId=${stored.id}`)).logList as { choices: Record<string, boolean> }[])[0]?.choices)
    .toMatchObject({ marketing: true, analytics: false });
  await context.close();
});

/** The dataLayer's entries as `consent:default`, `consent:update`, `js`, `config`. */
const dataLayerOf = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? []).map((e) => {
      const [a, b] = Array.from(e);
      return a === 'consent' ? `consent:${String(b)}` : String(a);
    }),
  );

test('Consent Mode: the snippet sets the defaults (denied) before Google tag runs, and a returning visitor is granted at once', async ({
  browser,
}) => {
  const { context, page } = await freshSite(browser);
  await page.goto(SITE + '/tagged');
  const layer = await dataLayerOf(page);
  expect(layer.slice(0, 3)).toEqual(['consent:default', 'js', 'config']);
  const defaults = await page.evaluate(() => Array.from((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer[0])[2]);
  expect(defaults).toMatchObject({ ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  await dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' }).click();
  // the blocked library ran before the inline script that uses it (document order, its load awaited)
  await expect(page.locator('#order')).toHaveText('order: library first');

  // the next page view: the stored choice is granted before Google's tag, without waiting for the banner
  await page.route(`${APP}/api/v1/cookie/public/config/**`, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(SITE + '/tagged');
  expect((await dataLayerOf(page)).slice(0, 4)).toEqual(['consent:default', 'consent:update', 'js', 'config']);
  const update = await page.evaluate(() => Array.from((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer[1])[2]);
  expect(update).toMatchObject({ analytics_storage: 'granted', ad_storage: 'granted' });
  await context.close();
});

test('Consent Mode stays denied when the banner script cannot load', async ({ browser }) => {
  const { context, page } = await freshSite(browser);
  await page.route(`${APP}/cookie-banner.js`, (route) => route.abort());
  await page.goto(SITE + '/tagged');
  expect((await dataLayerOf(page)).slice(0, 3)).toEqual(['consent:default', 'js', 'config']);
  await page.waitForTimeout(300);
  expect(await page.locator('#order').textContent()).toBe('order: not run');
  expect((await dataLayerOf(page)).filter((e) => e === 'consent:update')).toEqual([]);
  await context.close();
});

test('a page in English gets the banner in English', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'th-TH' });
  const page = await context.newPage();
  await page.goto(SITE + '/en');
  await expect(dialog(page).getByRole('heading', { name: 'This site uses cookies' })).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Reject all' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/cookie-banner-site-en.png' });
  await context.close();
});

test('Accept all runs the analytics script; a reload remembers the choice (no banner)', async ({ browser }) => {
  const { context, page } = await freshSite(browser);
  await dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' }).click();
  await expect(page.locator('#analytics')).toHaveText('analytics: ran');
  await expect(page.locator('#marketing')).toHaveText('marketing: ran');
  expect(await cookieNames(context)).toContain('_ga');
  await page.reload();
  await expect(page.locator('#analytics')).toHaveText('analytics: ran');
  await expect(page.locator('pdpa-cookie-banner').getByRole('button', { name: 'ตั้งค่าคุกกี้' })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await page.locator('pdpa-cookie-banner').getByRole('button', { name: 'ตั้งค่าคุกกี้' }).click();
  await expect(dialog(page)).toBeVisible();
  await context.close();
});

test("a choice goes with the visitor's token and is logged; the same choice made up without the banner's token is refused (403), nothing stored", async ({
  browser,
}) => {
  const { context, page } = await freshSite(browser);
  await expect(dialog(page)).toBeVisible();
  const beacon = page.waitForResponse((r) => r.url().endsWith('/api/v1/cookie/public/consent') && r.request().method() === 'POST');
  await dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' }).click();
  // taken: the server refuses a choice without its visitor's token
  expect((await beacon).status()).toBe(200);
  const cookie = (await context.cookies(SITE)).find((c) => c.name === 'pdpa_cc')!;
  const stored = JSON.parse(decodeURIComponent(cookie.value)) as { id: string; v: number; c: Record<string, boolean> };
  const logged = async (visitorId: string) => ((await api('GET', `/cookie/log?visitorId=${visitorId}`)).logList as unknown[]).length;
  expect(await logged(stored.id)).toBe(1);
  // a script elsewhere that copies the choice for a new visitor: with no token, or with the real visitor's
  const real = await fetch(`${APP}/api/v1/cookie/public/token/${domainId}?id=${stored.id}`, { headers: { origin: SITE } });
  const { token: realToken } = (await real.json()) as { token: string };
  const forger = randomUUID();
  for (const t of [undefined, realToken]) {
    const forged = await fetch(`${APP}/api/v1/cookie/public/consent`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: SITE },
      body: JSON.stringify({ d: domainId, v: stored.v, id: forger, m: 'accept_all', c: stored.c, p: '/', l: 'th', t }),
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { msg: string }).msg).toBe('การเลือกคุกกี้นี้ไม่มีโทเค็นที่ถูกต้องจากแบนเนอร์ จึงไม่ได้บันทึก');
  }
  expect(await logged(forger)).toBe(0);
  await context.close();
});

test('a choice whose answer is lost is sent again with its submission id and stored once; one the network dropped goes from the queue on the next page; the visitor downloads a receipt', async ({
  browser,
}) => {
  const { context, page } = await freshSite(browser);
  await expect(dialog(page)).toBeVisible();
  const consent = `${APP}/api/v1/cookie/public/consent`;
  // the first try reaches the server, but its answer is lost (a 503 from a proxy on the way)
  const bodies: Array<{ s: string; m: string }> = [];
  await page.route(consent, async (route) => {
    bodies.push(JSON.parse(route.request().postData()!));
    const response = await route.fetch();
    if (bodies.length === 1) await route.fulfill({ status: 503, headers: { 'access-control-allow-origin': SITE }, body: '{}' });
    else await route.fulfill({ response });
  });
  await dialog(page).getByRole('button', { name: 'ปฏิเสธทั้งหมด' }).click();
  // the banner tries again two seconds later, with the same submission id; then its queue is empty
  await expect.poll(() => bodies.length, { timeout: 10_000 }).toBe(2);
  expect(bodies[1].s).toBe(bodies[0].s);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pdpa_cc_q'))).toBeNull();
  const visitor = (JSON.parse(decodeURIComponent((await context.cookies(SITE)).find((c) => c.name === 'pdpa_cc')!.value)) as { id: string }).id;
  const logged = async () => (await api('GET', `/cookie/log?visitorId=${visitor}`)).logList as Array<{ method: string }>;
  expect((await logged()).map((r) => r.method)).toEqual(['reject_all']);

  // offline: the next choice never leaves the page, and waits in the queue
  await page.unroute(consent);
  await page.route(consent, (route) => route.abort('internetdisconnected'));
  await page.locator('pdpa-cookie-banner').getByRole('button', { name: 'ตั้งค่าคุกกี้' }).click();
  await dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' }).click();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('pdpa_cc_q') ?? '[]').length)).toBe(1);
  expect(await logged()).toHaveLength(1);
  // the next page sends it
  await page.unroute(consent);
  const sent = page.waitForResponse((r) => r.url() === consent && r.request().method() === 'POST');
  await page.reload();
  expect((await sent).status()).toBe(200);
  await expect.poll(async () => (await logged()).map((r) => r.method)).toEqual(['accept_all', 'reject_all']);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pdpa_cc_q'))).toBeNull();

  // the receipt, from the preferences: both choices, each with its row's hash
  await page.locator('pdpa-cookie-banner').getByRole('button', { name: 'ตั้งค่าคุกกี้' }).click();
  await dialog(page).getByRole('button', { name: 'ตั้งค่าคุกกี้' }).click();
  const download = page.waitForEvent('download');
  await dialog(page).getByRole('button', { name: 'ดาวน์โหลดหลักฐานการเลือกของฉัน' }).click();
  receiptText = await readFile((await (await download).path())!, 'utf8');
  const receipt = JSON.parse(receiptText) as { visitorId: string; host: string; choices: Array<{ method: string; hash: string }> };
  expect(receipt).toMatchObject({ visitorId: visitor, host: HOST });
  expect(receipt.choices.map((c) => c.method)).toEqual(['accept_all', 'reject_all']);
  for (const c of receipt.choices) expect(c.hash).toMatch(/^[0-9a-f]{64}$/);
  await context.close();
});

test("the site's own code: CSS variables restyle the banner; acceptCategory and getConsent; first-consent and change events name what changed", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'th-TH' });
  const page = await context.newPage();
  await page.goto(SITE + '/api');
  const accept = dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' });
  await expect(accept).toHaveCSS('background-color', 'rgb(1, 2, 3)');
  await expect(dialog(page)).toHaveCSS('border-radius', '0px');
  await page.evaluate(() => (window as unknown as { pdpaCookies: { acceptCategory(k: string): void } }).pdpaCookies.acceptCategory('analytics'));
  await expect(page.locator('#analytics')).toHaveText('analytics: ran');
  await expect(dialog(page)).toHaveCount(0);
  const consent = () => page.evaluate(() => (window as unknown as { pdpaCookies: { getConsent(): unknown } }).pdpaCookies.getConsent());
  expect(await consent()).toEqual({ necessary: true, functional: false, analytics: true, marketing: false });
  await page.evaluate(() => (window as unknown as { pdpaCookies: { acceptCategory(): void } }).pdpaCookies.acceptCategory());
  expect(await consent()).toEqual({ necessary: true, functional: true, analytics: true, marketing: true });
  const events = (await page.evaluate(() => (window as unknown as { events: unknown[] }).events)) as Array<[string, { changed?: string[] }]>;
  expect(events.map(([name]) => name)).toEqual(['first-consent', 'change']);
  expect(events[1][1].changed!.sort()).toEqual(['functional', 'marketing']);
  // both reached the log, as the banner's own buttons would have sent them
  const visitor = (JSON.parse(decodeURIComponent((await context.cookies(SITE)).find((c) => c.name === 'pdpa_cc')!.value)) as { id: string }).id;
  await expect
    .poll(async () => ((await api('GET', `/cookie/log?visitorId=${visitor}`)).logList as Array<{ method: string }>).map((r) => r.method))
    .toEqual(['accept_all', 'custom']);
  await context.close();
});

test('services inside a category: the visitor allows Google Ads and refuses Meta Pixel; only the allowed service runs, and the log says so', async ({
  browser,
}) => {
  const settings = defaultCookieSettings();
  settings.categories[3].services = [
    { key: 'google_ads', name: 'Google Ads' },
    { key: 'meta', name: 'Meta Pixel' },
  ];
  await api('PUT', `/cookie/setting/${domainId}`, { settings });
  await api('POST', `/cookie/setting/${domainId}/publish`, {});
  try {
    const context = await browser.newContext({ locale: 'th-TH' });
    const page = await context.newPage();
    await page.goto(SITE + '/services');
    await dialog(page).getByRole('button', { name: 'ตั้งค่าคุกกี้' }).click();
    const marketing = dialog(page).getByRole('switch', { name: 'คุกกี้เพื่อการตลาด' });
    const ads = dialog(page).getByRole('switch', { name: 'Google Ads' });
    const pixel = dialog(page).getByRole('switch', { name: 'Meta Pixel' });
    // nothing on before the visitor chooses; the category's switch turns its services on, and one service off leaves the category on
    await expect(ads).not.toBeChecked();
    await marketing.check();
    await expect(ads).toBeChecked();
    await expect(pixel).toBeChecked();
    await pixel.uncheck();
    await expect(marketing).toBeChecked();
    await shoot(page, 'cookie-services-th');
    await dialog(page).getByRole('button', { name: 'บันทึกการตั้งค่า' }).click();
    await expect(page.locator('#ads')).toHaveText('ads: ran');
    await expect(page.locator('#pixel')).toHaveText('pixel: not run');
    const visitor = (JSON.parse(decodeURIComponent((await context.cookies(SITE)).find((c) => c.name === 'pdpa_cc')!.value)) as { id: string }).id;
    await expect
      .poll(async () => ((await api('GET', `/cookie/log?visitorId=${visitor}`)).logList as Array<{ choices: Record<string, boolean> }>)[0]?.choices)
      .toMatchObject({ marketing: true, 'marketing.google_ads': true, 'marketing.meta': false });
    // a reload keeps it so
    await page.reload();
    await expect(page.locator('#ads')).toHaveText('ads: ran');
    await expect(page.locator('#pixel')).toHaveText('pixel: not run');
    await context.close();
  } finally {
    await api('PUT', `/cookie/setting/${domainId}`, { settings: defaultCookieSettings() });
    await api('POST', `/cookie/setting/${domainId}/publish`, {});
  }
});

test('the keyboard: the banner takes no focus and is no trap (Tab passes it), Escape leaves the preferences', async ({ browser }) => {
  const { context, page } = await freshSite(browser);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).not.toHaveAttribute('aria-modal', 'true');
  expect(await activeAct(page)).toBeNull();
  await page.keyboard.press('Tab');
  expect(await activeAct(page)).toBe('reject');
  await page.keyboard.press('Tab');
  expect(await activeAct(page)).toBe('accept');
  await page.keyboard.press('Tab');
  expect(await activeAct(page)).toBe('prefs');
  // past the last button the focus leaves the banner for the browser (no wall)
  await page.keyboard.press('Tab');
  expect(await activeAct(page)).toBeNull();
  await dialog(page).locator('[data-act=prefs]').focus();
  expect(await activeAct(page)).toBe('prefs');
  await page.keyboard.press('Enter');
  // the first switch that can change takes the focus; none but necessary is on before a choice
  await expect(dialog(page).getByRole('switch', { name: 'คุกกี้เพื่อการใช้งาน' })).toBeFocused();
  await expect(dialog(page).getByRole('switch', { name: 'คุกกี้เพื่อการวิเคราะห์' })).not.toBeChecked();
  await expect(dialog(page).getByRole('switch', { name: 'คุกกี้ที่จำเป็น' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/cookie-banner-preferences-th.png' });
  await page.keyboard.press('Escape');
  await expect(dialog(page).getByRole('heading', { name: 'เว็บไซต์นี้ใช้คุกกี้' })).toBeVisible();
  expect(await activeAct(page)).toBe('prefs');
  // a choice made with the keyboard alone: switch analytics on, save
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await dialog(page).getByRole('button', { name: 'บันทึกการตั้งค่า' }).press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page.locator('#analytics')).toHaveText('analytics: ran');
  await expect(page.locator('#marketing')).toHaveText('marketing: not run');
  await context.close();
});

test('Global Privacy Control, honoured openly: the banner says so, Accept all says it leaves marketing off, and the log records GPC', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'th-TH', extraHTTPHeaders: { 'Sec-GPC': '1' } });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const page = await context.newPage();
  await page.goto(SITE + '/');
  await expect(dialog(page)).toContainText('เบราว์เซอร์ของคุณส่งสัญญาณ Global Privacy Control');
  await dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด ยกเว้นการตลาด', exact: true }).click();
  await expect(page.locator('#analytics')).toHaveText('analytics: ran');
  await expect(page.locator('#marketing')).toHaveText('marketing: not run');
  const stored = JSON.parse(decodeURIComponent((await context.cookies(SITE)).find((c) => c.name === 'pdpa_cc')!.value)) as { id: string };
  await expect
    .poll(
      async () =>
        ((await api('GET', `/cookie/log?visitorId=${stored.id}`)).logList as { method: string; gpc: boolean; choices: Record<string, boolean> }[])[0],
    )
    .toMatchObject({ method: 'gpc', gpc: true, choices: { marketing: false, analytics: true } });
  await context.close();
});

test('a visitor without GPC sees neither the line nor the changed button', async ({ browser }) => {
  const { context, page } = await freshSite(browser);
  await expect(dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด', exact: true })).toBeVisible();
  await expect(dialog(page).locator('[data-gpc]')).toHaveCount(0);
  await context.close();
});

test("each category's cookies (name, provider, purpose, duration) in the visitor's language; a consent wall when the domain asks for one", async ({
  browser,
}) => {
  const settings = defaultCookieSettings();
  settings.categories[2].cookies = [
    {
      name: '_ga',
      provider: 'Google Analytics',
      purpose: 'แยกผู้เข้าชมแต่ละคน',
      duration: '2 ปี',
      purposeEn: 'Tells visitors apart',
      durationEn: '2 years',
      party: 'third',
    },
    { name: '_ga_*', provider: 'Google Analytics', purpose: 'เก็บสถานะการเข้าชม', duration: '2 ปี', purposeEn: '', durationEn: '', party: 'third' },
  ];
  settings.consentWall = true;
  await api('PUT', `/cookie/setting/${domainId}`, { settings });
  await api('POST', `/cookie/setting/${domainId}/publish`, {});

  const { context, page } = await freshSite(browser);
  // the wall: modal, the focus inside from the start and kept there
  await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
  expect(await activeAct(page)).toBe('reject');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await activeAct(page)).toBe('prefs');
  await page.keyboard.press('Tab');
  expect(await activeAct(page)).toBe('reject');
  await page.keyboard.press('Shift+Tab');
  expect(await activeAct(page)).toBe('prefs');
  await page.keyboard.press('Enter');
  const table = dialog(page).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['คุกกี้', 'ผู้ให้บริการ', 'วัตถุประสงค์', 'ระยะเวลา']);
  await expect(table.getByRole('row').nth(1)).toHaveText(/_gaGoogle Analyticsแยกผู้เข้าชมแต่ละคน2 ปี/);
  await page.screenshot({ path: 'test-results/screens/cookie-banner-details-th.png' });
  await context.close();

  // an English page: the English purpose and duration, or the Thai ones where none was typed
  const english = await browser.newContext({ locale: 'th-TH' });
  const enPage = await english.newPage();
  await enPage.goto(SITE + '/en');
  await dialog(enPage).getByRole('button', { name: 'Cookie settings' }).click();
  const enTable = dialog(enPage).getByRole('table');
  await expect(enTable.getByRole('columnheader')).toHaveText(['Cookie', 'Provider', 'Purpose', 'Duration']);
  await expect(enTable.getByRole('row').nth(1)).toHaveText(/_gaGoogle AnalyticsTells visitors apart2 years/);
  await expect(enTable.getByRole('row').nth(2)).toHaveText(/_ga_\*Google Analyticsเก็บสถานะการเข้าชม2 ปี/);
  await enPage.screenshot({ path: 'test-results/screens/cookie-banner-details-en.png' });
  await english.close();

  settings.consentWall = false;
  await api('PUT', `/cookie/setting/${domainId}`, { settings });
  await api('POST', `/cookie/setting/${domainId}/publish`, {});
});

test('publishing a version that changes the categories asks again', async ({ browser }) => {
  const { context, page } = await freshSite(browser);
  await dialog(page).getByRole('button', { name: 'ปฏิเสธทั้งหมด' }).click();
  await expect(dialog(page)).toBeHidden();
  const state = await context.storageState();
  await context.close();
  // the same visitor on another day: nothing asked while the version stands
  const again = await browser.newContext({ locale: 'th-TH', storageState: state });
  const page2 = await again.newPage();
  await page2.goto(SITE + '/');
  await expect(page2.locator('pdpa-cookie-banner').getByRole('button', { name: 'ตั้งค่าคุกกี้' })).toBeVisible();
  await expect(dialog(page2)).toHaveCount(0);
  await again.close();

  const settings = defaultCookieSettings();
  settings.categories.push({
    key: 'chat',
    name: { th: 'แชตกับพนักงาน', en: 'Chat' },
    description: { th: 'แชตสด', en: 'Live chat' },
    cookies: [],
    services: [],
  });
  await api('PUT', `/cookie/setting/${domainId}`, { settings });
  const published = await api('POST', `/cookie/setting/${domainId}/publish`, {});
  expect(published).toMatchObject({ reasks: true });

  const later = await browser.newContext({ locale: 'th-TH', storageState: state });
  const page3 = await later.newPage();
  await page3.goto(SITE + '/');
  await expect(dialog(page3)).toBeVisible();
  await dialog(page3).getByRole('button', { name: 'ตั้งค่าคุกกี้' }).click();
  await expect(dialog(page3).getByRole('switch', { name: 'แชตกับพนักงาน' })).toBeVisible();
  await later.close();
});

test('an undeclared cookie sorted into analytics is removed when the visitor withdraws', async ({ browser }) => {
  const undeclared = (await api('GET', `/cookie/undeclared?domainId=${domainId}`)).cookieList as { name: string }[];
  expect(undeclared.map((c) => c.name)).toContain('_ga');
  await api('POST', '/cookie/undeclared/assign', { domainId, name: '_ga', category: 'analytics' });
  await api('POST', `/cookie/setting/${domainId}/publish`, {});
  const { context, page } = await freshSite(browser);
  await dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' }).click();
  await expect.poll(() => cookieNames(context)).toContain('_ga');
  await page.locator('pdpa-cookie-banner').getByRole('button', { name: 'ตั้งค่าคุกกี้' }).click();
  await dialog(page).getByRole('button', { name: 'ปฏิเสธทั้งหมด' }).click();
  await expect.poll(() => cookieNames(context)).not.toContain('_ga');
  await context.close();
});

test('withdrawing a category reloads the page when the domain asks, so its running scripts stop; otherwise the page stays', async ({ browser }) => {
  const { settings } = (await api('GET', `/cookie/setting/${domainId}`)) as { settings: Record<string, unknown> };
  const publish = async (reloadOnWithdrawal: boolean) => {
    await api('PUT', `/cookie/setting/${domainId}`, { settings: { ...settings, reloadOnWithdrawal } });
    await api('POST', `/cookie/setting/${domainId}/publish`, {});
  };
  const acceptThenWithdraw = async () => {
    const { context, page } = await freshSite(browser);
    await dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' }).click();
    await expect(page.locator('#analytics')).toHaveText('analytics: ran');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('pdpa-cookie-banner').getByRole('button', { name: 'ตั้งค่าคุกกี้' }).click();
    await dialog(page).getByRole('button', { name: 'ปฏิเสธทั้งหมด' }).click();
    // read while the page may be reloading: a read that meets the navigation says so, and a poll asks again
    const marker = () => page.evaluate(() => (window as unknown as { marker?: number }).marker).catch(() => 'reloading' as const);
    return { context, page, marker };
  };
  try {
    await publish(false);
    const stays = await acceptThenWithdraw();
    await expect(stays.page.locator('pdpa-cookie-banner').getByRole('button', { name: 'ตั้งค่าคุกกี้' })).toBeVisible();
    expect(await stays.marker()).toBe(1);
    // the script that already ran is still what it did on this page
    await expect(stays.page.locator('#analytics')).toHaveText('analytics: ran');
    await stays.context.close();

    await publish(true);
    const reloads = await acceptThenWithdraw();
    await expect.poll(reloads.marker).toBeUndefined();
    await expect(reloads.page.locator('#analytics')).toHaveText('analytics: not run');
    await expect(dialog(reloads.page)).toHaveCount(0);
    await reloads.context.close();
  } finally {
    await publish(false);
  }
});

test.describe('staff screens', () => {
  test('the choices reach the consent log; one visitor history; statistics chart', async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto('/cookie/list?tab=log');
    await expect(page.getByRole('heading', { level: 1, name: 'จัดการความยินยอมคุกกี้' })).toBeVisible();
    const rows = page.getByTestId('cookie-log-row').filter({ hasText: HOST });
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: 'ปฏิเสธทั้งหมด' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: 'Global Privacy Control' }).first()).toBeVisible();
    await shoot(page, 'cookie-log-th');
    await rows.first().getByRole('button').click();
    await expect(page.getByText('ประวัติของผู้เข้าชมนี้')).toBeVisible();
    await page.goto('/cookie/list?tab=stats');
    await expect(page.getByText('อัตราการยอมรับรายหมวดหมู่ต่อวัน (%)')).toBeVisible();
    await expect(page.getByTestId('cookie-rate-analytics')).toBeVisible();
    await shoot(page, 'cookie-stats-th');
    await page.goto('/cookie/list?tab=undeclared');
    await expect(page.getByTestId('cookie-undeclared-row').first()).toBeVisible();
    await shoot(page, 'cookie-undeclared-th');
    await page.goto('/cookie/list');
    const siteRow = page.getByTestId('cookie-domain-row').filter({ hasText: HOST });
    await expect(siteRow).toBeVisible();
    await expect(page.getByTestId('cookie-snippet').first()).toContainText('cookie-banner.js');
    // the visits above loaded its banner: seen today, and no warning
    await expect(siteRow.getByTestId('cookie-last-seen')).toContainText('พบแบนเนอร์โหลดบนเว็บไซต์ล่าสุด');
    await expect(siteRow.getByTestId('cookie-silent')).toHaveCount(0);
    await shoot(page, 'cookie-domains-th');
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie consent' })).toBeVisible();
    await shoot(page, 'cookie-domains-en');
  });

  test("the log's proof: the demo shop's sealed days, verified intact; the seals as CSV; in English", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto('/cookie/list?tab=proof');
    await expect(page.getByRole('tab', { name: 'หลักฐานบันทึก', selected: true })).toBeVisible();
    // the demo shop's log goes back weeks: each day before today is sealed
    await expect(page.getByTestId('cookie-digest-row').first()).toBeVisible();
    expect(await page.getByTestId('cookie-digest-row').count()).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'ตรวจสอบบันทึก' }).click();
    const result = page.getByTestId('cookie-verify-result');
    await expect(result).toContainText('ถูกต้อง: ตรวจ');
    await expect(result).toContainText('ไม่พบการแก้ไข เพิ่ม หรือลบ');
    await shoot(page, 'cookie-proof-th');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'ส่งออกค่าปิดผนึก (CSV)' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv).toContain('ค่าแฮชของวัน');
    expect(csv.split('\r\n').filter(Boolean).length).toBeGreaterThan(5);
    await chooseLanguage(page, 'English');
    await page.getByRole('button', { name: 'Verify the log' }).click();
    await expect(page.getByTestId('cookie-verify-result')).toContainText('Intact:');
    await shoot(page, 'cookie-proof-en');
  });

  test("a visitor's receipt checked against the log: each choice matches; a receipt edited by hand does not", async ({ page }) => {
    expect(receiptText, 'the receipt the queue test downloaded').not.toBe('');
    const file = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
    await signIn(page, USERS.admin);
    await page.goto('/cookie/list?tab=proof');
    await page.getByTestId('cookie-receipt-file').setInputFiles(file('consent-receipt.json', receiptText));
    const rows = page.getByTestId('cookie-receipt-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('ตรงกับบันทึก');
    await expect(rows.nth(1)).toContainText('ตรงกับบันทึก');
    await expect(rows.nth(0)).toContainText('ยังไม่ปิดผนึก');
    await shoot(page, 'cookie-receipt-th');
    // the visitor's own edit: accept_all made into reject_all, its hash kept
    const receipt = JSON.parse(receiptText) as { choices: Array<{ method: string; choices: Record<string, boolean> }> };
    receipt.choices[0].method = 'reject_all';
    await page.getByTestId('cookie-receipt-file').setInputFiles(file('edited.json', JSON.stringify(receipt)));
    await expect(rows.nth(0)).toContainText('ไม่ตรง');
    await expect(rows.nth(1)).toContainText('ตรงกับบันทึก');
    // not a receipt at all
    await page.getByTestId('cookie-receipt-file').setInputFiles(file('other.json', '{"hello":1}'));
    await expect(page.getByText('ไฟล์นี้ไม่ใช่หลักฐานการเลือกคุกกี้ที่ระบบออกให้')).toBeVisible();
  });

  test("a registered site gone silent is flagged (SIAM's demo site, not seen for 12 days)", async ({ page }) => {
    await signIn(page, USERS.siamAdmin);
    await page.goto('/cookie/list');
    await expect(page.getByTestId('cookie-silent')).toContainText('ไม่พบแบนเนอร์โหลดเกิน 7 วัน');
    await shoot(page, 'cookie-domains-silent-th');
  });

  test('the settings form and its live preview; publish makes a new version', async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto(`/cookie/setting/${domainId}`);
    const preview = page.getByTestId('cookie-preview');
    await expect(preview.getByRole('heading', { name: 'เว็บไซต์นี้ใช้คุกกี้' })).toBeVisible();
    // each declared cookie: its purpose readable on a line of its own, its name whole (the earlier test sorted _ga here)
    await page.setViewportSize({ width: 1440, height: 900 });
    const declared = page.getByTestId('cookie-declaration').first();
    await expect(declared.getByLabel('ชื่อหรือรูปแบบ (เช่น _ga_*)')).toHaveValue('_ga');
    expect((await declared.getByLabel('วัตถุประสงค์ (ไทย)').boundingBox())!.width).toBeGreaterThan(300);
    await page.locator('input[name="texts.th.title"]').fill('เราใช้คุกกี้เพื่อคุณ');
    await expect(preview.getByRole('heading', { name: 'เราใช้คุกกี้เพื่อคุณ' })).toBeVisible();
    await shoot(page, 'cookie-settings-th');
    await page.getByRole('button', { name: 'บันทึกฉบับร่าง' }).click();
    await expect(page.getByText('บันทึกฉบับร่างแล้ว')).toBeVisible();
    const before = await page.getByTestId('cookie-version').count();
    await page.getByRole('button', { name: 'เผยแพร่เวอร์ชันใหม่' }).click();
    await expect(page.getByTestId('cookie-version')).toHaveCount(before + 1);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(preview.getByRole('button', { name: 'Accept all' })).toBeVisible();
    await shoot(page, 'cookie-settings-preview-en');
  });

  test("a refused setting is told in the reader's language, on its field and in the list by the names on screen (never zod's English nor a path)", async ({
    page,
  }) => {
    await signIn(page, USERS.admin);
    await page.goto(`/cookie/setting/${domainId}`);
    const marketing = page.getByTestId('cookie-category-marketing');
    for (const name of ['Meta Pixel', 'Meta again']) {
      await marketing.getByRole('button', { name: 'เพิ่มบริการ' }).click();
      const service = marketing.getByTestId('cookie-service').last();
      await service.getByLabel('รหัสบริการ').fill('meta');
      await service.getByLabel('ชื่อบริการ').fill(name);
    }
    const duplicate = th.server.cookie_duplicate_service;
    const invalid = page.getByTestId('cookie-settings-invalid');
    await expect(invalid).toContainText(`หมวดหมู่คุกกี้ "คุกกี้เพื่อการตลาด" · Meta again (รหัสบริการ): ${duplicate}`);
    await expect(invalid).not.toContainText('duplicate');
    await expect(invalid).not.toContainText('categories.');
    // the field itself says it
    await expect(marketing.getByTestId('cookie-service').last().getByText(duplicate)).toBeVisible();
    // a cookie's name typed with a space: said in Thai, on the name
    const declared = page.getByTestId('cookie-category-analytics').getByTestId('cookie-declaration').first();
    await declared.getByLabel('ชื่อหรือรูปแบบ (เช่น _ga_*)').fill('ga cookie');
    await expect(declared.getByText(th.server.cookie_name_format)).toBeVisible();
    await expect(invalid).toContainText(`หมวดหมู่คุกกี้ "คุกกี้เพื่อการวิเคราะห์" · ga cookie (ชื่อหรือรูปแบบ (เช่น _ga_*)): ${th.server.cookie_name_format}`);
    await expect(invalid).not.toContainText('expected');
    await expect(page.getByRole('button', { name: 'บันทึกฉบับร่าง' })).toBeDisabled();
    await shoot(page, 'cookie-settings-invalid-th');
  });

  test("the cookie scanner: the demo shop's report; a scan of the test site in Chromium that presses the banner's accept; the PDF; in English", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, USERS.admin);
    await page.goto('/cookie/list?tab=scan');
    // the demo shop's scan of two days ago: Meta's pixel ran before consent
    const rows = page.getByTestId('cookie-scan-row');
    await expect(rows.first()).toContainText('เสร็จแล้ว');
    await rows.first().getByRole('button', { name: 'ดูผล' }).click();
    const report = page.getByTestId('cookie-scan-report');
    await expect(report.getByTestId('cookie-scan-finding').filter({ hasText: '_fbp' })).toContainText('ทำงานก่อนได้รับความยินยอม');
    await expect(report.getByTestId('cookie-scan-host').filter({ hasText: 'connect.facebook.net' })).toContainText('Meta (Facebook) Pixel');
    await shoot(page, 'cookie-scan-report-th');

    // the e2e site: scanned now, for real
    await page.getByRole('combobox', { name: 'โดเมน' }).click();
    await page.getByRole('option', { name: HOST }).click();
    await page.getByRole('button', { name: 'สแกนตอนนี้' }).click();
    await expect(page.getByText(`เริ่มสแกน ${HOST} แล้ว`)).toBeVisible();
    await expect(rows.first()).toContainText('เสร็จแล้ว', { timeout: 90_000 });
    await rows.first().getByRole('button', { name: 'ดูผล' }).click();
    // the product's banner was found and its accept pressed: _ga (declared in analytics earlier) came only after it
    await expect(report).toContainText('พบแบนเนอร์ของระบบ');
    const ga = report.getByTestId('cookie-scan-finding').filter({ hasText: '_ga' });
    await expect(ga).toContainText('หลังยินยอม');
    await expect(ga).toContainText('Google Analytics');
    await expect(report.getByTestId('cookie-scan-finding').filter({ hasText: 'pdpa_cc' })).toContainText('จำเป็น');
    await shoot(page, 'cookie-scan-site-th');
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'ดาวน์โหลด PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`cookie-scan-${HOST.replace(':', '_')}.pdf`);
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('tab', { name: 'Cookie scan' })).toBeVisible();
    await expect(page.getByTestId('cookie-scan-row').first()).toContainText('Done');
    await shoot(page, 'cookie-scan-en');
  });

  test('/cookieex: the company banner, the analytics script allowed or not, the reopen button', async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto('/cookieex');
    await expect(page.getByRole('heading', { level: 1, name: 'ตัวอย่างแบนเนอร์คุกกี้' })).toBeVisible();
    await expect(page.getByTestId('cookieex-analytics')).toHaveText('ถูกระงับ: ยังไม่ได้รับความยินยอม');
    await expect(dialog(page)).toBeVisible();
    await shoot(page, 'cookieex-th');
    // the choice is logged: the banner took its token from our own origin (a same-origin call names none)
    const logged = page.waitForResponse((r) => r.url().endsWith('/api/v1/cookie/public/consent') && r.request().method() === 'POST');
    await dialog(page).getByRole('button', { name: 'ยอมรับทั้งหมด' }).click();
    expect((await logged).status()).toBe(200);
    await expect(page.getByTestId('cookieex-analytics')).toHaveText('ทำงานแล้ว: ได้รับความยินยอม');
    await page.getByRole('button', { name: 'เปิดแบนเนอร์อีกครั้ง' }).click();
    await expect(dialog(page)).toBeVisible();
  });
});
