import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** `/settings/sso`: the company's single sign-on under the settings menu, loaded when first opened. */
export default {
  path: '/settings/sso',
  menu: 'settings',
  page: lazy(() => import('./SsoSettingsPage')),
  texts: ['sso', 'server'],
} satisfies ModuleDefinition;
