import { TabbedModulePage } from '../../../src/components/TabbedModulePage';
import { ResourceListView } from '../../../src/resourceViews/ResourceListView';
import { consentObjectivesUi, consentSourcesUi, consentStoresUi } from '../items';
import { ConsentRecordList } from '../records/ConsentRecordList';
import { NoticeBuilder } from './NoticeBuilder';
import { NoticeList } from './NoticeList';

/** The tabs, each a path under /consents (the seed's manage/form and manage/list, and the items). */
const TABS = [
  { path: 'manage/form', label: 'consent.tabs.notices', element: <NoticeList /> },
  { path: 'manage/list', label: 'consent.tabs.records', element: <ConsentRecordList /> },
  { path: 'items/objective', label: 'consent.tabs.objectives', element: <ResourceListView definition={consentObjectivesUi} key="objectives" /> },
  { path: 'items/store', label: 'consent.tabs.stores', element: <ResourceListView definition={consentStoresUi} key="stores" /> },
  { path: 'items/source', label: 'consent.tabs.sources', element: <ResourceListView definition={consentSourcesUi} key="sources" /> },
  // the data subject requests have their own page under the same menu: reached from here too
  { path: 'datasubject/list', label: 'consent.tabs.requests', to: '/consents/datasubject/list' },
  { path: 'datasubject/form', label: 'consent.tabs.request_forms', to: '/consents/datasubject/form' },
] as const;

/** `/consents/...`: privacy notices and their builder, consent records, consent items. */
export default function ConsentsPage() {
  return (
    <TabbedModulePage
      base="/consents"
      title="consent.title"
      tabs={TABS}
      // one route for /create and /create/{formId}: saving a new notice keeps the same screen (no remount)
      subScreens={[{ path: 'create/*', tab: 'manage/form', element: <NoticeBuilder /> }]}
    />
  );
}
