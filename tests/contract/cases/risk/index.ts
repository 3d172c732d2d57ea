/** Risk management (menu 18): level names, events and plans, treatment plans, the matrix, evaluations, the report. */
import type { Ctx } from '../../expectations';
import { riskAccessCases } from './access';
import { riskLevelsCases } from './levels';
import { riskEventsCases } from './events';
import { riskTreatmentsCases } from './treatments';
import { riskMatrixCases } from './matrix';
import { riskEvaluationsCases } from './evaluations';
import { riskReportCases } from './report';
import { riskIsolationCases } from './isolation';
import { riskDemoCases } from './demo';

export function riskCases(ctx: Ctx) {
  riskAccessCases(ctx);
  riskLevelsCases(ctx);
  riskEventsCases(ctx);
  riskTreatmentsCases(ctx);
  riskMatrixCases(ctx);
  riskEvaluationsCases(ctx);
  riskReportCases(ctx);
  riskIsolationCases(ctx);
  riskDemoCases(ctx);
}
