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

/** Who the provider says signed in: its issuer and its subject (the provider's own, stable id of the person). */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const USER_COLUMNS = `u.id as user_id, u.company_id, $2::text as company_code, u.username, u.firstname, u.lastname, u.sub_id, u.disabled`;

/** The person of this company bound to the provider's identity, if any. */
async function boundUser(tx: Transaction, row: SsoRow & { company_code: string }, identity: ProviderIdentity) {
  const [bound] = await tx.query<SsoUser & { disabled: boolean }>(
    `select ${USER_COLUMNS}
       from sso_identities i join users u on u.id = i.user_id and u.company_id = i.company_id
      where i.company_id = $1 and i.issuer = $3 and i.subject = $4 and u.sub_id is null`,
    [row.company_id, row.company_code, identity.issuer, identity.subject],
  );
  return bound;
}

/**
 * Binds the person to the provider's identity (their first sign-in through it). A person already bound
 * to another subject, or a subject already bound to another person (two first sign-ins at once), is
 * refused: whoever comes second writes nothing.
 */
async function bind(tx: Transaction, user: SsoUser, identity: ProviderIdentity) {
  await tx.query(`insert into sso_identities (user_id, company_id, issuer, subject) values ($1, $2, $3, $4) on conflict do nothing`, [
    user.user_id,
    user.company_id,
    identity.issuer,
    identity.subject,
  ]);
  const [kept] = await tx.query<{ same: boolean }>(`select issuer = $2 and subject = $3 as same from sso_identities where user_id = $1`, [
    user.user_id,
    identity.issuer,
    identity.subject,
  ]);
  if (!kept?.same) throw new ApiError(403, 'sso_identity_mismatch');
}

/**
 * The company's person the provider vouched for. The claim naming them (an e-mail address, verified
 * when it is `email`) must be in an allowed domain. The person is found by the provider's identity
 * (issuer + subject) first: the one bound to it at an earlier sign-in. Else by e-mail among the staff
 * of THIS company, who is then bound to it, unless already bound to another subject (an address
 * changed at the provider, or given to someone else, takes over nobody). A person not found is created
 * with the chosen role only when the administrator allows it. Refusals write nothing.
 */
export async function findOrCreateUser(
  tx: Transaction,
  row: SsoRow & { company_code: string },
  claims: Record<string, unknown>,
  identity: ProviderIdentity,
): Promise<SsoUser> {
  const email = text(claims[row.user_claim]).toLowerCase();
  // only a provider that says the address is verified vouches for it (one that says nothing does not)
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || (row.user_claim === 'email' && claims.email_verified !== true)) {
    throw new ApiError(403, 'sso_no_email', { claim: row.user_claim });
  }
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (row.allowed_domains.length && !row.allowed_domains.includes(domain)) throw new ApiError(403, 'sso_domain', { domain });

  const bound = await boundUser(tx, row, identity);
  if (bound?.disabled) throw new ApiError(403, 'sso_disabled_user');
  if (bound) return bound;

  const matches = await tx.query<SsoUser & { disabled: boolean }>(
    `select ${USER_COLUMNS}
       from users u
      where u.company_id = $1 and u.sub_id is null and lower(u.email) = $3
      order by u.disabled, u.created_at limit 2`,
    [row.company_id, row.company_code, email],
  );
  // two people with one address: the provider cannot say which is meant (nor is the oldest account taken over)
  if (matches.length > 1) throw new ApiError(403, 'sso_ambiguous', { email });
  const [found] = matches;
  if (found?.disabled) throw new ApiError(403, 'sso_disabled_user');
  if (found) {
    await bind(tx, found, identity);
    return found;
  }
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
  await bind(tx, created, identity);
  return created;
}
