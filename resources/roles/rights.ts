import { GRANTABLE_MENUS, sortRights, type RoleRight } from '../../contract/roles';

/**
 * The rules of the rights grid: editing a menu means seeing it; a sub-menu is seen only under its
 * parent. The server checks the same (contract/roles.ts); the grid keeps them as one ticks.
 */
export type RightLevel = 'view' | 'edit';

const childrenOf = (menuId: number) => GRANTABLE_MENUS.filter((m) => m.parentId === menuId).map((m) => m.menuId);
const parentOf = (menuId: number) => GRANTABLE_MENUS.find((m) => m.menuId === menuId)?.parentId ?? 0;

/** Ticks or unticks one box of the grid and answers the rights that follow. */
export function toggleRight(rights: RoleRight[], menuId: number, level: RightLevel, on: boolean): RoleRight[] {
  const byMenu = new Map(rights.map((r) => [r.menuId, r.edit]));
  const grant = (id: number, edit: boolean) => {
    byMenu.set(id, edit || (byMenu.get(id) ?? false));
    const parent = parentOf(id);
    if (parent && !byMenu.has(parent)) byMenu.set(parent, false);
  };
  const revoke = (id: number) => {
    byMenu.delete(id);
    for (const child of childrenOf(id)) revoke(child);
  };
  if (on) grant(menuId, level === 'edit');
  else if (level === 'edit') byMenu.set(menuId, false);
  else revoke(menuId);
  return sortRights([...byMenu].map(([id, edit]) => ({ menuId: id, view: true as const, edit })));
}

/** Every menu at once: seen (`view`) or changed too (`edit`); off takes the level away from all. */
export function toggleAll(rights: RoleRight[], level: RightLevel, on: boolean): RoleRight[] {
  if (on)
    return GRANTABLE_MENUS.map((m) => ({
      menuId: m.menuId,
      view: true as const,
      edit: level === 'edit' || rights.some((r) => r.menuId === m.menuId && r.edit),
    }));
  return level === 'view' ? [] : rights.map((r) => ({ ...r, edit: false }));
}

/** How many menus a role sees and changes. */
export const rightsCount = (rights: RoleRight[]) => ({ view: rights.length, edit: rights.filter((r) => r.edit).length });
