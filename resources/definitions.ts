import type { ResourceDefinition } from './types';
import notifications from './notifications/definition';
import riskEvents from './risk-events/definition';
import riskPlans from './risk-plans/definition';
import riskTreatments from './risk-treatments/definition';
import riskEvaluations from './risk-evaluations/definition';
import riskMatrix from './risk-matrix/definition';
import auditTrail from './audit-trail/definition';
import roles from './roles/definition';
import people from './people/definition';
import departments from './departments/definition';
import positions from './positions/definition';
import { consentObjectives, consentSources, consentStores } from './consent-items/definition';
import { REGISTERS } from '../contract/registers';
import { registerDefinition } from './registers/definition';

/** Every resource's plain definition: the data provider's route table is built from it. */
export const RESOURCE_DEFINITIONS: ResourceDefinition[] = [
  notifications,
  riskEvents,
  riskPlans,
  riskTreatments,
  riskEvaluations,
  riskMatrix,
  auditTrail,
  roles,
  people,
  departments,
  positions,
  consentSources,
  consentObjectives,
  consentStores,
  ...REGISTERS.map(registerDefinition),
];
