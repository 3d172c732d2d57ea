import { z } from 'zod';
import { plainText, restRange } from './datamap';
import { dsrFileInput } from './dsr';
import { jsonParam, restSort } from './http';

/**
 * The retention schedule and proof of deletion (menu 16, PDPA s.37(3), s.39(5)): a rule per data
 * category (and system) says how long, from which event, why, and what happens at the end; the
 * company records when each system's data of a category started, which gives the day it falls due;
 * the monthly queue lists what must go, and completing an item keeps its evidence and gives a
 * deletion record.
 */
export const PERIOD_UNITS = ['days', 'months', 'years'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];
/** The most a period may be, in its unit: 100 years. */
export const PERIOD_MAX: Record<PeriodUnit, number> = { days: 36_525, months: 1_200, years: 100 };

export const START_EVENTS = [
  'collection',
  'last_activity',
  'contract_end',
  'employment_end',
  'consent_withdrawn',
  'accounts_closed',
  'tax_filing',
  'wage_paid',
] as const;
export const END_ACTIONS = ['delete', 'anonymise', 'review'] as const;
export type EndAction = (typeof END_ACTIONS)[number];

/**
 * The laws a rule may cite, shipped with the product; each one's text (what it requires, as a fact)
 * is `retention.laws.<key>` of the catalogue, and its period the one the law sets.
 */
export const RETENTION_LAWS = {
  accounting_act_14: { period: 5, unit: 'years', startEvent: 'accounts_closed' },
  revenue_code_87_3: { period: 5, unit: 'years', startEvent: 'tax_filing' },
  labour_protection_114: { period: 2, unit: 'years', startEvent: 'wage_paid' },
  computer_crime_26: { period: 90, unit: 'days', startEvent: 'collection' },
  civil_code_193_30: { period: 10, unit: 'years', startEvent: 'contract_end' },
} as const satisfies Record<string, { period: number; unit: PeriodUnit; startEvent: (typeof START_EVENTS)[number] }>;
export type RetentionLaw = keyof typeof RETENTION_LAWS;
export const RETENTION_LAW_KEYS = Object.keys(RETENTION_LAWS) as [RetentionLaw, ...RetentionLaw[]];

/** A select's blank choice ('') is no choice. */
const blankAsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

export const retentionRuleBody = z
  .object({
    categoryId: z.uuid(),
    /** null (or a form's blank choice): the category in every system that holds it */
    systemId: blankAsNull(z.uuid()),
    period: z.number({ message: 'server.retention_period_range' }).int({ message: 'server.retention_period_range' }),
    unit: z.enum(PERIOD_UNITS),
    startEvent: z.enum(START_EVENTS),
    law: blankAsNull(z.enum(RETENTION_LAW_KEYS)),
    legalReason: plainText(1000).pipe(z.string().min(1, { message: 'server.retention_reason_required' })),
    endAction: z.enum(END_ACTIONS),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.period <= 0 || b.period > PERIOD_MAX[b.unit]) ctx.addIssue({ code: 'custom', path: ['period'], message: 'server.retention_period_range' });
  });
export type RetentionRuleBody = z.infer<typeof retentionRuleBody>;

const named = z.object({ id: z.string(), name: z.string() });
export const retentionRule = z.object({
  id: z.string(),
  categoryId: z.string(),
  systemId: z.string().nullable(),
  category: named,
  system: named.nullable(),
  period: z.number().int(),
  unit: z.enum(PERIOD_UNITS),
  startEvent: z.enum(START_EVENTS),
  law: z.enum(RETENTION_LAW_KEYS).nullable(),
  legalReason: z.string(),
  endAction: z.enum(END_ACTIONS),
  /** open items of the queue made from it */
  openItems: z.number().int(),
  created_dt: z.string(),
  updated_dt: z.string(),
});
export type RetentionRule = z.infer<typeof retentionRule>;

/** `id`, react-admin's default when a list names no sort, reads as by category */
export const RULE_SORTS = ['category', 'period', 'updated_dt', 'id'] as const;
export const retentionRuleListQuery = z.object({
  sort: restSort(RULE_SORTS, ['category', 'ASC']),
  range: restRange,
  filter: jsonParam(
    z.object({
      search: z.string().max(200).optional(),
      categoryId: z.uuid().optional(),
      systemId: z.uuid().optional(),
      endAction: z.enum(END_ACTIONS).optional(),
    }),
  )
    .optional()
    .transform((f) => f ?? {}),
});
export const retentionRuleListReply = z.object({ data: z.array(retentionRule), total: z.number().int() });
export const retentionRuleReply = z.object({ data: retentionRule });
export const retentionIdParams = z.object({ id: z.uuid() });

/** What the forms pick from: the data map's categories and systems (each system with its categories), the company's people. */
export const retentionChoicesReply = z.object({
  categories: z.array(named),
  systems: z.array(named.extend({ categoryIds: z.array(z.string()) })),
  people: z.array(named),
});
export type RetentionChoices = z.infer<typeof retentionChoicesReply>;

// ---- the due-for-deletion queue --------------------------------------------------------------

const day = z.iso.date();

/** One system's data of a rule's category: when the start event last happened, so when it falls due. */
export const retentionItemBody = z
  .object({
    ruleId: z.uuid(),
    systemId: z.uuid(),
    /** what is to be deleted, in the company's words (a batch, a year's files) */
    label: plainText(300).pipe(z.string().min(1, { message: 'server.retention_label_required' })),
    /** the day the start event last happened for this data (Bangkok) */
    startedOn: day,
    /** the system's owner, told when the item is overdue */
    ownerId: z.uuid().nullable().default(null),
  })
  .strict();
export type RetentionItemBody = z.infer<typeof retentionItemBody>;

export const DUE_STATES = ['open', 'overdue', 'done'] as const;
export const retentionItem = z.object({
  id: z.string(),
  ruleId: z.string().nullable(),
  systemId: z.string().nullable(),
  label: z.string(),
  category: z.string(),
  system: z.string(),
  endAction: z.enum(END_ACTIONS),
  startedOn: z.string(),
  dueOn: z.string(),
  owner: named.nullable(),
  status: z.enum(['open', 'done']),
  /** open and due before today (Bangkok) */
  overdue: z.boolean(),
  completed: z
    .object({
      at: z.string(),
      by: z.string().nullable(),
      note: z.string(),
      deletedCount: z.number().int(),
      backupsExpireOn: z.string(),
      file: z.object({ name: z.string(), size: z.number().int() }).nullable(),
    })
    .nullable(),
  created_dt: z.string(),
});
export type RetentionItem = z.infer<typeof retentionItem>;

/**
 * `GET /retention-due?sort&range&filter`: `month` (YYYY-MM, default this Bangkok month) with `state`
 * `open` (the default): open items due by the month's end, the overdue ones included; `overdue`: only
 * those due before today; `done`: completed in the month.
 */
export const retentionDueQuery = z.object({
  sort: restSort(['dueOn', 'category', 'system'], ['dueOn', 'ASC']),
  range: restRange,
  filter: jsonParam(
    z.object({
      month: z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
        .optional(),
      state: z.enum(DUE_STATES).optional(),
      systemId: z.uuid().optional(),
      q: z.string().max(200).optional(),
    }),
  )
    .optional()
    .transform((f) => f ?? {}),
});
export const retentionDueReply = z.object({
  data: z.array(retentionItem),
  total: z.number().int(),
  /** of the whole company, whatever the filter: open items due before today */
  overdue: z.number().int(),
});
export const retentionItemReply = z.object({ data: retentionItem });

/** Completing an item: what was done, how many records went, when the backups holding them expire; a file of proof if any. */
export const retentionCompleteBody = z
  .object({
    note: plainText(2000).pipe(z.string().min(1, { message: 'server.retention_note_required' })),
    deletedCount: z.number().int().min(0).max(1_000_000_000),
    backupsExpireOn: day,
    file: dsrFileInput.nullable().default(null),
  })
  .strict();
export type RetentionCompleteBody = z.infer<typeof retentionCompleteBody>;

/** `GET /ropa-retention?categoryIds=a,b`: what the schedule says of these categories (the ROPA form shows it beside its own text). */
export const ropaRetentionQuery = z.object({
  categoryIds: z
    .string()
    .max(200 * 37)
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean) : []))
    .pipe(z.array(z.uuid()).max(200)),
});
export const ropaRetentionReply = z.object({
  data: z.array(
    z.object({
      category: z.string(),
      system: z.string().nullable(),
      period: z.number().int(),
      unit: z.enum(PERIOD_UNITS),
      startEvent: z.enum(START_EVENTS),
      endAction: z.enum(END_ACTIONS),
      law: z.enum(RETENTION_LAW_KEYS).nullable(),
    }),
  ),
  /** the categories asked about that no rule covers */
  uncovered: z.array(z.string()),
});
export type RopaRetention = z.infer<typeof ropaRetentionReply>;
