import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * package.json says what the code uses: every package imported anywhere is declared (an
 * undeclared one only works while another package happens to pull it in), and every declared one
 * is imported, or listed below with the reason it is needed without an import.
 */
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const FOLDERS = ['src', 'resources', 'dataProvider', 'contract', 'server', 'fake-api', 'tests', 'bench', 'scripts', 'i18n'];
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

/** Declared, never imported, and why. */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  'react-router': 'a peer dependency of ra-core (the code imports react-router-dom)',
  '@testing-library/dom': 'a peer dependency of @testing-library/react',
  concurrently: 'npm run dev, dev:fake and lint',
  'swagger-ui-dist': 'its files are served at /api/docs (server/http/apiDocs.ts resolves its folder)',
  jsdom: "vitest's environment for the UI's unit tests",
  typescript: 'tsc --noEmit in npm test',
  prettier: 'prettier --check in npm run lint, npm run format',
  '@types/node': 'types',
  '@types/node-polyglot': 'types',
  '@types/nodemailer': 'types',
  '@types/pdfmake': 'types',
  '@types/pg': 'types',
  '@types/qrcode': 'types',
  '@types/react': 'types',
  '@types/react-dom': 'types',
  '@types/sanitize-html': 'types',
  '@tiptap/pm': 'a peer dependency of @tiptap/react and @tiptap/starter-kit (ProseMirror)',
};

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(m?[jt]sx?|cjs)$/.test(name)) out.push(path);
  }
  return out;
}

const SPECIFIER =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]|require(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Package name -> the files importing it. */
function importedPackages(): Map<string, string[]> {
  const files = [
    ...FOLDERS.filter((f) => existsSync(join(ROOT, f))).flatMap((f) => sources(join(ROOT, f))),
    ...readdirSync(ROOT)
      .filter((n) => /\.(m?[jt]sx?)$/.test(n))
      .map((n) => join(ROOT, n)),
  ];
  const used = new Map<string, string[]>();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (/^(\.|\/|node:|virtual:)/.test(spec)) continue;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (builtinModules.includes(name)) continue;
      used.set(name, [...(used.get(name) ?? []), file.slice(ROOT.length + 1)]);
    }
  }
  return used;
}

describe('package.json', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const declared = { ...pkg.dependencies, ...pkg.devDependencies };
  const used = importedPackages();

  it('declares every package the code imports', () => {
    const undeclared = [...used].filter(([name]) => !declared[name]).map(([name, files]) => `${name} (${files.slice(0, 3).join(', ')})`);
    expect(undeclared).toEqual([]);
  });

  it('declares no package the code does not use', () => {
    const unused = Object.keys(declared).filter((name) => !used.has(name) && !USED_WITHOUT_IMPORT[name]);
    expect(unused).toEqual([]);
    // the list of exceptions stays honest too: nothing in it is imported after all, and all of it is declared
    expect(Object.keys(USED_WITHOUT_IMPORT).filter((name) => used.has(name) || !declared[name])).toEqual([]);
  });
});
