import { z } from 'zod';
import { MENU } from '../../../contract/menus';
import {
  departmentCreateInput,
  departmentDeleteInput,
  departmentListQuery,
  departmentUpdateInput,
  positionCreateBody,
  positionListQuery,
  type Department,
  type Position,
  positionListReply,
  masterWriteReply,
  departmentListReply,
} from '../../../contract/people';
import type { Queryable } from '../../db/client';
import { ApiError, InputError, notFound } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { route, type RouteContext } from '../../http/route';
import { pageOf } from '../../db/paging';
import { likePattern } from '../../db/search';

const read = { menuId: MENU.contacts.menuId } as const;
const write = { ...read, write: true } as const;

/**
 * The seed sends `dataId, value, type` "in the body or the query": both are read, the body's
 * value winning when a field is in both. Validated as route() validates a body.
 */
function parseInput<T>(schema: z.ZodType<T>, ctx: RouteContext<unknown, unknown, unknown>, lang: Lang): T {
  const query = (ctx.req.query ?? {}) as Record<string, unknown>;
  const body = ctx.req.body ?? {};
  // a body that is not an object (a JSON scalar, an array, text) is refused by the schema, as route() refuses it
  const input = typeof body === 'object' && !Array.isArray(body) ? { ...query, ...body } : body;
  const result = schema.safeParse(input, { error: (lang === 'en' ? z.locales.en() : z.locales.th()).localeError });
  if (!result.success) throw new InputError(result.error.issues);
  return result.data;
}

interface DepartmentRow {
  id: string;
  name: string;
  head_user_id: string | null;
  head_name: string | null;
  position_count: number;
  user_count: number;
  created_at: Date | string;
}
interface PositionRow {
  id: string;
  name: string;
  department_id: string;
  department_name: string;
  user_count: number;
  created_at: Date | string;
}

const DEPARTMENT_COLUMNS = `d.id, d.name, d.created_at, d.head_user_id,
  (select coalesce(nullif(trim(h.firstname || ' ' || h.lastname), ''), h.username) from users h
    where h.company_id = d.company_id and h.id = d.head_user_id) as head_name,
  (select count(*)::int from positions p where p.company_id = d.company_id and p.department_id = d.id) as position_count,
  (select count(*)::int from users u where u.company_id = d.company_id and u.department_id = d.id) as user_count`;
const POSITION_COLUMNS = `p.id, p.name, p.department_id, d.name as department_name, p.created_at,
  (select count(*)::int from users u where u.company_id = p.company_id and u.position_id = p.id) as user_count`;
const POSITION_FROM = 'positions p join departments d on d.id = p.department_id and d.company_id = p.company_id';

const toDepartment = (r: DepartmentRow): Department => ({
  _id: r.id,
  name: r.name,
  headUserId: r.head_user_id,
  headName: r.head_name,
  positionCount: r.position_count,
  userCount: r.user_count,
  created_dt: new Date(r.created_at).toISOString(),
});
const toPosition = (r: PositionRow): Position => ({
  _id: r.id,
  name: r.name,
  departmentId: r.department_id,
  departmentName: r.department_name,
  userCount: r.user_count,
  created_dt: new Date(r.created_at).toISOString(),
});

async function loadDepartment(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<DepartmentRow>(`select ${DEPARTMENT_COLUMNS} from departments d where d.company_id = $1 and d.id = $2`, [
    companyId,
    id,
  ]);
  return row ? toDepartment(row) : undefined;
}
async function loadPosition(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<PositionRow>(`select ${POSITION_COLUMNS} from ${POSITION_FROM} where p.company_id = $1 and p.id = $2`, [companyId, id]);
  return row ? toPosition(row) : undefined;
}

/** 409 when another department of the company (or position of the department) has this name, letter case aside. */
async function checkDepartmentName(q: Queryable, companyId: string, name: string, exceptId?: string) {
  const [taken] = await q.query(
    'select 1 from departments where company_id = $1 and lower(name) = lower($2) and ($3::uuid is null or id <> $3::uuid)',
    [companyId, name, exceptId ?? null],
  );
  if (taken) throw new ApiError(409, 'department_name_taken');
}
async function checkPositionName(q: Queryable, companyId: string, departmentId: string, name: string, exceptId?: string) {
  const [taken] = await q.query(
    `select 1 from positions where company_id = $1 and department_id = $2 and lower(name) = lower($3)
        and ($4::uuid is null or id <> $4::uuid)`,
    [companyId, departmentId, name, exceptId ?? null],
  );
  if (taken) throw new ApiError(409, 'position_name_taken');
}

/** A department's head: a staff member of the company in service, not a contact nor a disabled account (400 otherwise, nothing written). */
async function checkHead(q: Queryable, companyId: string, headUserId: string | null | undefined) {
  if (!headUserId) return;
  const [head] = await q.query<{ ok: boolean }>('select sub_id is null and not disabled as ok from users where company_id = $1 and id = $2', [
    companyId,
    headUserId,
  ]);
  if (!head?.ok) throw new ApiError(400, 'department_head_not_staff');
}

async function createPosition(q: Queryable, companyId: string, departmentId: string, name: string) {
  // the department is locked so it cannot be deleted while its new position lands
  const [department] = await q.query('select 1 from departments where id = $1 and company_id = $2 for update', [departmentId, companyId]);
  if (!department) throw new ApiError(404, 'department_not_found');
  await checkPositionName(q, companyId, departmentId, name);
  const [row] = await q.query<{ id: string }>('insert into positions (company_id, department_id, name) values ($1, $2, $3) returning id', [
    companyId,
    departmentId,
    name,
  ]);
  return (await loadPosition(q, companyId, row.id))!;
}

/**
 * Departments and positions by the seed's calls. `type` (body or query) names the list a
 * `/user/contact/department` write changes: `department` (the default) or `position`.
 */
export const departmentRoutes = [
  route({
    method: 'GET',
    url: '/user/contact/department',
    access: read,
    reply: departmentListReply,
    query: departmentListQuery,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 'd.company_id = $1';
      if (query.search) {
        params.push(likePattern(query.search));
        where += ` and d.name ilike $${params.length}`;
      }
      const { rows, total } = await pageOf<DepartmentRow>(db, {
        select: DEPARTMENT_COLUMNS,
        from: 'departments d',
        where,
        order: 'd.created_at desc, d.id desc',
        params,
        paging: query,
      });
      return { department: rows.map(toDepartment), totalDoc: total };
    },
  }),

  route({
    method: 'POST',
    url: '/user/contact/department',
    access: write,
    reply: masterWriteReply,
    describedBody: departmentCreateInput,
    handler: async (ctx) => {
      const input = parseInput(departmentCreateInput, ctx, ctx.lang);
      const { db, session } = ctx;
      if (input.type === 'position') return { data: await createPosition(db, session.companyId, input.departmentId!, input.value) };
      await checkDepartmentName(db, session.companyId, input.value);
      await checkHead(db, session.companyId, input.headUserId);
      const [row] = await db.query<{ id: string }>('insert into departments (company_id, name, head_user_id) values ($1, $2, $3) returning id', [
        session.companyId,
        input.value,
        input.headUserId ?? null,
      ]);
      return { data: await loadDepartment(db, session.companyId, row.id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/user/contact/department',
    access: write,
    reply: masterWriteReply,
    describedBody: departmentUpdateInput,
    handler: async (ctx) => {
      const input = parseInput(departmentUpdateInput, ctx, ctx.lang);
      const { db, session } = ctx;
      if (input.type === 'position') {
        const found = await loadPosition(db, session.companyId, input.dataId);
        if (!found) throw notFound();
        const departmentId = input.departmentId ?? found.departmentId;
        if (departmentId !== found.departmentId) {
          const [target] = await db.query('select 1 from departments where id = $1 and company_id = $2', [departmentId, session.companyId]);
          if (!target) throw new ApiError(404, 'department_not_found');
          // its holders sit in the old department (a person placed meanwhile: the foreign key answers 409)
          if (found.userCount > 0) throw new ApiError(409, 'position_move_in_use', { count: found.userCount });
        }
        await checkPositionName(db, session.companyId, departmentId, input.value, input.dataId);
        await db.query('update positions set name = $3, department_id = $4 where id = $1 and company_id = $2', [
          input.dataId,
          session.companyId,
          input.value,
          departmentId,
        ]);
        return { data: await loadPosition(db, session.companyId, input.dataId) };
      }
      await checkDepartmentName(db, session.companyId, input.value, input.dataId);
      await checkHead(db, session.companyId, input.headUserId);
      // an absent head stays as it is; '' or null takes it away
      const rows = await db.query(
        `update departments set name = $3, head_user_id = case when $4 then $5::uuid else head_user_id end
          where id = $1 and company_id = $2 returning id`,
        [input.dataId, session.companyId, input.value, input.headUserId !== undefined, input.headUserId ?? null],
      );
      if (!rows.length) throw notFound();
      return { data: await loadDepartment(db, session.companyId, input.dataId) };
    },
  }),

  route({
    method: 'DELETE',
    url: '/user/contact/department',
    access: write,
    reply: masterWriteReply,
    describedBody: departmentDeleteInput,
    handler: async (ctx) => {
      const input = parseInput(departmentDeleteInput, ctx, ctx.lang);
      const { db, session } = ctx;
      if (input.type === 'position') {
        const found = await loadPosition(db, session.companyId, input.dataId);
        if (!found) throw notFound();
        if (found.userCount > 0) throw new ApiError(409, 'position_in_use', { count: found.userCount });
        // a person placed meanwhile is caught by the foreign key (409 in_use)
        await db.query('delete from positions where id = $1 and company_id = $2', [input.dataId, session.companyId]);
        return { data: found };
      }
      // locked: no position or person lands in it between the check and the delete
      const [locked] = await db.query('select 1 from departments where id = $1 and company_id = $2 for update', [input.dataId, session.companyId]);
      if (!locked) throw notFound();
      const found = (await loadDepartment(db, session.companyId, input.dataId))!;
      if (found.userCount > 0 || found.positionCount > 0) {
        throw new ApiError(409, 'department_in_use', { users: found.userCount, positions: found.positionCount });
      }
      await db.query('delete from departments where id = $1 and company_id = $2', [input.dataId, session.companyId]);
      return { data: found };
    },
  }),

  route({
    method: 'GET',
    url: '/user/contact/position',
    access: read,
    reply: positionListReply,
    query: positionListQuery,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 'p.company_id = $1';
      if (query.departmentId) {
        const [found] = await db.query('select 1 from departments where id = $1 and company_id = $2', [query.departmentId, session.companyId]);
        if (!found) throw new ApiError(404, 'department_not_found');
        params.push(query.departmentId);
        where += ` and p.department_id = $${params.length}`;
      }
      if (query.search) {
        params.push(likePattern(query.search));
        where += ` and (p.name ilike $${params.length} or d.name ilike $${params.length})`;
      }
      const { rows, total } = await pageOf<PositionRow>(db, {
        select: POSITION_COLUMNS,
        from: POSITION_FROM,
        where,
        order: 'p.created_at desc, p.id desc',
        params,
        paging: query,
      });
      return { position: rows.map(toPosition), totalDoc: total };
    },
  }),

  route({
    method: 'POST',
    url: '/user/contact/position',
    access: write,
    reply: masterWriteReply,
    body: positionCreateBody,
    handler: async ({ db, session, body }) => ({ data: await createPosition(db, session.companyId, body.departmentId, body.value) }),
  }),
];
