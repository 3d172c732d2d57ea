import { z } from 'zod';

/** The shortest password the product accepts (issue: at least 10 characters). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** A new password's own rules; `passwordProblem` adds the check against the person's names. */
export const newPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** What a password must not contain: the person's own names (3+ characters, case ignored). */
export interface PasswordOwner {
  username?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
}

export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_has_name';

/**
 * Why a new password is refused, or undefined when it is fine. The server and the forms call the
 * same function; the key is a message in `i18n/server.ts` (`server.<key>` on the server).
 */
export function passwordProblem(password: string, owner: PasswordOwner): PasswordProblem | undefined {
  if ([...password].length < PASSWORD_MIN) return 'password_too_short';
  if (password.length > PASSWORD_MAX) return 'password_too_long';
  const lower = password.toLocaleLowerCase();
  const names = [owner.username, owner.firstname, owner.lastname, owner.email?.split('@')[0]]
    .map((n) => n?.trim().toLocaleLowerCase() ?? '')
    .filter((n) => [...n].length >= 3);
  return names.some((n) => lower.includes(n)) ? 'password_has_name' : undefined;
}
