import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** The breach log (menu 17): `/databreach` (the list) and `/databreach/create/{dataId?}` (a new breach, or one breach's record). */
export default {
  path: '/databreach/*',
  menu: 'dataBreach',
  page: lazy(() => import('./BreachPage')),
  texts: ['breach', 'processors', 'server'],
} satisfies ModuleDefinition;
