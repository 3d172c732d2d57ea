import { TabbedModulePage } from '../../src/components/TabbedModulePage';
import { RopaDashboard } from './RopaDashboard';
import { RopaForm } from './RopaForm';
import { RopaList } from './RopaList';
import { RopaPreview } from './RopaPreview';
import { RopaReport } from './RopaReport';

const TABS = [
  { path: 'dashboard', label: 'ropa.tabs.dashboard', element: <RopaDashboard /> },
  { path: 'activity/list', label: 'ropa.tabs.list', element: <RopaList /> },
  { path: 'preview', label: 'ropa.tabs.preview', element: <RopaPreview /> },
  { path: 'report', label: 'ropa.tabs.report', element: <RopaReport /> },
] as const;

/** `/ropa/*`: the seed's ROPA screens; `activity/create/{ropaId?}` and `activity/create2` are the form's two steps. */
export default function RopaPage() {
  return (
    <TabbedModulePage
      base="/ropa"
      title="ropa.title"
      tabs={TABS}
      subScreens={[
        { path: 'activity/create/:ropaId?', tab: 'activity/list', element: <RopaForm step={1} /> },
        { path: 'activity/create2', tab: 'activity/list', element: <RopaForm step={2} /> },
      ]}
    />
  );
}
