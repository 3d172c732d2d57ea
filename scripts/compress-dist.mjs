// The build's last step (`npm run build`): a brotli (.br) and a gzip (.gz) copy beside every text
// file of dist/ (JavaScript, CSS, HTML, SVG, JSON), made once with the strongest settings, so the
// server sends them by the browser's Accept-Encoding (@fastify/static `preCompressed`) at no cost per
// request. A copy that would not be smaller than its file is not written. Fonts (woff2) and images are
// compressed already.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesOf(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // dist/.vite holds the build's manifest, for the size budget, not for browsers
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* filesOf(path);
    } else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir` (and removes stale
 * copies whose file is gone). Returns the files and their sizes, raw and compressed.
 */
export async function compressDir(dir) {
  const all = [];
  for await (const file of filesOf(dir)) all.push(file);
  const present = new Set(all);
  for (const file of all) {
    if (/\.(?:br|gz)$/.test(file) && !present.has(file.slice(0, -3))) await rm(file);
  }
  const targets = all.filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    targets.map(async (file) => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [copy, ext] of [
        [br, '.br'],
        [gz, '.gz'],
      ]) {
        if (copy.length < raw.length) await writeFile(file + ext, copy);
        else await rm(file + ext, { force: true });
      }
      return { file, raw: raw.length, br: Math.min(br.length, raw.length), gzip: Math.min(gz.length, raw.length) };
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? 'dist');
  const sizes = await compressDir(dir);
  const sum = (key) => sizes.reduce((total, s) => total + s[key], 0) / 1024;
  console.log(
    `compressed ${sizes.length} files of ${dir}: ${sum('raw').toFixed(0)} KB raw, ` +
      `${sum('gzip').toFixed(0)} KB gzip, ${sum('br').toFixed(0)} KB brotli`,
  );
}
