import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { hashToken } from '../auth/sessions';

/** What an e-mail link is for. */
export type TokenPurpose = 'verify_email' | 'reset_password';

/**
 * Issues a one-time token for `purpose`, valid `minutes`, and returns it (only its SHA-256 is
 * stored). Earlier unused tokens of the same user and purpose stop working: only the newest link
 * in the mailbox does.
 */
export async function issueToken(q: Queryable, user: { userId: string; companyId: string }, purpose: TokenPurpose, minutes: number): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await q.query('update account_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null', [user.userId, purpose]);
  await q.query(
    `insert into account_tokens (token_hash, user_id, company_id, purpose, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [hashToken(token), user.userId, user.companyId, purpose, minutes],
  );
  return token;
}

/** How many tokens of `purpose` the user was sent within the last hour (a cap on e-mails to one person). */
export async function tokensInLastHour(q: Queryable, userId: string, purpose: TokenPurpose): Promise<number> {
  const [row] = await q.query<{ count: number }>(
    `select count(*)::int as count from account_tokens
      where user_id = $1 and purpose = $2 and created_at > now() - interval '1 hour'`,
    [userId, purpose],
  );
  return row.count;
}

export interface TokenOwner {
  token_id: string;
  user_id: string;
  company_id: string;
  company_code: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string | null;
}

/** The owner of a live token (unused, unexpired, for `purpose`, its user not disabled), or undefined. */
export async function findToken(q: Queryable, token: string, purpose: TokenPurpose): Promise<TokenOwner | undefined> {
  const [row] = await q.query<TokenOwner>(
    `select t.id as token_id, u.id as user_id, u.company_id, c.code as company_code,
            u.username, u.firstname, u.lastname, u.email
       from account_tokens t
       join users u on u.id = t.user_id and u.company_id = t.company_id
       join companies c on c.id = u.company_id
      where t.token_hash = $1 and t.purpose = $2 and t.used_at is null and t.expires_at > now() and not u.disabled`,
    [hashToken(token), purpose],
  );
  return row;
}

/** Marks a token used; false when another request used it first (a link works once, even raced). */
export async function useToken(q: Queryable, tokenId: string): Promise<boolean> {
  const rows = await q.query('update account_tokens set used_at = now() where id = $1 and used_at is null returning id', [tokenId]);
  return rows.length === 1;
}
