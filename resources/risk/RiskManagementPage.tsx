import { TabbedModulePage } from '../../src/components/TabbedModulePage';
import { RiskEvaluationList } from './evaluations/RiskEvaluationList';
import { StartEvaluation } from './evaluations/StartEvaluation';
import { RiskMatrixSettings } from './matrix/RiskMatrixSettings';
import { RiskTreatmentList } from './treatments/RiskTreatmentList';
import { RiskLevelSettings } from './RiskLevelSettings';
import { ResourceListView } from '../../src/resourceViews/ResourceListView';
import riskEvents from './events';
import riskPlans from './plans';

/** The vertical tabs of the seed, in its order; each is a path under /risk-management. */
const TABS = [
  { path: 'level', label: 'risk.tabs.level', element: <RiskLevelSettings /> },
  { path: 'likelihood', label: 'risk.tabs.likelihood', element: <RiskMatrixSettings /> },
  { path: 'event', label: 'risk.tabs.event', element: <ResourceListView definition={riskEvents} key="events" /> },
  { path: 'plan', label: 'risk.tabs.plan', element: <ResourceListView definition={riskPlans} key="plans" /> },
  { path: 'evaluation', label: 'risk.tabs.evaluation', element: <RiskEvaluationList /> },
  { path: 'rtp', label: 'risk.tabs.rtp', element: <RiskTreatmentList /> },
] as const;

/** `/risk-management/...`: level settings, likelihood matrix, events, measures, evaluations, RTP. */
export default function RiskManagementPage() {
  return (
    <TabbedModulePage
      base="/risk-management"
      title="risk.title"
      tabs={TABS}
      subScreens={[{ path: 'start-evaluation/:evaluationHeaderId?', tab: 'evaluation', element: <StartEvaluation /> }]}
    />
  );
}
