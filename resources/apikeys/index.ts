import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** `/settings/api-keys`: the company's API keys under the settings menu, loaded when first opened. */
export default {
  path: '/settings/api-keys',
  menu: 'settings',
  page: lazy(() => import('./ApiKeysPage')),
  texts: ['apikeys'],
} satisfies ModuleDefinition;
