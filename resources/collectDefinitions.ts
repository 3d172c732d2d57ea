import type { ResourceDefinition } from './types';

const isDefinition = (value: unknown): value is ResourceDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ResourceDefinition).name === 'string' &&
  typeof (value as ResourceDefinition).menu === 'string' &&
  typeof (value as ResourceDefinition).api === 'object';

/**
 * The resources declared by the `definition.ts` files, found by convention: every export that is a
 * definition (or a list of them), in the files' path order. A name declared twice is refused at once.
 */
export function collectDefinitions(files: Record<string, Record<string, unknown>>): ResourceDefinition[] {
  const found = Object.keys(files)
    .sort()
    .flatMap((path) => Object.values(files[path]).flatMap((value) => (Array.isArray(value) ? value : [value]).filter(isDefinition)));
  const names = new Set<string>();
  for (const { name } of found) {
    if (names.has(name)) throw new Error(`resource "${name}" is defined twice`);
    names.add(name);
  }
  return found;
}
