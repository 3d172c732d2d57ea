import { ALWAYS_GRANTED } from '../../../../contract/menus';
import { companyDetail } from '../../../../contract/company';
import { displayName } from '../../../../contract/people';
import { DPO_ROLES } from '../../people/dpo';
import type { SourceResolver } from './types';

/**
 * `dpo.*`: the same people `/user/dpoList` lists (the holders of the DPO role), the first by name;
 * the contact fields from the company's DPO contact (settings), which data subjects write to.
 */
export const dpoVariables: SourceResolver = async (ctx) => {
  const [person] = await ctx.db.query<{ firstname: string; lastname: string; username: string; email: string | null }>(
    `select u.firstname, u.lastname, u.username, u.email from users u
      where u.company_id = $1 and not u.disabled and u.role_id in (${DPO_ROLES})
      order by u.firstname, u.lastname, u.id limit 1`,
    [ctx.companyId, ALWAYS_GRANTED],
  );
  const [row] = await ctx.db.query<{ detail: unknown }>('select detail from companies where id = $1', [ctx.companyId]);
  const contact = companyDetail.parse(row?.detail ?? {}).dpoContact;
  return {
    'dpo.name': (person ? displayName(person) : '') || contact.name || null,
    'dpo.email': contact.email || person?.email || null,
    'dpo.phone': contact.phone || null,
  };
};
