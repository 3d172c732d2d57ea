import { z } from 'zod';
import { jsonParam, restSort } from './http';
import { dsrFileInput } from './dsr';
import { breachClock, type BreachRiskLevel } from './breachClock';
import { PROCESSOR_WARNINGS } from './processors';

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
/** Why a move the states allow is refused now (the server's message keys, `server.<key>`). */
export const BREACH_MOVE_BLOCKS = ['breach_close_unassessed', 'breach_close_office'] as const;
export type BreachMoveBlock = (typeof BREACH_MOVE_BLOCKS)[number];

export const RISK_LEVELS = ['none', 'risk', 'high'] as const satisfies readonly BreachRiskLevel[];
export const FACTOR_GRADES = ['low', 'medium', 'high'] as const;
export type FactorGrade = (typeof FACTOR_GRADES)[number];
export const VULNERABLE_GROUPS = ['children', 'patients', 'elderly', 'disabled'] as const;
export const NOTICE_TARGETS = ['office', 'subjects'] as const;
export type NoticeTarget = (typeof NOTICE_TARGETS)[number];
export const LETTER_KINDS = ['office', 'subjects', 'controller'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];
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
    /** the company processes this data for another controller (PDPA s.40(2)): the notice goes to that controller */
    actingAsProcessor: z.boolean().default(false),
    controllerName: text(300).default(''),
    cause: text(5000).default(''),
    containment: text(5000).default(''),
    consequences: text(5000).default(''),
  })
  .refine((b) => !b.occurredAt || new Date(b.occurredAt).getTime() <= new Date(b.awareAt).getTime(), {
    message: 'server.breach_occurred_after_aware',
    path: ['occurredAt'],
  })
  .refine((b) => !b.actingAsProcessor || b.controllerName.length > 0, { message: 'server.breach_controller_required', path: ['controllerName'] });
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
  /** the wider effect: on the business, on other organisations or on the public */
  wider: z.enum(FACTOR_GRADES),
  /** the controller's status: how much people rely on it (a public body, a hospital, a bank weighs high) */
  controller: z.enum(FACTOR_GRADES),
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
 * Factors as the assessment dialog holds them: a grade not chosen yet is null. `POST
 * /databreach/:id/risk-suggestion` answers the level they suggest (the rule is the server's) and the
 * record's `factorDraft` is where a first assessment starts (from the record's count, categories,
 * sensitive data and vulnerable people; the rest not chosen).
 */
export const draftRiskFactors = z.object({
  sensitivity: z.enum(FACTOR_GRADES).nullable(),
  volume: z.enum(FACTOR_GRADES).nullable(),
  identifiability: z.enum(FACTOR_GRADES).nullable(),
  severity: z.enum(FACTOR_GRADES).nullable(),
  wider: z.enum(FACTOR_GRADES).nullable(),
  controller: z.enum(FACTOR_GRADES).nullable(),
  vulnerable: z.boolean(),
  encrypted: z.boolean(),
  recovered: z.boolean(),
});
export type DraftRiskFactors = z.infer<typeof draftRiskFactors>;
export const riskSuggestionBody = z.object({ factors: draftRiskFactors });
export const riskSuggestionReply = z.object({
  status: z.literal(200),
  /** the level the factors chosen so far suggest */
  level: z.enum(RISK_LEVELS),
  /** every grade is chosen: the suggestion will not move up by choosing more */
  complete: z.boolean(),
});

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
  /** Closing a high-risk breach whose data subjects were not told needs a written reason: the warning cannot be dismissed silently. */
  subjectsWaiver: text(5000).default(''),
});

export const breachNoteBody = z.object({ note: requiredText(5000) });
export const breachFileBody = z.object({ file: dsrFileInput });
export const breachIdParams = z.object({ id: z.string().uuid() });
export const breachFileParams = z.object({ id: z.string().uuid(), fileId: z.string().uuid() });
/**
 * `GET /databreach/:id/letter`: the letter of a kind as a PDF (`controller`: the processor's notice to
 * its controller, only when the company acts as processor); a draft without a number until issued.
 */
export const breachLetterQuery = z.object({ kind: z.enum(LETTER_KINDS) });
/**
 * `POST /databreach/:id/letters`: issues the letter of a kind: numbered the first time (per company and
 * Buddhist-era year, DEMO-2569/0001) and dated then; signed by the person named, else the DPO.
 */
export const breachLetterBody = z.object({
  kind: z.enum(LETTER_KINDS),
  signatoryName: text(200).default(''),
  signatoryPosition: text(200).default(''),
});

/** `GET /databreach?sort&range&filter` (ra-data-simple-rest's convention). */
export const BREACH_SORTS = ['awareAt', 'created_dt', 'title', 'status', 'code'] as const;
export const breachListQuery = z.object({
  sort: restSort(BREACH_SORTS, ['awareAt', 'DESC']),
  range: jsonParam(z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([a, b]) => b >= a && b - a < 100))
    .optional()
    .transform((r) => r ?? ([0, 19] as const)),
  filter: jsonParam(
    z.object({
      q: z.string().trim().max(200).optional(),
      status: z.enum(BREACH_STATUSES).optional(),
      open: z.boolean().optional(),
      /** the Office told (the dashboard's "notified in time" counts these) */
      notified: z.boolean().optional(),
      /** known (aware) on these Bangkok days, both included */
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
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
  actingAsProcessor: z.boolean(),
  controllerName: z.string(),
  cause: z.string(),
  containment: z.string(),
  consequences: z.string(),
  /** where a first assessment starts: the grades the record tells, the others not chosen */
  factorDraft: draftRiskFactors,
  assessment: z
    .object({
      level: z.enum(RISK_LEVELS),
      /** the level the server's rule suggested from these factors (null: assessed before it kept one) */
      suggestedLevel: z.enum(RISK_LEVELS).nullable(),
      /** an assessment made before the wider effect and the controller's status were asked has them null */
      factors: draftRiskFactors,
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
      action: z.enum(['created', 'updated', 'assessed', 'state', 'notice', 'note', 'file', 'letter', 'escalated']),
      status: z.enum(BREACH_STATUSES),
      note: z.string(),
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
  files: z.array(z.object({ _id: z.string(), name: z.string(), mime: z.string(), size: z.number().int() })),
  warnings: z.array(z.enum(BREACH_WARNINGS)),
  /** the states it may move to now */
  nextStatuses: z.array(z.enum(BREACH_STATUSES)),
  /** the states its state leads to that are refused now, each with why */
  blockedStatuses: z.array(z.object({ status: z.enum(BREACH_STATUSES), reason: z.enum(BREACH_MOVE_BLOCKS) })),
  /** the letters given a number so far */
  letters: z.array(
    z.object({ kind: z.enum(LETTER_KINDS), number: z.string(), issuedAt: z.string(), signatoryName: z.string(), signatoryPosition: z.string() }),
  ),
  updated_dt: z.string(),
});
export type BreachRecord = z.infer<typeof breachRecord>;

export const breachListReply = z.object({ status: z.literal(200), data: z.array(breachRow), total: z.number().int() });
export const breachReply = z.object({ status: z.literal(200), data: breachRecord });
export const breachOptionsReply = z.object({
  status: z.literal(200),
  dataCategories: z.array(z.object({ _id: z.string(), name: z.string(), sensitive: z.boolean() })),
  /** the processors register, with the breach notice each promised and its due diligence's warnings (s.40) */
  processors: z.array(
    z.object({ _id: z.string(), name: z.string(), breachNoticeHours: z.number().int().nullable(), warnings: z.array(z.enum(PROCESSOR_WARNINGS)) }),
  ),
  /** the data map's systems (menu 16) a breach may name */
  systems: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type BreachOptions = Omit<z.infer<typeof breachOptionsReply>, 'status'>;

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
