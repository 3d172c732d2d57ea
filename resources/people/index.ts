import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** `/settings/contacts/list` (users and roles, menu 14): people, departments and positions, loaded when first opened. */
export default {
  path: '/settings/contacts/list',
  menu: 'contacts',
  page: lazy(() => import('./ContactsPage')),
  texts: ['people', 'roles', 'server'],
} satisfies ModuleDefinition;
