import { expect } from 'vitest';
import { MENU } from '../../contract/menus';
import type { Ctx } from './expectations';

/**
 * Runs `fn` while DEMO's admin is the company's only active person able to manage users and roles
 * (edit on menu 14): every other such person is disabled for the while, and enabled again after.
 * So a case about the last role manager passes whatever other cases added before it.
 */
export async function asSoleRoleManager(ctx: Ctx, fn: () => Promise<void>) {
  const token = ctx.demoAdmin.access_token;
  const roles = await ctx.api.get('/roles?range=[0,99]', { token });
  expect(roles.status).toBe(200);
  const managing = new Set(
    (roles.body.data as { id: string; rights: { menuId: number; edit: boolean }[] }[])
      .filter((r) => r.rights.some((right) => right.menuId === MENU.contacts.menuId && right.edit))
      .map((r) => r.id),
  );
  const others: string[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const page = await ctx.api.get(`/user/contact/list?currentPage=${currentPage}&limit=100`, { token });
    expect(page.status).toBe(200);
    const people = page.body.contactList as { _id: string; roleId: string | null; disabled: boolean }[];
    others.push(...people.filter((p) => p._id !== ctx.demoAdmin.user._id && !p.disabled && p.roleId && managing.has(p.roleId)).map((p) => p._id));
    if (people.length < 100) break;
  }
  const setDisabled = async (disabled: boolean) => {
    for (const id of others) expect((await ctx.api.put(`/people/${id}/status`, { disabled }, { token })).status).toBe(200);
  };
  await setDisabled(true);
  try {
    await fn();
  } finally {
    await setDisabled(false);
  }
}
