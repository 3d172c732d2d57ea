import type { ModuleDefinition, ResourceUiDefinition } from './types';
import { RESOURCE_DEFINITIONS } from './definitions';
import notifications from './notifications';
import riskManagement from './risk-management';
import auditTrail from './audit-trail';
import roles from './roles';
import companySettings from './company-settings';
import contacts from './contacts';
import dsrRequests from './dsr-requests';
import consentNotices from './consent-notices';
import dataMap from './data-map';
import { manageKnowledge, myKnowledge } from './knowledge';
import dpo from './dpo';
import { cookieExample, cookieList, cookieSetting } from './cookie';
import ropa from './ropa';
import breaches from './breaches';
import sheets from './sheets';

/**
 * Every resource with its views: `src/App.tsx` turns each into a react-admin `<Resource>`. A
 * resource whose screens live inside a module page is registered by its definition alone.
 */
const WITH_VIEWS: ResourceUiDefinition[] = [notifications];
export const RESOURCES: ResourceUiDefinition[] = RESOURCE_DEFINITIONS.map(
  (definition) => WITH_VIEWS.find((r) => r.name === definition.name) ?? definition,
);

/** Module pages, mounted at their paths inside the layout. */
export const MODULES: ModuleDefinition[] = [
  riskManagement,
  auditTrail,
  roles,
  companySettings,
  contacts,
  dsrRequests,
  consentNotices,
  dataMap,
  // knowledge tests: taking them (menu 19), managing them (menu 7)
  myKnowledge,
  manageKnowledge,
  dpo,
  // cookie consent (menu 9) and its live example page
  cookieList,
  cookieSetting,
  cookieExample,
  ropa,
  breaches,
  sheets,
];
