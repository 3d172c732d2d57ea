import { z } from 'zod';
import { jsonParam } from './http';
import { dsrFileInput } from './dsr';
import { breachClock, type BreachRiskLevel } from './breachClock';

export * from './breachClock';

/**
 * The breach log (menu 17, PDPA s.37(4)): what happened, the risk assessment, the 72-hour clock, the
 * notices to the PDPC Office and to the data subjects, the states and the timeline. The server and the
 * forms check the same schemas; messages named `server.<key>` are texts of i18n/server.ts.
 */

// ---- states ------------------------------------------------------------------------------------
export const BREACH_STATUSES = ['discovered', 'assessing', 'notified', 'contained', 'closed'] as const;
export type BreachStatus = (typeof BREACH_STATUSES)[number];
/** The states a breach may move to by hand. `notified` is reached by recording a notice. */
export const BREACH_TRANSITIONS: Record<BreachStatus, readonly BreachStatus[]> = {
  discovered: ['assessing', 'contained'],
  assessing: ['contained', 'closed'],
  notified: ['contained', 'closed'],
  contained: ['closed'],
  closed: [],
};

export const RISK_LEVELS = ['none', 'risk', 'high'] as const satisfies readonly BreachRiskLevel[];
export const FACTOR_GRADES = ['low', 'medium', 'high'] as const;
export type FactorGrade = (typeof FACTOR_GRADES)[number];
export const VULNERABLE_GROUPS = ['children', 'patients', 'elderly', 'disabled'] as const;
export const NOTICE_TARGETS = ['office', 'subjects'] as const;
export type NoticeTarget = (typeof NOTICE_TARGETS)[number];
export const NOTICE_CHANNELS = ['pdpc_eservice', 'email', 'registered_mail', 'hand', 'sms', 'website', 'phone', 'other'] as const;

// ---- shared pieces ------------------------------------------------------------------------------
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Text typed by a person: trimmed, no control characters; HTML is kept as text, never executed. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !CONTROL.test(s), { message: 'server.dsr_control_chars' });
const requiredText = (max: number) => text(max).pipe(z.string().min(1));
const instant = z.iso.datetime({ offset: true });
/** A moment that has happened (five minutes of clock difference allowed). */
const past = instant.refine((s) => new Date(s).getTime() <= Date.now() + 5 * 60_000, { message: 'server.breach_future' });
const count = z.number().int().min(0).max(1_000_000_000).nullable();

export const breachCia = z
  .object({ confidentiality: z.boolean(), integrity: z.boolean(), availability: z.boolean() })
  .refine((c) => c.confidentiality || c.integrity || c.availability, { message: 'server.breach_cia_required' });

/** What a breach is: created with `POST /databreach`, changed with `PUT /databreach/:id`. */
export const breachBody = z
  .object({
    title: requiredText(300),
    discovery: text(5000).default(''),
    awareAt: past,
    occurredAt: past.nullable().default(null),
    cia: breachCia,
    /** ids of the company's data categories (the data map's `data-categories` register) */
    dataCategoryIds: z.array(z.string().uuid()).max(100).default([]),
    sensitiveData: z.boolean().default(false),
    subjectsCount: count.default(null),
    subjectsEstimated: z.boolean().default(false),
    recordsCount: count.default(null),
    recordsEstimated: z.boolean().default(false),
    vulnerableGroups: z.array(z.enum(VULNERABLE_GROUPS)).max(VULNERABLE_GROUPS.length).default([]),
    /** ids of the company's data map systems affected (`datamap_systems`, menu 16) */
    systemIds: z.array(z.string().uuid()).max(50).default([]),
    /** systems affected that the data map does not list, by name (free text) */
    systems: z.array(requiredText(200)).max(50).default([]),
    processor: text(300).default(''),
    cause: text(5000).default(''),
    containment: text(5000).default(''),
    consequences: text(5000).default(''),
  })
  .refine((b) => !b.occurredAt || new Date(b.occurredAt).getTime() <= new Date(b.awareAt).getTime(), {
    message: 'server.breach_occurred_after_aware',
    path: ['occurredAt'],
  });
export type BreachBody = z.input<typeof breachBody>;

/** The PDPC's factors of a breach's risk to people's rights and freedoms. */
export const riskFactors = z.object({
  /** kind and sensitivity of the data */
  sensitivity: z.enum(FACTOR_GRADES),
  /** how many people and records */
  volume: z.enum(FACTOR_GRADES),
  /** how easily the people can be identified from the data */
  identifiability: z.enum(FACTOR_GRADES),
  /** how severe the consequences for them may be */
  severity: z.enum(FACTOR_GRADES),
  vulnerable: z.boolean(),
  /** the data was encrypted (or otherwise unintelligible) to whoever got it */
  encrypted: z.boolean(),
  /** the data was recovered or the harm contained before it could be misused */
  recovered: z.boolean(),
});
export type RiskFactors = z.infer<typeof riskFactors>;

/** `PUT /databreach/:id/assessment`: the level, the factors weighed and why (kept even when no notice is needed). */
export const breachAssessmentBody = z.object({
  level: z.enum(RISK_LEVELS),
  factors: riskFactors,
  rationale: requiredText(5000),
});

/**
 * The level the factors suggest (the assessor decides and writes why): data made unintelligible or
 * recovered with no severe consequence is no risk; severe consequences, or sensitive data of
 * vulnerable people, or much weighing high, is a high risk; anything else weighing something is a risk.
 */
export function suggestedRiskLevel(f: RiskFactors): BreachRiskLevel {
  const weight = { low: 0, medium: 1, high: 2 } as const;
  if ((f.encrypted || f.recovered) && f.severity !== 'high') return 'none';
  const score = weight[f.sensitivity] + weight[f.volume] + weight[f.identifiability] + weight[f.severity] + (f.vulnerable ? 2 : 0);
  if (f.severity === 'high' || (f.sensitivity === 'high' && f.vulnerable) || score >= 6) return 'high';
  return score >= 2 ? 'risk' : 'none';
}

/** `POST /databreach/:id/notices`: a notice sent (to the Office or to the data subjects). */
export const breachNoticeBody = z.object({
  target: z.enum(NOTICE_TARGETS),
  sentAt: past,
  channel: z.enum(NOTICE_CHANNELS),
  reference: text(200).default(''),
  /** why the Office is told after the 72 hours: required then (400 without) */
  lateReasons: text(5000).default(''),
});
export type BreachNoticeBody = z.input<typeof breachNoticeBody>;

/** `POST /databreach/:id/state`: a change of state with a note. */
export const breachStateBody = z.object({
  status: z.enum(BREACH_STATUSES),
  note: text(5000).default(''),
  /**
   * Closing a high-risk breach whose data subjects were not told needs a written reason: the warning
   * cannot be dismissed silently.
   */
  subjectsWaiver: text(5000).default(''),
});

export const breachNoteBody = z.object({ note: requiredText(5000) });
export const breachFileBody = z.object({ file: dsrFileInput });
export const breachIdParams = z.object({ id: z.string().uuid() });
export const breachFileParams = z.object({ id: z.string().uuid(), fileId: z.string().uuid() });
export const breachLetterQuery = z.object({ kind: z.enum(NOTICE_TARGETS) });

/** `GET /databreach?sort&range&filter` (ra-data-simple-rest's convention). */
export const BREACH_SORTS = ['awareAt', 'created_dt', 'title', 'status', 'code'] as const;
export const breachListQuery = z.object({
  sort: jsonParam(z.tuple([z.enum(BREACH_SORTS), z.enum(['ASC', 'DESC'])]))
    .optional()
    .transform((s) => s ?? (['awareAt', 'DESC'] as const)),
  range: jsonParam(z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([a, b]) => b >= a && b - a < 100))
    .optional()
    .transform((r) => r ?? ([0, 19] as const)),
  filter: jsonParam(
    z.object({
      q: z.string().trim().max(200).optional(),
      status: z.enum(BREACH_STATUSES).optional(),
      open: z.boolean().optional(),
    }),
  )
    .optional()
    .transform((f) => f ?? {}),
});

// ---- replies ------------------------------------------------------------------------------------
export const breachClockSchema = z.object({
  deadlineAt: z.string(),
  hoursLeft: z.number().int(),
  state: z.enum(['running', 'overdue', 'met', 'late', 'not_required', 'stopped']),
  stage: z.union([z.literal(0), z.literal(48), z.literal(60), z.literal(72)]),
});

export const breachRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  status: z.enum(BREACH_STATUSES),
  awareAt: z.string(),
  riskLevel: z.enum(RISK_LEVELS).nullable(),
  officeNotifiedAt: z.string().nullable(),
  subjectsNotifiedAt: z.string().nullable(),
  clock: breachClockSchema,
  created_dt: z.string(),
});
export type BreachRow = z.infer<typeof breachRow>;

export const BREACH_WARNINGS = ['subjects_notice_required', 'office_notice_required', 'assessment_required'] as const;

export const breachRecord = breachRow.extend({
  discovery: z.string(),
  occurredAt: z.string().nullable(),
  cia: z.object({ confidentiality: z.boolean(), integrity: z.boolean(), availability: z.boolean() }),
  dataCategories: z.array(z.object({ _id: z.string(), name: z.string(), sensitive: z.boolean() })),
  dataCategoryIds: z.array(z.string()),
  sensitiveData: z.boolean(),
  subjectsCount: z.number().int().nullable(),
  subjectsEstimated: z.boolean(),
  recordsCount: z.number().int().nullable(),
  recordsEstimated: z.boolean(),
  vulnerableGroups: z.array(z.enum(VULNERABLE_GROUPS)),
  /** the data map's systems affected, as named now (each links to its page) */
  affectedSystems: z.array(z.object({ _id: z.string(), name: z.string() })),
  systemIds: z.array(z.string()),
  /** systems affected that the data map does not list (free text) */
  systems: z.array(z.string()),
  processor: z.string(),
  cause: z.string(),
  containment: z.string(),
  consequences: z.string(),
  assessment: z
    .object({
      level: z.enum(RISK_LEVELS),
      factors: riskFactors,
      rationale: z.string(),
      assessedAt: z.string(),
      assessedBy: z.string().nullable(),
    })
    .nullable(),
  notices: z.array(
    z.object({
      _id: z.string(),
      target: z.enum(NOTICE_TARGETS),
      sentAt: z.string(),
      channel: z.enum(NOTICE_CHANNELS),
      reference: z.string(),
      late: z.boolean(),
      lateReasons: z.string(),
    }),
  ),
  timeline: z.array(
    z.object({
      action: z.enum(['created', 'updated', 'assessed', 'state', 'notice', 'note', 'file']),
      status: z.enum(BREACH_STATUSES),
      note: z.string(),
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
  files: z.array(z.object({ _id: z.string(), name: z.string(), mime: z.string(), size: z.number().int() })),
  warnings: z.array(z.enum(BREACH_WARNINGS)),
  nextStatuses: z.array(z.enum(BREACH_STATUSES)),
  updated_dt: z.string(),
});
export type BreachRecord = z.infer<typeof breachRecord>;

export const breachListReply = z.object({ status: z.literal(200), data: z.array(breachRow), total: z.number().int() });
export const breachReply = z.object({ status: z.literal(200), data: breachRecord });
export const breachOptionsReply = z.object({
  status: z.literal(200),
  dataCategories: z.array(z.object({ _id: z.string(), name: z.string(), sensitive: z.boolean() })),
  processors: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** the data map's systems (menu 16) a breach may name */
  systems: z.array(z.object({ _id: z.string(), name: z.string() })),
});

/**
 * What still needs doing that a person must not miss: a high risk whose data subjects were not told
 * (unless closed with a written waiver), a risk the Office was not told of, a breach not assessed.
 */
export function breachWarnings(b: {
  riskLevel: BreachRiskLevel | null;
  officeNotifiedAt: unknown;
  subjectsNotifiedAt: unknown;
  subjectsWaiver: string | null;
}): (typeof BREACH_WARNINGS)[number][] {
  const out: (typeof BREACH_WARNINGS)[number][] = [];
  if (b.riskLevel === null) out.push('assessment_required');
  if (b.riskLevel === 'high' && !b.subjectsNotifiedAt && !b.subjectsWaiver) out.push('subjects_notice_required');
  if ((b.riskLevel === 'risk' || b.riskLevel === 'high') && !b.officeNotifiedAt) out.push('office_notice_required');
  return out;
}

export { breachClock };
