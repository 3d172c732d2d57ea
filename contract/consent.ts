/**
 * Privacy notices and consent (menu 5): consent items, the notice builder's draft (the seed's
 * "Consent form detail draft", spellings kept: `tranfer`), published versions, the public consent
 * page and the consent records.
 */
import { z } from 'zod';
import { pagingQuery, searchText } from './http';

const id = z.string().uuid();
/** one line a person typed (stored and shown as text, never as HTML) */
const line = (max = 500) => z.string().trim().max(max);
const remark = z.string().max(2000).default('');

// ---- consent items: sources, objectives and stores ------------------------------------------
export const CONSENT_ITEM_TYPES = ['source', 'objective', 'store'] as const;
export type ConsentItemType = (typeof CONSENT_ITEM_TYPES)[number];

/** `GET /consents/object?type=source|objective` (and `GET /consents/list`: the stores). */
export const consentObjectQuery = pagingQuery.extend({
  type: z.enum(['source', 'objective']),
  search: searchText,
  /** only the active items (the builder's choices) */
  active: z.enum(['true', 'false']).optional(),
});
export const consentStoreQuery = pagingQuery.extend({ search: searchText, active: z.enum(['true', 'false']).optional() });
export const consentItem = z.object({
  _id: z.string(),
  name: z.string(),
  /** the English name a data subject reads on the English pages; '' when none (they read the Thai) */
  name_en: z.string(),
  sensitive: z.boolean(),
  status: z.boolean(),
  created_dt: z.string(),
});
export type ConsentItem = z.infer<typeof consentItem>;
export const consentItemListReply = z.object({ status: z.literal(200), consents: z.array(consentItem), totalDoc: z.number().int() });

export const consentItemName = line(300).min(1);
/** optional: blank leaves the English pages on the Thai name */
export const consentItemNameEn = line(300);
export const consentItemCreateBody = z.object({
  type: z.enum(CONSENT_ITEM_TYPES),
  name: consentItemName,
  name_en: consentItemNameEn.default(''),
  sensitive: z.boolean().default(false),
  status: z.boolean().default(true),
});
/** rename, mark sensitive, toggle: any of them */
export const consentItemUpdateBody = z.object({
  name: consentItemName.optional(),
  name_en: consentItemNameEn.optional(),
  sensitive: z.boolean().optional(),
  status: z.boolean().optional(),
});
export const consentItemParams = z.object({ itemId: id });

// ---- the notice's draft (the seed's structure) -----------------------------------------------
export const basisFlag = z.object({ active: z.boolean().default(false), remark });
export const thirdPartyFlag = basisFlag.extend({ isCompany: z.boolean().default(false) });

/** Lawful bases in the builder's order, each with its PDPA section (product.md). */
export const LAWFUL_BASES = [
  { key: 'forConsent', section: 's.19' },
  { key: 'necessityContract', section: 's.24(3)' },
  { key: 'forLaw', section: 's.24(6)' },
  { key: 'forHealth', section: 's.24(2)' },
  { key: 'forPublic', section: 's.24(4)' },
  { key: 'forThirdParty', section: 's.24(5)' },
  { key: 'forResearch', section: 's.24(1)' },
] as const;
export type LawfulBasis = (typeof LAWFUL_BASES)[number]['key'];

/** Cross-border transfer mechanisms (s.28, s.29). */
export const TRANSFER_MECHANISMS = ['adequacy', 'exception', 'bcr', 'asean_clauses', 'eu_clauses', 'certification'] as const;
/** Retention units; the seed's default is days ("วัน"). */
export const RETENTION_UNITS = ['วัน', 'เดือน', 'ปี'] as const;

/** One purpose the subject consents to: the data it uses (store items) and its consent list (objectives). */
export const consentPurpose = z.object({
  _id: z.string().trim().min(1).max(64),
  data: z.array(id).max(200).default([]),
  list: z.array(id).max(200).default([]),
});
export type ConsentPurpose = z.infer<typeof consentPurpose>;

/**
 * The English of every text a data subject reads that staff type (the Thai is the draft's own
 * field); blank: the English page shows the Thai, with a note. Lists follow the draft's by position.
 * Optional, so a draft saved before it existed reads the same.
 */
export const draftEnglish = z.object({
  projectName: line(300).default(''),
  projectActivity: z.string().max(5000).default(''),
  /** the lawful bases' remarks, by basis */
  remarks: z.partialRecord(z.enum(LAWFUL_BASES.map((b) => b.key) as [LawfulBasis, ...LawfulBasis[]]), z.string().max(2000)).default({}),
  anotherRemark: remark,
  thirdParty: z
    .array(z.object({ name: line(300).default(''), objective: line(1000).default('') }))
    .max(50)
    .default([]),
  public: z
    .array(z.object({ name: line(300).default('') }))
    .max(50)
    .default([]),
  country: line(300).default(''),
  tranferRemark: remark,
  securityRemark: remark,
});
export type DraftEnglish = z.infer<typeof draftEnglish>;
export const emptyEnglish = (): DraftEnglish => draftEnglish.parse({});

export const consentDraft = z.object({
  dpo: z.object({ _id: z.string().max(64).default(''), name: line(300).default('') }).default({ _id: '', name: '' }),
  header: z
    .object({ projectName: line(300).default(''), projectStatus: line(300).default(''), projectActivity: z.string().max(5000).default('') })
    .default({ projectName: '', projectStatus: '', projectActivity: '' }),
  necessityContract: basisFlag.default({ active: false, remark: '' }),
  forHealth: basisFlag.default({ active: false, remark: '' }),
  forLaw: basisFlag.default({ active: false, remark: '' }),
  forPublic: basisFlag.default({ active: false, remark: '' }),
  forThirdParty: thirdPartyFlag.default({ active: false, isCompany: false, remark: '' }),
  forConsent: basisFlag.default({ active: false, remark: '' }),
  forResearch: basisFlag.default({ active: false, remark: '' }),
  /** objective items: the purposes of processing */
  objective: z.array(id).max(200).default([]),
  consent: z
    .object({
      /** source items: where the data comes from */
      form: z.array(id).max(200).default([]),
      cookie: z.boolean().default(false),
      another: z.boolean().default(false),
      anotherRemark: remark,
      /** store items: the data collected */
      list: z.array(id).max(200).default([]),
      purposes: z.array(consentPurpose).max(50).default([]),
    })
    .default({ form: [], cookie: false, another: false, anotherRemark: '', list: [], purposes: [] }),
  disclosure: z
    .object({
      active: z.boolean().default(false),
      thirdParty: z.boolean().default(false),
      thirdPartyRemark: z
        .array(z.object({ name: line(300), objective: line(1000).default('') }))
        .max(50)
        .default([]),
      public: z.boolean().default(false),
      publicRemark: z
        .array(z.object({ name: line(300) }))
        .max(50)
        .default([]),
    })
    .default({ active: false, thirdParty: false, thirdPartyRemark: [], public: false, publicRemark: [] }),
  tranfer: z
    .object({
      active: z.boolean().default(false),
      country: line(300).default(''),
      remark,
      mechanism: z.enum(TRANSFER_MECHANISMS).nullable().default(null),
      /**
       * The transfers abroad of the register (menu 16) the notice tells of; publishing freezes each one's
       * country, importer and basis (`PublishedNotice.transfers`). `country` and `mechanism` are the free
       * text of notices written before the register: kept or cleared, never newly typed. Optional, as `en`:
       * a draft without it reads as it always did.
       */
      entries: z.array(id).max(100).optional(),
    })
    .default({ active: false, country: '', remark: '', mechanism: null }),
  security: z
    .object({
      typeCount: z.enum(RETENTION_UNITS).default('วัน'),
      number: z.number().int().min(0).max(1000).nullable().default(null),
      remark,
    })
    .default({ typeCount: 'วัน', number: null, remark: '' }),
  /**
   * Ask for consent again every `number` `typeCount` (null or 0: never): each consent given under a
   * version carries the day it falls due (consent_records.reconsent_on), which the dashboard counts.
   * Optional, as `en`: a draft without it (the seed's structure) asks once.
   */
  reconsent: z
    .object({
      typeCount: z.enum(RETENTION_UNITS).default('ปี'),
      number: z.number().int().min(0).max(1000).nullable().default(null),
    })
    .optional(),
  /** the English texts (below) */
  en: draftEnglish.optional(),
});
export type ConsentDraft = z.infer<typeof consentDraft>;

export const emptyDraft = (): ConsentDraft => consentDraft.parse({});

/** The s.23 items publishing requires, in the order they are listed when missing. */
export const S23_ITEMS = ['projectName', 'purposes', 'basis', 'data', 'retention', 'recipients', 'transfer', 'controller', 'dpo'] as const;
export type S23Item = (typeof S23_ITEMS)[number];

// ---- the notice list and the builder's calls -------------------------------------------------
export const formListQuery = pagingQuery.extend({ search: searchText });
export const formRow = z.object({
  _id: z.string(),
  formRef: z.string(),
  projectName: z.string(),
  dpo: z.string(),
  /** the latest published version; null: never published */
  version: z.number().int().nullable(),
  published_dt: z.string().nullable(),
  /** the draft differs from the latest version */
  changed: z.boolean(),
  updated_dt: z.string(),
});
export const formListReply = z.object({ status: z.literal(200), formlist: z.array(formRow), totalItem: z.object({ count: z.number().int() }) });

export const formDetailQuery = z.object({ formId: id });
export const versionInfo = z.object({ version: z.number().int(), textHash: z.string(), published_dt: z.string() });
export const formDetailReply = z.object({
  status: z.literal(200),
  data: z.object({ _id: z.string(), formRef: z.string(), companyId: z.string(), draft: consentDraft, versions: z.array(versionInfo) }),
});
export const formSaveBody = z.object({ formId: id.optional(), draft: consentDraft });
export const formIdBody = z.object({ formId: id });
export const versionQuery = z.object({ formId: id, version: z.coerce.number().int().min(1).max(100000) });

// ---- the published notice (what the public pages show) ---------------------------------------
/**
 * An item as the version froze it. `name_en` only when the item had an English name then: a version
 * published without one has no such key, so its content (and its hash) is what it always was.
 */
const frozenItem = z.object({ _id: z.string(), name: z.string(), name_en: z.string().optional(), sensitive: z.boolean() });
export type FrozenItem = z.infer<typeof frozenItem>;

/** A transfer abroad as the version froze it from the register: where to, to whom, on what basis (`TRANSFER_BASES`). */
const frozenTransfer = z.object({ id: z.string(), country: z.string(), importer: z.string(), basis: z.string().nullable() });
export type FrozenTransfer = z.infer<typeof frozenTransfer>;

/** An item's name in the reader's language: the English when there is one, else the Thai. */
export const itemNameIn = (item: { name: string; name_en?: string } | undefined, lang: string) =>
  (lang === 'en' && item?.name_en?.trim()) || item?.name || '';
export const publishedNotice = z.object({
  formId: z.string(),
  formRef: z.string(),
  companyId: z.string(),
  version: z.number().int(),
  textHash: z.string(),
  published_dt: z.string(),
  controller: z.object({ name: z.string(), nameEn: z.string(), address: z.string(), email: z.string(), phone: z.string() }),
  dpo: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  draft: consentDraft,
  items: z.record(z.string(), frozenItem),
  /** per purpose: whether it needs explicit consent (s.26, sensitive data) */
  purposes: z.array(z.object({ _id: z.string(), explicit: z.boolean(), hash: z.string() })),
  /** the register's transfers the draft named, as they stood when published; absent on a version that named none */
  transfers: z.array(frozenTransfer).optional(),
});
export type PublishedNotice = z.infer<typeof publishedNotice>;
export const noticeReply = z.object({ status: z.literal(200), notice: publishedNotice });

export const publicFormParams = z.object({ formRef: z.string().min(1).max(64), formId: id });
export const publicPolicyParams = z.object({ companyId: id, formId: id });

/** Ages of s.20: under 10 the guardian consents; under 20 the guardian consents too. */
export const GUARDIAN_SOLE_AGE = 10;
export const ADULT_AGE = 20;

const subject = {
  /** the data subject's identifier (national id, customer number, passport...) */
  subjectId: line(100).min(1),
  email: z.string().trim().toLowerCase().email().max(254),
};
export const consentGiveBody = z.object({
  ...subject,
  name: line(300).min(1),
  age: z.number().int().min(0).max(150),
  lang: z.enum(['th', 'en']).default('th'),
  /** the version the page showed: a newer one in between asks the person to read it again */
  version: z.number().int().min(1),
  purposes: z
    .array(z.object({ _id: z.string().min(1).max(64), consent: z.boolean() }))
    .min(1)
    .max(50),
  guardian: z.object({ name: line(300).min(1), relation: line(100).min(1), consent: z.literal(true) }).optional(),
  /**
   * The idempotency key of this submission, made by the page when it was loaded (one per distinct
   * submission): the same key sent twice records once and answers the first reply again.
   */
  submissionId: id.optional(),
});
export type ConsentGiveBody = z.infer<typeof consentGiveBody>;
/** `POST /consents/public/form/...`: the public page always sends its submission's key. */
export const consentPublicGiveBody = consentGiveBody.extend({ submissionId: id });
export const consentWithdrawBody = z.object({
  ...subject,
  lang: z.enum(['th', 'en']).default('th'),
  purposes: z.array(z.string().min(1).max(64)).min(1).max(50),
});
export type ConsentWithdrawBody = z.infer<typeof consentWithdrawBody>;

/**
 * How a consent reached the company: `web` is the public consent page; the others are recorded by
 * staff (menu 5, edit) for a person who consented or withdrew on a signed paper form, by phone, in
 * person or by e-mail.
 */
export const CONSENT_STAFF_CHANNELS = ['paper', 'phone', 'in_person', 'email'] as const;
export const CONSENT_CHANNELS = ['web', ...CONSENT_STAFF_CHANNELS] as const;
const staffRecording = {
  formId: id,
  channel: z.enum(CONSENT_STAFF_CHANNELS),
  /** where the proof is kept: the paper form's number, the call's reference, the e-mail's subject */
  reference: line(200).min(1),
};
/** What every staff recording carries: the notice, the channel and where the proof is kept. */
export type StaffRecordingBody = z.infer<z.ZodObject<typeof staffRecording>>;
/** `POST /consents/manage/give`: the same rules as the public page, for the notice's current version. */
export const consentStaffGiveBody = consentGiveBody.extend(staffRecording);
/** `POST /consents/manage/withdraw` */
export const consentStaffWithdrawBody = consentWithdrawBody.extend(staffRecording);

// ---- consent records ---------------------------------------------------------------------------
export const CONSENT_ACTIONS = ['given', 'withdrawn'] as const;
/** the current state of one subject's consent to one purpose */
export const CONSENT_STATES = ['given', 'withdrawn', 'reconsent'] as const;
const bangkokDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/**
 * The records list's filters. Without `action`, `from` or `to` a row is each subject's latest record per
 * notice and purpose (its state); with any of them a row is each record made (given or withdrawn) on
 * the Bangkok days `from`..`to`: the rows the dashboard's consent figures count (consent_daily).
 */
export const consentRecordFilter = pagingQuery.extend({
  search: searchText,
  formId: id.optional(),
  state: z.enum(CONSENT_STATES).optional(),
  action: z.enum(CONSENT_ACTIONS).optional(),
  from: bangkokDay.optional(),
  to: bangkokDay.optional(),
  /** each subject's consent in force (latest record "given") whose retention ends or re-consent falls due within the dashboard's 30 days */
  expiring: z.enum(['true', 'false']).optional(),
});
export const consentRecordListQuery = consentRecordFilter.refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'] });
/**
 * The CSV, oldest first, with the list's filters: without any but the search and the notice, every record
 * (each subject's whole history); with a state, `expiring`, an action or days, the records the list shows.
 */
export const consentRecordExportQuery = consentRecordFilter
  .omit({ currentPage: true, limit: true })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'] });
/** Whether the CSV is the list's rows (a filter beyond the search and the notice) rather than every record. */
export const exportsListedRecords = (q: { state?: string; action?: string; from?: string; to?: string; expiring?: string }) =>
  Boolean(q.state || q.expiring === 'true' || listsRecordsMade(q));
/** Whether the list is of the records made (the dashboard's figures) rather than each subject's latest. */
export const listsRecordsMade = (q: { action?: string; from?: string; to?: string }) => Boolean(q.action || q.from || q.to);
export const consentEvent = z.object({
  action: z.enum(CONSENT_ACTIONS),
  version: z.number().int(),
  textHash: z.string(),
  channel: z.string(),
  lang: z.string(),
  explicit: z.boolean(),
  guardian: z.object({ name: z.string(), relation: z.string() }).nullable(),
  /** the staff member who recorded it (channels other than `web`), by name */
  recordedBy: z.string().nullable(),
  /** where the proof of a staff-recorded consent is kept */
  reference: z.string().nullable(),
  created_dt: z.string(),
});
export const consentRow = z.object({
  _id: z.string(),
  formId: z.string(),
  projectName: z.string(),
  subjectId: z.string(),
  name: z.string(),
  email: z.string(),
  purposeId: z.string(),
  purpose: z.string(),
  state: z.enum(CONSENT_STATES),
  version: z.number().int(),
  updated_dt: z.string(),
  history: z.array(consentEvent),
});
export type ConsentRow = z.infer<typeof consentRow>;
export const consentListReply = z.object({
  status: z.literal(200),
  consentlist: z.array(consentRow),
  totalItem: z.object({ count: z.number().int() }),
});

/**
 * A Bangkok day (YYYY-MM-DD) plus a notice's period {number, typeCount}: the day a consent's retention
 * ends or its re-consent falls due, as the server's `consent_period_end` computes it (a month or a year
 * on the 31st ends on the month's last day); null without a positive number.
 */
export function periodEnd(day: string, period?: { number?: number | null; typeCount?: string } | null): string | null {
  const n = period?.number ?? 0;
  if (!(n > 0)) return null;
  const [y, m, d] = day.split('-').map(Number);
  if (period?.typeCount === 'ปี' || period?.typeCount === 'เดือน') {
    const months = y * 12 + m - 1 + (period.typeCount === 'ปี' ? 12 * n : n);
    const [ty, tm] = [Math.floor(months / 12), months % 12];
    const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
    return new Date(Date.UTC(ty, tm, Math.min(d, last))).toISOString().slice(0, 10);
  }
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** A notice's period {number, typeCount} as the dashboard shows it ({number, unit}), or null when it sets none. */
export const noticePeriod = (period: { number?: number | null; typeCount?: (typeof RETENTION_UNITS)[number] } | null | undefined) =>
  period?.number ? { number: period.number, unit: period.typeCount ?? RETENTION_UNITS[0] } : null;
