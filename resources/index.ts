import type { ModuleDefinition, ResourceUiDefinition } from './types';
import { RESOURCE_DEFINITIONS } from './definitions';
import notifications from './shell';
import riskManagement from './risk';
import auditTrail from './audit';
import roles from './roles';
import companySettings from './company';
import contacts from './people';
import dsrRequests from './dsr';
import consentNotices from './consent/notices';
import dataMap from './datamap';
import { manageKnowledge, myKnowledge } from './quiz';
import dpo from './dpo';
import { cookieExample, cookieList, cookieSetting } from './cookie';
import ropa from './ropa';
import breaches from './breach';
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
