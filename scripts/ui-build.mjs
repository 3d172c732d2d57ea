// Builds the UI (`npm run build`) when dist/ is missing or older than its sources; used by `npm start` and `npm run lighthouse`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// the build's inputs: a newer one makes dist/ stale (the compression step too: an older dist/ may lack .br/.gz)
const SOURCES = [
  'src',
  'resources',
  'dataProvider',
  'contract',
  'i18n',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/compress-dist.mjs',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

/** Runs `npm run build` in `root` when its dist/index.html is missing or older than a source. */
export function buildUiIfStale(root = process.cwd()) {
  const index = join(root, 'dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built >= Math.max(...SOURCES.map((s) => newestMtime(join(root, s))))) return false;
  console.log('Building the UI…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  return true;
}
