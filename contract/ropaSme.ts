import { z } from 'zod';
import { pagingQuery } from './http';

/**
 * The SME exemption from the full register (PDPA s.39 para. 3; the PDPC's notification of 2567, in
 * force for controllers from 8 April 2025): a small or medium enterprise may keep a reduced register,
 * but must still record refusals of data subjects' requests (s.39(7)) and every processing that
 * involves sensitive data (s.26), is likely to put data subjects' rights and freedoms at risk, or is
 * not occasional. The size follows the Ministerial Regulation on SMEs (2562): staff and yearly
 * revenue by business type; when the two give different sizes, revenue decides.
 */
export const SME_BUSINESS_TYPES = ['manufacturing', 'services'] as const;
export type SmeBusinessType = (typeof SME_BUSINESS_TYPES)[number];
export const SME_SIZES = ['small', 'medium', 'large'] as const;
export type SmeSize = (typeof SME_SIZES)[number];
/** The ceilings: staff and revenue (million baht a year) of a small and a medium enterprise. */
export const SME_LIMITS: Record<SmeBusinessType, Record<'small' | 'medium', { staff: number; revenueMillion: number }>> = {
  manufacturing: { small: { staff: 50, revenueMillion: 100 }, medium: { staff: 200, revenueMillion: 500 } },
  services: { small: { staff: 30, revenueMillion: 50 }, medium: { staff: 100, revenueMillion: 300 } },
};
/** What an exempt company must still record: refusals always, the rest when the answers say so. */
export const SME_MUST_RECORD = ['refusals', 'sensitive', 'risky', 'not_occasional'] as const;
export type SmeMustRecord = (typeof SME_MUST_RECORD)[number];

const noControl = (s: string) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s);

/** What `POST /ropa/sme` takes: the wizard's answers. */
export const smeAnswers = z
  .object({
    /** manufacturing, or services and trade (wholesale, retail) */
    businessType: z.enum(SME_BUSINESS_TYPES),
    /** people employed (an estimate is fine) */
    staffCount: z.coerce.number().int().min(0).max(10_000_000),
    /** revenue of the last year, in million baht */
    revenueMillion: z.coerce.number().min(0).max(100_000_000),
    /** any processing of sensitive data (s.26: health, biometrics, religion, criminal records…) */
    sensitiveData: z.boolean(),
    /** processing likely to put data subjects' rights and freedoms at risk */
    riskyProcessing: z.boolean(),
    /** collection, use or disclosure that is regular rather than occasional */
    notOccasional: z.boolean(),
    note: z.string().trim().max(2000).refine(noControl, { message: 'server.control_chars' }).default(''),
  })
  .strict();
export type SmeAnswers = z.infer<typeof smeAnswers>;

const sizeOf = (type: SmeBusinessType, key: 'staff' | 'revenueMillion', value: number): SmeSize =>
  value <= SME_LIMITS[type].small[key] ? 'small' : value <= SME_LIMITS[type].medium[key] ? 'medium' : 'large';

/** The result the answers give (the wizard shows it as the answers change; the server keeps its own). */
export function smeResult(
  a: Pick<SmeAnswers, 'businessType' | 'staffCount' | 'revenueMillion' | 'sensitiveData' | 'riskyProcessing' | 'notOccasional'>,
) {
  const byStaff = sizeOf(a.businessType, 'staff', a.staffCount);
  const byRevenue = sizeOf(a.businessType, 'revenueMillion', a.revenueMillion);
  // the Ministerial Regulation: when staff and revenue point to different sizes, revenue decides
  const size = byRevenue;
  const exempt = size !== 'large';
  const mustRecord: SmeMustRecord[] = exempt
    ? [
        'refusals',
        ...(a.sensitiveData ? (['sensitive'] as const) : []),
        ...(a.riskyProcessing ? (['risky'] as const) : []),
        ...(a.notOccasional ? (['not_occasional'] as const) : []),
      ]
    : [];
  return { size, byStaff, byRevenue, exempt, mustRecord };
}
export type SmeResult = ReturnType<typeof smeResult>;

/** One round of answers, kept with its result, date and who answered. */
export const smeAssessment = z.object({
  _id: z.string(),
  answers: smeAnswers,
  size: z.enum(SME_SIZES),
  byStaff: z.enum(SME_SIZES),
  byRevenue: z.enum(SME_SIZES),
  /** may keep a reduced register */
  exempt: z.boolean(),
  /** what must still be recorded when exempt (empty when the full register is due) */
  mustRecord: z.array(z.enum(SME_MUST_RECORD)),
  answeredBy: z.string().nullable(),
  answeredAt: z.string(),
});
export type SmeAssessment = z.infer<typeof smeAssessment>;
export const smeListQuery = pagingQuery;
/** `GET /ropa/sme`: the answers, newest first (the first is the one in force). */
export const smeAssessmentsReply = z.object({ status: z.literal(200), assessments: z.array(smeAssessment), totalDoc: z.number().int() });
export const smeAssessmentReply = z.object({ status: z.literal(200), data: smeAssessment });
