import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TabbedModulePage } from '../../src/components/TabbedModulePage';
import { registerTabs } from '../registers/registerTabs';

function SystemsComing() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('datamap.systems.coming')}</Alert>;
}

const TABS = [{ path: 'list', label: 'datamap.systems.tab', element: <SystemsComing /> }, ...registerTabs('dataManage')];

/** `/data-manage/*`: the seed's data map list, and one tab per register of menu 16. */
export default function DataMapPage() {
  return (
    <TabbedModulePage
      base="/data-manage"
      title="datamap.title"
      tabs={TABS}
      subScreens={[{ path: 'add/:dataId?', tab: 'list', element: <SystemsComing /> }]}
    />
  );
}
