/**
 * The login page's side of a single sign-on start that failed, without zod: the sign-in page's first load
 * reads it without loading the schemas (`contract/sso.ts` re-exports it beside them).
 */

/**
 * Why `GET /sso/start` (a browser navigation) could not send the browser to the provider: it is sent back
 * to the login page with `?ssoError=<code>` instead of a JSON reply, and the page words the code.
 */
export const SSO_START_ERRORS = ['sso_not_offered', 'sso_unreachable', 'throttled', 'sso_start_failed'] as const;
export type SsoStartError = (typeof SSO_START_ERRORS)[number];
/** The query parameter of the login page naming a failed start. */
export const SSO_START_ERROR_PARAM = 'ssoError';
