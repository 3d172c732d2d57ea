import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** Records of processing (menu 11): dashboard, activities, the two-step form, the register view and the report. */
export default {
  path: '/ropa/*',
  menu: 'ropa',
  page: lazy(() => import('./RopaPage')),
  texts: ['ropa', 'datamap', 'consent', 'dsr', 'server', 'transfers'],
} satisfies ModuleDefinition;
