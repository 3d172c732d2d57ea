import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { plainText, restRange } from './datamap';
import { jsonParam, restSort } from './http';

/**
 * Transfers abroad (s.28-29; the PDPC's notifications on transfers, in force 24 March 2024), menu 16:
 * each a system or a processor sending data to an importer in another country, the data categories
 * sent, and the basis it rests on with its evidence (a document checked by its content, its signing
 * date and its expiry).
 */

/** A destination the PDPC found adequate (s.28) */
export const ADEQUACY_BASES = ['adequacy'] as const;
/** Appropriate safeguards (s.29): rules certified by the Office, standard clauses, certification */
export const SAFEGUARD_BASES = ['bcr', 'standard_clauses', 'certification'] as const;
/** The s.28 exceptions */
export const EXCEPTION_BASES = ['law', 'consent', 'contract', 'contract_for_subject', 'vital_interest', 'public_interest'] as const;
export const TRANSFER_BASES = [...ADEQUACY_BASES, ...SAFEGUARD_BASES, ...EXCEPTION_BASES] as const;
export type TransferBasis = (typeof TRANSFER_BASES)[number];

/** Days before an evidence's expiry when the transfer starts to warn. */
export const TRANSFER_EXPIRY_WARNING_DAYS = 60;
/**
 * Where a transfer stands: `valid`; `no_basis` (none chosen); `no_evidence` (no document); `expired`;
 * `expiring` (within 60 days). Every state but `valid` warns on the ROPA activity and the dashboard.
 */
export const TRANSFER_STATES = ['valid', 'no_basis', 'no_evidence', 'expired', 'expiring'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

export const TRANSFER_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const TRANSFER_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const TRANSFER_BODY_LIMIT = Math.ceil((TRANSFER_FILE_MAX_BYTES * 4) / 3) + 64 * 1024;

/** A document sent in JSON: its name and its bytes in base64 (its type is read from the bytes by the server). */
export const evidenceFileInput = z.object({
  name: plainText(200).min(1),
  contentBase64: z
    .string()
    .max(Math.ceil((TRANSFER_FILE_MAX_BYTES * 4) / 3) + 8, { message: 'server.transfers_file_too_large' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'server.transfers_file_type' }),
});
export type EvidenceFileInput = z.infer<typeof evidenceFileInput>;

const isoDate = z.iso.date();
/** An expiry never before the signing: the refusal names `expiresOn`. */
export const expiryAfterSigning = (d: { signedOn: string | null; expiresOn: string | null }, ctx: z.RefinementCtx) => {
  if (d.signedOn && d.expiresOn && d.expiresOn < d.signedOn)
    ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'server.transfers_expiry_before_signing' });
};

export const transferBody = z
  .object({
    systemId: z.uuid().nullable().default(null),
    processorId: z.uuid().nullable().default(null),
    country: z.enum(COUNTRY_CODES, { message: 'server.transfers_country' }),
    importer: plainText(300).min(1),
    categoryIds: z.array(z.uuid()).max(200).default([]),
    basis: z.enum(TRANSFER_BASES).nullable().default(null),
    evidenceTitle: plainText(300).default(''),
    signedOn: isoDate.nullable().default(null),
    expiresOn: isoDate.nullable().default(null),
    notes: plainText(2000).default(''),
    /** a new evidence document; absent or null keeps the one stored */
    evidence: evidenceFileInput.nullable().optional(),
    /** true: take the stored document away */
    removeEvidence: z.boolean().default(false),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (!d.systemId && !d.processorId) ctx.addIssue({ code: 'custom', path: ['systemId'], message: 'server.transfers_system_or_processor' });
    expiryAfterSigning(d, ctx);
  });
export type TransferBody = z.infer<typeof transferBody>;

const named = z.object({ id: z.string(), name: z.string() });
export const transferRecord = z.object({
  id: z.string(),
  systemId: z.string().nullable(),
  system: z.string().nullable(),
  processorId: z.string().nullable(),
  processor: z.string().nullable(),
  country: z.string(),
  importer: z.string(),
  categoryIds: z.array(z.string()),
  categories: z.array(named),
  basis: z.enum(TRANSFER_BASES).nullable(),
  evidenceTitle: z.string(),
  signedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  notes: z.string(),
  evidence: z.object({ name: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
  state: z.enum(TRANSFER_STATES),
  created_dt: z.string(),
  updated_dt: z.string(),
});
export type TransferRecord = z.infer<typeof transferRecord>;

export const TRANSFER_SORTS = ['country', 'importer', 'expiresOn', 'updated_dt', 'created_dt'] as const;
/** `GET /transfers?sort&range&filter`: search in the importer and the system's or processor's name; filters by state, basis, country, system, processor. */
export const transferListQuery = z.object({
  sort: restSort(TRANSFER_SORTS, ['updated_dt', 'DESC']),
  range: restRange,
  filter: jsonParam(
    z.object({
      search: z.string().max(200).optional(),
      state: z.enum(TRANSFER_STATES).optional(),
      /** any state but `valid` */
      warning: z.boolean().optional(),
      basis: z.enum(TRANSFER_BASES).optional(),
      country: z.enum(COUNTRY_CODES).optional(),
      systemId: z.uuid().optional(),
      processorId: z.uuid().optional(),
    }),
  )
    .optional()
    .transform((f) => f ?? {}),
});
export const transferListReply = z.object({ data: z.array(transferRecord), total: z.number().int() });

/** What the transfer form picks from (menu 16). */
export const transferChoicesReply = z.object({
  systems: z.array(named),
  processors: z.array(named),
  categories: z.array(named),
});
export type TransferChoices = z.infer<typeof transferChoicesReply>;

/** The transfers that warn, counted for the dashboard's posture and the ROPA. */
export const transferWarningsReply = z.object({
  total: z.number().int(),
  byState: z.object({ no_basis: z.number().int(), no_evidence: z.number().int(), expired: z.number().int(), expiring: z.number().int() }),
});

/**
 * `GET /consents/form/transfers?search&ids` (the notice builder, menu 5): the register's transfers a
 * notice may tell of, found by the importer, the evidence's title or the system's or processor's name
 * (the first 20 by country; of a search, 20 of its first 500 matches), and always those of `ids` (the ones the draft names).
 */
export const NOTICE_TRANSFER_CHOICES = 20;
/** A search's matches the choices are sorted from: past it, the person types more (a word of every row stops here). */
export const NOTICE_TRANSFER_CANDIDATES = 500;
export const noticeTransfersQuery = z.object({
  search: z.string().max(200).optional(),
  ids: jsonParam(z.array(z.uuid()).max(100)).optional(),
});
export const noticeTransfersReply = z.object({ data: z.array(transferRecord) });
