import { z } from 'zod';
import { newPassword } from './password';

/** How long a password-reset link works. */
export const RESET_TOKEN_MINUTES = 30;
/** How long an e-mail verification link works. */
export const VERIFY_TOKEN_HOURS = 48;

// ---- fields -----------------------------------------------------------------------------------
/** A company code as people type it (`demo`) and as it is kept (`DEMO`): 2 to 20 letters, digits, - or _. */
export const companyCodeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,20}$/)
  .transform((code) => code.toUpperCase());

/** A username: 3 to 50 letters, digits, dot, dash or underscore (kept as typed; sign-in ignores case). */
export const usernameField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,50}$/);

/** A person's or a company's name: plain text, no markup, no control characters. */
export const plainName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !/[<>\u0000-\u001F\u007F]/.test(s));

export const emailField = z.string().trim().max(254).pipe(z.email());

/** The token of an e-mail link: 64 hex characters (256 random bits). */
export const accountToken = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{64}$/i)
  .transform((t) => t.toLowerCase());

// ---- calls ------------------------------------------------------------------------------------
/** `GET /user/account-options`: which public account pages the deployment opens. */
export const accountOptionsReply = z.object({
  status: z.literal(200),
  /** self sign-up (`/register`) is allowed (`ALLOW_SIGNUP`) */
  signup: z.boolean(),
  /** the database holds no company yet: `/generate-account` creates the first one */
  generate: z.boolean(),
});
export type AccountOptions = z.infer<typeof accountOptionsReply>;

/**
 * `POST /user/register` and `POST /user/generate-account`: a new company (its code and Thai name)
 * and its administrator. The password must also pass `passwordProblem` against the names given.
 */
export const newCompanyBody = z.object({
  companyCode: companyCodeField,
  companyName: plainName(200),
  username: usernameField,
  firstname: plainName(100),
  lastname: plainName(100),
  email: emailField,
  password: newPassword,
});
export type NewCompanyBody = z.input<typeof newCompanyBody>;

/** The reply to register and generate-account: where the new administrator signs in. */
export const newCompanyReply = z.object({
  status: z.literal(200),
  companyCode: z.string(),
  username: z.string(),
  /** register: the e-mail must be verified before signing in */
  verifyEmail: z.boolean(),
});

/** `GET /user/verify-email?token` */
export const verifyEmailQuery = z.object({ token: accountToken });
export const verifyEmailReply = z.object({ status: z.literal(200), companyCode: z.string(), username: z.string() });

/** `POST /user/forgot-password`: the company and the username or the e-mail of the account. */
export const forgotPasswordBody = z
  .object({
    companyCode: z.string().trim().min(1).max(50),
    username: z.string().trim().min(1).max(100).optional(),
    email: z.string().trim().min(1).max(254).optional(),
  })
  // one of the two, not both
  .refine((b) => !!b.username !== !!b.email, { path: ['username'] });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** The one reply of forgot-password, whether or not the account exists. */
export const forgotPasswordReply = z.object({ status: z.literal(200) }).strict();

/** `POST /user/reset-password` */
export const resetPasswordBody = z.object({ token: accountToken, password: newPassword });
export const resetPasswordReply = z.object({ status: z.literal(200) }).strict();

/** `GET /dev/outbox?to=` (only with `OUTBOX_API=1`): the newest e-mails first. */
export const outboxQuery = z.object({ to: z.string().trim().min(3).max(254) });
export const outboxMail = z.object({
  to: z.string(),
  template: z.string(),
  lang: z.enum(['th', 'en']),
  subject: z.string(),
  text: z.string(),
  /** the first link of the text */
  link: z.string().nullable(),
  created_dt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;
export const outboxReply = z.object({ status: z.literal(200), mails: z.array(outboxMail) });
