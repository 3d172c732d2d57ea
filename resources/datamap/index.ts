import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** The data map (menu 16): systems and data sets, and its registers (data categories, processors). */
export default {
  path: '/data-manage/*',
  menu: 'dataManage',
  page: lazy(() => import('./DataMapPage')),
  texts: ['datamap', 'server', 'ropa', 'consent', 'transfers', 'processors', 'retention', 'connectors'],
} satisfies ModuleDefinition;
