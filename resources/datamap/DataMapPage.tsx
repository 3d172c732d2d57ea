import { TabbedModulePage } from '../../src/components/TabbedModulePage';
import { registerTabs } from '../registers/registerTabs';
import { SystemForm } from './SystemForm';
import { SystemList } from './SystemList';
import { ProcessorDiligenceForm } from '../processors/ProcessorDiligenceForm';
import { ProcessorDiligenceList } from '../processors/ProcessorDiligenceList';
import { TransferForm } from '../transfers/TransferForm';
import { TransferList } from '../transfers/TransferList';

const TABS = [
  { path: 'list', label: 'datamap.systems.tab', element: <SystemList /> },
  { path: 'transfers', label: 'transfers.tab', element: <TransferList /> },
  { path: 'processor-diligence', label: 'processors.tab', element: <ProcessorDiligenceList /> },
  ...registerTabs('dataManage'),
  { path: 'retention', label: 'retention.tab', to: '/retention/rules' },
];

/** `/data-manage/*`: the seed's systems list and form (`list`, `add/{dataId?}`), and one tab per register of menu 16. */
export default function DataMapPage() {
  return (
    <TabbedModulePage
      base="/data-manage"
      title="datamap.title"
      tabs={TABS}
      subScreens={[
        { path: 'add/:dataId?', tab: 'list', element: <SystemForm /> },
        { path: 'transfers/add/:transferId?', tab: 'transfers', element: <TransferForm /> },
        { path: 'processor-diligence/:processorId', tab: 'processor-diligence', element: <ProcessorDiligenceForm /> },
      ]}
    />
  );
}
