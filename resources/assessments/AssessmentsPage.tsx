import { Navigate, Route, Routes } from 'react-router-dom';
import { TabbedModulePage } from '../../src/components/TabbedModulePage';
import { AssessmentEdit } from './AssessmentEdit';
import { AssessmentList } from './AssessmentList';
import { CandidateList } from './CandidateList';
import { TemplateEdit } from './templates/TemplateEdit';
import { TemplateList } from './templates/TemplateList';

const TABS = [
  { path: 'list', label: 'assessments.tabs.list', element: <AssessmentList /> },
  { path: 'candidates', label: 'assessments.tabs.candidates', element: <CandidateList /> },
  { path: 'templates', label: 'assessments.tabs.templates', element: <TemplateList /> },
];
const SUB_SCREENS = [
  { path: 'edit/:id', tab: 'list', element: <AssessmentEdit /> },
  { path: 'templates/:id', tab: 'templates', element: <TemplateEdit /> },
];

/** `/assessments/*`: the assessments, the ROPA activities that need one, and the templates; `/assessments` opens the list. */
export default function AssessmentsPage() {
  return (
    <Routes>
      <Route index element={<Navigate to="list" replace />} />
      <Route path="*" element={<TabbedModulePage base="/assessments" title="assessments.title" tabs={TABS} subScreens={SUB_SCREENS} />} />
    </Routes>
  );
}
