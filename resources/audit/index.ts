import { lazy } from 'react';
import type { ModuleDefinition } from '../types';
import { REGISTER_AREAS } from '../registers/definition';

/** `/settings/audit`: the audit trail under the settings menu (and `/settings/audit/reads`, who read personal data), loaded when first opened. */
export default {
  path: '/settings/audit/*',
  menu: 'settings',
  page: lazy(() => import('./AuditTrailPage')),
  texts: ['audit', ...REGISTER_AREAS],
} satisfies ModuleDefinition;
