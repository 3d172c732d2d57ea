import { TabbedModulePage, type ModuleSubScreen, type ModuleTab } from '../../src/components/TabbedModulePage';
import { SheetCreate } from './SheetCreate';
import { SheetEditor } from './SheetEditor';
import { SheetList } from './SheetList';
import { TemplateList } from './TemplateList';

/**
 * The tabs of menu 7, each a path under /sheets (the seed's list and create/list). Another screen of
 * the menu (the knowledge tests) adds its tab and sub-screens to these lists.
 */
export const SHEET_TABS: ModuleTab[] = [
  { path: 'list', label: 'sheets.tabs.documents', element: <SheetList /> },
  { path: 'create/list', label: 'sheets.tabs.templates', element: <TemplateList /> },
];
export const SHEET_SUB_SCREENS: ModuleSubScreen[] = [
  { path: 'create', tab: 'create/list', element: <SheetCreate /> },
  { path: 'edit', tab: 'list', element: <SheetEditor /> },
];

/** `/sheets/...`: documents made from templates with live data, and the templates. */
export default function SheetsPage() {
  return <TabbedModulePage base="/sheets" title="sheets.title" tabs={SHEET_TABS} subScreens={SHEET_SUB_SCREENS} />;
}
