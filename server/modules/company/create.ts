import { BUILTIN_ROLES, type DemoUser } from '../../../demo';
import type { Queryable } from '../../db/client';
import { hashPassword } from '../auth/passwords';
import { copyQuizBank } from '../quiz/bank';

export { BUILTIN_ROLES };
export type BuiltinRole = keyof typeof BUILTIN_ROLES;

/** The built-in roles a company that signs itself up requires a second factor of (issue 31 §2); the roles list changes it. */
export const SECOND_FACTOR_ROLES: readonly BuiltinRole[] = ['admin', 'dpo'];

/**
 * Creates a company with its built-in roles; returns the ids. `secondFactorFor`: the built-in roles whose
 * holders must sign in with a second factor (a company that signs up: SECOND_FACTOR_ROLES; the demo: none).
 */
export async function createCompany(q: Queryable, code: string, detail: Record<string, unknown>, secondFactorFor: readonly BuiltinRole[] = []) {
  const [company] = await q.query<{ id: string }>('insert into companies (code, detail) values ($1, $2) returning id', [
    code,
    JSON.stringify(detail),
  ]);
  const roles = {} as Record<BuiltinRole, string>;
  for (const [key, role] of Object.entries(BUILTIN_ROLES) as [BuiltinRole, (typeof BUILTIN_ROLES)[BuiltinRole]][]) {
    const [row] = await q.query<{ id: string }>(
      'insert into roles (company_id, name, builtin, require_second_factor) values ($1, $2, $3, $4) returning id',
      [company.id, role.name, key, secondFactorFor.includes(key)],
    );
    await q.query('insert into role_menus (role_id, menu_id, can_edit) select $1, unnest($2::int[]), $3', [row.id, role.menus, role.edit]);
    roles[key] = row.id;
  }
  await copyQuizBank(q, company.id);
  return { companyId: company.id, roles };
}

export async function createUser(q: Queryable, companyId: string, roleId: string, u: DemoUser) {
  const [row] = await q.query<{ id: string }>(
    `insert into users (company_id, username, password_hash, firstname, lastname, email, sub_id, role_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [companyId, u.username, await hashPassword(u.password), u.firstname, u.lastname, u.email, u.subId ?? null, roleId],
  );
  return row.id;
}
