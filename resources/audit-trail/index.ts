import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** `/settings/audit`: the audit trail under the settings menu, loaded when first opened. */
export default {
  path: '/settings/audit',
  menu: 'settings',
  page: lazy(() => import('./AuditTrailPage')),
  texts: ['audit'],
} satisfies ModuleDefinition;
