/**
 * The menu catalogue: every menu id of the product, its parent and its entry path.
 * The server builds each user's menu from it (filtered by the role), the UI routes and
 * permission checks read it, and resource definitions point at it by key.
 */
export interface MenuEntry {
  /** stable key, also the i18n key under `menu.` */
  key: string;
  menuId: number;
  /** the menu this one belongs to (0 = top level) */
  parentId: number;
  /** where the entry leads in the UI */
  path: string;
  /** a Material icon name, mapped to a component in the UI */
  icon: string;
  /** shown in the sidebar and on the main menu */
  inMenu: boolean;
}

export const MENUS = [
  { key: 'main', menuId: 15, parentId: 0, path: '/', icon: 'Apps', inMenu: false },
  { key: 'dashboard', menuId: 2, parentId: 0, path: '/dashboard', icon: 'Dashboard', inMenu: true },
  { key: 'ropa', menuId: 11, parentId: 0, path: '/ropa/dashboard', icon: 'ListAlt', inMenu: true },
  { key: 'dataManage', menuId: 16, parentId: 0, path: '/data-manage/list', icon: 'Storage', inMenu: true },
  { key: 'consents', menuId: 5, parentId: 0, path: '/consents/manage/form', icon: 'FactCheck', inMenu: true },
  { key: 'cookie', menuId: 9, parentId: 0, path: '/cookie/list', icon: 'Cookie', inMenu: true },
  { key: 'dataBreach', menuId: 17, parentId: 0, path: '/databreach', icon: 'GppMaybe', inMenu: true },
  { key: 'riskManagement', menuId: 18, parentId: 0, path: '/risk-management/event', icon: 'Warning', inMenu: true },
  // DPIA and legitimate-interest assessments of the ROPA's activities (contract/assessments.ts)
  { key: 'assessments', menuId: 20, parentId: 0, path: '/assessments', icon: 'Assessment', inMenu: true },
  { key: 'dpo', menuId: 4, parentId: 0, path: '/dpo/list', icon: 'Badge', inMenu: true },
  { key: 'sheets', menuId: 7, parentId: 0, path: '/sheets/list', icon: 'Description', inMenu: true },
  // taking one's own knowledge tests (every built-in staff role has it); managing them is menu 7's
  { key: 'knowledge', menuId: 19, parentId: 0, path: '/knowledge/my', icon: 'School', inMenu: true },
  { key: 'settings', menuId: 13, parentId: 0, path: '/settings/general', icon: 'Settings', inMenu: true },
  { key: 'contacts', menuId: 14, parentId: 13, path: '/settings/contacts/list', icon: 'People', inMenu: true },
  { key: 'always', menuId: 999, parentId: 0, path: '/forbidden', icon: 'Block', inMenu: false },
] as const satisfies readonly MenuEntry[];

export type MenuKey = (typeof MENUS)[number]['key'];

export const MENU = Object.fromEntries(MENUS.map((m) => [m.key, m])) as {
  [K in MenuKey]: Extract<(typeof MENUS)[number], { key: K }>;
};

/** Menus every signed-in user has, whatever the role: the main menu and the 999 pages. */
export const ALWAYS_GRANTED: readonly number[] = [MENU.main.menuId, MENU.always.menuId];

export const menuById = (menuId: number): MenuEntry | undefined => MENUS.find((m) => m.menuId === menuId);

/**
 * A user's menu as `GET /user/menu` replies it: the entries their role grants (menu id -> may edit),
 * named in their language. `canEdit` lets the UI hide what a view-only role may not do.
 */
export const menuFor = (rights: ReadonlyMap<number, boolean>, names: Record<MenuKey, string>) =>
  MENUS.filter((m) => m.inMenu && rights.has(m.menuId)).map((m) => ({
    menuId: m.menuId,
    parentId: m.parentId,
    menuName: names[m.key],
    path: m.path,
    icon: m.icon,
    canEdit: rights.get(m.menuId) === true,
  }));
