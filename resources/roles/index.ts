import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** `/settings/contacts/role`: the company's roles and their rights, loaded when first opened. */
export default {
  path: '/settings/contacts/role',
  menu: 'contacts',
  page: lazy(() => import('./RolePage')),
  texts: ['roles'],
} satisfies ModuleDefinition;
