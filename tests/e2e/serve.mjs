// The end-to-end tests' web server (playwright.config.ts `webServer`): the real Fastify server with
// the built UI, on a fresh embedded database in a temporary folder that is unique to this run
// (seeded with the demo data on start) and deleted when the server stops.
//
//   E2E_PORT   the port (default 3999)
//   E2E_BUILD  1 = always run `npm run build` first (default: only when dist/index.html is missing)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const port = process.env.E2E_PORT ?? '3999';

if (process.env.E2E_BUILD === '1' || !existsSync(join(root, 'dist', 'index.html'))) {
  console.log('[e2e] building the UI (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const dataDir = mkdtempSync(join(tmpdir(), `pdpa-e2e-${process.pid}-`));
const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
console.log(`[e2e] data dir ${dataDir}, port ${port}`);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // OUTBOX_API: the specs read the e-mails (reset links) the server writes to its development outbox
  // WEBHOOKS_ALLOW_PRIVATE: the webhooks spec delivers to a receiver of its own on 127.0.0.1
  // SSO_ALLOW_HTTP: the SSO spec signs in through an OpenID provider of its own on plain http
  // COOKIE_SCAN_ALLOW_PRIVATE: the cookie spec scans its test site on localhost
  env: {
    OUTBOX_API: '1',
    WEBHOOKS_ALLOW_PRIVATE: '1',
    SSO_ALLOW_HTTP: '1',
    COOKIE_SCAN_ALLOW_PRIVATE: '1',
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
    if (server.exitCode === null) server.kill(signal);
    // the server closes its database within a moment; never wait forever
    setTimeout(() => {
      server.kill('SIGKILL');
      removeDataDir();
      process.exit(0);
    }, 5000).unref();
  });
}

server.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
