/**
 * The fake's route table: every /api/v1 call it answers, module by module. Most lines map one of
 * the seed's irregular calls onto a collection of the fixtures (crud.ts: list, one, create, update,
 * remove, restList, csv); `route()` lines are the few calls that are not CRUD (sign-in, the route
 * check, the menu, publishing a notice, a request's state). See README.md: adding a module.
 */
import { accountRoutes } from './modules/accounts';
import { auditRoutes } from './modules/audit';
import { companyRawBody, companyRoutes } from './modules/company';
import { consentRoutes } from './modules/consent';
import { dsrRawBody, dsrRoutes } from './modules/dsr';
import { peopleRoutes } from './modules/people';
import { riskRoutes } from './modules/risk';
import { roleRoutes } from './modules/roles';
import { shellRoutes } from './modules/shell';
import { registerRoutes } from './modules/registers';
import { quizRoutes } from './modules/quiz';
import { dpoRoutes } from './modules/dpo';
import { cookieRoutes } from './modules/cookie';
import { ropaRoutes } from './modules/ropa';
import { breachRoutes } from './modules/breach';
import { sheetRoutes } from './modules/sheets';
import { dashboardRoutes } from './modules/dashboard';
import type { FakeRoute, RawBody } from './engine';

export const routeTable = (env: NodeJS.ProcessEnv = process.env): FakeRoute[] => [
  ...shellRoutes,
  ...companyRoutes,
  ...riskRoutes,
  ...roleRoutes,
  ...peopleRoutes,
  ...consentRoutes,
  ...dsrRoutes,
  ...auditRoutes,
  ...registerRoutes,
  ...quizRoutes,
  ...dpoRoutes,
  ...cookieRoutes,
  ...ropaRoutes,
  ...breachRoutes,
  ...sheetRoutes,
  ...dashboardRoutes,
  ...accountRoutes(env),
];

/** The calls whose handler reads the body itself. */
export const rawBodies: RawBody[] = [companyRawBody, dsrRawBody];
