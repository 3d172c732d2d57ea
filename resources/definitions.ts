import type { ResourceDefinition } from './types';
import notifications from './shell/definition';
import riskEvents from './risk/events/definition';
import riskPlans from './risk/plans/definition';
import riskTreatments from './risk/treatments/definition';
import riskEvaluations from './risk/evaluations/definition';
import riskMatrix from './risk/matrix/definition';
import riskLevels from './risk/levels/definition';
import auditTrail from './audit/definition';
import companySettings from './company/definition';
import dsrRequests from './dsr/definition';
import dsrForms from './dsr/forms/definition';
import consentNotices from './consent/notices/definition';
import consentRecords from './consent/records/definition';
import roles from './roles/definition';
import people from './people/definition';
import departments from './people/departments/definition';
import positions from './people/positions/definition';
import { consentObjectives, consentSources, consentStores } from './consent/items/definition';
import { REGISTERS } from '../contract/registers';
import { registerDefinition } from './registers/definition';
import knowledgeTests, { knowledgeQuestions } from './quiz/definition';
import dpoAppointments from './dpo/definition';
import cookieDomains, { cookieLog } from './cookie/definition';
import datamapSystems from './datamap/definition';
import ropaActivities from './ropa/definition';
import breaches from './breach/definition';
import sheets, { sheetTemplates } from './sheets/definition';
import dashboard from './dashboard/definition';

const DEFINITIONS = [
  notifications,
  riskEvents,
  riskPlans,
  riskTreatments,
  riskEvaluations,
  riskMatrix,
  riskLevels,
  auditTrail,
  companySettings,
  dsrRequests,
  dsrForms,
  consentNotices,
  consentRecords,
  roles,
  people,
  departments,
  positions,
  consentSources,
  consentObjectives,
  consentStores,
  ...REGISTERS.map(registerDefinition),
  knowledgeTests,
  knowledgeQuestions,
  dpoAppointments,
  cookieDomains,
  cookieLog,
  datamapSystems,
  ropaActivities,
  breaches,
  sheets,
  sheetTemplates,
  dashboard,
] as const;

/** Every resource's plain definition: the data provider's route table is built from it. */
export const RESOURCE_DEFINITIONS: ResourceDefinition[] = [...DEFINITIONS];

type CallsOf<D> = D extends { calls: infer C } ? C : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every resource's custom calls by name, with their declared types (the data provider's extra methods). */
export type DefinedCalls = Intersection<CallsOf<(typeof DEFINITIONS)[number]>>;
