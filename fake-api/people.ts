/**
 * People (menu 14) in the fake: server/modules/people's calls with its shapes, statuses and
 * messages — the staff and contact users of db.json, departments and positions, the DPO list.
 */
import { randomUUID } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import { z } from 'zod';
import { GRANTABLE_MENU_IDS } from '../contract/roles';
import { MENU } from '../contract/menus';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, type PasswordOwner } from '../contract/password';
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
  type Department,
  type Person,
  type Position,
} from '../contract/people';
import { rightsOf } from './roles';
import { Failure, now, parse, route, type Call, type FakeData, type FakeDepartment, type FakePosition, type FakeUser, type Session } from './routes';

const read = { menuId: MENU.contacts.menuId } as const;
const write = { ...read, write: true } as const;
const notFound = () => new Failure(404, 'not_found');
/** The fixtures carry no creation time: they count as the oldest. */
const FIXTURE_TIME = '2025-01-01T00:00:00.000Z';

const lower = (s: string | null | undefined) => (s ?? '').toLowerCase();
/** The server's ILIKE '%text%' with the text taken literally. */
const matches = (search: string | undefined, ...texts: (string | null | undefined)[]) =>
  !search || texts.some((t) => lower(t).includes(search.toLowerCase()));

/** Newest first, id breaking ties; then one page. */
function page<T extends { id: string; createdAt?: string }>(rows: T[], q: { currentPage: number; limit: number }) {
  const start = (q.currentPage - 1) * q.limit;
  const sorted = rows.toSorted((a, b) => (b.createdAt ?? FIXTURE_TIME).localeCompare(a.createdAt ?? FIXTURE_TIME) || b.id.localeCompare(a.id));
  return { rows: sorted.slice(start, start + q.limit), total: rows.length };
}

function checkNewPassword(password: string, owner: PasswordOwner) {
  const problem = passwordProblem(password, owner);
  if (problem) throw new Failure(400, problem, { min: PASSWORD_MIN, max: PASSWORD_MAX });
}

export function peopleRoutes(
  data: () => FakeData,
  /** ends every session of a person but `keep` (a token) */
  endSessions: (userId: string, keep?: string) => void,
) {
  const companyOf = (s: Session) => s.user.companyId;
  const rolesOf = (s: Session) => data().roles.filter((r) => !r.companyId || r.companyId === companyOf(s));
  const departmentsOf = (s: Session) => data().departments.filter((d) => d.companyId === companyOf(s));
  const positionsOf = (s: Session) => data().positions.filter((p) => p.companyId === companyOf(s));
  const usersOf = (s: Session) => data().users.filter((u) => u.companyId === companyOf(s));

  const toPerson = (s: Session, u: FakeUser): Person => {
    const department = departmentsOf(s).find((d) => d.id === u.departmentId);
    const position = positionsOf(s).find((p) => p.id === u.positionId);
    return {
      _id: u.id,
      kind: u.subId ? 'contact' : 'staff',
      username: u.username,
      firstname: u.firstname,
      lastname: u.lastname,
      name: displayName(u),
      email: u.email ?? null,
      subId: u.subId ?? null,
      roleId: u.roleId ?? null,
      roleName: rolesOf(s).find((r) => r.id === u.roleId)?.name ?? null,
      departmentId: department?.id ?? null,
      departmentName: department?.name ?? null,
      positionId: position?.id ?? null,
      positionName: position?.name ?? null,
      disabled: u.disabled,
      created_dt: u.createdAt ?? FIXTURE_TIME,
    };
  };
  const toDepartment = (s: Session, d: FakeDepartment): Department => ({
    _id: d.id,
    name: d.name,
    positionCount: positionsOf(s).filter((p) => p.departmentId === d.id).length,
    userCount: usersOf(s).filter((u) => u.departmentId === d.id).length,
    created_dt: d.createdAt,
  });
  const toPosition = (s: Session, p: FakePosition): Position => ({
    _id: p.id,
    name: p.name,
    departmentId: p.departmentId,
    departmentName: departmentsOf(s).find((d) => d.id === p.departmentId)?.name ?? '',
    userCount: usersOf(s).filter((u) => u.positionId === p.id).length,
    created_dt: p.createdAt,
  });

  const personOf = (s: Session, id: string) => {
    const found = usersOf(s).find((u) => u.id === id);
    if (!found) throw notFound();
    return found;
  };
  const departmentOf = (s: Session, id: string, failure = notFound) => {
    const found = departmentsOf(s).find((d) => d.id === id);
    if (!found) throw failure();
    return found;
  };
  const positionOf = (s: Session, id: string) => {
    const found = positionsOf(s).find((p) => p.id === id);
    if (!found) throw notFound();
    return found;
  };

  /** The server's ensureRoleManagerRemains: someone active keeps the edit right on menu 14. */
  const ensureManager = (s: Session) => {
    const ok = usersOf(s).some((u) => !u.disabled && rightsOf(data().roles.find((r) => r.id === u.roleId)).get(MENU.contacts.menuId) === true);
    if (!ok) throw new Failure(409, 'role_lockout');
  };

  /** The server's resolveDetails: the company's role, department and position; a free username and sub-account id. */
  function resolveDetails(s: Session, body: z.output<typeof personBody>, exceptId: string | null) {
    if (!rolesOf(s).some((r) => r.id === body.roleId)) throw new Failure(400, 'person_role_unknown');
    let departmentId = body.departmentId ?? null;
    const positionId = body.positionId ?? null;
    if (departmentId && !departmentsOf(s).some((d) => d.id === departmentId)) throw new Failure(400, 'person_department_unknown');
    if (positionId) {
      const found = positionsOf(s).find((p) => p.id === positionId);
      if (!found) throw new Failure(400, 'person_position_unknown');
      if (departmentId && departmentId !== found.departmentId) throw new Failure(400, 'person_position_mismatch');
      departmentId = found.departmentId;
    }
    const others = usersOf(s).filter((u) => u.id !== exceptId);
    if (others.some((u) => lower(u.username) === lower(body.username))) throw new Failure(409, 'person_username_taken');
    let subId: string | null = null;
    if (body.kind === 'contact') {
      const top = Math.max(0, ...usersOf(s).map((u) => /^CT-(\d{1,9})$/.exec(u.subId ?? '')?.[1]).filter(Boolean).map(Number));
      subId = body.subId ?? `${SUB_ID_PREFIX}${String(top + 1).padStart(4, '0')}`;
      if (others.some((u) => lower(u.subId) === lower(subId))) throw new Failure(409, 'person_sub_id_taken');
    }
    return { ...body, departmentId, positionId, subId };
  }
  const store = (u: FakeUser, d: ReturnType<typeof resolveDetails>) =>
    Object.assign(u, {
      username: d.username,
      firstname: d.firstname,
      lastname: d.lastname,
      email: d.email,
      subId: d.subId ?? undefined,
      roleId: d.roleId,
      departmentId: d.departmentId,
      positionId: d.positionId,
    });

  /** `dataId, value, type` in the body or the query, the body winning (the server's parseInput). */
  const mergedInput = <T>(schema: z.ZodType<T>, call: Call<unknown, unknown, unknown>): T => {
    const query = parseQueryString(call.req.originalUrl.split('?')[1] ?? '');
    const body = call.req.body ?? {};
    return parse(schema, typeof body === 'object' && !Array.isArray(body) ? { ...query, ...body } : body, call.lang);
  };

  const checkDepartmentName = (s: Session, name: string, exceptId?: string) => {
    if (departmentsOf(s).some((d) => d.id !== exceptId && lower(d.name) === lower(name))) throw new Failure(409, 'department_name_taken');
  };
  const checkPositionName = (s: Session, departmentId: string, name: string, exceptId?: string) => {
    if (positionsOf(s).some((p) => p.departmentId === departmentId && p.id !== exceptId && lower(p.name) === lower(name))) {
      throw new Failure(409, 'position_name_taken');
    }
  };
  const createPosition = (s: Session, departmentId: string, name: string) => {
    departmentOf(s, departmentId, () => new Failure(404, 'department_not_found'));
    checkPositionName(s, departmentId, name);
    const created: FakePosition = { id: randomUUID(), companyId: companyOf(s), departmentId, name, createdAt: now() };
    data().positions.push(created);
    return { data: toPosition(s, created) };
  };

  /** The server's DPO rule: the built-in dpo role and company roles with exactly its rights. */
  const isDpoRole = (roleId: string) => {
    const role = data().roles.find((r) => r.id === roleId);
    const dpo = data().roles.find((r) => r.id === 'dpo' && !r.companyId);
    if (!role || !dpo) return false;
    if (role === dpo) return true;
    if (!role.companyId) return false;
    const grantable = (m: Map<number, boolean>) =>
      JSON.stringify([...m].filter(([id]) => GRANTABLE_MENU_IDS.includes(id)).sort(([a], [b]) => a - b));
    return grantable(rightsOf(role)) === grantable(rightsOf(dpo));
  };

  return [
    route({
      method: 'get',
      url: '/user/contact/list',
      access: read,
      query: contactListQuery,
      handler: ({ session, query }) => {
        const rows = usersOf(session).filter(
          (u) =>
            (query.kind === 'all' || (query.kind === 'contact') === Boolean(u.subId)) &&
            matches(query.search, u.username, u.firstname, u.lastname, `${u.firstname} ${u.lastname}`, u.email, u.subId),
        );
        const { rows: shown, total } = page(rows, query);
        return { contactList: shown.map((u) => toPerson(session, u)), totalItem: total };
      },
    }),

    route({
      method: 'get',
      url: '/people/:id',
      access: read,
      params: personParams,
      handler: ({ session, params }) => ({ data: toPerson(session, personOf(session, params.id)) }),
    }),

    route({
      method: 'post',
      url: '/people',
      access: write,
      body: personCreateBody,
      handler: ({ session, body }) => {
        checkNewPassword(body.password, body);
        const details = resolveDetails(session, body, null);
        const created = store(
          { id: randomUUID(), companyId: companyOf(session), password: body.password, disabled: false, createdAt: now() } as FakeUser,
          details,
        );
        data().users.push(created);
        return { data: toPerson(session, created) };
      },
    }),

    route({
      method: 'put',
      url: '/people/:id',
      access: write,
      params: personParams,
      body: personBody,
      handler: ({ session, params, body }) => {
        const target = personOf(session, params.id);
        const details = resolveDetails(session, body, target.id);
        const before = { ...target };
        store(target, details);
        try {
          ensureManager(session);
        } catch (err) {
          Object.assign(target, before);
          throw err;
        }
        return { data: toPerson(session, target) };
      },
    }),

    route({
      method: 'put',
      url: '/people/:id/status',
      access: write,
      params: personParams,
      body: personStatusBody,
      handler: ({ session, params, body }) => {
        const target = personOf(session, params.id);
        if (body.disabled && target.id === session.user.id) throw new Failure(409, 'person_disable_self');
        const before = target.disabled;
        target.disabled = body.disabled;
        if (body.disabled) {
          try {
            ensureManager(session);
          } catch (err) {
            target.disabled = before;
            throw err;
          }
          endSessions(target.id);
        }
        return { data: toPerson(session, target) };
      },
    }),

    route({
      method: 'put',
      url: '/people/:id/password',
      access: write,
      params: personParams,
      body: personPasswordBody,
      handler: ({ session, params, body }) => {
        const target = personOf(session, params.id);
        checkNewPassword(body.password, target);
        target.password = body.password;
        endSessions(target.id, target.id === session.user.id ? session.token : undefined);
        return { data: toPerson(session, target) };
      },
    }),

    route({
      method: 'get',
      url: '/user/contact/department',
      access: read,
      query: departmentListQuery,
      handler: ({ session, query }) => {
        const { rows, total } = page(departmentsOf(session).filter((d) => matches(query.search, d.name)), query);
        return { department: rows.map((d) => toDepartment(session, d)), totalDoc: total };
      },
    }),

    route({
      method: 'post',
      url: '/user/contact/department',
      access: write,
      handler: (call) => {
        const input = mergedInput(departmentCreateInput, call);
        const { session } = call;
        if (input.type === 'position') return createPosition(session, input.departmentId!, input.value);
        checkDepartmentName(session, input.value);
        const created: FakeDepartment = { id: randomUUID(), companyId: companyOf(session), name: input.value, createdAt: now() };
        data().departments.push(created);
        return { data: toDepartment(session, created) };
      },
    }),

    route({
      method: 'put',
      url: '/user/contact/department',
      access: write,
      handler: (call) => {
        const input = mergedInput(departmentUpdateInput, call);
        const { session } = call;
        if (input.type === 'position') {
          const found = positionOf(session, input.dataId);
          const departmentId = input.departmentId ?? found.departmentId;
          if (departmentId !== found.departmentId) {
            departmentOf(session, departmentId, () => new Failure(404, 'department_not_found'));
            const count = toPosition(session, found).userCount;
            if (count > 0) throw new Failure(409, 'position_move_in_use', { count });
          }
          checkPositionName(session, departmentId, input.value, found.id);
          Object.assign(found, { name: input.value, departmentId });
          return { data: toPosition(session, found) };
        }
        const found = departmentOf(session, input.dataId);
        checkDepartmentName(session, input.value, found.id);
        found.name = input.value;
        return { data: toDepartment(session, found) };
      },
    }),

    route({
      method: 'delete',
      url: '/user/contact/department',
      access: write,
      handler: (call) => {
        const input = mergedInput(departmentDeleteInput, call);
        const { session } = call;
        if (input.type === 'position') {
          const found = toPosition(session, positionOf(session, input.dataId));
          if (found.userCount > 0) throw new Failure(409, 'position_in_use', { count: found.userCount });
          data().positions.splice(data().positions.findIndex((p) => p.id === found._id), 1);
          return { data: found };
        }
        const found = toDepartment(session, departmentOf(session, input.dataId));
        if (found.userCount > 0 || found.positionCount > 0) {
          throw new Failure(409, 'department_in_use', { users: found.userCount, positions: found.positionCount });
        }
        data().departments.splice(data().departments.findIndex((d) => d.id === found._id), 1);
        return { data: found };
      },
    }),

    route({
      method: 'get',
      url: '/user/contact/position',
      access: read,
      query: positionListQuery,
      handler: ({ session, query }) => {
        if (query.departmentId) departmentOf(session, query.departmentId, () => new Failure(404, 'department_not_found'));
        const rows = positionsOf(session).filter(
          (p) =>
            (!query.departmentId || p.departmentId === query.departmentId) &&
            matches(query.search, p.name, departmentsOf(session).find((d) => d.id === p.departmentId)?.name),
        );
        const { rows: shown, total } = page(rows, query);
        return { position: shown.map((p) => toPosition(session, p)), totalDoc: total };
      },
    }),

    route({
      method: 'post',
      url: '/user/contact/position',
      access: write,
      body: positionCreateBody,
      handler: ({ session, body }) => createPosition(session, body.departmentId, body.value),
    }),

    route({
      method: 'get',
      url: '/user/dpoList',
      access: 'session',
      query: dpoListQuery,
      handler: ({ session, query }) => {
        const rows = usersOf(session)
          .filter((u) => !u.disabled && isDpoRole(u.roleId) && matches(query.search, `${u.firstname} ${u.lastname}`))
          .toSorted((a, b) => a.firstname.localeCompare(b.firstname) || a.lastname.localeCompare(b.lastname) || a.id.localeCompare(b.id));
        const start = (query.currentPage - 1) * query.limit;
        return { dpo_list: rows.slice(start, start + query.limit).map((u) => ({ _id: u.id, name: displayName(u) })), totalDoc: rows.length };
      },
    }),
  ];
}
