// `npm run lighthouse`: Lighthouse (its default mobile simulation) on the sign-in page and the public
// pages, against the real server with the built UI on a fresh embedded database holding the demo data.
// Prints performance / accessibility / best practices per page and exits non-zero when a page scores
// under 90 for performance or under 100 for accessibility or best practices. Not part of `npm test`.
//
//   CHROMIUM_PATH       the browser (default /usr/bin/chromium)
//   LIGHTHOUSE_RUNS     runs per page (default 3): the run with the median performance score counts,
//                       as Lighthouse's own advice goes (one run varies with the machine's load)
//   LIGHTHOUSE_PAGES    only these pages, by name, comma-separated (e.g. "sign-in,consent form")
//   LIGHTHOUSE_REPORTS  where the full reports go, one .html and one .json per page (default test-results/lighthouse)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { buildUiIfStale } from './ui-build.mjs';

const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100 };
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const reportDir = resolve(root, process.env.LIGHTHOUSE_REPORTS ?? 'test-results/lighthouse');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runsPerPage = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/** Everything started here, stopped in reverse order however the run ends. */
const cleanups = [];
async function cleanUp() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanUp().then(() => process.exit(130)));

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/** Stops a child process: its signal, then SIGKILL after a grace period. */
const stopper =
  (child, signal = 'SIGTERM') =>
  () =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(kill);
        done();
      });
      child.kill(signal);
    });

/** The real server on a fresh temporary DATA_DIR (seeded with the demo data on start). */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-lighthouse-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true', DATABASE_URL: '' },
  });
  cleanups.push(stopper(server));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 180_000;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /api/v1/health within 180 s');
}

/** The demo company's public pages, as its staff would link them (ids are made by the seed). */
async function demoPages(base) {
  const api = async (path, init = {}) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      ...init,
      headers: { 'x-requested-with': 'XMLHttpRequest', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const timestamp = String(Date.now());
  const { access_token } = await api(`/user/signin/${timestamp}`, {
    method: 'POST',
    headers: { authorization: `Token ${createHash('sha256').update(timestamp).digest('hex')}` },
    body: JSON.stringify({ companyCode: 'DEMO', username: 'admin', password: 'admin1234' }),
  });
  const staff = { headers: { authorization: `Bearer ${access_token}` } };
  const { formList } = await api('/consents/datasubject/fetch/list?currentPage=1&limit=100', staff);
  const dsrForm = formList.find((f) => f.status);
  const { formlist } = await api('/consents/form/list?currentPage=1&limit=100', staff);
  const notice = formlist.find((f) => f.version !== null);
  if (!dsrForm || !notice) throw new Error('the demo data has no published DSR form or consent notice');
  const { notice: published } = await api(`/consents/public/form/${notice.formRef}/${notice._id}`);
  return [
    { name: 'sign-in', path: '/login' },
    { name: 'DSR form', path: dsrForm.publicLink },
    { name: 'DSR tracking', path: '/dsrtracking' },
    { name: 'consent form', path: `/consent/form/${notice.formRef}/${notice._id}` },
    { name: 'privacy policy', path: `/privacy-policy/${published.companyId}/${notice._id}` },
  ];
}

/** Headless Chromium with a DevTools port for Lighthouse, on a throw-away profile. */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'pdpa-lighthouse-chromium-'));
  cleanups.push(async () => rmSync(profile, { recursive: true, force: true }));
  const chromium = spawn(
    chromiumPath,
    ['--headless=new', ...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  cleanups.push(stopper(chromium));
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`Chromium (${chromiumPath}) gave no DevTools port in 60 s:\n${output}`)), 60_000);
    chromium.once('error', (err) => fail(new Error(`Chromium (${chromiumPath}) did not start: ${err.message}`)));
    chromium.stderr.on('data', (chunk) => {
      output += chunk;
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        chromium.stderr.removeAllListeners('data').resume();
        done(Number(port));
      }
    });
  });
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** What cost a page its points: the metrics, then every failed accessibility and best-practices audit. */
function explain(lhr) {
  const lines = [];
  const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
  lines.push(
    `    FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  );
  for (const id of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) lines.push(`    ${id}: ${audit.id} — ${audit.title}`);
    }
  }
  return lines.join('\n');
}

async function main() {
  buildUiIfStale(root);
  const base = await startServer();
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const pages = (await demoPages(base)).filter((page) => !only || only.includes(page.name));
  const port = await startChromium();
  mkdirSync(reportDir, { recursive: true });

  const results = [];
  for (const page of pages) {
    const url = base + page.path;
    const runs = [];
    for (let i = 0; i < runsPerPage; i++) {
      const run = await lighthouse(url, { port, logLevel: 'error', output: ['html', 'json'], onlyCategories: Object.keys(TARGETS) });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (run.lhr.runtimeError) throw new Error(`${url}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
      runs.push(run);
    }
    runs.sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
    const { lhr, report } = runs[Math.floor((runs.length - 1) / 2)];
    const file = page.name.replace(/\W+/g, '-');
    writeFileSync(join(reportDir, `${file}.html`), report[0]);
    writeFileSync(join(reportDir, `${file}.json`), report[1]);
    const scores = Object.fromEntries(Object.keys(TARGETS).map((id) => [id, score(lhr, id)]));
    const transferKb = (lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024;
    results.push({ page, scores, transferKb, lhr });
    const all = runs.length > 1 ? ` (performance of the ${runs.length} runs: ${runs.map((r) => score(r.lhr, 'performance')).join(', ')})` : '';
    console.log(
      `${page.name}: ${Object.entries(scores)
        .map(([id, s]) => `${id} ${s}`)
        .join(', ')}, ${transferKb.toFixed(0)} KB transferred${all}`,
    );
  }

  console.log(`\n${'page'.padEnd(16)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b.p.'.padStart(5)} ${'KB'.padStart(6)}  path`);
  for (const { page, scores, transferKb } of results) {
    const cells = Object.values(scores)
      .map((s) => String(s).padStart(5))
      .join(' ');
    console.log(`${page.name.padEnd(16)} ${cells} ${transferKb.toFixed(0).padStart(6)}  ${page.path}`);
  }
  console.log(`(reports in ${reportDir})`);

  const failing = results.filter(({ scores }) => Object.entries(TARGETS).some(([id, min]) => scores[id] < min));
  if (failing.length) {
    console.error(`\nUnder the targets (performance ≥ ${TARGETS.performance}, accessibility and best practices = 100):`);
    for (const { page, lhr } of failing) console.error(`  ${page.name} (${page.path})\n${explain(lhr)}`);
    return 1;
  }
  console.log(`\nEvery page meets the targets.`);
  return 0;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(err);
    await cleanUp();
    process.exit(1);
  });
