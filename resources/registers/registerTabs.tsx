import type { MenuKey } from '../../contract/menus';
import { REGISTERS } from '../../contract/registers';
import type { ModuleTab } from '../../src/components/TabbedModulePage';
import { ResourceListView } from '../../src/resourceViews/ResourceListView';
import { registerResource } from './registerResource';

/** A module page's tabs for the registers of its menu: each register's list at `<base>/<name>`. */
export const registerTabs = (menu: MenuKey): ModuleTab[] =>
  REGISTERS.filter((r) => r.menu === menu).map((r) => ({
    path: r.name,
    label: `${r.texts.prefix}.tab`,
    element: <ResourceListView key={r.name} definition={registerResource(r)} />,
  }));
