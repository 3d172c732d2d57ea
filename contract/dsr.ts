import { z } from 'zod';
import { pagingQuery, searchText } from './http';

/**
 * Data subject requests (PDPA s.30-36, s.19): the request forms a company publishes, the requests
 * data subjects send through them, and the 30-day clock staff work them against.
 */

/** The rights a form may offer, with the PDPA section each comes from. */
export const DSR_RIGHTS = ['access', 'portability', 'objection', 'erasure', 'restriction', 'rectification', 'withdrawal'] as const;
export type DsrRight = (typeof DSR_RIGHTS)[number];
export const RIGHT_SECTION: Record<DsrRight, string> = {
  access: '30',
  portability: '31',
  objection: '32',
  erasure: '33',
  restriction: '34',
  rectification: '35',
  withdrawal: '19',
};

/** Identity fields a form may ask besides the name and e-mail every request carries. */
export const DSR_IDENTITY_FIELDS = ['phone', 'idNumber', 'dateOfBirth', 'address'] as const;
export type DsrIdentityField = (typeof DSR_IDENTITY_FIELDS)[number];

/**
 * The states of a request and their status ids (the seed's "status id" of a table row):
 * received -> verifying identity -> in review -> fulfilled | partially fulfilled | refused -> closed.
 */
export const DSR_STATUS = {
  received: 1,
  verifying: 2,
  inReview: 3,
  fulfilled: 4,
  partial: 5,
  refused: 6,
  closed: 7,
} as const;
export type DsrStatusKey = keyof typeof DSR_STATUS;
export type DsrStatusId = (typeof DSR_STATUS)[DsrStatusKey];
export const DSR_STATUS_KEYS = Object.keys(DSR_STATUS) as DsrStatusKey[];
export const statusKeyOf = (id: number): DsrStatusKey | undefined => DSR_STATUS_KEYS.find((k) => DSR_STATUS[k] === id);

/** Where each state may go. A request may be refused at any open step (e.g. identity not verified). */
export const DSR_TRANSITIONS: Record<DsrStatusId, readonly DsrStatusId[]> = {
  1: [2, 6],
  2: [3, 6],
  3: [4, 5, 6],
  4: [7],
  5: [7],
  6: [7],
  7: [],
};
/** States whose clock has stopped: the answer was given. */
export const DSR_ANSWERED: readonly number[] = [4, 5, 6, 7];
/** States that need proof of fulfilment. */
export const DSR_NEEDS_PROOF: readonly number[] = [4, 5];

/** The legal grounds of a refusal (each needs reasons written out as well). */
export const REFUSAL_GROUNDS = [
  's30_law',
  's30_others',
  's31_public_task',
  's32_compelling',
  's33_retention',
  'identity_unverified',
  'manifestly_unfounded',
] as const;
export type RefusalGround = (typeof REFUSAL_GROUNDS)[number];

/** The 30-day clock of s.30 (and its one extension). */
export const DSR_DUE_DAYS = 30;
export const DSR_MAX_EXTENSION_DAYS = 30;
/** Requests due within this many days raise a notification. */
export const DSR_DUE_SOON_DAYS = 7;

/** Uploads: identity evidence, proof of authority, proof of fulfilment. Checked by content. */
export const DSR_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const DSR_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** A public request's JSON body: two files in base64 and the texts. */
export const DSR_ADD_BODY_LIMIT = 2 * Math.ceil((DSR_FILE_MAX_BYTES * 4) / 3) + 256 * 1024;
/** A proof of fulfilment: one file in base64 and its text. */
export const DSR_PROOF_BODY_LIMIT = Math.ceil((DSR_FILE_MAX_BYTES * 4) / 3) + 128 * 1024;

// ---- shared pieces -----------------------------------------------------------------------------
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Text typed by a person: trimmed, no control characters; HTML is kept as text, never executed. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !CONTROL.test(s), { message: 'server.dsr_control_chars' });
const requiredText = (max: number) => text(max).pipe(z.string().min(1));
const id = z.string().uuid();

/** A file sent inside a JSON body: its name and its bytes in base64. */
export const dsrFileInput = z.object({
  name: requiredText(200),
  contentBase64: z
    .string()
    .max(Math.ceil((DSR_FILE_MAX_BYTES * 4) / 3) + 8, { message: 'server.dsr_file_too_large' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'server.dsr_file_type' }),
});
export type DsrFileInput = z.infer<typeof dsrFileInput>;

// ---- request forms (settings) ---------------------------------------------------------------
const formTexts = z.object({
  title: requiredText(200),
  intro: text(5000).default(''),
  consentText: requiredText(2000),
});
export const dsrFormInput = z.object({
  name: requiredText(200),
  /** published: reachable at its public link */
  status: z.boolean().default(true),
  rights: z
    .array(z.enum(DSR_RIGHTS))
    .min(1)
    .max(DSR_RIGHTS.length)
    .refine((r) => new Set(r).size === r.length),
  identityFields: z.array(z.enum(DSR_IDENTITY_FIELDS)).max(DSR_IDENTITY_FIELDS.length).default([]),
  /** an identity document must be attached */
  evidenceRequired: z.boolean().default(true),
  /** what the form says about the evidence it asks (e.g. a copy of the ID card with a signature) */
  evidenceNote: z.object({ th: text(1000).default(''), en: text(1000).default('') }).default({ th: '', en: '' }),
  texts: z.object({ th: formTexts, en: formTexts }),
});
export type DsrFormInput = z.infer<typeof dsrFormInput>;
export const dsrFormCreateBody = dsrFormInput;
export const dsrFormUpdateBody = dsrFormInput.extend({ dataId: id });
export const dsrFormDeleteQuery = z.object({ dataId: id });
export const dsrFormListQuery = pagingQuery.extend({ search: searchText });

export const dsrForm = dsrFormInput.extend({
  _id: z.string(),
  /** the public page: `/datasubject/form/{formId}` */
  publicLink: z.string(),
  requestCount: z.number().int(),
  created_dt: z.string(),
  updated_dt: z.string(),
});
export type DsrForm = z.infer<typeof dsrForm>;
export const dsrFormListReply = z.object({ status: z.literal(200), formList: z.array(dsrForm), totalItem: z.number().int() });
export const dsrFormReply = z.object({ status: z.literal(200), data: dsrForm });

export const publicFormLink = (formId: string) => `/datasubject/form/${formId}`;

// ---- the public form -------------------------------------------------------------------------
export const dsrPublicFormParams = z.object({ formId: z.string().max(100) });
/** What a public page may see of a published form: the form itself and the controller's name. */
export const dsrPublicForm = z.object({
  _id: z.string(),
  controller: z.object({ nameTh: z.string(), nameEn: z.string() }),
  rights: z.array(z.enum(DSR_RIGHTS)),
  identityFields: z.array(z.enum(DSR_IDENTITY_FIELDS)),
  evidenceRequired: z.boolean(),
  evidenceNote: z.object({ th: z.string(), en: z.string() }),
  texts: z.object({ th: formTexts, en: formTexts }),
});
export const dsrPublicFormReply = z.object({ status: z.literal(200), form: dsrPublicForm });
export type DsrPublicForm = z.infer<typeof dsrPublicForm>;

const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'server.dsr_email' }));

export const dsrSubject = z.object({
  firstname: requiredText(100),
  lastname: requiredText(100),
  email,
  phone: text(30).optional(),
  idNumber: text(30).optional(),
  dateOfBirth: z.iso.date().optional(),
  address: text(1000).optional(),
});
export type DsrSubject = z.infer<typeof dsrSubject>;

/** A request's fields, whoever takes it (the public form, or staff recording one received otherwise). */
export const dsrRequestFields = z.object({
  formId: z.string().max(100),
  rights: z.array(z.enum(DSR_RIGHTS)).min(1).max(DSR_RIGHTS.length),
  requesterType: z.enum(['subject', 'representative']),
  subject: dsrSubject,
  /** a representative: their name, relation to the subject and e-mail; the proof of authority is a file */
  representative: z.object({ name: requiredText(200), relation: requiredText(200), email }).optional(),
  details: text(5000).default(''),
  identityEvidence: dsrFileInput.optional(),
  authorityProof: dsrFileInput.optional(),
  /** the consent to process the request's personal data: must be given */
  consent: z.literal(true, { message: 'server.dsr_consent_required' }),
  lang: z.enum(['th', 'en']).default('th'),
});
/** A representative gives their details and a proof of authority. */
export const representativeGiven = (b: { requesterType: string; representative?: unknown; authorityProof?: unknown }) =>
  b.requesterType === 'subject' || !!(b.representative && b.authorityProof);
export const representativeIssue = { message: 'server.dsr_representative_proof', path: ['representative'] };
export const dsrAddBody = dsrRequestFields.refine(representativeGiven, representativeIssue);
export type DsrAddBody = z.infer<typeof dsrAddBody>;
export const dsrAddReply = z.object({
  status: z.literal(200),
  referenceCode: z.string(),
  receivedAt: z.string(),
  dueAt: z.string(),
});

export const dsrTrackingBody = z.object({ referenceCode: requiredText(40), email });
export const dsrTrackingReply = z.object({
  status: z.literal(200),
  referenceCode: z.string(),
  statusId: z.number().int(),
  history: z.array(z.object({ statusId: z.number().int(), at: z.string() })),
});

/** How a request reached the company: the public form, or staff recording one received otherwise. */
export const DSR_CHANNELS = ['web', 'email', 'phone', 'post', 'in_person'] as const;
export type DsrChannel = (typeof DSR_CHANNELS)[number];

// ---- the request list and its work ---------------------------------------------------------------
/** A day the list filters by (`YYYY-MM-DD`, a day that exists), Bangkok's. */
const listDay = z.iso.date();
/**
 * The list's filters beyond search, state and overdue: `open` (still being handled), `dueSoon` (open and due
 * within the next 7 days, not yet overdue), `from`/`to` (received on these Bangkok days, both included): the
 * dashboard's figures open exactly the requests they count.
 */
const dsrFilters = {
  search: searchText,
  statusId: z.coerce.number().int().min(1).max(7).optional(),
  overdue: z.enum(['true', 'false']).optional(),
  open: z.enum(['true', 'false']).optional(),
  dueSoon: z.enum(['true', 'false']).optional(),
  from: listDay.optional(),
  to: listDay.optional(),
};
export const dsrListQuery = pagingQuery.extend(dsrFilters);

export const dsrRequestRow = z.object({
  _id: z.string(),
  referenceCode: z.string(),
  formId: z.string(),
  formName: z.string(),
  statusId: z.number().int(),
  rights: z.array(z.enum(DSR_RIGHTS)),
  requesterType: z.enum(['subject', 'representative']),
  subjectName: z.string(),
  email: z.string(),
  receivedAt: z.string(),
  dueAt: z.string(),
  /** Bangkok calendar days from today to the due date; negative when overdue */
  daysLeft: z.number().int(),
  overdue: z.boolean(),
  extended: z.boolean(),
  assignee: z.object({ _id: z.string(), name: z.string() }).nullable(),
  channel: z.enum(DSR_CHANNELS),
});
export type DsrRequestRow = z.infer<typeof dsrRequestRow>;
export const dsrListReply = z.object({ status: z.literal(200), requestList: z.array(dsrRequestRow), totalItem: z.number().int() });

export const dsrHistoryEntry = z.object({
  action: z.enum(['received', 'state', 'extend', 'assign', 'proof']),
  statusId: z.number().int(),
  note: z.string(),
  by: z.string().nullable(),
  at: z.string(),
});
export const dsrFileInfo = z.object({
  _id: z.string(),
  kind: z.enum(['identity', 'authority', 'proof', 'letter']),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export const dsrRequestDetail = dsrRequestRow.extend({
  subject: dsrSubject,
  representative: z.object({ name: z.string(), relation: z.string(), email: z.string() }).nullable(),
  details: z.string(),
  lang: z.enum(['th', 'en']),
  extension: z.object({ days: z.number().int(), reason: z.string() }).nullable(),
  refusal: z.object({ legalGround: z.enum(REFUSAL_GROUNDS), reasons: z.string() }).nullable(),
  proofText: z.string().nullable(),
  files: z.array(dsrFileInfo),
  history: z.array(dsrHistoryEntry),
  nextStatusIds: z.array(z.number().int()),
});
export type DsrRequestDetail = z.infer<typeof dsrRequestDetail>;

/** `GET /consents/datasubject/state`: the states; with `requestId`, that request and its history as well. */
export const dsrStateQuery = z.object({ requestId: id.optional() });
export const dsrStateReply = z.object({
  status: z.literal(200),
  stateList: z.array(
    z.object({ statusId: z.number().int(), key: z.enum(DSR_STATUS_KEYS as [DsrStatusKey, ...DsrStatusKey[]]), next: z.array(z.number().int()) }),
  ),
  request: dsrRequestDetail.optional(),
});
/** `DELETE /consents/datasubject/state?requestId`: removes a request never worked (still received: spam, duplicate). */
export const dsrStateDeleteQuery = z.object({ requestId: id });

/** `POST /consents/datasubject/state`: moves a request to a status id. */
export const dsrStateChangeBody = z
  .object({
    requestId: id,
    statusId: z.number().int().min(1).max(7),
    note: text(2000).default(''),
    refusal: z.object({ legalGround: z.enum(REFUSAL_GROUNDS), reasons: requiredText(5000) }).optional(),
    proof: z.object({ text: requiredText(5000), file: dsrFileInput.optional() }).optional(),
  })
  .refine((b) => b.statusId !== DSR_STATUS.refused || b.refusal, { message: 'server.dsr_refusal_required', path: ['refusal'] })
  .refine((b) => !DSR_NEEDS_PROOF.includes(b.statusId) || b.proof, { message: 'server.dsr_proof_required', path: ['proof'] });
export type DsrStateChangeBody = z.infer<typeof dsrStateChangeBody>;

export const dsrExtendBody = z.object({
  requestId: id,
  days: z.number().int().min(1).max(DSR_MAX_EXTENSION_DAYS),
  reason: requiredText(2000),
});
export const dsrAssignBody = z.object({ requestId: id, assigneeId: id.nullable() });
export const dsrRequestReply = z.object({ status: z.literal(200), request: dsrRequestDetail });

export const dsrAssigneesReply = z.object({ status: z.literal(200), assignees: z.array(z.object({ _id: z.string(), name: z.string() })) });
/** The CSV of the requests the list shows: its search and filters, every page. */
export const dsrExportQuery = z.object(dsrFilters);
export const dsrFileQuery = z.object({ requestId: id, fileId: id });

// the DSR clock's days are Bangkok's calendar days (contract/clock.ts)
export { addDays, bangkokDaysBetween } from './clock';
