/** Roles (menu 14), the REST convention, over the `roles` collection: the built-in ones are read-only. */
import { MENU } from '../../contract/menus';
import { roleBody, roleListQuery, roleParams, sortRights } from '../../contract/roles';
import type { Row } from '../collections';
import { create, one, ownRow, ownRows, remove, restList, update } from '../crud';
import { Failure, type Call } from '../engine';

const read = { menuId: MENU.contacts.menuId } as const;
const write = { ...read, write: true } as const;

const roleView = (r: Row<'roles'>, call: Call) => {
  const { _id, companyId: _, ...rest } = r;
  return { id: _id, ...rest, userCount: ownRows(call, 'users').filter((u) => u.roleId === _id).length };
};
/** the built-in roles can be viewed and copied, never changed */
const companyRole = (call: Call<unknown, unknown, { id: string }>) => {
  if (ownRow(call, 'roles', call.params.id).builtin) throw new Failure(409, 'role_builtin');
  return call.params.id;
};

export const roleRoutes = [
  restList({ url: '/roles', name: 'roles', access: read, query: roleListQuery, collection: 'roles', search: (r) => [r.name], view: roleView }),
  one({
    url: '/roles/:id',
    access: read,
    params: roleParams,
    collection: 'roles',
    id: (c) => c.params.id,
    view: roleView,
    reply: (data) => ({ data }),
  }),
  create({
    method: 'post',
    url: '/roles',
    access: write,
    body: roleBody,
    collection: 'roles',
    view: roleView,
    make: ({ body }) => ({ name: body.name, builtin: null, rights: sortRights(body.rights) }),
    reply: (data) => ({ data }),
  }),
  update({
    method: 'put',
    url: '/roles/:id',
    access: write,
    params: roleParams,
    body: roleBody,
    collection: 'roles',
    view: roleView,
    id: companyRole,
    patch: ({ body }) => ({ name: body.name, rights: sortRights(body.rights) }),
    reply: (data) => ({ data }),
  }),
  remove({
    method: 'delete',
    url: '/roles/:id',
    access: write,
    params: roleParams,
    collection: 'roles',
    view: roleView,
    id: companyRole,
    reply: (data) => ({ data }),
  }),
];
