import { z } from 'zod';

/** Sign-in body of `POST /user/signin/{timestamp}`. */
export const signinBody = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  companyCode: z.string().trim().min(1).max(50),
  /** the sign-in page used: staff (/login) or contact (/contact-login); absent (the seed's call) accepts either */
  page: z.enum(['staff', 'contact']).optional(),
});
export type SigninBody = z.infer<typeof signinBody>;

/** How far the client's timestamp may be from the server's clock. */
export const SIGNIN_CLOCK_SKEW_MS = 5 * 60 * 1000;

export const signinParams = z.object({ timestamp: z.string().regex(/^\d{1,16}$/) });

/** The signed-in person, as every auth reply carries it. Never any password material. */
export const sessionUser = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  companyCode: z.string(),
  subId: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const signinReply = z.object({
  status: z.literal(200),
  access_token: z.string().min(32),
  user: sessionUser,
});
export type SigninReply = z.infer<typeof signinReply>;

/** A second factor (issue 31 §2): an authenticator app's 6-digit code, 30-second steps, one step either side. */
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given when the app is enrolled, each good once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between a right password and the code may take. */
export const SECOND_FACTOR_CHALLENGE_MINUTES = 10;

/** A new authenticator's secret, shown once: as text, as the `otpauth://` address, and as a QR code (SVG). */
export const secondFactorEnrolment = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolment>;

/**
 * The 403 of a right password when a second factor is needed (`msgKey` second_factor_required): the
 * challenge for `POST /user/signin/second-factor`, and when the person must enrol first, the new app.
 */
export const secondFactorChallenge = z.object({
  status: z.literal(403),
  msg: z.string(),
  challenge: z.string(),
  enrol: secondFactorEnrolment.optional(),
  /** the person has passkeys: the step offers one besides the app's code */
  passkey: z.boolean().optional(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

export const secondFactorBody = z.object({
  challenge: z.string().min(20).max(100),
  /** six digits from the app, or a recovery code (xxxxx-xxxxx) */
  code: z
    .string()
    .transform((text) => text.replace(/\s/g, ''))
    .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { message: 'server.second_factor_code_format' })),
});
export type SecondFactorBody = z.input<typeof secondFactorBody>;

/** A browser's WebAuthn reply (`@simplewebauthn/browser`'s JSON); its content is checked by the server's verification. */
const webauthnResponse = z
  .object({
    id: z.string().min(1).max(1400),
    rawId: z.string().max(1400),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
  })
  .passthrough();

/** `POST /user/signin/passkey-options {challenge}`: the options for `navigator.credentials.get`. */
export const passkeyOptionsBody = z.object({ challenge: z.string().min(20).max(100) });
export const passkeyOptionsReply = z.object({ status: z.literal(200), options: z.record(z.string(), z.unknown()) });

/** `POST /user/signin/passkey`: the second step done with a passkey. */
export const passkeySigninBody = z.object({ challenge: z.string().min(20).max(100), response: webauthnResponse });

/** `POST /user/passkeys`: a passkey the signed-in person adds, named by them (the browser's reply to the options). */
export const passkeyAddBody = z.object({ name: z.string().trim().min(1).max(60), response: webauthnResponse });
export const passkeyParams = z.object({ id: z.string().min(1).max(1400) });

export const passkey = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type Passkey = z.infer<typeof passkey>;
export const passkeyListReply = z.object({ status: z.literal(200), data: z.array(passkey) });

export const secondFactorReply = signinReply.extend({
  /** enrolling: the recovery codes, shown this once */
  recoveryCodes: z.array(z.string()).optional(),
  /** signing in with a recovery code: how many are left */
  recoveryLeft: z.number().int().optional(),
});
export type SecondFactorReply = z.infer<typeof secondFactorReply>;

/** `GET /user/validate?menuId&parentId` */
export const validateQuery = z.object({
  menuId: z.coerce.number().int().min(0).max(100_000).optional(),
  parentId: z.coerce.number().int().min(0).max(100_000).optional(),
});

export const validateReply = z.object({
  status: z.boolean(),
  forbidden: z.boolean(),
  user: sessionUser.optional(),
});
export type ValidateReply = z.infer<typeof validateReply>;

export const menuItem = z.object({
  menuId: z.number().int(),
  parentId: z.number().int(),
  menuName: z.string(),
  path: z.string(),
  icon: z.string(),
  /** the role may change this menu's records (a view-only role may only read) */
  canEdit: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const menuReply = z.object({ status: z.literal(200), menu: z.array(menuItem) });
