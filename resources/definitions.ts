import type { ResourceDefinition } from './types';
import notifications from './notifications/definition';

/** Every resource's plain definition: the data provider's route table and the routing rules are built from it. */
export const RESOURCE_DEFINITIONS: ResourceDefinition[] = [notifications];
