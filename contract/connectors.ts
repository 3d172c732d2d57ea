import { z } from 'zod';

/**
 * Connectors: a data-map system (menu 16) linked to the company's own PostgreSQL or MySQL/MariaDB
 * database, where a data subject request (menu 5) runs its access and its erasure. Tables and columns
 * are names the database itself lists (information_schema); the server checks every one against it
 * when the settings are saved and again before each run, and sends the requester's details as values.
 */

export const CONNECTOR_KINDS = ['postgres', 'mysql'] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];
/** what an identity column holds, matched against the request's requester details */
export const IDENTITY_KINDS = ['email', 'phone', 'national_id', 'customer_no'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];
/** per column on erasure: left as is, the whole row deleted, set to null, replaced by a one-way hash */
export const ERASURE_ACTIONS = ['keep', 'delete_row', 'set_null', 'hash'] as const;
export type ErasureAction = (typeof ERASURE_ACTIONS)[number];
export const RUN_STATUSES = ['done', 'failed', 'awaiting_approval', 'erased', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const CONTROL_CHARS = /[\u0000-\u001F\u007F]/;
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !CONTROL_CHARS.test(s), { message: 'server.control_chars' });
/** a name from the database's catalogue: any characters but control ones, at most 64 (MySQL's limit) */
const identifier = z
  .string()
  .min(1)
  .max(64)
  .refine((s) => !CONTROL_CHARS.test(s), { message: 'server.control_chars' });

export const connectionBody = z.object({
  kind: z.enum(CONNECTOR_KINDS),
  host: line(255).pipe(z.string().min(1)),
  port: z.coerce.number().int().min(1).max(65535),
  database: line(64).pipe(z.string().min(1)),
  user: line(64).pipe(z.string().min(1)),
  /** empty on a change: the password kept stays */
  password: z.string().max(256).default(''),
  /** a run on this system fails with a clear reason after this many seconds */
  timeoutSeconds: z.coerce.number().int().min(1).max(120).default(10),
});
export type ConnectionBody = z.infer<typeof connectionBody>;

export const connectorTable = z.object({
  /** the table's schema (PostgreSQL); MySQL's is the connection's database, given as '' */
  schema: z.string().max(64).default(''),
  table: identifier,
  identity: z
    .array(z.object({ column: identifier, kind: z.enum(IDENTITY_KINDS) }))
    .min(1, { message: 'server.connector_identity_required' })
    .max(10),
  columns: z.array(z.object({ column: identifier, returned: z.boolean().default(true), erasure: z.enum(ERASURE_ACTIONS).default('keep') })).max(200),
});
export type ConnectorTable = z.infer<typeof connectorTable>;

export const connectorTablesBody = z.object({ tables: z.array(connectorTable).max(50) });
export type ConnectorTablesBody = z.infer<typeof connectorTablesBody>;

export const systemIdParams = z.object({ id: z.uuid() });

/** `GET /datamap-systems/:id/connection`: the settings without the password (`hasPassword` says if one is kept). */
export const connectionRecord = z.object({
  systemId: z.string(),
  kind: z.enum(CONNECTOR_KINDS),
  host: z.string(),
  port: z.number(),
  database: z.string(),
  user: z.string(),
  hasPassword: z.boolean(),
  timeoutSeconds: z.number(),
  tables: z.array(connectorTable),
  updated_dt: z.string(),
});
export type ConnectionRecord = z.infer<typeof connectionRecord>;
export const connectionReply = z.object({ status: z.literal(200), data: connectionRecord.nullable() });

/** `POST /datamap-systems/:id/connection/test` */
export const connectionTestReply = z.object({
  status: z.literal(200),
  data: z.object({ ok: z.boolean(), ms: z.number(), version: z.string().nullable(), error: z.string().nullable() }),
});

/** `GET /datamap-systems/:id/connection/catalogue`: the tables and columns the database lists. */
export const catalogueTable = z.object({
  schema: z.string(),
  table: z.string(),
  columns: z.array(z.object({ column: z.string(), type: z.string(), key: z.boolean() })),
});
export type CatalogueTable = z.infer<typeof catalogueTable>;
export const catalogueReply = z.object({ status: z.literal(200), data: z.array(catalogueTable) });

export const requestParams = z.object({ requestId: z.uuid() });
export const runParams = z.object({ id: z.uuid() });

/** rows found, or erased, per table (`schema.table`) */
export const runCounts = z.record(z.string(), z.number());

export const connectorRun = z.object({
  id: z.string(),
  requestId: z.string(),
  systemId: z.string(),
  systemName: z.string(),
  kind: z.enum(['access', 'erasure']),
  status: z.enum(RUN_STATUSES),
  counts: runCounts,
  keysDigest: z.string().nullable(),
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  /** who ran the dry run: another person approves the erasure (four eyes) */
  requestedById: z.string().nullable(),
  requestedAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  certificateNumber: z.string().nullable(),
});
export type ConnectorRun = z.infer<typeof connectorRun>;

/** `GET /consents/datasubject/:requestId/connectors`: the connected systems and the request's runs. */
export const requestConnectorsReply = z.object({
  status: z.literal(200),
  systems: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(CONNECTOR_KINDS) })),
  data: z.array(connectorRun),
});
/** the runs a call started, one per connected system */
export const runsReply = z.object({ status: z.literal(200), data: z.array(connectorRun) });
export const runReply = z.object({ status: z.literal(200), data: connectorRun });

/** the rows an access run found on one system, per table */
export const connectorRows = z.object({
  systemId: z.string(),
  systemName: z.string(),
  runId: z.string(),
  at: z.string(),
  tables: z.array(z.object({ table: z.string(), columns: z.array(z.string()), rows: z.array(z.record(z.string(), z.unknown())) })),
});
export type ConnectorRows = z.infer<typeof connectorRows>;
export const runRowsReply = z.object({ status: z.literal(200), data: connectorRows });

/**
 * The tables form of the screen: one row per column of a chosen table, its identity kind ('none' when it
 * identifies nobody) beside what is returned and erased; `tablesBodyOf` makes the body the server checks.
 */
export const connectorTablesForm = z.object({
  tables: z
    .array(
      z.object({
        schema: z.string().max(64),
        table: identifier,
        columns: z
          .array(
            z.object({
              column: identifier,
              identity: z.enum(['none', ...IDENTITY_KINDS]),
              returned: z.boolean(),
              erasure: z.enum(ERASURE_ACTIONS),
            }),
          )
          .max(200)
          .refine((columns) => columns.some((c) => c.identity !== 'none'), { message: 'server.connector_identity_required' }),
      }),
    )
    .max(50),
});
export type ConnectorTablesForm = z.infer<typeof connectorTablesForm>;

export const tablesBodyOf = (form: ConnectorTablesForm): ConnectorTablesBody => ({
  tables: form.tables.map((t) => ({
    schema: t.schema,
    table: t.table,
    identity: t.columns.filter((c) => c.identity !== 'none').map((c) => ({ column: c.column, kind: c.identity as IdentityKind })),
    columns: t.columns.filter((c) => c.returned || c.erasure !== 'keep').map(({ column, returned, erasure }) => ({ column, returned, erasure })),
  })),
});

/** The form's rows of saved settings, every column of the table as the catalogue lists it. */
export const tablesFormOf = (tables: readonly ConnectorTable[], catalogue: readonly CatalogueTable[]): ConnectorTablesForm => ({
  tables: tables.map((t) => {
    const listed = catalogue.find((c) => c.schema === t.schema && c.table === t.table)?.columns.map((c) => c.column) ?? [];
    const names = [...new Set([...listed, ...t.identity.map((i) => i.column), ...t.columns.map((c) => c.column)])];
    return {
      schema: t.schema,
      table: t.table,
      columns: names.map((column) => {
        const chosen = t.columns.find((c) => c.column === column);
        return {
          column,
          identity: t.identity.find((i) => i.column === column)?.kind ?? 'none',
          returned: chosen?.returned ?? false,
          erasure: chosen?.erasure ?? 'keep',
        };
      }),
    };
  }),
});
