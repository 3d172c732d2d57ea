import { z } from 'zod';
import { CONSENT_STATES, consentGiveBody, consentWithdrawBody } from './consent';

/**
 * The consent API: the company's own apps (shop, mobile app, LINE OA, call centre) record and check
 * consent with an API key (`Authorization: Bearer pdpa_live_…`), in the same store the back office
 * shows. A record carries the same proof as the public consent page: the notice's version, its text
 * hash, and the key's name as the channel.
 */
const formId = z.string().uuid();
/** the data subject's identifier in the app: a customer number, a phone number, a LINE user id */
const subjectId = z.string().trim().min(1).max(100);
/** the subject's e-mail when the app knows it (blank: none) */
const email = z.union([z.literal(''), z.string().trim().toLowerCase().email().max(254)]).default('');

/** `POST /consent-api/consents`: consent to the ticked purposes of a published notice's current version. */
export const consentApiGiveBody = consentGiveBody.extend({
  formId,
  subjectId,
  email,
  name: z.string().trim().max(300).default(''),
});
export type ConsentApiGiveBody = z.infer<typeof consentApiGiveBody>;

/** `POST /consent-api/withdrawals`: the subject withdraws the named purposes (those not in force are left alone). */
export const consentApiWithdrawBody = consentWithdrawBody.omit({ email: true }).extend({ formId, subjectId });
export type ConsentApiWithdrawBody = z.infer<typeof consentApiWithdrawBody>;

export const consentApiGivenReply = z.object({
  status: z.literal(200),
  data: z.object({ given: z.array(z.string()), version: z.number().int(), textHash: z.string() }),
});
export const consentApiWithdrawnReply = z.object({ status: z.literal(200), data: z.object({ withdrawn: z.array(z.string()) }) });

/** `GET /consent-api/consents?subjectId=…[&formId=…]`: the subject's current consent per notice and purpose. */
export const consentApiSubjectQuery = z.object({ subjectId, formId: formId.optional() });
export const consentApiCurrent = z.object({
  formId: z.string(),
  purposeId: z.string(),
  /** `reconsent`: given to a purpose whose meaning a later version changed */
  state: z.enum(CONSENT_STATES),
  version: z.number().int(),
  textHash: z.string(),
  channel: z.string(),
  updated_dt: z.string(),
});
export type ConsentApiCurrent = z.infer<typeof consentApiCurrent>;
export const consentApiSubjectReply = z.object({ status: z.literal(200), data: z.array(consentApiCurrent) });

/** `GET /consent-api/check?formId=…&purposeId=…&subjectId=…`: may the app use this purpose for this subject now? */
export const consentApiCheckQuery = z.object({ formId, purposeId: z.string().trim().min(1).max(64), subjectId });
export const CHECK_STATES = ['given', 'withdrawn', 'reconsent', 'none'] as const;
export const consentApiCheckReply = z.object({
  status: z.literal(200),
  /** true only while the latest record is a consent to the purpose as the notice's current version words it */
  allowed: z.boolean(),
  state: z.enum(CHECK_STATES),
  /** the notice version of the latest record (null: the subject never answered) */
  version: z.number().int().nullable(),
  /** when the consent in force was given (null unless allowed) */
  given_dt: z.string().nullable(),
});
export type ConsentApiCheckReply = z.infer<typeof consentApiCheckReply>;
