import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** Company settings (menu 13): the company's profile and logo, loaded when first opened. */
export default {
  path: '/settings/general',
  menu: 'settings',
  page: lazy(() => import('./CompanySettingsPage')),
  texts: ['company', 'server', 'apikeys', 'webhooks', 'sso'],
} satisfies ModuleDefinition;
