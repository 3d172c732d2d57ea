/**
 * People (menu 14): staff and contact users (`users`), departments, positions and the DPO list.
 * The server's refusals that protect the company (the last role manager, a name taken, a
 * department still used) are the server's: the contract suite tests them there.
 */
import { randomUUID } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import type { z } from 'zod';
import { MENU } from '../../contract/menus';
import {
  SUB_ID_PREFIX,
  contactListQuery,
  departmentCreateInput,
  departmentDeleteInput,
  departmentListQuery,
  departmentUpdateInput,
  displayName,
  dpoListQuery,
  personBody,
  personCreateBody,
  personParams,
  personPasswordBody,
  personStatusBody,
  positionCreateBody,
  positionListQuery,
} from '../../contract/people';
import type { Row } from '../collections';
import { create, list, one, ownRow, ownRows, page, matches, update } from '../crud';
import { Failure, now, parse, route, type Call } from '../engine';

const read = { menuId: MENU.contacts.menuId } as const;
const write = { ...read, write: true } as const;

export const personView = (u: Row<'users'>, call: Call) => {
  const { companyId: _, password: __, emailVerified: ___, ...rest } = u;
  const named = (collection: 'roles' | 'departments' | 'positions', id: string | null) =>
    ownRows(call, collection).find((r) => r._id === id)?.name ?? null;
  return {
    ...rest,
    kind: u.subId ? ('contact' as const) : ('staff' as const),
    name: displayName(u),
    roleName: named('roles', u.roleId),
    departmentName: named('departments', u.departmentId),
    positionName: named('positions', u.positionId),
  };
};
const departmentView = (d: Row<'departments'>, call: Call) => ({
  _id: d._id,
  name: d.name,
  positionCount: ownRows(call, 'positions').filter((p) => p.departmentId === d._id).length,
  userCount: ownRows(call, 'users').filter((u) => u.departmentId === d._id).length,
  created_dt: d.created_dt,
});
const positionView = (p: Row<'positions'>, call: Call) => ({
  _id: p._id,
  name: p.name,
  departmentId: p.departmentId,
  departmentName: ownRows(call, 'departments').find((d) => d._id === p.departmentId)?.name ?? '',
  userCount: ownRows(call, 'users').filter((u) => u.positionId === p._id).length,
  created_dt: p.created_dt,
});

/** A person's details as stored: the company's role, department and position; a contact's sub-account id. */
function personFields(call: Call<unknown, z.output<typeof personBody>>) {
  const b = call.body;
  const known = (collection: 'roles' | 'departments' | 'positions', id: string) => ownRows(call, collection).find((r) => r._id === id);
  if (!known('roles', b.roleId)) throw new Failure(400, 'person_role_unknown');
  if (b.departmentId && !known('departments', b.departmentId)) throw new Failure(400, 'person_department_unknown');
  const position = b.positionId ? known('positions', b.positionId) : undefined;
  if (b.positionId && !position) throw new Failure(400, 'person_position_unknown');
  if (position && b.departmentId && (position as Row<'positions'>).departmentId !== b.departmentId)
    throw new Failure(400, 'person_position_mismatch');
  const next = ownRows(call, 'users').filter((u) => u.subId?.startsWith(SUB_ID_PREFIX)).length + 1;
  return {
    username: b.username,
    firstname: b.firstname,
    lastname: b.lastname,
    email: b.email,
    roleId: b.roleId,
    departmentId: (position as Row<'positions'> | undefined)?.departmentId ?? b.departmentId ?? null,
    positionId: position?._id ?? null,
    subId: b.kind === 'contact' ? (b.subId ?? `${SUB_ID_PREFIX}${String(next).padStart(4, '0')}`) : null,
  };
}

/** `dataId, value, type` in the body or the query, the body winning (the seed sends either). */
const merged = <T>(schema: z.ZodType<T>, call: Call): T => {
  const query = parseQueryString(call.req.originalUrl.split('?')[1] ?? '');
  const body = call.req.body ?? {};
  return parse(schema, typeof body === 'object' && !Array.isArray(body) ? { ...query, ...body } : body, call.lang);
};
const departmentNotFound = () => new Failure(404, 'department_not_found');
const addPosition = (call: Call, departmentId: string, name: string) => {
  ownRow(call, 'departments', departmentId, undefined, departmentNotFound);
  const row = { _id: randomUUID(), companyId: call.companyId, departmentId, name, created_dt: now() };
  call.db.positions.push(row);
  return { data: positionView(row, call) };
};

export const peopleRoutes = [
  list({
    url: '/user/contact/list',
    access: read,
    query: contactListQuery,
    collection: 'users',
    view: personView,
    where: (u, c) => c.query.kind === 'all' || (c.query.kind === 'contact') === Boolean(u.subId),
    search: (u) => [u.username, u.firstname, u.lastname, `${u.firstname} ${u.lastname}`, u.email, u.subId],
    reply: (contactList, totalItem) => ({ contactList, totalItem }),
  }),
  one({
    url: '/people/:id',
    access: read,
    params: personParams,
    collection: 'users',
    id: (c) => c.params.id,
    view: personView,
    reply: (data) => ({ data }),
  }),
  create({
    method: 'post',
    url: '/people',
    access: write,
    body: personCreateBody,
    collection: 'users',
    view: personView,
    make: (call) => ({ ...personFields(call), password: call.body.password, disabled: false, emailVerified: true }),
    reply: (data) => ({ data }),
  }),
  update({
    method: 'put',
    url: '/people/:id',
    access: write,
    params: personParams,
    body: personBody,
    collection: 'users',
    view: personView,
    id: (c) => c.params.id,
    patch: personFields,
    reply: (data) => ({ data }),
  }),
  update({
    method: 'put',
    url: '/people/:id/status',
    access: write,
    params: personParams,
    body: personStatusBody,
    collection: 'users',
    view: personView,
    id: (c) => c.params.id,
    patch: ({ body }) => ({ disabled: body.disabled }),
    reply: (data) => ({ data }),
  }),
  update({
    method: 'put',
    url: '/people/:id/password',
    access: write,
    params: personParams,
    body: personPasswordBody,
    collection: 'users',
    view: personView,
    id: (c) => c.params.id,
    patch: ({ body }) => ({ password: body.password }),
    reply: (data) => ({ data }),
  }),

  // ---- departments and positions: the seed's one path serves both lists (`type`)
  list({
    url: '/user/contact/department',
    access: read,
    query: departmentListQuery,
    collection: 'departments',
    view: departmentView,
    search: (d) => [d.name],
    reply: (department, totalDoc) => ({ department, totalDoc }),
  }),
  route({
    method: 'post',
    url: '/user/contact/department',
    access: write,
    handler: (call) => {
      const input = merged(departmentCreateInput, call);
      if (input.type === 'position') return addPosition(call, input.departmentId!, input.value);
      const row = { _id: randomUUID(), companyId: call.companyId, name: input.value, created_dt: now() };
      call.db.departments.push(row);
      return { data: departmentView(row, call) };
    },
  }),
  route({
    method: 'put',
    url: '/user/contact/department',
    access: write,
    handler: (call) => {
      const input = merged(departmentUpdateInput, call);
      if (input.type === 'position') {
        const found = ownRow(call, 'positions', input.dataId);
        if (input.departmentId) ownRow(call, 'departments', input.departmentId, undefined, departmentNotFound);
        Object.assign(found, { name: input.value, departmentId: input.departmentId ?? found.departmentId });
        return { data: positionView(found, call) };
      }
      const found = ownRow(call, 'departments', input.dataId);
      found.name = input.value;
      return { data: departmentView(found, call) };
    },
  }),
  route({
    method: 'delete',
    url: '/user/contact/department',
    access: write,
    handler: (call) => {
      const input = merged(departmentDeleteInput, call);
      const collection = input.type === 'position' ? call.db.positions : call.db.departments;
      const found = input.type === 'position' ? ownRow(call, 'positions', input.dataId) : ownRow(call, 'departments', input.dataId);
      const shown = input.type === 'position' ? positionView(found as Row<'positions'>, call) : departmentView(found as Row<'departments'>, call);
      if (shown.userCount > 0)
        throw new Failure(409, input.type === 'position' ? 'position_in_use' : 'department_in_use', {
          count: shown.userCount,
          users: shown.userCount,
          positions: 0,
        });
      collection.splice(
        collection.findIndex((r) => r._id === found._id),
        1,
      );
      return { data: shown };
    },
  }),
  list({
    url: '/user/contact/position',
    access: read,
    query: positionListQuery,
    collection: 'positions',
    view: positionView,
    check: (c) => c.query.departmentId && ownRow(c, 'departments', c.query.departmentId, undefined, departmentNotFound),
    where: (p, c) => !c.query.departmentId || p.departmentId === c.query.departmentId,
    search: (p, c) => [p.name, ownRows(c, 'departments').find((d) => d._id === p.departmentId)?.name],
    reply: (position, totalDoc) => ({ position, totalDoc }),
  }),
  route({
    method: 'post',
    url: '/user/contact/position',
    access: write,
    body: positionCreateBody,
    handler: (call) => addPosition(call, call.body.departmentId, call.body.value),
  }),

  // ---- the DPO list: the current DPO appointment (menu 4, modules/dpo.ts)
  route({
    method: 'get',
    url: '/user/dpoList',
    access: 'session',
    query: dpoListQuery,
    handler: (call) => {
      const rows = ownRows(call, 'dpoAppointments').filter((a) => a.endedOn === null && matches(call.query.search, a.name));
      return { dpo_list: page(rows, call.query, (a) => a.created_dt).map((a) => ({ _id: a._id, name: a.name })), totalDoc: rows.length };
    },
  }),
];
