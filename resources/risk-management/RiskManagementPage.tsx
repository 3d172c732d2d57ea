import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { RiskEvaluationList } from '../risk-evaluations/RiskEvaluationList';
import { StartEvaluation } from '../risk-evaluations/StartEvaluation';
import { RiskMatrixSettings } from '../risk-matrix/RiskMatrixSettings';
import { RiskTreatmentList } from '../risk-treatments/RiskTreatmentList';
import { RiskLevelSettings } from './RiskLevelSettings';
import { ResourceListView } from '../../src/resourceViews/ResourceListView';
import riskEvents from '../risk-events';
import riskPlans from '../risk-plans';

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
  const translate = useTranslate();
  const { pathname } = useLocation();
  const section = pathname.split('/')[2] ?? '';
  const current = TABS.some((t) => t.path === section) ? section : section === 'start-evaluation' ? 'evaluation' : false;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('risk.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('risk.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ flexShrink: 0, width: { xs: '100%', md: 240 } }}>
          <Tabs
            orientation="vertical"
            value={current}
            aria-label={translate('risk.title')}
            sx={{ '& .MuiTab-root': { alignItems: 'flex-start', textAlign: 'left' } }}
          >
            {TABS.map((tab) => (
              <Tab key={tab.path} value={tab.path} label={translate(tab.label)} component={Link} to={`/risk-management/${tab.path}`} />
            ))}
          </Tabs>
        </Paper>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%', p: 2 }}>
          <Routes>
            {TABS.map((tab) => (
              <Route key={tab.path} path={tab.path} element={tab.element} />
            ))}
            <Route path="start-evaluation/:evaluationHeaderId?" element={<StartEvaluation />} />
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Routes>
        </Paper>
      </Box>
    </Box>
  );
}
