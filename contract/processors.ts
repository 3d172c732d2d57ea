import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { plainText, restRange } from './datamap';
import { jsonParam, restSort } from './http';
import processorsRegister from './registers/processors';
import { evidenceFileInput } from './transfers';

/**
 * Processors' due diligence (s.40, s.37(2)), menu 16: for each processor of the register, its data
 * processing agreement (file, signing, expiry, status), its sub-processors, the breach-notice time it
 * promised, a review date, and the questionnaires sent to it as a one-time link.
 */
export const DPA_STATUSES = ['none', 'negotiating', 'signed', 'terminated'] as const;
/** Days before a DPA's expiry when the processor starts to warn (and notifies, once). */
export const DPA_EXPIRY_WARNING_DAYS = 60;
export const PROCESSOR_WARNINGS = ['dpa_missing', 'dpa_expiring', 'dpa_expired', 'review_overdue'] as const;
export type ProcessorWarning = (typeof PROCESSOR_WARNINGS)[number];

const isoDate = z.iso.date();
export const subprocessor = z.object({
  name: plainText(200).min(1),
  country: z.enum(COUNTRY_CODES, { message: 'server.transfers_country' }),
  purpose: plainText(500).default(''),
});

/** An agreement cannot end before it is signed. */
function expiryAfterSigning(d: { dpaSignedOn: string | null; dpaExpiresOn: string | null }, ctx: z.RefinementCtx) {
  if (d.dpaSignedOn && d.dpaExpiresOn && d.dpaExpiresOn < d.dpaSignedOn)
    ctx.addIssue({ code: 'custom', path: ['dpaExpiresOn'], message: 'server.transfers_expiry_before_signing' });
}

export const diligenceBody = z
  .object({
    dpaStatus: z.enum(DPA_STATUSES).default('none'),
    dpaSignedOn: isoDate.nullable().default(null),
    dpaExpiresOn: isoDate.nullable().default(null),
    dpaFile: evidenceFileInput.nullable().optional(),
    removeDpaFile: z.boolean().default(false),
    breachNoticeHours: z.number().int().min(1).max(720).nullable().default(null),
    reviewOn: isoDate.nullable().default(null),
    subprocessors: z.array(subprocessor).max(50).default([]),
  })
  .strict()
  .superRefine(expiryAfterSigning);
export type DiligenceBody = z.infer<typeof diligenceBody>;

/**
 * A row of the processors' import (`/processor-diligence/import`): the register's name, country and
 * contact, and the agreement's status, dates, notice time and review date. Sub-processors and the
 * agreement's file are given on the form.
 */
export const processorImportRow = z
  .object({
    name: processorsRegister.fields.name.rule as z.ZodString,
    country: processorsRegister.fields.country.rule as z.ZodString,
    contact: processorsRegister.fields.contact.rule as z.ZodString,
    dpaStatus: z.enum(DPA_STATUSES).default('none'),
    dpaSignedOn: isoDate.nullable().default(null),
    dpaExpiresOn: isoDate.nullable().default(null),
    breachNoticeHours: z.number().int().min(1).max(720).nullable().default(null),
    reviewOn: isoDate.nullable().default(null),
  })
  .strict()
  .superRefine(expiryAfterSigning);
export type ProcessorImportRow = z.infer<typeof processorImportRow>;

export const QUESTIONNAIRE_DAYS = 30;
export const questionnaireSummary = z.object({
  id: z.string(),
  sentTo: z.string(),
  sentBy: z.string(),
  sent_dt: z.string(),
  expires_dt: z.string(),
  state: z.enum(['pending', 'answered', 'expired']),
  respondentName: z.string().nullable(),
  answered_dt: z.string().nullable(),
  score: z.number().int().nullable(),
  riskCode: z.string().nullable(),
  riskEventId: z.string().nullable(),
});

export const diligenceRecord = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  dpaStatus: z.enum(DPA_STATUSES),
  dpaSignedOn: z.string().nullable(),
  dpaExpiresOn: z.string().nullable(),
  dpaFile: z.object({ name: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
  breachNoticeHours: z.number().int().nullable(),
  reviewOn: z.string().nullable(),
  subprocessors: z.array(subprocessor),
  warnings: z.array(z.enum(PROCESSOR_WARNINGS)),
  questionnaires: z.array(questionnaireSummary),
  updated_dt: z.string(),
});
export type DiligenceRecord = z.infer<typeof diligenceRecord>;

export const DILIGENCE_SORTS = ['name', 'dpaExpiresOn', 'reviewOn', 'updated_dt'] as const;
export const diligenceListQuery = z.object({
  sort: restSort(DILIGENCE_SORTS, ['name', 'ASC']),
  range: restRange,
  filter: jsonParam(z.object({ search: z.string().max(200).optional(), warning: z.boolean().optional() }))
    .optional()
    .transform((f) => f ?? {}),
});
export const diligenceListReply = z.object({ data: z.array(diligenceRecord), total: z.number().int() });

/**
 * `POST /processor-diligence/:id/questionnaires`: whom it goes to (an e-mail address gets the link by e-mail, in
 * the questionnaire's language); the reply carries the link once (only its hash is kept) and says whether it was mailed.
 */
export const questionnaireSendBody = z.object({ sentTo: plainText(200).min(1), lang: z.enum(['th', 'en']).default('th') }).strict();
export const questionnaireSendReply = z.object({ data: questionnaireSummary, link: z.string(), emailed: z.boolean() });

// ---- the processor's public page -------------------------------------------------------------
export const QUESTIONNAIRE_ANSWER_MAX = 2000;
const answerText = plainText(QUESTIONNAIRE_ANSWER_MAX);
const yesNo = z.boolean();
/** The questions: security measures, sub-processors, where the data is, breach handling, certifications. */
export const questionnaireAnswers = z
  .object({
    encryption: yesNo,
    accessControl: yesNo,
    staffTraining: yesNo,
    securityNotes: answerText.default(''),
    subprocessorsDisclosed: yesNo,
    subprocessorsList: answerText.default(''),
    dataInThailand: yesNo,
    dataLocations: answerText.default(''),
    breachProcedure: yesNo,
    breachNoticeHours: z.number().int().min(1).max(720),
    certified: yesNo,
    certifications: answerText.default(''),
  })
  .strict();
export type QuestionnaireAnswers = z.infer<typeof questionnaireAnswers>;
export const questionnaireSubmitBody = z.object({ respondentName: plainText(200).min(1), answers: questionnaireAnswers }).strict();
export const QUESTIONNAIRE_BODY_LIMIT = 64 * 1024;
export const questionnaireTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export const questionnairePageReply = z.object({
  company: z.string(),
  processor: z.string(),
  lang: z.enum(['th', 'en']),
  expires_dt: z.string(),
});
export const questionnaireSubmitReply = z.object({ score: z.number().int(), riskCode: z.string() });

/**
 * The answers' score, 0-100: each measure in place counts, the breach notice promised within 72 hours
 * counts; the likelihood on the 5x5 matrix falls as the score rises.
 */
export function questionnaireScore(a: QuestionnaireAnswers) {
  const points = [a.encryption, a.accessControl, a.staffTraining, a.subprocessorsDisclosed, a.dataInThailand, a.breachProcedure, a.certified].filter(
    Boolean,
  ).length;
  const breach = a.breachNoticeHours <= 72 ? 1 : 0;
  return Math.round(((points + breach) / 8) * 100);
}
export const likelihoodOfScore = (score: number) => (score >= 85 ? 1 : score >= 65 ? 2 : score >= 45 ? 3 : score >= 25 ? 4 : 5);
