/** The built-in roles every company starts with. `menus` are the granted menu ids; `edit` whether they may change data. */
import { MENUS, MENU } from '../contract/menus';
import type { BuiltinRoleKey } from '../contract/roles';

export const BUILTIN_ROLES: Record<BuiltinRoleKey, { name: string; menus: number[]; edit: boolean }> = {
  admin: { name: 'ผู้ดูแลระบบ', menus: MENUS.map((m) => m.menuId), edit: true },
  dpo: {
    name: 'DPO',
    menus: MENUS.filter((m) => m.key !== 'settings' && m.key !== 'contacts').map((m) => m.menuId),
    edit: true,
  },
  // staff take their knowledge tests (menu 19) and keep the ROPA and the data map of their work; managing
  // the tests and approving documents (menu 7) is the administrator's and the DPO's (spec/product.md;
  // migration 0025 takes menu 7 from existing staff roles). The breach log (menu 17) and the consents with
  // the data subjects' requests (menu 5) hold other people's incidents and requests: not for every
  // employee (migration 0031 takes them from existing staff roles; i18n/roles.ts says so)
  staff: {
    name: 'พนักงาน',
    menus: [MENU.dashboard, MENU.ropa, MENU.dataManage, MENU.knowledge].map((m) => m.menuId),
    edit: true,
  },
  viewer: {
    name: 'ผู้ดูแลข้อมูล',
    menus: MENUS.filter((m) => !['riskManagement', 'settings', 'contacts'].includes(m.key)).map((m) => m.menuId),
    edit: false,
  },
  contact: { name: 'ผู้ติดต่อ', menus: [MENU.dashboard.menuId, MENU.dpo.menuId], edit: false },
};
