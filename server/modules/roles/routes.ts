import { MENU } from '../../../contract/menus';
import {
  BUILTIN_ROLE_KEYS,
  GRANTABLE_MENU_IDS,
  roleBody,
  roleListQuery,
  roleParams,
  roleSecondFactorBody,
  sortRights,
  type BuiltinRoleKey,
  type Role,
  type RoleBody,
  roleListReply,
  roleReply,
} from '../../../contract/roles';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { sessionsChanged } from '../auth/sessions';
import { likePattern } from '../../db/search';

/** Roles live under "users and roles" (menu 14): reading needs the menu, changing needs its edit right. */
const read = { menuId: MENU.contacts.menuId } as const;
const write = { ...read, write: true } as const;

interface RoleRow {
  id: string;
  name: string;
  builtin: BuiltinRoleKey | null;
  rights: { menuId: number; edit: boolean }[];
  user_count: number;
  require_second_factor: boolean;
  created_at: Date | string;
}

const ROLE_COLUMNS = `r.id, r.name, r.builtin, r.created_at, r.require_second_factor,
  coalesce((select jsonb_agg(jsonb_build_object('menuId', rm.menu_id, 'edit', rm.can_edit))
              from role_menus rm where rm.role_id = r.id and rm.menu_id = any($2::int[])), '[]'::jsonb) as rights,
  (select count(*)::int from users u where u.role_id = r.id and u.company_id = r.company_id) as user_count`;

/** The built-in roles first, in the seed's order, then the company's own by creation. */
const BUILTIN_ORDER = ['r.builtin is null', `array_position(array['${BUILTIN_ROLE_KEYS.join("','")}'], r.builtin)`, 'r.created_at'];
const SORT_SQL = { name: ['r.name'], userCount: ['user_count'], created_dt: BUILTIN_ORDER, id: BUILTIN_ORDER } as const;

const toRole = (r: RoleRow): Role => ({
  id: r.id,
  name: r.name,
  builtin: r.builtin,
  rights: sortRights(r.rights.map((x) => ({ menuId: x.menuId, view: true as const, edit: x.edit }))),
  userCount: r.user_count,
  requireSecondFactor: r.require_second_factor,
  created_dt: new Date(r.created_at).toISOString(),
});

async function loadRole(q: Queryable, companyId: string, id: string): Promise<Role> {
  const [row] = await q.query<RoleRow>(`select ${ROLE_COLUMNS} from roles r where r.company_id = $1 and r.id = $3`, [
    companyId,
    GRANTABLE_MENU_IDS,
    id,
  ]);
  if (!row) throw notFound();
  return toRole(row);
}

/**
 * Role changes of one company run one at a time (the lock-out check below must see the others'
 * outcome): the company's row is locked until the transaction ends.
 */
const lockCompanyRoles = (q: Queryable, companyId: string) => q.query('select id from companies where id = $1 for update', [companyId]);

/** 409 when another role of the company already has this name (letter case aside). */
async function checkNameFree(q: Queryable, companyId: string, name: string, exceptId?: string) {
  const [taken] = await q.query('select 1 from roles where company_id = $1 and lower(name) = lower($2) and ($3::uuid is null or id <> $3::uuid)', [
    companyId,
    name,
    exceptId ?? null,
  ]);
  if (taken) throw new ApiError(409, 'role_name_taken');
}

/** A company role of this company that may be changed: 404 when it is not the company's, 409 when built in. */
async function companyRoleFor(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<{ builtin: string | null }>('select builtin from roles where id = $1 and company_id = $2', [id, companyId]);
  if (!row) throw notFound();
  if (row.builtin) throw new ApiError(409, 'role_builtin');
}

/** Sets a role's rights, touching only the rows that change (the audit trail logs each row changed). */
async function writeRights(q: Queryable, roleId: string, body: RoleBody) {
  const menus = body.rights.map((r) => r.menuId);
  await q.query('delete from role_menus where role_id = $1 and menu_id <> all($2::int[])', [roleId, menus]);
  await q.query(
    `insert into role_menus (role_id, menu_id, can_edit) select $1, unnest($2::int[]), unnest($3::boolean[])
     on conflict (role_id, menu_id) do update set can_edit = excluded.can_edit where role_menus.can_edit <> excluded.can_edit`,
    [roleId, menus, body.rights.map((r) => r.edit)],
  );
}

/**
 * Refuses (409) a change after which no active person of the company could manage users and
 * roles (menu 14 with its edit right): the company would be locked out of its own settings.
 * Call inside the changing transaction, after the change. Also for whoever changes a person's
 * role or disables a person.
 */
export async function ensureRoleManagerRemains(q: Queryable, companyId: string) {
  const [row] = await q.query<{ ok: boolean }>(
    `select exists (select 1 from users u join role_menus rm on rm.role_id = u.role_id
                     where u.company_id = $1 and not u.disabled and rm.menu_id = $2 and rm.can_edit) as ok`,
    [companyId, MENU.contacts.menuId],
  );
  if (!row.ok) throw new ApiError(409, 'role_lockout');
}

/** Roles (`/settings/contacts/role`) by the regular REST convention: `/roles`, `/roles/:id`. */
export const roleRoutes = [
  route({
    method: 'GET',
    url: '/roles',
    access: read,
    reply: roleListReply,
    query: roleListQuery,
    handler: async ({ db, session, query, reply }) => {
      const [field, direction] = query.sort;
      const [from, to] = query.range;
      const search = query.filter ? [likePattern(query.filter)] : [];
      /** `$n` is the search pattern's place in the statement's parameters */
      const where = (n: number) => `r.company_id = $1${search.length ? ` and r.name ilike $${n}` : ''}`;
      const order = SORT_SQL[field].map((column) => `${column} ${direction === 'DESC' ? 'desc' : 'asc'}`).join(', ');
      const n = 3 + search.length;
      const [rows, [{ total }]] = await Promise.all([
        db.query<RoleRow>(`select ${ROLE_COLUMNS} from roles r where ${where(3)} order by ${order}, r.id limit $${n} offset $${n + 1}`, [
          session.companyId,
          GRANTABLE_MENU_IDS,
          ...search,
          to - from + 1,
          from,
        ]),
        db.query<{ total: number }>(`select count(*)::int as total from roles r where ${where(2)}`, [session.companyId, ...search]),
      ]);
      reply.header('Content-Range', rows.length ? `roles ${from}-${from + rows.length - 1}/${total}` : `roles */${total}`);
      return { data: rows.map(toRole), total };
    },
  }),

  route({
    method: 'GET',
    url: '/roles/:id',
    access: read,
    reply: roleReply,
    params: roleParams,
    handler: async ({ db, session, params }) => ({ data: await loadRole(db, session.companyId, params.id) }),
  }),

  route({
    method: 'POST',
    url: '/roles',
    access: write,
    reply: roleReply,
    body: roleBody,
    handler: async ({ db, session, body }) => {
      const id = await db.tx(async (q) => {
        await lockCompanyRoles(q, session.companyId);
        await checkNameFree(q, session.companyId, body.name);
        const [row] = await q.query<{ id: string }>('insert into roles (company_id, name) values ($1, $2) returning id', [
          session.companyId,
          body.name,
        ]);
        await writeRights(q, row.id, body);
        return row.id;
      });
      return { data: await loadRole(db, session.companyId, id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/roles/:id',
    access: write,
    reply: roleReply,
    params: roleParams,
    body: roleBody,
    handler: async ({ db, session, params, body }) => {
      await db.tx(async (q) => {
        await lockCompanyRoles(q, session.companyId);
        await companyRoleFor(q, session.companyId, params.id);
        await checkNameFree(q, session.companyId, body.name, params.id);
        await q.query('update roles set name = $3 where id = $1 and company_id = $2 and name <> $3', [params.id, session.companyId, body.name]);
        await writeRights(q, params.id, body);
        await ensureRoleManagerRemains(q, session.companyId);
        // the role's holders get the new rights on their next call
        await sessionsChanged(q);
      });
      return { data: await loadRole(db, session.companyId, params.id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/roles/:id/second-factor',
    access: write,
    reply: roleReply,
    params: roleParams,
    body: roleSecondFactorBody,
    handler: async ({ db, session, params, body }) => {
      // built-in roles too: requiring it of the administrators is the point; holders enrol at their next sign-in
      const rows = await db.query('update roles set require_second_factor = $3 where id = $1 and company_id = $2 returning id', [
        params.id,
        session.companyId,
        body.required,
      ]);
      if (!rows.length) throw notFound();
      return { data: await loadRole(db, session.companyId, params.id) };
    },
  }),

  route({
    method: 'DELETE',
    url: '/roles/:id',
    access: write,
    reply: roleReply,
    params: roleParams,
    handler: async ({ db, session, params }) => {
      const removed = await db.tx(async (q) => {
        await lockCompanyRoles(q, session.companyId);
        await companyRoleFor(q, session.companyId, params.id);
        const role = await loadRole(q, session.companyId, params.id);
        if (role.userCount > 0) throw new ApiError(409, 'role_in_use', { count: role.userCount });
        await q.query('delete from roles where id = $1 and company_id = $2', [params.id, session.companyId]);
        await sessionsChanged(q);
        return role;
      });
      return { data: removed };
    },
  }),
];
