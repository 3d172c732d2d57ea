import { TabbedModulePage } from '../../src/components/TabbedModulePage';
import { registerTabs } from '../registers/registerTabs';
import { SystemForm } from './SystemForm';
import { SystemList } from './SystemList';

const TABS = [{ path: 'list', label: 'datamap.systems.tab', element: <SystemList /> }, ...registerTabs('dataManage')];

/** `/data-manage/*`: the seed's systems list and form (`list`, `add/{dataId?}`), and one tab per register of menu 16. */
export default function DataMapPage() {
  return (
    <TabbedModulePage
      base="/data-manage"
      title="datamap.title"
      tabs={TABS}
      subScreens={[{ path: 'add/:dataId?', tab: 'list', element: <SystemForm /> }]}
    />
  );
}
