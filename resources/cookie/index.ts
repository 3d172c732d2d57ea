import { lazy } from 'react';
import type { ModuleDefinition } from '../types';

/** Cookie consent (menu 9): the domains, the log, the statistics and the undeclared cookies (`?tab=`). */
export const cookieList = {
  path: '/cookie/list',
  menu: 'cookie',
  page: lazy(() => import('./CookiePage')),
  texts: ['cookie', 'server'],
} satisfies ModuleDefinition;

/** A domain's banner settings with the live preview. */
export const cookieSetting = {
  path: '/cookie/setting/:cookieDomainId',
  menu: 'cookie',
  page: lazy(() => import('./CookieSettingPage')),
  texts: ['cookie', 'server'],
} satisfies ModuleDefinition;

/** `/cookieex` (menu 999): the live example page with the company's banner. */
export const cookieExample = {
  path: '/cookieex',
  menu: 'always',
  page: lazy(() => import('./CookieExamplePage')),
  texts: ['cookie', 'server'],
} satisfies ModuleDefinition;
