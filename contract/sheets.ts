import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { jsonParam } from './http';

/**
 * Document sheets (menu 7): templates (shipped ones and the company's own) and documents made from
 * them, by ra-data-simple-rest's convention under /api/v1: `/sheet-templates` and `/sheets`, plus the
 * documents' state changes, versions and exports. The variables are in contract/sheetVariables.ts.
 */

/** The documents a Thai organisation keeps; `custom` is the company's own kind. */
export const SHEET_KINDS = [
  'privacyNotice',
  'consentLetter',
  'processorAgreement',
  'dpoAppointment',
  'breachOffice',
  'breachSubjects',
  'ropaSummary',
  'indirectNotice',
  'securityPolicy',
  'retentionPolicy',
  'custom',
] as const;
export type SheetKind = (typeof SHEET_KINDS)[number];
export const SHEET_LANGS = ['th', 'en'] as const;
export type SheetLang = (typeof SHEET_LANGS)[number];

// ---- the life of a document ---------------------------------------------------------------------
export const SHEET_STATES = ['draft', 'review', 'approved', 'published', 'archived'] as const;
export type SheetState = (typeof SHEET_STATES)[number];

/** Each action: the states it starts from and the state it leads to. Only a draft's text may change. */
export const SHEET_ACTIONS = {
  submit: { from: ['draft'], to: 'review' },
  approve: { from: ['review'], to: 'approved' },
  reject: { from: ['review', 'approved'], to: 'draft' },
  publish: { from: ['approved'], to: 'published' },
  // a published document is frozen: a new version starts as a draft, the published one stays readable
  revise: { from: ['published'], to: 'draft' },
  archive: { from: ['published', 'draft'], to: 'archived' },
} as const satisfies Record<string, { from: readonly SheetState[]; to: SheetState }>;
export type SheetAction = keyof typeof SHEET_ACTIONS;
export const SHEET_ACTION_NAMES = Object.keys(SHEET_ACTIONS) as SheetAction[];
export const actionsFrom = (state: SheetState): SheetAction[] =>
  SHEET_ACTION_NAMES.filter((a) => (SHEET_ACTIONS[a].from as readonly SheetState[]).includes(state));

// ---- inputs ---------------------------------------------------------------------------------------
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !CONTROL_CHARS.test(s), { message: 'server.control_chars' });
/** The rich text's HTML as the editor sends it; the server sanitizes it before anything else reads it. */
export const SHEET_BODY_MAX = 400_000;
const html = z.string().max(SHEET_BODY_MAX);

export const sheetTemplateBody = z
  .object({
    name: line(200).min(1),
    kind: z.enum(SHEET_KINDS).default('custom'),
    lang: z.enum(SHEET_LANGS).default('th'),
    description: line(1000).default(''),
    body: html,
  })
  .strict();
export type SheetTemplateInput = z.input<typeof sheetTemplateBody>;

const uuid = z.uuid();
const linkIds = {
  noticeId: uuid.nullable().default(null),
  // the ROPA and breach modules are built beside this one: the ids are kept, their records are not read yet
  ropaActivityId: uuid.nullable().default(null),
  breachId: uuid.nullable().default(null),
};

/** `POST /sheets`: a new document from a template (its text copied into version 1). */
export const sheetCreateBody = z
  .object({
    templateId: z.string().min(1).max(100),
    title: line(300).min(1),
    thaiDigits: z.boolean().default(false),
    ...linkIds,
  })
  .strict();

/** `PUT /sheets/:id`: saves the draft's text as a new version. */
export const sheetUpdateBody = z
  .object({
    title: line(300).min(1),
    body: html,
    thaiDigits: z.boolean().default(false),
    ...linkIds,
  })
  .strict();

export const sheetActionBody = z
  .object({ action: z.enum(SHEET_ACTION_NAMES as [SheetAction, ...SheetAction[]]), note: line(1000).default('') })
  .strict();

export const sheetIdParams = z.object({ id: uuid });
export const sheetTemplateParams = z.object({ id: z.string().min(1).max(100) });
export const sheetVersionParams = z.object({ id: uuid, version: z.coerce.number().int().min(1).max(100_000) });
export const sheetExportQuery = z.object({
  format: z.enum(['pdf', 'docx']).default('pdf'),
  /** a saved version; by default the published one, else the latest */
  version: z.coerce.number().int().min(1).max(100_000).optional(),
});

const rangeParam = jsonParam(
  z
    .tuple([
      z.number().int().min(0).max(1_000_000),
      z
        .number()
        .int()
        .min(0)
        .max(1_000_000 + MAX_PAGE_SIZE),
    ])
    .refine(([from, to]) => to >= from && to - from < MAX_PAGE_SIZE, { message: `at most ${MAX_PAGE_SIZE} rows` }),
)
  .optional()
  .transform((range) => range ?? ([0, 19] as const));

export const sheetTemplateListQuery = z.object({
  range: rangeParam,
  sort: jsonParam(z.tuple([z.enum(['name', 'kind', 'updated_dt']), z.enum(['ASC', 'DESC'])])).optional(),
  filter: jsonParam(
    z.object({ search: z.string().max(200).optional(), kind: z.enum(SHEET_KINDS).optional(), lang: z.enum(SHEET_LANGS).optional() }),
  ).optional(),
});

export const sheetListQuery = z.object({
  range: rangeParam,
  sort: jsonParam(z.tuple([z.enum(['title', 'state', 'updated_dt', 'created_dt']), z.enum(['ASC', 'DESC'])])).optional(),
  filter: jsonParam(
    z.object({
      search: z.string().max(200).optional(),
      state: z.enum(SHEET_STATES).optional(),
      kind: z.enum(SHEET_KINDS).optional(),
      noticeId: uuid.optional(),
      ropaActivityId: uuid.optional(),
      breachId: uuid.optional(),
    }),
  ).optional(),
});

// ---- replies ----------------------------------------------------------------------------------------
export const sheetTemplateRecord = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SHEET_KINDS),
  lang: z.enum(SHEET_LANGS),
  description: z.string(),
  body: z.string(),
  /** shipped with the product: read-only, copied to make the company's own */
  builtin: z.boolean(),
  variables: z.array(z.string()),
  updated_dt: z.string().nullable(),
});
export type SheetTemplateRecord = z.infer<typeof sheetTemplateRecord>;
export const sheetTemplateReply = z.object({ data: sheetTemplateRecord });
export const sheetTemplateListReply = z.object({ data: z.array(sheetTemplateRecord.omit({ body: true })), total: z.number().int() });

const who = z.object({ id: z.string().nullable(), name: z.string() }).nullable();
export const sheetEvent = z.object({
  action: z.string(),
  fromState: z.enum(SHEET_STATES).nullable(),
  toState: z.enum(SHEET_STATES),
  version: z.number().int(),
  note: z.string(),
  by: who,
  at: z.string(),
});
export const sheetVersionSummary = z.object({
  version: z.number().int(),
  title: z.string(),
  savedBy: who,
  saved_dt: z.string(),
  frozen: z.boolean(),
});

export const sheetRecord = z.object({
  id: z.string(),
  title: z.string(),
  templateId: z.string().nullable(),
  kind: z.enum(SHEET_KINDS),
  lang: z.enum(SHEET_LANGS),
  state: z.enum(SHEET_STATES),
  /** the latest saved version (the one the editor shows) */
  version: z.number().int(),
  /** the version last published, null: never */
  publishedVersion: z.number().int().nullable(),
  thaiDigits: z.boolean(),
  noticeId: z.string().nullable(),
  noticeName: z.string().nullable(),
  ropaActivityId: z.string().nullable(),
  breachId: z.string().nullable(),
  stateBy: who,
  state_dt: z.string(),
  approvedBy: who,
  approved_dt: z.string().nullable(),
  created_dt: z.string(),
  updated_dt: z.string(),
});
export type SheetRecord = z.infer<typeof sheetRecord>;
export const sheetDetail = sheetRecord.extend({
  body: z.string(),
  versions: z.array(sheetVersionSummary),
  events: z.array(sheetEvent),
  actions: z.array(z.enum(SHEET_ACTION_NAMES as [SheetAction, ...SheetAction[]])),
  /**
   * Approval is by someone other than the author (who saved the version in review; for version 1, who
   * made the document), as the person asking sees it: `none` they are not its author; `refused` they are, and
   * another person with edit rights on documents (menu 7) exists to approve it (409 if they try);
   * `allowed` they are, but nobody else in the company holds that right (a one-person company).
   */
  selfApproval: z.enum(['none', 'refused', 'allowed']),
});
export type SheetDetail = z.infer<typeof sheetDetail>;
export const sheetReply = z.object({ data: sheetDetail });
export const sheetListReply = z.object({ data: z.array(sheetRecord), total: z.number().int() });
export const sheetVersionReply = z.object({
  data: z.object({ version: z.number().int(), title: z.string(), body: z.string(), frozen: z.boolean() }),
});
/** `GET /sheets/:id/preview`: the text with its variables filled from live data (a published version: as frozen). */
export const sheetPreviewReply = z.object({
  data: z.object({ version: z.number().int(), html: z.string(), missing: z.array(z.string()), pending: z.array(z.string()) }),
});
