import { z } from 'zod';
import { LAWFUL_BASES } from './consent';
import { plainText, restRange, transferAbroad } from './datamap';
import { jsonParam, pagingQuery, restSort } from './http';
import { ropaInformTask } from './ropaInform';
import { transferRecord } from './transfers';

/**
 * Records of processing (ROPA, PDPA s.39 and s.40; menu 11). One record per processing activity;
 * the data comes from the data map (contract/datamap.ts) and the registers.
 */

/** The s.26 bases for sensitive data: explicit consent, and the section's exceptions (s.26(1)–(5)). */
export const SENSITIVE_BASES = [
  { key: 'explicitConsent', section: 's.26' },
  { key: 's26Vital', section: 's.26(1)' },
  { key: 's26Foundation', section: 's.26(2)' },
  { key: 's26Public', section: 's.26(3)' },
  { key: 's26LegalClaims', section: 's.26(4)' },
  { key: 's26Law', section: 's.26(5)' },
] as const;
/** Every basis a purpose may rest on: the notice builder's s.19/s.24 bases (one source) and the s.26 ones. */
export const ROPA_BASES = [...LAWFUL_BASES, ...SENSITIVE_BASES] as const;
export const ROPA_BASIS_KEYS = ROPA_BASES.map((b) => b.key) as [RopaBasis, ...RopaBasis[]];
export type RopaBasis = (typeof ROPA_BASES)[number]['key'];
export const isSensitiveBasis = (b: string) => SENSITIVE_BASES.some((s) => s.key === b);

export const ROPA_ROLES = ['controller', 'processor'] as const;
export const ROPA_STATES = ['draft', 'review', 'approved', 'archived'] as const;
export type RopaState = (typeof ROPA_STATES)[number];
/** The allowed moves: draft → review → approved → archived; a record in review may go back to draft. */
export const ROPA_MOVES: Record<RopaState, readonly RopaState[]> = {
  draft: ['review'],
  review: ['draft', 'approved'],
  approved: ['archived'],
  archived: [],
};

/**
 * The items a complete record has, in the order of the PDPC's template: the controller's details
 * (s.39(3)), then s.39(1), (2) with its basis and subjects, (4), (5), (6), (8). Refusals (s.39(7)) are
 * written by the DSR module and never missing.
 */
export const ROPA_ITEMS = ['controller', 'data', 'purposes', 'basis', 'subjects', 'retention', 'access', 'disclosures', 'security'] as const;
export type RopaItem = (typeof ROPA_ITEMS)[number];
export const ROPA_WARNINGS = [
  'sensitive_without_basis',
  'transfer_without_mechanism',
  'category_not_in_map',
  'transfer_basis',
  'category_without_retention',
  'processor_agreement',
  /** a purpose rests on legitimate interest (s.24(5)) and the activity has no signed legitimate-interest assessment (menu 20) */
  'lia_missing',
] as const;
export type RopaWarning = (typeof ROPA_WARNINGS)[number];

const ids = z.array(z.uuid()).max(200);
/** One purpose (s.39(2)): from the purposes register or typed, the categories it uses, its bases. */
export const ropaPurpose = z.object({
  purposeId: z.uuid().nullable().default(null),
  text: plainText(500).default(''),
  categoryIds: ids.default([]),
  bases: z.array(z.enum(ROPA_BASIS_KEYS)).max(20).default([]),
});
export type RopaPurpose = z.infer<typeof ropaPurpose>;

/** The s.39 items kept as the record's text (the rest are columns and links). */
export const ropaRecordFields = z.object({
  description: plainText(3000).default(''),
  purposes: z.array(ropaPurpose).max(50).default([]),
  subjectIds: ids.default([]),
  /** the DPO, a person of `/user/dpoList` ('' none: the company settings' DPO contact) */
  dpoId: z.string().max(64).default(''),
  /** processor records: the controllers it serves (PDPC notification 2565) */
  controllers: plainText(2000).default(''),
  retention: plainText(1000).default(''),
  accessRights: plainText(2000).default(''),
  accessConditions: plainText(2000).default(''),
  disclosures: plainText(2000).default(''),
  security: plainText(3000).default(''),
  source: plainText(1000).default(''),
  /** s.25: the day personal data was last received from a source other than the data subject (none: from the subject) */
  otherSourceOn: z.iso.date({ message: 'server.ropa_other_source_day' }).nullish(),
  transfers: z.array(transferAbroad).max(20).default([]),
  noticeIds: ids.default([]),
  processorIds: ids.default([]),
});
export type RopaRecordFields = z.infer<typeof ropaRecordFields>;

/** What create and save take (an autosaved draft too: nothing is required but the name). */
export const ropaBody = z
  .object({
    name: plainText(300).min(1),
    role: z.enum(ROPA_ROLES).default('controller'),
    departmentId: z.uuid().nullable().default(null),
    systemIds: ids.default([]),
    categoryIds: ids.default([]),
    dsrFormIds: ids.default([]),
    reviewDate: z.iso.date().nullable().default(null),
    record: ropaRecordFields.default(ropaRecordFields.parse({})),
  })
  .strict();
export type RopaBody = z.infer<typeof ropaBody>;

const person = z.object({ id: z.string(), name: z.string() }).nullable();
export const ropaController = z.object({ name: z.string(), address: z.string(), email: z.string(), phone: z.string() });
export const ropaDpo = z.object({ name: z.string(), email: z.string(), phone: z.string() });
export const ropaRefusal = z.object({
  id: z.string(),
  referenceCode: z.string(),
  rights: z.array(z.string()),
  legalGround: z.string(),
  reasons: z.string(),
  refused_dt: z.string(),
});

/** One row of the list. */
export const ropaRow = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROPA_ROLES),
  state: z.enum(ROPA_STATES),
  departmentId: z.string().nullable(),
  department: z.string().nullable(),
  reviewDate: z.string(),
  missingCount: z.number().int(),
  approvedBy: person,
  approved_dt: z.string().nullable(),
  updated_dt: z.string(),
});
export type RopaRow = z.infer<typeof ropaRow>;

/** One record as the form, the preview and the report read it. */
export const ropaDetail = ropaRow.extend({
  systemIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  dsrFormIds: z.array(z.string()),
  record: ropaRecordFields,
  controller: ropaController,
  dpo: ropaDpo,
  missing: z.array(z.enum(ROPA_ITEMS)),
  warnings: z.array(z.object({ code: z.enum(ROPA_WARNINGS), subject: z.string() })),
  refusals: z.array(ropaRefusal),
  submittedBy: person,
  submitted_dt: z.string().nullable(),
  archivedBy: person,
  archived_dt: z.string().nullable(),
  createdBy: person,
  created_dt: z.string(),
  versions: z.array(z.object({ version: z.number().int(), approvedBy: person, approved_dt: z.string() })),
  /** the person asked to review it (chosen when it was sent for review) */
  reviewer: person,
  /** who last changed its content: with `submittedBy`, its authors, neither of whom may approve it */
  contentBy: person,
  /** whether the one asking may approve it (four eyes): `refused` for an author while another could approve */
  selfApproval: z.enum(['none', 'refused', 'allowed']),
  /** s.25: the tasks to inform the subjects of data from other sources, the open one first, then the newest */
  inform: z.array(ropaInformTask),
  /** s.28-29: the transfers register's entries for its systems and its processors (`record.transfers` is the free text of before) */
  registerTransfers: z.array(transferRecord),
});
export type RopaDetail = z.infer<typeof ropaDetail>;

export const ROPA_SORTS = ['name', 'updated_dt', 'reviewDate', 'state'] as const;
export const ropaFilter = z.object({
  search: z.string().max(200).optional(),
  state: z.enum(ROPA_STATES).optional(),
  role: z.enum(ROPA_ROLES).optional(),
  departmentId: z.uuid().optional(),
  incomplete: z.boolean().optional(),
  /** live records past their review date (the dashboards' "overdue for review") */
  overdue: z.boolean().optional(),
});
export const ropaListQuery = z.object({
  sort: restSort(ROPA_SORTS, ['updated_dt', 'DESC']),
  range: restRange,
  filter: jsonParam(ropaFilter)
    .optional()
    .transform((f) => f ?? {}),
});
export const ropaListReply = z.object({ data: z.array(ropaRow), total: z.number().int() });
export const ropaParams = z.object({ id: z.uuid() });
/** A state move; sending for review may name the reviewer (a person of the company with ROPA edit rights, not the sender). */
export const ropaStateBody = z.object({ state: z.enum(ROPA_STATES), reviewerId: z.uuid().nullish() }).strict();

/**
 * One approved version, as it was approved: by its number, or (`on`, a Bangkok day YYYY-MM-DD) the
 * version in force that day, i.e. the newest one approved by the end of it. Exactly one of the two.
 */
export const ropaVersionQuery = z.object({
  version: z.coerce.number().int().min(1).max(100000).optional(),
  on: z.iso.date().optional(),
});
/** The version found: the record as it was approved (`data`), its number and when it was approved. */
export const ropaVersionReply = z.object({
  data: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  approvedBy: person,
  approved_dt: z.string(),
});

// ---- the seed's dashboard calls ------------------------------------------------------------------
export const sumRopaReply = z.object({
  sumropa: z.object({
    total: z.number().int(),
    draft: z.number().int(),
    review: z.number().int(),
    approved: z.number().int(),
    archived: z.number().int(),
    complete: z.number().int(),
    /** complete records among the ones not archived, in percent (0 when there are none) */
    completeness: z.number(),
    controller: z.number().int(),
    processor: z.number().int(),
  }),
});
/** `GET /ropa/fetch/expire-ropa?days&currentPage&limit`: records (not archived) due for review within `days` (default 30), the overdue first. */
export const expireRopaQuery = pagingQuery.extend({ days: z.coerce.number().int().min(0).max(3650).default(30) });
export const expireRopaReply = z.object({
  expireRopa: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      state: z.enum(ROPA_STATES),
      department: z.string().nullable(),
      reviewDate: z.string(),
      daysLeft: z.number().int(),
    }),
  ),
  totalDoc: z.number().int(),
});
export const relateDepartmentReply = z.object({
  relateDepartment: z.array(
    z.object({ departmentId: z.string().nullable(), department: z.string().nullable(), total: z.number().int(), approved: z.number().int() }),
  ),
});
/** `GET /ropa/fetch/relate-consent?currentPage&limit&formId`: activities per consent notice (one notice with `formId`). */
export const relateConsentQuery = pagingQuery.extend({ formId: z.uuid().optional() });
export const relateConsentReply = z.object({
  relateConsent: z.array(
    z.object({
      formId: z.string(),
      projectName: z.string(),
      total: z.number().int(),
      activities: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  totalDoc: z.number().int(),
});

/** What the ROPA form picks from (one call, menu 11: a ROPA editor need not hold menu 16 or 5). */
const choice = z.object({ id: z.string(), name: z.string() });
export const ropaChoicesReply = z.object({
  departments: z.array(choice),
  systems: z.array(choice.extend({ categoryIds: z.array(z.string()), subjectIds: z.array(z.string()), processorIds: z.array(z.string()) })),
  categories: z.array(choice.extend({ sensitive: z.boolean() })),
  subjects: z.array(choice),
  purposes: z.array(choice),
  processors: z.array(choice.extend({ country: z.string(), contractDate: z.string().nullable() })),
  notices: z.array(choice),
  dsrForms: z.array(choice.extend({ activityId: z.string().nullable() })),
});
export type RopaChoices = z.infer<typeof ropaChoicesReply>;

// ---- the report ---------------------------------------------------------------------------------
/**
 * The most activities one PDF holds (one page each, or more for a long record). The PDF is written
 * page by page and streamed (5,000 activities in a few seconds, the server answering meanwhile), but
 * its layout is kept in memory between its two passes: past this size the register is refused (409)
 * and the XLSX, streamed, carries any size; filters narrow the PDF. 10,000 is the size measured.
 */
export const ROPA_PDF_MAX = 10_000;
export const ropaReportQuery = z.object({
  format: z.enum(['xlsx', 'pdf']),
  departmentId: z.uuid().optional(),
  state: z.enum(ROPA_STATES).optional(),
  /** updated on or after / on or before these Bangkok days (YYYY-MM-DD) */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** a key the caller picks to follow the export (`GET /ropa/report/progress?job=`) */
  job: z.uuid().optional(),
});
/** How far an export is: activities written of those it holds. */
export const ropaReportProgressQuery = z.object({ job: z.uuid() });
export const ropaReportProgressReply = z.object({ status: z.literal(200), done: z.number().int(), total: z.number().int(), finished: z.boolean() });
export type RopaReportProgress = z.infer<typeof ropaReportProgressReply>;
export type RopaReportQuery = z.infer<typeof ropaReportQuery>;

/** The completeness rules: the items `detail` still lacks (the form, the list and the server share them). */
export function missingItems(input: {
  role: (typeof ROPA_ROLES)[number];
  categoryIds: string[];
  record: RopaRecordFields;
  controller: z.infer<typeof ropaController>;
}): RopaItem[] {
  const r = input.record;
  const missing: RopaItem[] = [];
  const c = input.controller;
  const controllerOk = input.role === 'processor' ? r.controllers.trim() !== '' : Boolean(c.name && c.address && (c.email || c.phone));
  if (!controllerOk) missing.push('controller');
  if (!input.categoryIds.length) missing.push('data');
  const purposes = r.purposes.filter((p) => p.purposeId || p.text);
  if (!purposes.length) missing.push('purposes');
  if (!purposes.length || purposes.some((p) => !p.bases.length)) missing.push('basis');
  if (!r.subjectIds.length) missing.push('subjects');
  if (!r.retention) missing.push('retention');
  if (!r.accessRights) missing.push('access');
  if (!r.disclosures) missing.push('disclosures');
  if (!r.security) missing.push('security');
  return missing;
}
