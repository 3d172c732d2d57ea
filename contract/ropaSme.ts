import { z } from 'zod';
import { pagingQuery } from './http';

/**
 * The SME exemption from the full register (PDPA s.39 para. 3 and s.40 para. 3; the PDPC's notifications
 * on the exemption for small businesses, of 2567 in force for controllers from 8 April 2025): a small or
 * medium enterprise, or one of the bodies the notifications name, may keep a reduced register that still
 * records refusals of data subjects' requests (s.39(7)) — but not when it processes sensitive data (s.26),
 * processes in a way likely to put data subjects' rights and freedoms at risk, or processes regularly rather
 * than occasionally (as a controller, or as a processor for its controllers, or when processing is its
 * service): then every activity goes into the full register, and the result is never "exempt". The size
 * follows the Ministerial Regulation on SMEs (2562): staff and yearly revenue by business type; when the two
 * give different sizes, revenue decides.
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
/**
 * Who may be exempt (the PDPC's notifications on the exemption for small businesses): an SME by the
 * Ministerial Regulation's size, or one of the bodies the notifications name whatever their size —
 * community and social enterprises, cooperatives (and their federations, farmer groups), foundations,
 * associations, religious bodies, non-profits, juristic condominiums, housing estates' juristic persons and
 * household businesses. `other` (e.g. a public company, a state body) is never exempt under them.
 */
export const SME_BODIES = [
  'sme',
  'community_enterprise',
  'social_enterprise',
  'cooperative',
  'foundation',
  'association',
  'religious',
  'non_profit',
  'juristic_condominium',
  'housing_estate',
  'household',
  'other',
] as const;
export type SmeBody = (typeof SME_BODIES)[number];
/** The company's part: it decides on the data (controller, s.39), processes it for others (processor, s.40), or both. */
export const SME_ROLES = ['controller', 'processor', 'both'] as const;
export type SmeRole = (typeof SME_ROLES)[number];
/** What an exempt company must still record: refusals always (the other values are of rounds kept before the exemption's blockers). */
export const SME_MUST_RECORD = ['refusals', 'sensitive', 'risky', 'not_occasional'] as const;
export type SmeMustRecord = (typeof SME_MUST_RECORD)[number];
/**
 * The answers that rule the exemption out: a business too large, a body the notifications do not name, and
 * processing the exemption never covers — sensitive data, risk to the data subjects, regular processing — on the
 * controller's side or, for a processor, on its controllers' behalf, or processing personal data as its service.
 */
export const SME_BLOCKERS = [
  'large',
  'not_listed_body',
  'sensitive',
  'risky',
  'not_occasional',
  'processor_sensitive',
  'processor_risky',
  'processor_not_occasional',
  'processing_service',
] as const;
export type SmeBlocker = (typeof SME_BLOCKERS)[number];

const noControl = (s: string) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s);

/** What `POST /ropa/sme` takes: the wizard's answers (rounds kept before the bodies and the processor's questions read as an SME controller). */
export const smeAnswers = z
  .object({
    /** an SME, or which of the bodies the notifications name */
    body: z.enum(SME_BODIES).default('sme'),
    /** controller, processor or both: a processor answers the processor's questions */
    role: z.enum(SME_ROLES).default('controller'),
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
    /** as a processor: sensitive data processed on a controller's behalf */
    processorSensitive: z.boolean().default(false),
    /** as a processor: processing for a controller likely to put data subjects at risk */
    processorRisky: z.boolean().default(false),
    /** as a processor: processing for controllers that is regular rather than occasional */
    processorNotOccasional: z.boolean().default(false),
    /** as a processor: processing personal data is the service it sells (cloud, payroll, call centre, marketing lists…) */
    processingService: z.boolean().default(false),
    note: z.string().trim().max(2000).refine(noControl, { message: 'server.control_chars' }).default(''),
  })
  .strict();
export type SmeAnswers = z.infer<typeof smeAnswers>;
export type SmeAnswersInput = z.input<typeof smeAnswers>;

const sizeOf = (type: SmeBusinessType, key: 'staff' | 'revenueMillion', value: number): SmeSize =>
  value <= SME_LIMITS[type].small[key] ? 'small' : value <= SME_LIMITS[type].medium[key] ? 'medium' : 'large';

type ResultAnswers = Pick<SmeAnswers, 'businessType' | 'staffCount' | 'revenueMillion' | 'sensitiveData' | 'riskyProcessing' | 'notOccasional'> &
  Partial<Pick<SmeAnswers, 'body' | 'role' | 'processorSensitive' | 'processorRisky' | 'processorNotOccasional' | 'processingService'>>;

/**
 * The result the answers give (the wizard shows it as the answers change; the server keeps its own): exempt only
 * when no answer rules the exemption out — then a reduced register that still records refusals (s.39(7)).
 */
export function smeResult(a: ResultAnswers) {
  const body = a.body ?? 'sme';
  const role = a.role ?? 'controller';
  const byStaff = sizeOf(a.businessType, 'staff', a.staffCount);
  const byRevenue = sizeOf(a.businessType, 'revenueMillion', a.revenueMillion);
  // the Ministerial Regulation: when staff and revenue point to different sizes, revenue decides
  const size = byRevenue;
  const controller = role !== 'processor';
  const processor = role !== 'controller';
  const blockers: SmeBlocker[] = [
    ...(body === 'sme' && size === 'large' ? (['large'] as const) : []),
    ...(body === 'other' ? (['not_listed_body'] as const) : []),
    ...(controller && a.sensitiveData ? (['sensitive'] as const) : []),
    ...(controller && a.riskyProcessing ? (['risky'] as const) : []),
    ...(controller && a.notOccasional ? (['not_occasional'] as const) : []),
    ...(processor && a.processorSensitive ? (['processor_sensitive'] as const) : []),
    ...(processor && a.processorRisky ? (['processor_risky'] as const) : []),
    ...(processor && a.processorNotOccasional ? (['processor_not_occasional'] as const) : []),
    ...(processor && a.processingService ? (['processing_service'] as const) : []),
  ];
  const exempt = blockers.length === 0;
  const mustRecord: SmeMustRecord[] = exempt ? ['refusals'] : [];
  return { size, byStaff, byRevenue, exempt, mustRecord, blockers };
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
  /** the answers that rule the exemption out (empty when exempt) */
  blockers: z.array(z.enum(SME_BLOCKERS)),
  answeredBy: z.string().nullable(),
  answeredAt: z.string(),
});
export type SmeAssessment = z.infer<typeof smeAssessment>;
export const smeListQuery = pagingQuery;
/** `GET /ropa/sme`: the answers, newest first (the first is the one in force). */
export const smeAssessmentsReply = z.object({ status: z.literal(200), assessments: z.array(smeAssessment), totalDoc: z.number().int() });
export const smeAssessmentReply = z.object({ status: z.literal(200), data: smeAssessment });
