import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectDefinitions } from './collectDefinitions';

/**
 * The resources as `resources/definitions.ts` finds them, for Node (the fake-api, the browser tests), where
 * Vite's `import.meta.glob` is not: the same `definition.ts` files, read from the folder, the same
 * `collectDefinitions`.
 */
export async function definitionsFromFolder() {
  const folder = fileURLToPath(new URL('./', import.meta.url));
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file === 'definition.ts' || file.endsWith('/definition.ts'))
    .map((file) => `./${file}`);
  const modules = await Promise.all(
    files.map(async (file) => [file, (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>] as const),
  );
  return collectDefinitions(Object.fromEntries(modules));
}
