import type { ModuleDefinition, ResourceUiDefinition } from './types';
import { RESOURCE_DEFINITIONS } from './definitions';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isModule = (value: unknown): value is ModuleDefinition => isObject(value) && typeof value.path === 'string' && 'page' in value;
const isResourceWithViews = (value: unknown): value is ResourceUiDefinition =>
  isObject(value) && typeof value.name === 'string' && isObject(value.api);

/** What each area's `resources/<area>/index.ts` exports, found by convention, in the areas' order. */
const AREA_EXPORTS = Object.entries(import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true }))
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([, exports]) => Object.values(exports));

/** Module pages, mounted at their paths inside the layout. */
export const MODULES: ModuleDefinition[] = AREA_EXPORTS.filter(isModule);

/**
 * Every resource with its views: `src/App.tsx` turns each into a react-admin `<Resource>`. A resource
 * whose screens live inside a module page is registered by its definition alone; one whose area's
 * `index.ts` exports its views (the notifications) is registered with them.
 */
const WITH_VIEWS = AREA_EXPORTS.filter(isResourceWithViews);
export const RESOURCES: ResourceUiDefinition[] = RESOURCE_DEFINITIONS.map(
  (definition) => WITH_VIEWS.find((r) => r.name === definition.name) ?? definition,
);
