import { TabbedModulePage } from '../../src/components/TabbedModulePage';
import { DueList } from './due/DueList';
import { RuleList } from './rules/RuleList';

const TABS = [
  { path: 'rules', label: 'retention.rules.tab', element: <RuleList /> },
  { path: 'due', label: 'retention.due.tab', element: <DueList /> },
  { path: 'data-map', label: 'datamap.title', to: '/data-manage/list' },
];

/** `/retention/*`: the retention rules and the due-for-deletion queue, beside a way back to the data map. */
export default function RetentionPage() {
  return <TabbedModulePage base="/retention" title="retention.title" tabs={TABS} />;
}
