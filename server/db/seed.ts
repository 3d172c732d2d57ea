import { subHours } from 'date-fns';
import { BUILTIN_ROLES, DEMO_COMPANIES, demoNotifications, type DemoUser } from '../../demo';
import type { Queryable, Db } from './client';
import { hashPassword } from '../modules/auth/passwords';
import { seedConsentDemo } from '../modules/consent/demo';
import { seedDsrDemo } from '../modules/dsr/demo';
import { seedCookieDemo } from '../modules/cookie/demo';
import { seedBreachDemo } from '../modules/breach/demo';
import { seedRegistersDemo } from '../modules/registers/demo';
import { copyQuizBank } from '../modules/quiz/bank';
import { seedQuizDemo } from '../modules/quiz/demo';
import { seedDpoDemo } from '../modules/dpo/demo';
import { seedRopaDemo } from '../modules/ropa/demo';
import { seedSheetsDemo } from '../modules/sheets/demo';
import { seedRiskDemo } from '../modules/risk/demo';

export { BUILTIN_ROLES };
export type BuiltinRole = keyof typeof BUILTIN_ROLES;

/** Creates a company with its built-in roles; returns the ids. */
export async function createCompany(q: Queryable, code: string, detail: Record<string, unknown>) {
  const [company] = await q.query<{ id: string }>('insert into companies (code, detail) values ($1, $2) returning id', [
    code,
    JSON.stringify(detail),
  ]);
  const roles = {} as Record<BuiltinRole, string>;
  for (const [key, role] of Object.entries(BUILTIN_ROLES) as [BuiltinRole, (typeof BUILTIN_ROLES)[BuiltinRole]][]) {
    const [row] = await q.query<{ id: string }>('insert into roles (company_id, name, builtin) values ($1, $2, $3) returning id', [
      company.id,
      role.name,
      key,
    ]);
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

const hoursAgo = (h: number) => subHours(new Date(), h).toISOString();

/** Seeds the demo companies of the README. Does nothing when any company exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    const [{ count }] = await q.query<{ count: number }>('select count(*)::int as count from companies');
    if (count > 0) return false;
    for (const company of DEMO_COMPANIES) {
      const { companyId, roles } = await createCompany(q, company.code, company.detail);
      const userIds: string[] = [];
      for (const user of company.users) userIds.push(await createUser(q, companyId, roles[user.role], user));
      await seedDsrDemo(q, companyId, company.code, userIds[0]);
      await seedConsentDemo(q, companyId);
      await seedRegistersDemo(q, companyId, company.code);
      await seedQuizDemo(q, companyId, company.code);
      await seedDpoDemo(q, companyId, company.code);
      await seedCookieDemo(q, companyId, company.code);
      await seedRopaDemo(q, companyId, company.code, userIds[0]);
      await seedBreachDemo(q, companyId, company.code, userIds[0]);
      await seedSheetsDemo(q, companyId, company.code, userIds[0]);
      await seedRiskDemo(q, companyId, company.code);
      for (const n of demoNotifications(company)) {
        await q.query('insert into notifications (company_id, user_id, kind, params, link, created_at) values ($1, $2, $3, $4, $5, $6)', [
          companyId,
          n.own ? userIds[0] : null,
          n.kind,
          JSON.stringify(n.params),
          n.link,
          hoursAgo(n.hoursAgo),
        ]);
      }
    }
    return true;
  });
}
