import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** The retention schedule (menu 16, the data map's): `/retention/rules` and `/retention/due` (the due-for-deletion queue). */
export default {
  path: '/retention/*',
  menu: 'dataManage',
  page: lazy(() => import('./RetentionPage')),
  texts: ['retention', 'server', 'datamap'],
} satisfies ModuleDefinition;
