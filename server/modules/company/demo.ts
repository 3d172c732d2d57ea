import type { ModuleDemo } from '../../db/seed';
import { createCompany, createUser } from './create';

/** Opens each demo company (demo/companies.ts): the company, its built-in roles and its users. */
export default {
  async opensCompany(q, company) {
    const { companyId, roles } = await createCompany(q, company.code, company.detail);
    const userIds: string[] = [];
    for (const user of company.users) userIds.push(await createUser(q, companyId, roles[user.role], user));
    return { companyId, userIds };
  },
} satisfies ModuleDemo;
