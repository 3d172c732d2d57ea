import { describe, expect, it } from 'vitest';
import { MENU } from '../../contract/menus';
import { GRANTABLE_MENU_IDS, roleRights, type RoleRight } from '../../contract/roles';
import { toggleAll, toggleRight } from './rights';

const RISK = MENU.riskManagement.menuId;
const SETTINGS = MENU.settings.menuId;
const CONTACTS = MENU.contacts.menuId;
const right = (menuId: number, edit = false): RoleRight => ({ menuId, view: true, edit });

describe('the rights grid', () => {
  it('ticks view, and edit with view', () => {
    expect(toggleRight([], RISK, 'view', true)).toEqual([right(RISK)]);
    expect(toggleRight([], RISK, 'edit', true)).toEqual([right(RISK, true)]);
    expect(toggleRight([right(RISK)], RISK, 'edit', true)).toEqual([right(RISK, true)]);
  });

  it('unticking edit keeps view; unticking view takes edit too', () => {
    expect(toggleRight([right(RISK, true)], RISK, 'edit', false)).toEqual([right(RISK)]);
    expect(toggleRight([right(RISK, true)], RISK, 'view', false)).toEqual([]);
  });

  it('a sub-menu brings its parent; the parent takes its sub-menus away', () => {
    expect(toggleRight([], CONTACTS, 'edit', true)).toEqual([right(SETTINGS), right(CONTACTS, true)]);
    expect(toggleRight([right(SETTINGS, true), right(CONTACTS, true), right(RISK)], SETTINGS, 'view', false)).toEqual([right(RISK)]);
  });

  it('keeps the catalogue order, and always what the contract accepts', () => {
    let rights: RoleRight[] = [];
    for (const id of [...GRANTABLE_MENU_IDS].reverse()) rights = toggleRight(rights, id, id % 2 ? 'edit' : 'view', true);
    expect(rights.map((r) => r.menuId)).toEqual(GRANTABLE_MENU_IDS);
    expect(roleRights.safeParse(rights).success).toBe(true);
    expect(roleRights.safeParse(toggleRight(rights, SETTINGS, 'view', false)).success).toBe(true);
  });

  it('ticks and unticks every menu at once', () => {
    expect(toggleAll([], 'view', true)).toEqual(GRANTABLE_MENU_IDS.map((id) => right(id)));
    expect(toggleAll([right(RISK, true)], 'view', true).find((r) => r.menuId === RISK)).toEqual(right(RISK, true));
    expect(toggleAll([], 'edit', true)).toEqual(GRANTABLE_MENU_IDS.map((id) => right(id, true)));
    expect(toggleAll([right(RISK, true), right(SETTINGS)], 'edit', false)).toEqual([right(RISK), right(SETTINGS)]);
    expect(toggleAll([right(RISK, true)], 'view', false)).toEqual([]);
  });
});
