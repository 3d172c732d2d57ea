import type { ServerConfig } from '../config';
import type { RouteModule } from '../http/openapi';
import type { RouteSpec } from '../http/route';
import { accountRoutes } from './accounts/routes';
import { authRoutes } from './auth/routes';
import { auditRoutes } from './audit/routes';
import { breachRoutes } from './breach';
import { companyRoutes } from './company/routes';
import { consentRoutes } from './consent';
import { cookieRoutes } from './cookie';
import { docsRoutes } from './docs/routes';
import { dsrRoutes } from './dsr';
import { dpoRoutes } from './dpo';
import { peopleRoutes } from './people';
import { registersRoutes } from './registers/routes';
import { riskRoutes } from './risk';
import { roleRoutes } from './roles/routes';
import { datamapRoutes, ropaRoutes } from './ropa';
import { shellRoutes } from './shell/routes';
import { quizRoutes } from './quiz';
import { sheetRoutes } from './sheets';
import { sessionRoutes } from './sessions/routes';
import { dashboardRoutes } from './dashboard';

/** Every module of the API with its routes; the name is the module's tag in the OpenAPI document. */
export function routeModules(config: ServerConfig): RouteModule[] {
  const modules: RouteModule[] = [
    { name: 'auth', description: 'Sign-in, sign-out, the route check, health', routes: authRoutes },
    { name: 'accounts', description: 'Registration, e-mail verification, password reset', routes: accountRoutes(config) },
    { name: 'shell', description: "The application shell's calls: menu, notifications", routes: shellRoutes },
    { name: 'company', description: 'Company settings and logo (menu 13)', routes: companyRoutes(config) },
    { name: 'risk', description: 'Risk management: levels, events, plans, matrix, evaluations (menu 18)', routes: riskRoutes },
    { name: 'audit', description: 'The audit trail (menu 13)', routes: auditRoutes },
    { name: 'roles', description: 'Roles and their rights (menu 14)', routes: roleRoutes },
    { name: 'people', description: 'People, departments, positions, the DPO list (menu 14)', routes: peopleRoutes },
    { name: 'consent', description: 'Consent items, forms, records and the public consent pages (menu 5)', routes: consentRoutes },
    { name: 'dsr', description: 'Data subject requests, their forms and the public request pages (menu 5)', routes: dsrRoutes(config) },
    {
      name: 'registers',
      description: 'Simple registers, one declaration each (contract/registers/): data categories, processors (menu 16)',
      routes: registersRoutes,
    },
    {
      name: 'quiz',
      description: 'Knowledge tests: question bank, tests and results (menu 7); taking them (every signed-in person)',
      routes: quizRoutes,
    },
    {
      name: 'dpo',
      description: 'The data protection officer: appointments, the order PDF, the s.41 questionnaire (menu 4)',
      routes: dpoRoutes(config),
    },
    {
      name: 'cookie',
      description: 'Cookie consent: domains, banner settings and versions, the consent log, the banner endpoints (menu 9)',
      routes: cookieRoutes,
    },
    { name: 'datamap', description: "The data map's systems and data sets (menu 16)", routes: datamapRoutes },
    { name: 'ropa', description: 'Records of processing activities, s.39/s.40: activities, dashboard, report (menu 11)', routes: ropaRoutes },
    { name: 'breach', description: 'The data breach log, its 72-hour clock, notices and letters (menu 17)', routes: breachRoutes(config) },
    { name: 'sheets', description: 'Document sheets: templates, documents, versions, PDF and DOCX (menu 7)', routes: sheetRoutes(config) },
  ];
  modules.push({
    name: 'dashboard',
    description: "The dashboard: the seed's eight feeds under /user/dashboard/, the compliance posture, the board report (menu 2)",
    routes: dashboardRoutes,
  });
  modules.push({ name: 'sessions', description: "One's own sessions and signing out everywhere", routes: sessionRoutes });
  modules.push({ name: 'docs', description: 'This description of the API', routes: docsRoutes(() => modules) });
  return modules;
}

/** Every API route of the product. A new module adds its list to `routeModules`. */
export const allRoutes = (config: ServerConfig): RouteSpec[] => routeModules(config).flatMap((m) => m.routes);
