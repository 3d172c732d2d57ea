import { collectDefinitions } from './collectDefinitions';
import type { ResourceDefinition } from './types';

export type { DefinedCalls } from './types';

/**
 * Every resource's plain definition, found by convention (every `definition.ts` under `resources/`):
 * the data provider's route table and the route guard are built from it.
 */
export const RESOURCE_DEFINITIONS: ResourceDefinition[] = collectDefinitions(
  import.meta.glob<Record<string, unknown>>('./**/definition.ts', { eager: true }),
);
