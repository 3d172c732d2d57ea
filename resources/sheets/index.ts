import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** Document sheets (menu 7): documents and their templates, loaded when first opened (the editor later still). */
export default {
  path: '/sheets/*',
  menu: 'sheets',
  page: lazy(() => import('./SheetsPage')),
  texts: ['sheets', 'server'],
} satisfies ModuleDefinition;
