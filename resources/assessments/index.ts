import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** Assessments (menu 20): DPIA and LIA of the ROPA's activities, their candidates and templates, under `/assessments`. */
export default {
  path: '/assessments/*',
  menu: 'assessments',
  page: lazy(() => import('./AssessmentsPage')),
  texts: ['assessments', 'risk', 'server'],
} satisfies ModuleDefinition;
