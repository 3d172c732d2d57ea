// The first-load budget: the JavaScript a first visit to /login downloads (the entry, its start, the
// sign-in bundle and every chunk they import statically), gzip-compressed. Fails the build when over.
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_KB = 200;
const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginShell = Object.keys(manifest).find((k) => k.endsWith('src/auth/LoginShell.tsx'));
const app = Object.keys(manifest).find((k) => k.endsWith('src/App.tsx'));
// the entry runs the start (src/boot.tsx) after the page's first paint: part of every first load
const boot = Object.keys(manifest).find((k) => k.endsWith('src/boot.tsx'));
if (!entry || !loginShell || !app || !boot) throw new Error('size budget: entry, boot, LoginShell or App missing from the manifest');

const report = (label, keys) => {
  const files = [...closure(keys)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const kb = files.reduce((sum, f) => sum + gzipKb(f), 0);
  console.log(`${label.padEnd(34)} ${kb.toFixed(1).padStart(7)} KB gzip in ${files.length} files`);
  return kb;
};

const login = report('first load of /login (budget)', [entry, boot, loginShell]);
report('first load of the application', [entry, boot, app]);
const total = Object.values(manifest)
  .map((c) => c.file)
  .filter((f, i, all) => f.endsWith('.js') && all.indexOf(f) === i)
  .reduce((sum, f) => sum + gzipKb(f), 0);
console.log(`${'all JavaScript (lazy modules too)'.padEnd(34)} ${total.toFixed(1).padStart(7)} KB gzip`);

if (login > BUDGET_KB) {
  console.error(`Size budget exceeded: /login needs ${login.toFixed(1)} KB gzip of JavaScript, the budget is ${BUDGET_KB} KB.`);
  process.exit(1);
}
console.log(`Size budget kept: ${login.toFixed(1)} KB of ${BUDGET_KB} KB for /login.`);

// The cookie banner websites embed (vite.banner.config.ts): its JavaScript with its CSS inside, gzip.
const BANNER_BUDGET_KB = 10;
const banner = gzipKb('cookie-banner.js');
if (banner > BANNER_BUDGET_KB) {
  console.error(
    `Size budget exceeded: the cookie banner is ${banner.toFixed(1)} KB gzip (JavaScript and CSS), the budget is ${BANNER_BUDGET_KB} KB.`,
  );
  process.exit(1);
}
console.log(`Size budget kept: ${banner.toFixed(1)} KB of ${BANNER_BUDGET_KB} KB for the cookie banner (JavaScript and CSS).`);

// The Consent Mode stub sites load before any tag (inline in the snippet, or this file): 1 KB at most, as it is.
const STUB_BUDGET_BYTES = 1024;
const stub = statSync(join(dist, 'cookie-consent-stub.js')).size;
if (stub > STUB_BUDGET_BYTES) {
  console.error(`Size budget exceeded: the Consent Mode stub is ${stub} bytes, the budget is ${STUB_BUDGET_BYTES}.`);
  process.exit(1);
}
console.log(`Size budget kept: ${stub} bytes of ${STUB_BUDGET_BYTES} for the Consent Mode stub.`);
