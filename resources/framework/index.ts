import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** The PDPA control framework (the dashboard's menu 2): `/framework` and a requirement's drill-down `/framework/<id>`. */
export default {
  path: '/framework/*',
  menu: 'dashboard',
  page: lazy(() => import('./FrameworkPage')),
  texts: ['framework', 'dashboard', 'server'],
} satisfies ModuleDefinition;
