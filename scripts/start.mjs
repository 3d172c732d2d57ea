// `npm start`: builds the UI when it is missing or older than its sources, then serves UI + API on
// one port (PORT, default 3000) on the embedded database in DATA_DIR (default ./data) or DATABASE_URL.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'resources', 'dataProvider', 'contract', 'i18n', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
if (built < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the UI…');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
