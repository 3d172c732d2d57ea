/**
 * Roles (menu 14) in the fake: server/modules/roles/routes.ts's REST calls with its shapes,
 * statuses and messages. The built-in roles of db.json are shared by every company (their id is
 * their key); a company's own roles carry its id.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ALWAYS_GRANTED, MENU } from '../contract/menus';
import { BUILTIN_ROLE_KEYS, GRANTABLE_MENU_IDS, roleBody, roleListQuery, sortRights, type BuiltinRoleKey, type Role } from '../contract/roles';
import { Failure, now, route, type FakeData, type FakeRole, type Session } from './routes';

const read = { menuId: MENU.contacts.menuId } as const;
const write = { ...read, write: true } as const;
/** the fake's built-in roles are named by their key, not a uuid */
const params = z.object({ id: z.string().min(1).max(100) });

/** A role's menus: menu id -> may edit, the always-granted ones included (the server's session.menus). */
export function rightsOf(role: FakeRole | undefined): Map<number, boolean> {
  const rights = new Map<number, boolean>((role?.menus ?? []).map((m) => [m, role?.editMenus ? role.editMenus.includes(m) : !!role?.edit]));
  for (const id of ALWAYS_GRANTED) if (!rights.has(id)) rights.set(id, true);
  return rights;
}

const builtinOf = (role: FakeRole): BuiltinRoleKey | null =>
  role.companyId ? null : (BUILTIN_ROLE_KEYS.find((k) => k === role.id) ?? null);

export function roleRoutes(data: () => FakeData) {
  const visible = (s: Session) => data().roles.filter((r) => !r.companyId || r.companyId === s.user.companyId);
  const holders = (s: Session, roleId: string) => data().users.filter((u) => u.companyId === s.user.companyId && u.roleId === roleId);
  const toRole = (s: Session, r: FakeRole): Role => ({
    id: r.id,
    name: r.name,
    builtin: builtinOf(r),
    rights: sortRights(
      [...rightsOf(r)].filter(([m]) => GRANTABLE_MENU_IDS.includes(m)).map(([menuId, edit]) => ({ menuId, view: true as const, edit })),
    ),
    userCount: holders(s, r.id).length,
    created_dt: r.createdAt ?? '2025-01-01T00:00:00.000Z',
  });
  const roleOf = (s: Session, id: string) => {
    const role = visible(s).find((r) => r.id === id);
    if (!role) throw new Failure(404, 'not_found');
    return role;
  };
  const companyRoleOf = (s: Session, id: string) => {
    const role = roleOf(s, id);
    if (!role.companyId) throw new Failure(409, 'role_builtin');
    return role;
  };
  const checkNameFree = (s: Session, name: string, exceptId?: string) => {
    if (visible(s).some((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase())) throw new Failure(409, 'role_name_taken');
  };
  /** the server's ensureRoleManagerRemains: someone active must keep the edit right on menu 14 */
  const managerRemains = (s: Session, changed: FakeRole) =>
    data().users.some((u) => {
      if (u.companyId !== s.user.companyId || u.disabled) return false;
      const role = u.roleId === changed.id ? changed : data().roles.find((r) => r.id === u.roleId);
      return rightsOf(role).get(MENU.contacts.menuId) === true;
    });
  const fromBody = (body: z.infer<typeof roleBody>) => ({
    name: body.name,
    edit: false,
    menus: body.rights.map((r) => r.menuId),
    editMenus: body.rights.filter((r) => r.edit).map((r) => r.menuId),
  });

  return [
    route({
      method: 'get',
      url: '/roles',
      access: read,
      query: roleListQuery,
      handler: ({ session, query, res }) => {
        const [field, direction] = query.sort;
        const rows = visible(session)
          .filter((r) => !query.filter || r.name.toLowerCase().includes(query.filter.toLowerCase()))
          .map((r) => toRole(session, r));
        const builtinRank = (r: Role) => (r.builtin ? BUILTIN_ROLE_KEYS.indexOf(r.builtin) : BUILTIN_ROLE_KEYS.length);
        const compare = (a: Role, b: Role) =>
          field === 'name'
            ? a.name.localeCompare(b.name)
            : field === 'userCount'
              ? a.userCount - b.userCount
              : builtinRank(a) - builtinRank(b) || a.created_dt.localeCompare(b.created_dt);
        const sorted = rows.toSorted((a, b) => (direction === 'DESC' ? -1 : 1) * compare(a, b) || a.id.localeCompare(b.id));
        const [from, to] = query.range;
        const page = sorted.slice(from, to + 1);
        res.setHeader('Content-Range', page.length ? `roles ${from}-${from + page.length - 1}/${rows.length}` : `roles */${rows.length}`);
        return { data: page, total: rows.length };
      },
    }),

    route({
      method: 'get',
      url: '/roles/:id',
      access: read,
      params,
      handler: ({ session, params }) => ({ data: toRole(session, roleOf(session, params.id)) }),
    }),

    route({
      method: 'post',
      url: '/roles',
      access: write,
      body: roleBody,
      handler: ({ session, body }) => {
        checkNameFree(session, body.name);
        const role: FakeRole = { id: randomUUID(), companyId: session.user.companyId, createdAt: now(), ...fromBody(body) };
        data().roles.push(role);
        return { data: toRole(session, role) };
      },
    }),

    route({
      method: 'put',
      url: '/roles/:id',
      access: write,
      params,
      body: roleBody,
      handler: ({ session, params, body }) => {
        const role = companyRoleOf(session, params.id);
        checkNameFree(session, body.name, role.id);
        const changed = { ...role, ...fromBody(body) };
        if (!managerRemains(session, changed)) throw new Failure(409, 'role_lockout');
        Object.assign(role, changed);
        return { data: toRole(session, role) };
      },
    }),

    route({
      method: 'delete',
      url: '/roles/:id',
      access: write,
      params,
      handler: ({ session, params }) => {
        const role = companyRoleOf(session, params.id);
        const count = holders(session, role.id).length;
        if (count > 0) throw new Failure(409, 'role_in_use', { count });
        const removed = toRole(session, role);
        data().roles.splice(data().roles.indexOf(role), 1);
        return { data: removed };
      },
    }),
  ];
}
