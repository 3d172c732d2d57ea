import { z } from 'zod';
import { sessionUser } from './auth';
import { SSO_START_ERROR_PARAM, SSO_START_ERRORS, type SsoStartError } from './ssoStart';

export { SSO_START_ERROR_PARAM, SSO_START_ERRORS, type SsoStartError };

/**
 * Single sign-on with OpenID Connect, per company (settings, menu 13): the company's identity
 * provider signs its staff in (authorization code + PKCE, state and nonce checked by the server).
 */

/** How long a sign-in started at the provider may take before its state is refused. */
export const SSO_ATTEMPT_MINUTES = 10;
/** The claim of the ID token that names the user when none is chosen. */
export const SSO_DEFAULT_CLAIM = 'email';

/** The codes of the refusals the login page shows (`server.<code>` in the reader's language). */
export const SSO_REFUSALS = [
  'sso_not_offered',
  'sso_state',
  'sso_provider_error',
  'sso_code_refused',
  'sso_token_refused',
  'sso_no_email',
  'sso_domain',
  'sso_disabled_user',
  'sso_unknown_user',
  'sso_identity_mismatch',
  'sso_browser',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}$/;

/** E-mail domains one per line (a form's text area) or as a list; blank lines are dropped. */
const allowedDomains = z
  .array(z.string().max(300))
  .max(50)
  .transform((list) => list.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))
  .pipe(z.array(z.string().regex(DOMAIN, { message: 'server.sso_domain_invalid' })).max(20));

/** `PUT /sso-settings/current`: what the administrator sets; a blank client secret keeps the one stored. */
export const ssoSettingsBody = z.object({
  enabled: z.boolean(),
  /** shown on the login page: "เข้าสู่ระบบด้วย <providerName>" */
  providerName: z.string().trim().max(60),
  issuer: z.string().trim().max(500),
  clientId: z.string().trim().max(300),
  clientSecret: z.string().max(2000).default(''),
  userClaim: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_:./-]*$/, { message: 'server.sso_claim_invalid' })
    .transform((c) => c || SSO_DEFAULT_CLAIM),
  allowedDomains,
  /** a person signing in for the first time, not found by e-mail, is created with this role; null: refused */
  createRoleId: z.uuid().nullable(),
  /** password sign-in is off for everyone but the break-glass administrator */
  passwordSigninOff: z.boolean(),
  breakGlassUserId: z.uuid().nullable(),
});
export type SsoSettingsBody = z.input<typeof ssoSettingsBody>;

/** The settings as read back: the client secret never leaves the server, only whether one is set. */
export const ssoSettings = z.object({
  id: z.literal('current'),
  enabled: z.boolean(),
  providerName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  userClaim: z.string(),
  allowedDomains: z.array(z.string()),
  createRoleId: z.string().nullable(),
  passwordSigninOff: z.boolean(),
  breakGlassUserId: z.string().nullable(),
  /** the redirect URI to register at the provider */
  redirectUri: z.string(),
  /** the choices of the form: the company's roles, and the people who may be the break-glass administrator (settings edit right) */
  choices: z.object({
    roles: z.array(z.object({ id: z.string(), name: z.string() })),
    administrators: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type SsoSettings = z.infer<typeof ssoSettings>;
export const ssoSettingsReply = z.object({ data: ssoSettings });
export const ssoSettingsParams = z.object({ id: z.literal('current') });

/** `GET /sso/options?companyCode`: what the login page offers for a company. */
export const ssoOptionsQuery = z.object({ companyCode: z.string().trim().min(1).max(50) });
export const ssoOptionsReply = z.object({
  status: z.literal(200),
  sso: z.boolean(),
  /** present when `sso` */
  providerName: z.string().optional(),
  /** false: only the break-glass administrator may still use a password */
  password: z.boolean(),
});
export type SsoOptionsReply = z.infer<typeof ssoOptionsReply>;

/** `GET /sso/start?companyCode&redirectFrom`: a browser navigation, answered with a redirect to the provider. */
export const ssoStartQuery = z.object({
  companyCode: z.string().trim().min(1).max(50),
  /** where the application goes after signing in (a path of this site) */
  redirectFrom: z.string().max(2000).optional(),
});

/** `POST /sso/callback`: what the provider sent back to the login page (`/login?code&state&iss`). */
export const ssoCallbackBody = z.object({
  state: z.string().min(1).max(500),
  code: z.string().min(1).max(2000).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
export type SsoCallbackBody = z.infer<typeof ssoCallbackBody>;
export const ssoCallbackReply = z.object({
  status: z.literal(200),
  user: sessionUser,
  /** the path the sign-in was started from */
  redirectFrom: z.string().nullable(),
});
export type SsoCallbackReply = z.infer<typeof ssoCallbackReply>;

/** The path of the login page the provider sends the browser back to. */
export const SSO_CALLBACK_PATH = '/login';
