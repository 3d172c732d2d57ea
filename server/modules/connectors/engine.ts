import { createHash, randomBytes } from 'node:crypto';
import type { ConnectorTable, IdentityKind } from '../../../contract/connectors';
import { entryOf, isWholeNumber, misfit, readCatalogue, tableLabel, type CatalogueEntry } from './catalogue';
import type { Connection } from './drivers';

/**
 * The statements a connector runs. Nothing typed by a user becomes SQL text: table and column names
 * come from the settings, each checked against the database's own catalogue before the run and quoted
 * by the dialect's rule; the requester's details go as parameters.
 */

/** The values that identify the requester, per kind of identity column. */
export type Identity = Partial<Record<IdentityKind, string[]>>;

/** At most this many rows per table come back from an access run. */
export const ACCESS_ROW_LIMIT = 1000;

const quoteWith = (c: Connection) => (name: string) => (c.kind === 'postgres' ? `"${name.replace(/"/g, '""')}"` : `\`${name.replace(/`/g, '``')}\``);

/** Builds one statement's text and its parameters, in the dialect's placeholders. */
function statement(c: Connection) {
  const params: unknown[] = [];
  return {
    params,
    param(value: unknown) {
      params.push(value);
      return c.kind === 'postgres' ? `$${params.length}` : '?';
    },
  };
}

const tableRef = (c: Connection, t: ConnectorTable) => {
  const q = quoteWith(c);
  return t.schema ? `${q(t.schema)}.${q(t.table)}` : q(t.table);
};

/**
 * The `where` of a table: any of its identity columns equal to one of the requester's values of that
 * kind; null when the request gives no value the table could match (nothing is read).
 */
function matchOf(c: Connection, t: ConnectorTable, entry: CatalogueEntry, identity: Identity, s: ReturnType<typeof statement>): string | null {
  const q = quoteWith(c);
  const parts: string[] = [];
  for (const id of t.identity) {
    const type = entry.columns.find((col) => col.column === id.column)!.type;
    let values = identity[id.kind] ?? [];
    // a whole-number column is compared with whole numbers only (any other value cannot match it)
    if (isWholeNumber(type)) values = values.filter((v) => /^-?\d{1,18}$/.test(v));
    // PostgreSQL's text holds no NUL: such a value cannot match there
    if (c.kind === 'postgres') values = values.filter((v) => !v.includes('\u0000'));
    if (values.length) parts.push(`${q(id.column)} in (${values.map((v) => s.param(v)).join(', ')})`);
  }
  return parts.length ? `(${parts.join(' or ')})` : null;
}

/** Checks every table of the settings against the catalogue read now; throws the first misfit's reason. */
export async function checkedTables(c: Connection, tables: readonly ConnectorTable[]) {
  const catalogue = await readCatalogue(c, [...new Set(tables.map((t) => t.table))]);
  for (const t of tables) {
    const reason = misfit(t, catalogue);
    if (reason) throw new Error(`schema: ${reason}`);
  }
  return tables.map((t) => ({ setting: t, entry: entryOf(t, catalogue) }));
}

export interface AccessTable {
  table: string;
  columns: string[];
  rows: Record<string, unknown>[];
}

/** The rows of the requester in every table (the returned columns), at most ACCESS_ROW_LIMIT each. */
export async function accessRows(c: Connection, tables: readonly ConnectorTable[], identity: Identity): Promise<AccessTable[]> {
  const q = quoteWith(c);
  const out: AccessTable[] = [];
  for (const { setting, entry } of await checkedTables(c, tables)) {
    const columns = setting.columns.filter((col) => col.returned).map((col) => col.column);
    const s = statement(c);
    const where = matchOf(c, setting, entry, identity, s);
    if (!where || !columns.length) {
      out.push({ table: tableLabel(setting), columns, rows: [] });
      continue;
    }
    const { rows } = await c.query(
      `select ${columns.map(q).join(', ')} from ${tableRef(c, setting)} where ${where} limit ${ACCESS_ROW_LIMIT}`,
      s.params,
    );
    out.push({ table: tableLabel(setting), columns, rows: rows.map(plainRow) });
  }
  return out;
}

/** A row as JSON keeps it: dates as ISO text, bytes as hex, big numbers as text. */
function plainRow(row: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] = v instanceof Date ? v.toISOString() : Buffer.isBuffer(v) ? v.toString('hex') : typeof v === 'bigint' ? v.toString() : v;
  }
  return out;
}

/** Rows per table the erasure would touch (the dry run). */
export async function erasureCounts(c: Connection, tables: readonly ConnectorTable[], identity: Identity): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { setting, entry } of await checkedTables(c, tables)) {
    const s = statement(c);
    const where = matchOf(c, setting, entry, identity, s);
    if (!where || !setting.columns.some((col) => col.erasure !== 'keep')) {
      counts[tableLabel(setting)] = 0;
      continue;
    }
    const { rows } = await c.query(`select count(*) as n from ${tableRef(c, setting)} where ${where}`, s.params);
    counts[tableLabel(setting)] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

export interface ErasureOutcome {
  counts: Record<string, number>;
  /** SHA-256 of the keys of the rows touched, table by table, in order */
  digest: string;
}

/**
 * The erasure, in ONE transaction on the system: per table, the keys of the matching rows (locked),
 * then the rows deleted, or their columns set to null or replaced by a salted SHA-256 (the salt is
 * forgotten: the hash cannot be reversed nor matched to the person again). Any failure undoes it all.
 */
export async function erase(c: Connection, tables: readonly ConnectorTable[], identity: Identity): Promise<ErasureOutcome> {
  const q = quoteWith(c);
  const checked = await checkedTables(c, tables);
  const counts: Record<string, number> = {};
  const digest = createHash('sha256');
  const salt = randomBytes(32).toString('hex');
  await c.query(c.kind === 'postgres' ? 'begin' : 'start transaction');
  try {
    for (const { setting, entry } of checked) {
      const label = tableLabel(setting);
      const acting = setting.columns.filter((col) => col.erasure !== 'keep');
      const keyColumns = entry.columns.filter((col) => col.key).map((col) => col.column);
      const keys = keyColumns.length ? keyColumns : setting.identity.map((i) => i.column);
      const find = statement(c);
      const where = matchOf(c, setting, entry, identity, find);
      if (!where || !acting.length) {
        counts[label] = 0;
        continue;
      }
      const { rows } = await c.query(`select ${keys.map(q).join(', ')} from ${tableRef(c, setting)} where ${where} for update`, find.params);
      const lines = rows.map((r) => JSON.stringify(keys.map((k) => String(r[k] ?? '')))).sort();
      digest.update(`${label}\n${lines.join('\n')}\n`);
      const change = statement(c);
      let sql: string;
      if (acting.some((col) => col.erasure === 'delete_row')) {
        sql = `delete from ${tableRef(c, setting)} where `;
      } else {
        const sets = acting.map((col) => {
          if (col.erasure === 'set_null') return `${q(col.column)} = null`;
          const saltParam = change.param(salt);
          return c.kind === 'postgres'
            ? `${q(col.column)} = encode(sha256(convert_to(${saltParam} || ${q(col.column)}::text, 'UTF8')), 'hex')`
            : `${q(col.column)} = sha2(concat(${saltParam}, ${q(col.column)}), 256)`;
        });
        sql = `update ${tableRef(c, setting)} set ${sets.join(', ')} where `;
      }
      const again = matchOf(c, setting, entry, identity, change)!;
      const { changed } = await c.query(sql + again, change.params);
      counts[label] = changed;
    }
    await c.query('commit');
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  }
  return { counts, digest: digest.digest('hex') };
}
