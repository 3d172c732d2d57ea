import type { ModuleDefinition } from './types';

const isModule = (value: unknown): value is ModuleDefinition =>
  typeof value === 'object' && value !== null && typeof (value as ModuleDefinition).path === 'string' && 'page' in value;

/** The module pages that the areas' `index.ts` files export, found by convention, in the files' path order. */
export function collectModules(files: Record<string, Record<string, unknown>>): ModuleDefinition[] {
  return Object.keys(files)
    .sort()
    .flatMap((path) => Object.values(files[path]).filter(isModule));
}
