import type { ModuleDefinition, ResourceUiDefinition } from './types';
import { collectModules } from './collectModules';
import { RESOURCE_DEFINITIONS } from './definitions';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isResourceWithViews = (value: unknown): value is ResourceUiDefinition =>
  isObject(value) && typeof value.name === 'string' && isObject(value.api);

/** What each area's `resources/<area>/index.ts` exports, found by convention, in the areas' order. */
const AREA_FILES = import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true });
const AREA_EXPORTS = Object.keys(AREA_FILES)
  .sort()
  .flatMap((path) => Object.values(AREA_FILES[path]));

/** Module pages, mounted at their paths inside the layout. */
export const MODULES: ModuleDefinition[] = collectModules(AREA_FILES);

/**
 * Every resource with its views: `src/App.tsx` turns each into a react-admin `<Resource>`. A resource
 * whose screens live inside a module page is registered by its definition alone; one whose area's
 * `index.ts` exports its views (the notifications) is registered with them.
 */
const WITH_VIEWS = AREA_EXPORTS.filter(isResourceWithViews);
export const RESOURCES: ResourceUiDefinition[] = RESOURCE_DEFINITIONS.map(
  (definition) => WITH_VIEWS.find((r) => r.name === definition.name) ?? definition,
);
