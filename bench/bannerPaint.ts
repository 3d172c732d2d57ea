/**
 * How soon a visitor sees the cookie banner: from DOMContentLoaded of a company's page (on another origin, the
 * snippet exactly as the product gives it, first in <head>) to the first frame drawn with the banner's dialog in
 * it, in headless Chromium — against a baseline in the same run: an async script from a third origin that draws
 * a box as soon as it runs, with nothing to fetch (the least any async banner can cost). Cold (a new visitor: no
 * cache) and warm (the script and configuration cached, a returning undecided visitor).
 *
 *   BENCH_ONLY=banner npm run bench                 40 page views of each kind
 *   BENCH_ONLY=banner BENCH_SHORT=1 npm run bench   10 of each
 * Needs the built banner (`npm run build`: dist/cookie-banner.js). Target (issue 26): <= 100 ms.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { cookieSnippet } from '../contract/cookie';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { publishDraft } from '../server/modules/cookie/domains';
import { cookieDemoSettings } from '../demo/cookie';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const VIEWS = Number(process.env.BENCH_BANNER_VIEWS ?? (SHORT ? 10 : 40));
const T0 = performance.now();
const log = (text: string) => console.log(`[banner bench ${((performance.now() - T0) / 1000).toFixed(1).padStart(5)} s] ${text}`);

/** The baseline: an async script that draws a fixed box in a shadow root as soon as it runs. */
const BASELINE_JS = `(function(){var h=document.createElement('div');h.setAttribute('data-baseline','');var r=h.attachShadow({mode:'open'});
var d=document.createElement('div');d.setAttribute('role','dialog');d.textContent='baseline';d.style.cssText='position:fixed;bottom:0;left:0;right:0;padding:16px;background:#fff';
r.append(d);document.body.append(h);})();`;

/** Set before the page's own scripts: DOMContentLoaded's time, and the first frame after the dialog (ours or the baseline's) appears. */
const PROBE = `(() => {
  const w = window;
  addEventListener('DOMContentLoaded', () => { w.__dcl = performance.now(); });
  const seen = () => [...document.querySelectorAll('pdpa-cookie-banner, [data-baseline]')].some((h) => h.shadowRoot && h.shadowRoot.querySelector('[role=dialog]'));
  new MutationObserver((_, o) => {
    if (w.__shown || !seen()) return;
    o.disconnect();
    requestAnimationFrame(() => { w.__shown = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
})();`;

const listen = (server: Server) =>
  new Promise<number>((done) => server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port)));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** One page view: from DOMContentLoaded, and from the start of the navigation, to the first frame with the dialog (ms). */
async function view(page: Page, url: string): Promise<{ fromDcl: number; fromStart: number }> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __shown?: number }).__shown !== undefined, undefined, { timeout: 10_000 });
  return page.evaluate(() => {
    const w = window as unknown as { __shown: number; __dcl: number };
    return { fromDcl: w.__shown - w.__dcl, fromStart: w.__shown };
  });
}

/** `VIEWS` page views of `path`: cold, each in a new context; warm, one context after a first view. */
async function measure(browser: Browser, site: string, path: string) {
  const cold: Array<{ fromDcl: number; fromStart: number }> = [];
  const warm: Array<{ fromDcl: number; fromStart: number }> = [];
  for (let i = 0; i < VIEWS; i++) {
    const context = await browser.newContext();
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    cold.push(await view(page, site + path));
    await context.close();
  }
  const context = await browser.newContext();
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  await view(page, site + path);
  for (let i = 0; i < VIEWS; i++) warm.push(await view(page, site + path));
  await context.close();
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  return {
    cold: sorted(cold.map((v) => v.fromDcl)),
    warm: sorted(warm.map((v) => v.fromDcl)),
    coldStart: sorted(cold.map((v) => v.fromStart)),
    warmStart: sorted(warm.map((v) => v.fromStart)),
  };
}

export async function bannerPaintBench() {
  const distDir = resolve('dist');
  if (!existsSync(join(distDir, 'cookie-banner.js'))) throw new Error('dist/cookie-banner.js is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-banner-bench-'));
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemo(db);
  const config = {
    ...configFromEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: '0' } as NodeJS.ProcessEnv),
    distDir,
  };
  const app = await buildApp(db, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  let html = '';
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  const sitePort = await listen(site);
  // the baseline's script from a third origin, cached as the banner is
  const cdn = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*', 'cache-control': 'max-age=3600' });
    res.end(BASELINE_JS);
  });
  const cdnPort = await listen(cdn);

  // the demo shop's banner (four categories, their cookies and services) registered for the test site
  const [{ id: companyId }] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
  const [{ id: domainId }] = await db.query<{ id: string }>(
    `insert into cookie_domains (company_id, host, draft, include_subdomains) values ($1, $2, $3, false) returning id`,
    [companyId, `localhost:${sitePort}`, JSON.stringify(cookieDemoSettings())],
  );
  await db.tx((q) => publishDraft(q, companyId, domainId, 'bench'));

  const body = '<h1>ร้านค้าตัวอย่าง</h1>' + '<p>สินค้าและบริการของเรา</p>'.repeat(50);
  const ours = `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>banner</title>\n${cookieSnippet(appUrl, domainId)}\n</head><body>${body}</body></html>`;
  const baseline = `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>baseline</title>\n<script async src="http://127.0.0.1:${cdnPort}/baseline.js"></script>\n</head><body>${body}</body></html>`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  try {
    const siteUrl = `http://localhost:${sitePort}`;
    log(`${VIEWS} page views of each kind, cold and warm`);
    html = baseline;
    const base = await measure(browser, siteUrl, '/baseline');
    html = ours;
    const banner = await measure(browser, siteUrl, '/');
    const line = (label: string, xs: number[]) =>
      `  ${label.padEnd(38)} p50 ${percentile(xs, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(xs, 95).toFixed(1).padStart(6)} ms`;
    console.log('\nCookie banner: to the first frame with the dialog, headless Chromium, local servers:');
    console.log('  from DOMContentLoaded (negative: the box was drawn before it)');
    console.log(line('the banner, a new visitor (cold)', banner.cold));
    console.log(line('the banner, cached (warm)', banner.warm));
    console.log(line('baseline async box, cold', base.cold));
    console.log(line('baseline async box, warm', base.warm));
    console.log('  from the start of the navigation');
    console.log(line('the banner, cold', banner.coldStart));
    console.log(line('the banner, warm', banner.warmStart));
    console.log(line('baseline async box, cold', base.coldStart));
    console.log(line('baseline async box, warm', base.warmStart));
    const ratio = (a: number[], b: number[]) => (percentile(a, 50) / Math.max(0.1, percentile(b, 50))).toFixed(2);
    const met = (xs: number[]) => (percentile(xs, 95) <= 100 ? 'met' : 'NOT met');
    console.log(
      `  banner / baseline (p50, from the navigation's start): cold ${ratio(banner.coldStart, base.coldStart)}x, warm ${ratio(banner.warmStart, base.warmStart)}x`,
    );
    console.log(`  target: DOMContentLoaded to visible, p95 <= 100 ms: cold ${met(banner.cold)}, warm ${met(banner.warm)}`);
  } finally {
    await browser.close();
    await new Promise((done) => site.close(done));
    await new Promise((done) => cdn.close(done));
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
