import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { TRANSFER_MECHANISMS } from './consent';
import { jsonParam, restSort } from './http';

/**
 * The data map's systems and data sets (menu 16): entered once, picked by the ROPA records. Data
 * categories, data subject categories and processors are ids of the company's registers
 * (contract/registers/); the server checks each belongs to the session's company.
 */
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !CONTROL_CHARS.test(s), { message: 'server.control_chars' });
const ids = z.array(z.uuid()).max(200);

/** A transfer abroad: where to, to whom, and under which s.28/s.29 mechanism (none yet: null). */
export const transferAbroad = z.object({
  country: plainText(100).min(1),
  recipient: plainText(300).default(''),
  mechanism: z.enum(TRANSFER_MECHANISMS).nullable().default(null),
});
export type TransferAbroad = z.infer<typeof transferAbroad>;

export const systemBody = z
  .object({
    name: plainText(200).min(1),
    departmentId: z.uuid().nullable().default(null),
    description: plainText(2000).default(''),
    categoryIds: ids.default([]),
    subjectIds: ids.default([]),
    processorIds: ids.default([]),
    volume: plainText(200).default(''),
    storageLocation: plainText(300).default(''),
    storageCountry: plainText(100).default(''),
    retention: plainText(500).default(''),
    access: plainText(1000).default(''),
    security: plainText(2000).default(''),
    transfers: z.array(transferAbroad).max(20).default([]),
  })
  .strict();
export type SystemBody = z.infer<typeof systemBody>;

const named = z.object({ id: z.string(), name: z.string() });
export const systemRecord = systemBody.extend({
  id: z.string(),
  department: z.string().nullable(),
  categories: z.array(named.extend({ sensitive: z.boolean() })),
  subjects: z.array(named),
  processors: z.array(named),
  /** how many ROPA activities use it (a used system cannot be deleted) */
  activities: z.number().int(),
  /**
   * the data breaches that touched it, newest first (empty to a role without the breach log, menu 17);
   * a system named by a breach cannot be deleted either
   */
  breaches: z.array(z.object({ id: z.string(), code: z.string(), title: z.string(), status: z.string(), awareAt: z.string() })),
  created_dt: z.string(),
  updated_dt: z.string(),
});
export type SystemRecord = z.infer<typeof systemRecord>;

/** `id`, react-admin's default when a list names no sort (a reference select), reads as by the last change */
export const SYSTEM_SORTS = ['name', 'updated_dt', 'created_dt', 'id'] as const;
const range = jsonParam(
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
  .transform((r) => r ?? ([0, 19] as const));
export const restRange = range;

/** `GET /datamap-systems?sort&range&filter`: search in the name, description and storage; filters by department, category, sensitive data, transfers abroad. */
export const systemListQuery = z.object({
  sort: restSort(SYSTEM_SORTS, ['updated_dt', 'DESC']),
  range,
  filter: jsonParam(
    z.object({
      search: z.string().max(200).optional(),
      departmentId: z.uuid().optional(),
      categoryId: z.uuid().optional(),
      sensitive: z.boolean().optional(),
      abroad: z.boolean().optional(),
    }),
  )
    .optional()
    .transform((f) => f ?? {}),
});
export const systemListReply = z.object({ data: z.array(systemRecord), total: z.number().int() });
export const idParams = z.object({ id: z.uuid() });

/** What the system form picks from (menu 16: a data map editor need not hold the people menu). */
export const systemChoicesReply = z.object({
  departments: z.array(z.object({ id: z.string(), name: z.string() })),
  categories: z.array(z.object({ id: z.string(), name: z.string(), sensitive: z.boolean() })),
  subjects: z.array(z.object({ id: z.string(), name: z.string() })),
  processors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SystemChoices = z.infer<typeof systemChoicesReply>;
