/**
 * The fake's collections and the zod schema each row must pass: the contract's reply row, less the
 * fields a reply works out from other rows (counts, names of related rows), plus `companyId` (the
 * tenant) and the few fields no reply shows (a password, a risk's type). The fixtures are checked
 * against these when the fake starts (checkFixtures), so a broken fixture stops it with the
 * collection, the index and the field named.
 */
import { z } from 'zod';
import { auditEntry } from '../contract/audit';
import { breachRecord } from '../contract/breach';
import { companyDetail } from '../contract/company';
import { CONSENT_ACTIONS, CONSENT_ITEM_TYPES, consentDraft, consentItem, publishedNotice } from '../contract/consent';
import { dsrForm, dsrRequestDetail } from '../contract/dsr';
import { dpoAppointment, dpoAssessment } from '../contract/dpo';
import { notification } from '../contract/notifications';
import { department, person, position } from '../contract/people';
import { RISK_CATEGORIES, evaluationHeader, evaluationItem, matrixCells, riskEvent, RISK_CODES } from '../contract/risk';
import { role } from '../contract/roles';
import { registerBody } from '../contract/register';
import { SHEET_KINDS, SHEET_LANGS, SHEET_STATES } from '../contract/sheets';
import { REGISTERS } from '../contract/registers';
import { quizCollections } from './modules/quizCollections';
import { cookieLogRow, cookieSettings } from '../contract/cookie';
import { systemBody } from '../contract/datamap';
import { ROPA_ROLES, ROPA_STATES, ropaRecordFields } from '../contract/ropa';

const uuid = z.string().uuid();
const instant = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s, 'an ISO instant');
/** Every company's row carries its company: the fake filters every call by the session's. */
const owned = { _id: uuid, companyId: uuid };

export const collections = {
  companies: z.object({ _id: uuid, code: z.string().min(1), detail: companyDetail, logo: z.string().nullable() }).strict(),
  roles: role
    .omit({ id: true, userCount: true })
    .extend({ ...owned, created_dt: instant })
    .strict(),
  users: person
    .omit({ _id: true, kind: true, name: true, roleName: true, departmentName: true, positionName: true })
    .extend({ ...owned, created_dt: instant, password: z.string().min(1), emailVerified: z.boolean() })
    .strict(),
  notifications: notification
    .omit({ _id: true, read: true })
    .extend({ ...owned, created_dt: instant, userId: uuid.nullable(), readBy: z.array(uuid) })
    .strict(),
  riskMaster: riskEvent
    .omit({ _id: true })
    .extend({ ...owned, created_dt: instant, type: z.union([z.literal(1), z.literal(2)]), handleRisk: z.string().nullable() })
    .strict(),
  riskLevels: z.object({ ...owned, category: z.enum(RISK_CATEGORIES), level: z.number().int().min(1).max(5), name: z.string().min(1) }).strict(),
  riskMatrices: z.object({ ...owned, cells: matrixCells }).strict(),
  riskEvaluations: evaluationHeader
    .omit({ _id: true, draft: true, completed: true })
    .extend({
      ...owned,
      created_dt: instant,
      updated_dt: instant,
      status: z.enum(['draft', 'completed']),
      items: z.array(evaluationItem.extend({ code: z.enum(RISK_CODES).nullable(), residualCode: z.enum(RISK_CODES).nullable() })),
    })
    .strict(),
  departments: department
    .omit({ _id: true, positionCount: true, userCount: true })
    .extend({ ...owned, created_dt: instant })
    .strict(),
  positions: position
    .omit({ _id: true, departmentName: true, userCount: true })
    .extend({ ...owned, created_dt: instant })
    .strict(),
  consentItems: consentItem
    .omit({ _id: true })
    .extend({ ...owned, created_dt: instant, type: z.enum(CONSENT_ITEM_TYPES) })
    .strict(),
  consentForms: z.object({ ...owned, formRef: z.string().min(1), draft: consentDraft, updated_dt: instant }).strict(),
  consentVersions: publishedNotice
    .omit({ companyId: true })
    .extend({ ...owned, published_dt: instant })
    .strict(),
  consentRecords: z
    .object({
      ...owned,
      formId: uuid,
      version: z.number().int().min(1),
      textHash: z.string(),
      purposeId: z.string().min(1),
      subjectId: z.string().min(1),
      email: z.string(),
      name: z.string(),
      action: z.enum(CONSENT_ACTIONS),
      explicit: z.boolean(),
      channel: z.string(),
      lang: z.string(),
      guardian: z.object({ name: z.string(), relation: z.string() }).nullable(),
      recordedBy: uuid.nullable(),
      reference: z.string().nullable(),
      created_dt: instant,
    })
    .strict(),
  dsrForms: dsrForm
    .omit({ _id: true, publicLink: true, requestCount: true })
    .extend({ ...owned, created_dt: instant, updated_dt: instant })
    .strict(),
  dsrRequests: dsrRequestDetail
    .omit({ _id: true, formName: true, daysLeft: true, overdue: true, extended: true, assignee: true, nextStatusIds: true, files: true })
    .extend({ ...owned, assigneeId: uuid.nullable(), files: z.array(dsrRequestDetail.shape.files.element.extend({ contentBase64: z.string() })) })
    .strict(),
  auditLog: auditEntry.omit({ fullName: true, recordLabel: true, names: true }).extend({ companyId: uuid }).strict(),
  /** the DPO's appointments (menu 4); `current` is worked out from `endedOn` */
  dpoAppointments: dpoAppointment.omit({ _id: true, current: true }).extend(owned).strict(),
  dpoAssessments: dpoAssessment
    .omit({ _id: true, answeredBy: true })
    .extend({ ...owned, answeredById: uuid.nullable() })
    .strict(),
  /** cookie consent (menu 9): a domain with its draft and published versions, and the consent log */
  cookieDomains: z
    .object({
      ...owned,
      host: z.string().min(1),
      name: z.string(),
      includeSubdomains: z.boolean(),
      draft: cookieSettings,
      versions: z.array(
        z.object({
          version: z.number().int(),
          consentVersion: z.number().int(),
          publishedAt: instant,
          publishedBy: z.string(),
          settings: cookieSettings,
        }),
      ),
      created_dt: instant,
    })
    .strict(),
  cookieLog: cookieLogRow.extend({ ...owned }).strict(),
  /** document sheets: the company's own templates (the shipped ones are contract/sheetTemplates.ts) */
  sheetTemplates: z
    .object({
      ...owned,
      name: z.string().min(1),
      kind: z.enum(SHEET_KINDS),
      lang: z.enum(SHEET_LANGS),
      description: z.string(),
      body: z.string(),
      updated_dt: instant,
    })
    .strict(),
  /** documents with their saved versions and state changes */
  sheetDocuments: z
    .object({
      ...owned,
      title: z.string().min(1),
      templateId: z.string().nullable(),
      kind: z.enum(SHEET_KINDS),
      lang: z.enum(SHEET_LANGS),
      state: z.enum(SHEET_STATES),
      version: z.number().int().min(1),
      publishedVersion: z.number().int().nullable(),
      thaiDigits: z.boolean(),
      noticeId: uuid.nullable(),
      ropaActivityId: uuid.nullable(),
      breachId: uuid.nullable(),
      stateById: uuid.nullable(),
      state_dt: instant,
      approvedById: uuid.nullable(),
      approved_dt: instant.nullable(),
      created_dt: instant,
      updated_dt: instant,
      versions: z.array(
        z
          .object({
            version: z.number().int(),
            title: z.string(),
            body: z.string(),
            frozen: z.boolean(),
            savedBy: uuid.nullable(),
            saved_dt: instant,
          })
          .strict(),
      ),
      events: z.array(
        z
          .object({
            action: z.string(),
            fromState: z.enum(SHEET_STATES).nullable(),
            toState: z.enum(SHEET_STATES),
            version: z.number().int(),
            note: z.string(),
            actorId: uuid.nullable(),
            at: instant,
          })
          .strict(),
      ),
    })
    .strict(),
  /** every simple register's records (contract/registers/), each checked by its register's own rules */
  datamapSystems: systemBody.extend({ ...owned, created_dt: instant, updated_dt: instant }).strict(),
  ropaActivities: z
    .object({
      ...owned,
      name: z.string().min(1),
      role: z.enum(ROPA_ROLES),
      state: z.enum(ROPA_STATES),
      departmentId: uuid.nullable(),
      systemIds: z.array(uuid),
      categoryIds: z.array(uuid),
      dsrFormIds: z.array(uuid),
      reviewDate: z.iso.date(),
      record: ropaRecordFields,
      createdBy: uuid.nullable(),
      submittedBy: uuid.nullable(),
      submitted_dt: instant.nullable(),
      approvedBy: uuid.nullable(),
      approved_dt: instant.nullable(),
      archivedBy: uuid.nullable(),
      archived_dt: instant.nullable(),
      created_dt: instant,
      updated_dt: instant,
    })
    .strict(),
  registerRows: z
    .object({ ...owned, register: z.enum(REGISTERS.map((r) => r.name) as [string, ...string[]]), created_dt: instant, updated_dt: instant })
    .catchall(z.unknown())
    .superRefine(({ _id, companyId: _company, register, created_dt: _created, updated_dt: _updated, ...fields }, ctx) => {
      const declaration = REGISTERS.find((r) => r.name === register);
      if (!declaration) return;
      for (const issue of registerBody(declaration).safeParse(fields).error?.issues ?? [])
        ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    }),
  ...quizCollections,
  /** the breach log (menu 17): the record less what a reply works out (the clock, warnings, next states) */
  breaches: breachRecord
    .omit({ id: true, clock: true, dataCategoryIds: true, affectedSystems: true, warnings: true, nextStatuses: true, files: true })
    .extend({
      ...owned,
      subjectsWaiver: z.string().nullable(),
      files: z.array(breachRecord.shape.files.element.extend({ contentBase64: z.string() })),
    })
    .strict(),
};

export type CollectionName = keyof typeof collections;
export type FakeDb = { [K in CollectionName]: z.output<(typeof collections)[K]>[] };
export type Row<K extends CollectionName> = FakeDb[K][number];

/**
 * Checks every row of every collection against its schema; the first broken one stops the fake
 * with `<collection>[<index>].<field>: <what is wrong>`.
 */
export function checkFixtures(db: Record<string, unknown>): void {
  for (const [name, schema] of Object.entries(collections)) {
    const rows = db[name];
    if (!Array.isArray(rows)) throw new Error(`fake-api fixtures: the collection "${name}" is missing`);
    for (const [index, row] of rows.entries()) {
      const result = (schema as z.ZodType).safeParse(row);
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new Error(`fake-api fixtures: ${name}[${index}].${issue.path.join('.') || '(row)'}: ${issue.message}`);
      }
    }
  }
}
