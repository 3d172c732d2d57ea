import { MENU, type MenuKey } from '../../contract/menus';
import { useServerMenu } from '../layout/useServerMenu';

/**
 * Whether the user's role may change the records of `menu` (from `/user/menu`). The UI hides add,
 * edit and delete when it may not; the server refuses them anyway (403 read_only). While the menu
 * loads, or if it cannot load, the answer is no.
 */
export function useCanEdit(menu: MenuKey): boolean {
  const { menu: items } = useServerMenu();
  const menuId = MENU[menu].menuId;
  return items.some((item) => item.menuId === menuId && item.canEdit);
}
