import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
/** The names a module imports from the HTTP client (`dataProvider/http.ts`). */
function httpImports(path: string): string[] {
  const text = readFileSync(join(root, path), 'utf8');
  return [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*\/?dataProvider\/http'/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

describe('the HTTP client', () => {
  it("is called by the data provider alone: screens read and write through react-admin's data provider", () => {
    const callers = [...sources('src'), ...sources('resources')]
      .filter((path) => httpImports(path).some((name) => /^(callApi|downloadFile|apiUrl)$/.test(name)))
      .map((path) => relative(root, join(root, path)));
    // react-admin calls the authProvider itself (checkError on every failed data-provider call, canAccess on
    // every navigation), and the sign-in bundle signs in (the authProvider's login, signIn.ts) without the
    // data provider
    expect(callers.sort()).toEqual(['src/auth/authProvider.ts', 'src/auth/signIn.ts']);
  });

  it('finds an import of the client where there is one', () => {
    expect(httpImports('src/auth/authProvider.ts')).toContain('callApi');
  });
});
