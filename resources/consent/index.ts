import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** Privacy notices and consent (menu 5): notices, the builder, consent records and items, loaded when first opened. */
export default {
  path: '/consents/*',
  menu: 'consents',
  page: lazy(() => import('./notices/ConsentsPage')),
  texts: ['consent', 'transfers', 'server'],
} satisfies ModuleDefinition;
