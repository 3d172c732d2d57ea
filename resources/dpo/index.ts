import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** The data protection officer (menu 4): `/dpo/list` and `/dpo/assing/{dpoId?}`, loaded when first opened. */
export default {
  path: '/dpo/*',
  menu: 'dpo',
  page: lazy(() => import('./DpoPage')),
  texts: ['dpo', 'server'],
} satisfies ModuleDefinition;
