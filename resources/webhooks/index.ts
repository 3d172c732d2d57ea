import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** `/settings/webhooks`: the company's webhook endpoints and their delivery log, under the settings menu. */
export default {
  path: '/settings/webhooks',
  menu: 'settings',
  page: lazy(() => import('./WebhooksPage')),
  texts: ['webhooks', 'server'],
} satisfies ModuleDefinition;
