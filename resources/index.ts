import type { ResourceUiDefinition } from './types';
import notifications from './notifications';

/** Every resource with its views: `src/App.tsx` turns each into a react-admin `<Resource>`. */
export const RESOURCES: ResourceUiDefinition[] = [notifications];
