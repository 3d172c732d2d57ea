import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectModules } from './collectModules';

/** The module pages as `resources/index.ts` finds them, for Node (the browser tests): the areas' `index.ts` files. */
export async function modulesFromFolder() {
  const folder = fileURLToPath(new URL('./', import.meta.url));
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && readdirSync(join(folder, entry.name)).includes('index.ts'))
    .map((entry) => `./${entry.name}/index.ts`);
  const modules = await Promise.all(
    files.map(async (file) => [file, (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>] as const),
  );
  return collectModules(Object.fromEntries(modules));
}
