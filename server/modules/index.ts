import type { ServerConfig } from '../config';
import type { RouteSpec } from '../http/route';
import { accountRoutes } from './accounts/routes';
import { authRoutes } from './auth/routes';
import { auditRoutes } from './audit/routes';
import { companyRoutes } from './company/routes';
import { consentRoutes } from './consent';
import { dsrRoutes } from './dsr';
import { peopleRoutes } from './people';
import { riskRoutes } from './risk';
import { roleRoutes } from './roles/routes';
import { shellRoutes } from './shell/routes';

/** Every API route of the product. A new module adds its list here. */
export const allRoutes = (config: ServerConfig): RouteSpec[] => [
  ...authRoutes,
  ...accountRoutes(config),
  ...shellRoutes,
  ...companyRoutes(config),
  ...riskRoutes,
  ...auditRoutes,
  ...roleRoutes,
  ...peopleRoutes,
  ...consentRoutes,
  ...dsrRoutes(config),
];
