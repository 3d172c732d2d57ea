import type { Transaction } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { SsoRow } from './settings';

export interface SsoUser {
  user_id: string;
  company_id: string;
  company_code: string;
  username: string;
  firstname: string;
  lastname: string;
  sub_id: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The company's person the provider vouched for: the claim naming them (an e-mail address) must be
 * in an allowed domain, and is matched to a staff member of THIS company by e-mail; a person not
 * found is created with the chosen role only when the administrator allows it. Refusals write nothing.
 */
export async function findOrCreateUser(tx: Transaction, row: SsoRow & { company_code: string }, claims: Record<string, unknown>): Promise<SsoUser> {
  const email = text(claims[row.user_claim]).toLowerCase();
  // a provider that says the address is not verified does not vouch for it
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || (row.user_claim === 'email' && claims.email_verified === false)) {
    throw new ApiError(403, 'sso_no_email', { claim: row.user_claim });
  }
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (row.allowed_domains.length && !row.allowed_domains.includes(domain)) throw new ApiError(403, 'sso_domain', { domain });

  const matches = await tx.query<SsoUser & { disabled: boolean }>(
    `select u.id as user_id, u.company_id, $3::text as company_code, u.username, u.firstname, u.lastname, u.sub_id, u.disabled
       from users u
      where u.company_id = $1 and u.sub_id is null and lower(u.email) = $2
      order by u.disabled, u.created_at limit 2`,
    [row.company_id, email, row.company_code],
  );
  // two people with one address: the provider cannot say which is meant (nor is the oldest account taken over)
  if (matches.length > 1) throw new ApiError(403, 'sso_ambiguous', { email });
  const [found] = matches;
  if (found?.disabled) throw new ApiError(403, 'sso_disabled_user');
  if (found) return found;
  if (!row.create_role_id) throw new ApiError(403, 'sso_unknown_user', { email });

  const [taken] = await tx.query('select 1 from users where company_id = $1 and lower(username) = $2', [row.company_id, email]);
  if (taken) throw new ApiError(409, 'sso_username_taken', { email });
  // no password: the person signs in through the provider (a password can be set later by "forgot password")
  const [created] = await tx.query<SsoUser>(
    `insert into users (company_id, username, password_hash, firstname, lastname, email, role_id)
     values ($1, $2, '', $3, $4, $2, $5)
     returning id as user_id, company_id, $6::text as company_code, username, firstname, lastname, sub_id`,
    [row.company_id, email, text(claims.given_name).slice(0, 100), text(claims.family_name).slice(0, 100), row.create_role_id, row.company_code],
  );
  return created;
}
