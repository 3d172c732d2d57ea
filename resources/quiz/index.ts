import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** Knowledge tests, taking them: every staff member's (menu 19). */
export const myKnowledge = {
  path: '/knowledge/my/*',
  menu: 'knowledge',
  page: lazy(() => import('./MyKnowledgePage')),
  texts: ['quiz', 'server'],
} satisfies ModuleDefinition;

/** Knowledge tests, managing them: the tests, results and question bank (menu 7, documents). */
export const manageKnowledge = {
  path: '/knowledge/manage/*',
  menu: 'sheets',
  page: lazy(() => import('./ManageKnowledgePage')),
  texts: ['quiz', 'server'],
} satisfies ModuleDefinition;
