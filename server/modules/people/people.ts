import type { z } from 'zod';
import { MENU } from '../../../contract/menus';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, type PasswordOwner } from '../../../contract/password';
import {
  SUB_ID_PREFIX,
  contactListQuery,
  displayName,
  personBody,
  personCreateBody,
  personParams,
  personPasswordBody,
  personStatusBody,
  type Person,
  contactListReply,
  personReply,
} from '../../../contract/people';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { hashPassword } from '../auth/passwords';
import { sessionsChanged } from '../auth/sessions';
import { pageOffset } from '../../db/paging';
import { likePattern } from '../../db/search';
import { ensureRoleManagerRemains } from '../roles/routes';

const read = { menuId: MENU.contacts.menuId } as const;
export const write = { ...read, write: true } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PersonRow {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string | null;
  sub_id: string | null;
  role_id: string | null;
  role_name: string | null;
  department_id: string | null;
  department_name: string | null;
  position_id: string | null;
  position_name: string | null;
  disabled: boolean;
  second_factor: boolean;
  second_factor_required: boolean | null;
  created_at: Date | string;
}

/** Never the password hash: only these columns leave the database. */
const PERSON_COLUMNS = `u.id, u.username, u.firstname, u.lastname, u.email, u.sub_id, u.disabled, u.created_at,
  u.role_id, r.name as role_name, u.department_id, d.name as department_name, u.position_id, p.name as position_name,
  exists (select 1 from user_totp t where t.user_id = u.id and t.enabled_at is not null)
    or exists (select 1 from user_passkeys k where k.user_id = u.id) as second_factor,
  r.require_second_factor as second_factor_required`;
const PERSON_FROM = `users u
  left join roles r on r.id = u.role_id and r.company_id = u.company_id
  left join departments d on d.id = u.department_id and d.company_id = u.company_id
  left join positions p on p.id = u.position_id and p.company_id = u.company_id`;

const toPerson = (r: PersonRow): Person => ({
  _id: r.id,
  kind: r.sub_id ? 'contact' : 'staff',
  username: r.username,
  firstname: r.firstname,
  lastname: r.lastname,
  name: displayName(r),
  email: r.email,
  subId: r.sub_id,
  roleId: r.role_id,
  roleName: r.role_name,
  departmentId: r.department_id,
  departmentName: r.department_name,
  positionId: r.position_id,
  positionName: r.position_name,
  disabled: r.disabled,
  secondFactor: r.second_factor,
  secondFactorRequired: Boolean(r.second_factor_required),
  created_dt: new Date(r.created_at).toISOString(),
});

export async function loadPerson(q: Queryable, companyId: string, id: string): Promise<Person> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await q.query<PersonRow>(`select ${PERSON_COLUMNS} from ${PERSON_FROM} where u.company_id = $1 and u.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return toPerson(row);
}

/** 400 with the password rule's own message when `password` is not acceptable for its owner. */
function checkNewPassword(password: string, owner: PasswordOwner) {
  const problem = passwordProblem(password, owner);
  if (problem) throw new ApiError(400, problem, { min: PASSWORD_MIN, max: PASSWORD_MAX });
}

type Details = z.output<typeof personBody>;

/**
 * The details as they will be stored: the role, department and position checked against the
 * company (400 when not its own), the position's department filled in, a contact user's
 * sub-account id generated when left blank, the username and sub-account id free (409).
 */
async function resolveDetails(q: Queryable, companyId: string, body: Details, exceptId: string | null) {
  const [role] = UUID.test(body.roleId) ? await q.query('select 1 from roles where id = $1 and company_id = $2', [body.roleId, companyId]) : [];
  if (!role) throw new ApiError(400, 'person_role_unknown');

  let departmentId = body.departmentId ?? null;
  const positionId = body.positionId ?? null;
  if (departmentId) {
    const [found] = await q.query('select 1 from departments where id = $1 and company_id = $2', [departmentId, companyId]);
    if (!found) throw new ApiError(400, 'person_department_unknown');
  }
  if (positionId) {
    const [found] = await q.query<{ department_id: string }>('select department_id from positions where id = $1 and company_id = $2', [
      positionId,
      companyId,
    ]);
    if (!found) throw new ApiError(400, 'person_position_unknown');
    if (departmentId && departmentId !== found.department_id) throw new ApiError(400, 'person_position_mismatch');
    departmentId = found.department_id;
  }

  const [taken] = await q.query(
    'select 1 from users where company_id = $1 and lower(username) = lower($2) and ($3::uuid is null or id <> $3::uuid)',
    [companyId, body.username, exceptId],
  );
  if (taken) throw new ApiError(409, 'person_username_taken');

  let subId: string | null = null;
  if (body.kind === 'contact') {
    subId = body.subId ?? (await nextSubId(q, companyId));
    const [subTaken] = await q.query(
      'select 1 from users where company_id = $1 and lower(sub_id) = lower($2) and ($3::uuid is null or id <> $3::uuid)',
      [companyId, subId, exceptId],
    );
    if (subTaken) throw new ApiError(409, 'person_sub_id_taken');
  }
  return { ...body, departmentId, positionId, subId };
}

/** The company's next `CT-NNNN`: one more than the highest of that form. */
async function nextSubId(q: Queryable, companyId: string) {
  const [{ top }] = await q.query<{ top: number }>(
    `select coalesce(max(substring(sub_id from $2)::int), 0) as top
       from users where company_id = $1 and sub_id ~ $3`,
    [companyId, `^${SUB_ID_PREFIX}(\\d{1,9})$`, `^${SUB_ID_PREFIX}\\d{1,9}$`],
  );
  return `${SUB_ID_PREFIX}${String(top + 1).padStart(4, '0')}`;
}

/** Ends every session of a person (`keep`: but the caller's own); the API refuses them from the next call on. */
export async function endSessions(q: Queryable, userId: string, keep?: string) {
  await q.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and ($2::uuid is null or id <> $2::uuid)', [
    userId,
    keep ?? null,
  ]);
  await sessionsChanged(q);
}

/** Staff and contact users: the seed's list, and create, edit, disable, password under `/people`. */
export const peopleRoutes = [
  route({
    method: 'GET',
    url: '/user/contact/list',
    access: read,
    reply: contactListReply,
    query: contactListQuery,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 'u.company_id = $1';
      if (query.kind === 'staff') where += ' and u.sub_id is null';
      if (query.kind === 'contact') where += ' and u.sub_id is not null';
      if (query.search) {
        params.push(likePattern(query.search));
        const n = params.length;
        where += ` and (u.username ilike $${n} or u.firstname ilike $${n} or u.lastname ilike $${n}
          or (u.firstname || ' ' || u.lastname) ilike $${n} or u.email ilike $${n} or u.sub_id ilike $${n})`;
      }
      const n = params.length;
      const rows = await db.query<PersonRow & { total: number }>(
        `select ${PERSON_COLUMNS}, count(*) over ()::int as total from ${PERSON_FROM} where ${where}
          order by u.created_at desc, u.id desc limit $${n + 1} offset $${n + 2}`,
        [...params, query.limit, pageOffset(query)],
      );
      let totalItem = rows[0]?.total;
      if (totalItem === undefined) {
        // a page past the end still tells the total
        [{ total: totalItem }] = await db.query<{ total: number }>(`select count(*)::int as total from users u where ${where}`, params);
      }
      return { contactList: rows.map(toPerson), totalItem };
    },
  }),

  route({
    method: 'GET',
    url: '/people/:id',
    access: read,
    reply: personReply,
    params: personParams,
    handler: async ({ db, session, params }) => ({ data: await loadPerson(db, session.companyId, params.id) }),
  }),

  route({
    method: 'POST',
    url: '/people',
    access: write,
    reply: personReply,
    body: personCreateBody,
    handler: async ({ db, session, body }) => {
      checkNewPassword(body.password, body);
      const passwordHash = await hashPassword(body.password);
      const id = await db.tx(async (q) => {
        const d = await resolveDetails(q, session.companyId, body, null);
        const [row] = await q.query<{ id: string }>(
          `insert into users (company_id, username, password_hash, firstname, lastname, email, sub_id, role_id, department_id, position_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
          [session.companyId, d.username, passwordHash, d.firstname, d.lastname, d.email, d.subId, d.roleId, d.departmentId, d.positionId],
        );
        return row.id;
      });
      return { data: await loadPerson(db, session.companyId, id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/people/:id',
    access: write,
    reply: personReply,
    params: personParams,
    body: personBody,
    handler: async ({ db, session, params, body }) => {
      const before = await loadPerson(db, session.companyId, params.id);
      await db.tx(async (q) => {
        const d = await resolveDetails(q, session.companyId, body, params.id);
        await q.query(
          `update users set username = $3, firstname = $4, lastname = $5, email = $6, sub_id = $7, role_id = $8,
                  department_id = $9, position_id = $10
            where id = $1 and company_id = $2`,
          [params.id, session.companyId, d.username, d.firstname, d.lastname, d.email, d.subId, d.roleId, d.departmentId, d.positionId],
        );
        // another address is another person to the company's identity provider: the next single sign-on binds anew
        if ((before.email ?? '').toLowerCase() !== (d.email ?? '').toLowerCase()) {
          await q.query('delete from sso_identities where user_id = $1 and company_id = $2', [params.id, session.companyId]);
        }
        // a new role must leave someone who manages users and roles
        await ensureRoleManagerRemains(q, session.companyId);
        // the person's menus and names come from their session: their next call sees the change
        await sessionsChanged(q);
      });
      return { data: await loadPerson(db, session.companyId, params.id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/people/:id/status',
    access: write,
    reply: personReply,
    params: personParams,
    body: personStatusBody,
    handler: async ({ db, session, params, body }) => {
      await loadPerson(db, session.companyId, params.id);
      if (body.disabled && params.id === session.userId) throw new ApiError(409, 'person_disable_self');
      await db.tx(async (q) => {
        await q.query('update users set disabled = $3 where id = $1 and company_id = $2', [params.id, session.companyId, body.disabled]);
        if (body.disabled) {
          await ensureRoleManagerRemains(q, session.companyId);
          await endSessions(q, params.id);
        } else {
          await sessionsChanged(q);
        }
      });
      return { data: await loadPerson(db, session.companyId, params.id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/people/:id/password',
    access: write,
    reply: personReply,
    params: personParams,
    body: personPasswordBody,
    handler: async ({ db, session, params, body }) => {
      const target = await loadPerson(db, session.companyId, params.id);
      checkNewPassword(body.password, target);
      const passwordHash = await hashPassword(body.password);
      await db.tx(async (q) => {
        await q.query('update users set password_hash = $3 where id = $1 and company_id = $2', [params.id, session.companyId, passwordHash]);
        // links already e-mailed for a forgotten password no longer work
        await q.query(`update account_tokens set used_at = now() where user_id = $1 and purpose = 'reset_password' and used_at is null`, [params.id]);
        // the person signs in again with the new password; an administrator resetting their own keeps this session
        await endSessions(q, params.id, params.id === session.userId ? session.sessionId : undefined);
      });
      return { data: target };
    },
  }),
];
