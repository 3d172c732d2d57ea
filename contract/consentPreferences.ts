import { z } from 'zod';

/**
 * The data subjects' preference centre (`/preferences/:companyId`): a one-time code e-mailed to the
 * subject, then a short-lived token that shows every consent they gave the company (the public
 * consent forms' records under that e-mail, the consent API's whose subject id is that e-mail) and
 * withdraws any one of them.
 */
export const PREFERENCE_CODE_DIGITS = 6;
export const PREFERENCE_CODE_MINUTES = 15;
export const PREFERENCE_CODE_TRIES = 5;
/** Codes one e-mail address may be sent an hour while none of them is given back. */
export const PREFERENCE_CODE_MAILS_PER_HOUR = 3;
/** How long a verified view lasts: a token, not a session. */
export const PREFERENCE_TOKEN_MINUTES = 30;

const lang = z.enum(['th', 'en']).default('th');
const token = z.string().trim().min(20).max(100);

export const preferenceParams = z.object({ companyId: z.string().uuid() });

/** `POST /consents/public/preferences/:companyId/code`: e-mail a code to this address. */
export const preferenceCodeBody = z.object({
  email: z.string().trim().toLowerCase().email({ message: 'server.preferences_email_format' }).max(254),
  lang,
});
export const preferenceCodeReply = z.object({
  status: z.literal(200),
  verificationId: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});

/** `POST /consents/public/preferences/:companyId/verify`: the code back, for a token. */
export const preferenceVerifyBody = z.object({
  verificationId: z.string().uuid(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'server.preferences_code_format' }),
});
export const preferenceVerifyReply = z.object({ status: z.literal(200), token: z.string(), expiresAt: z.string() });

/** `POST /consents/public/preferences/:companyId/consents`: what the token's subject gave the company. */
export const preferenceListBody = z.object({ token, lang });

export const PREFERENCE_STATES = ['given', 'withdrawn', 'reconsent'] as const;
export const preferenceConsent = z.object({
  /** the record that gave it: what a withdrawal names */
  _id: z.string(),
  formId: z.string(),
  notice: z.string(),
  purposeId: z.string(),
  purpose: z.string(),
  version: z.number(),
  channel: z.string(),
  given_dt: z.string(),
  /** when the latest withdrawal was recorded, if the state is `withdrawn` */
  withdrawn_dt: z.string().nullable(),
  state: z.enum(PREFERENCE_STATES),
});
export type PreferenceConsent = z.infer<typeof preferenceConsent>;
export const preferenceListReply = z.object({
  status: z.literal(200),
  email: z.string(),
  company: z.string(),
  expiresAt: z.string(),
  consents: z.array(preferenceConsent),
});
export type PreferenceList = z.infer<typeof preferenceListReply>;

/** `POST /consents/public/preferences/:companyId/withdraw`: withdraws one consent of the list. */
export const preferenceWithdrawBody = z.object({ token, lang, consentId: z.string().uuid() });
export const preferenceWithdrawReply = z.object({ status: z.literal(200), consent: preferenceConsent });
