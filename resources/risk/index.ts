import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** Risk management (menu 18): one tabbed page over the risk resources, loaded when first opened. */
export default {
  path: '/risk-management/*',
  menu: 'riskManagement',
  page: lazy(() => import('./RiskManagementPage')),
  texts: ['risk', 'server'],
} satisfies ModuleDefinition;
