import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** Data subject requests (menu 5, consents): the request list and the request form settings, loaded when first opened. */
export default {
  path: '/consents/datasubject/*',
  menu: 'consents',
  page: lazy(() => import('./DsrPage')),
  texts: ['dsr', 'server', 'consent', 'connectors'],
} satisfies ModuleDefinition;
