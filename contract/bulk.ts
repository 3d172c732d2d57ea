import { z } from 'zod';

/**
 * Bulk import and list export, one generic piece each: a resource opts in by a declaration
 * (server/bulk/). The upload travels as JSON (the file's bytes in base64, as the breach's
 * attachments do); the server reads it by its content, never by its name or type.
 */

/** The largest file an import takes (bytes, before base64). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most data rows one import takes. */
export const IMPORT_MAX_ROWS = 5000;
/** The most problems one reply lists (the count is always whole). */
export const IMPORT_MAX_PROBLEMS = 200;
/** The most rows one export writes. */
export const EXPORT_MAX_ROWS = 10_000;
/** The JSON body's limit: the base64 of the largest file and a little. */
export const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;

export const importUpload = z
  .object({
    file: z.object({
      name: z.string().trim().min(1).max(255),
      contentBase64: z
        .string()
        .min(1)
        .max(IMPORT_BODY_LIMIT)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'server.import_not_base64'),
    }),
  })
  .strict();
export type ImportUpload = z.infer<typeof importUpload>;

/** One problem of one row: its row number in the file (the header is row 1), the column's header, the reason. */
export const importProblem = z.object({
  row: z.number().int().min(1),
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

/** The preview: how many rows the file holds, their problems (none: the import may go ahead), the first rows as read. */
export const importPreviewReply = z.object({
  rows: z.number().int().min(0),
  problemCount: z.number().int().min(0),
  problems: z.array(importProblem),
  columns: z.array(z.object({ key: z.string(), header: z.string() })),
  sample: z.array(z.record(z.string(), z.string())),
});
export type ImportPreview = z.infer<typeof importPreviewReply>;

/** The commit: every row written (in one transaction), or none and the problems (400). */
export const importCommitReply = z.object({ imported: z.number().int().min(1) });
export const importRefusal = z.object({
  status: z.literal(400),
  msg: z.string(),
  problemCount: z.number().int(),
  problems: z.array(importProblem),
});

// ---- saved filters -------------------------------------------------------------------------------

/** A list's filter, as react-admin keeps it: plain values only. */
const filterValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(200), z.number()])).max(50)]);
export const savedFilterValues = z.record(z.string().max(60), filterValue).refine((v) => Object.keys(v).length <= 30, 'server.bad_request');

export const SAVED_FILTER_LISTS = [
  'ropa-activities',
  'breaches',
  'datamap-systems',
  'dsr-requests',
  'processor-diligence',
  'knowledge-standing',
  'knowledge-team',
] as const;
export const savedFilterListQuery = z.object({ list: z.enum(SAVED_FILTER_LISTS) });
export const savedFilterBody = z
  .object({
    list: z.enum(SAVED_FILTER_LISTS),
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .refine((s) => !/[\u0000-\u001F\u007F]/.test(s), { message: 'server.control_chars' }),
    filter: savedFilterValues,
  })
  .strict();
export type SavedFilterBody = z.infer<typeof savedFilterBody>;
export const savedFilter = z.object({
  id: z.string(),
  list: z.string(),
  name: z.string(),
  filter: z.record(z.string(), z.unknown()),
  created_dt: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilter>;
export const savedFilterListReply = z.object({ data: z.array(savedFilter) });
export const savedFilterReply = z.object({ data: savedFilter });
export const savedFilterParams = z.object({ id: z.uuid() });
