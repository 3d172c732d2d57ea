import { z } from 'zod';
import { restRange } from './datamap';
import { jsonParam, pagingQuery, restSort } from './http';

/** What the audit trail records. Row changes come from the database; the others are written by the API. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'export', 'import', 'signin', 'signin_failed'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Record types the API writes itself: sign-ins (the account signed in to), the trail's own export,
 * and the consent records' export (those records are proof of their own, so no trigger watches them).
 */
export const AUDIT_ENTITY = { users: 'users', auditLog: 'audit_log', consentRecords: 'consent_records' } as const;

/** A day as the filters send it: `YYYY-MM-DD` of the Gregorian calendar, a day that exists. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const date = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === s;
  });

const blankToUndefined = (value: unknown) => (typeof value === 'string' && !value.trim() ? undefined : value);

const filterFields = {
  /** a person's id, or a username (what a failed sign-in tried) */
  user: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  /** a record type: the table name (`risk_master`, `users`, ...) */
  entity: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/)
      .optional(),
  ),
  action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS).optional()),
  /** days in Bangkok time, both included */
  from: z.preprocess(blankToUndefined, day.optional()),
  to: z.preprocess(blankToUndefined, day.optional()),
};
const fromBeforeTo = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;

/** The filters of the export: person, record type, action, from and to. */
export const auditFilters = z.object(filterFields).refine(fromBeforeTo, { path: ['to'] });
export type AuditFilters = z.infer<typeof auditFilters>;

/** The list's: the filters and the page. */
export const auditListQuery = pagingQuery.extend(filterFields).refine(fromBeforeTo, { path: ['to'] });
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** Field -> value of a record; secrets are never in it (a changed secret shows as '***'). */
const recordFields = z.record(z.string(), z.unknown());

export const auditEntry = z.object({
  _id: z.string(),
  /** ISO instant */
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  recordId: z.string().nullable(),
  /** the record's name now (its title, name or reference); a deleted record's as the entry saw it; null: none */
  recordLabel: z.string().nullable(),
  /** the names of the records and people the changed fields point at: id -> name */
  names: z.record(z.string(), z.string()),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  /** the person's name now, when they still exist */
  fullName: z.string().nullable(),
  /** update: the changed fields' old values; delete: the record; otherwise null */
  before: recordFields.nullable(),
  /** create: the record; update: the changed fields' new values; sign-in and export: details */
  after: recordFields.nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListReply = z.object({
  status: z.literal(200),
  auditList: z.array(auditEntry),
  totalDoc: z.number().int(),
});

/** `GET /audit/options`: the choices of the filters. */
export const auditPerson = z.object({ _id: z.string(), username: z.string(), fullName: z.string() });
export const auditOptionsReply = z.object({
  status: z.literal(200),
  people: z.array(auditPerson),
  /** every record type the trail can hold */
  entities: z.array(z.string()),
});

// ---- who read personal data ---------------------------------------------------------------------
/** How long the reads of personal data are kept (days). */
export const READ_LOG_DAYS = 365;
/** The kinds of records whose reads are kept: requests (and their files, packs, connectors' runs), tasks' files, a run's rows, consent records, a subject's consents through the API. */
export const READ_LOG_ENTITIES = ['dsr_requests', 'dsr_tasks', 'connector_runs', 'consent_records', 'consent_subjects'] as const;

/** `GET /audit/reads?sort&range&filter`: newest first; by the person who read, the kind of record, one record's id, days. */
export const readLogListQuery = z.object({
  sort: restSort(['at'], ['at', 'DESC']),
  range: restRange,
  filter: jsonParam(
    z
      .object({
        user: z.preprocess(blankToUndefined, z.uuid().optional()),
        entity: z.preprocess(blankToUndefined, z.enum(READ_LOG_ENTITIES).optional()),
        recordId: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
        from: z.preprocess(blankToUndefined, day.optional()),
        to: z.preprocess(blankToUndefined, day.optional()),
      })
      .refine(fromBeforeTo, { path: ['to'] }),
  )
    .optional()
    .transform((f) => f ?? {}),
});
export type ReadLogListQuery = z.infer<typeof readLogListQuery>;

export const readLogEntry = z.object({
  id: z.string(),
  /** ISO instant */
  at: z.string(),
  userId: z.string().nullable(),
  /** the username, or an API key's name */
  username: z.string(),
  /** the person's name now, when they still exist */
  fullName: z.string().nullable(),
  entity: z.enum(READ_LOG_ENTITIES),
  recordIds: z.array(z.string()),
  /** the call that read them: `GET /consents/datasubject/state` */
  route: z.string(),
  ip: z.string(),
});
export type ReadLogEntry = z.infer<typeof readLogEntry>;
export const readLogListReply = z.object({ data: z.array(readLogEntry), total: z.number().int() });
