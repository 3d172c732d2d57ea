import type { CatalogueTable, ConnectorTable } from '../../../contract/connectors';
import type { Connection } from './drivers';

/** A column as the database lists it. */
export interface CatalogueColumn {
  column: string;
  type: string;
  key: boolean;
  nullable: boolean;
}
export interface CatalogueEntry extends Omit<CatalogueTable, 'columns'> {
  columns: CatalogueColumn[];
}

const MAX_TABLES = 500;

const PG_CATALOGUE = `
  select c.table_schema as schema, c.table_name as "table", c.column_name as "column", c.data_type as type,
         c.is_nullable = 'YES' as nullable,
         exists (select 1 from information_schema.table_constraints tc
                   join information_schema.key_column_usage k
                     on k.constraint_schema = tc.constraint_schema and k.constraint_name = tc.constraint_name
                    and k.table_schema = tc.table_schema and k.table_name = tc.table_name
                  where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = c.table_schema
                    and tc.table_name = c.table_name and k.column_name = c.column_name) as key
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
   where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%' /*tables*/
   order by c.table_schema, c.table_name, c.ordinal_position`;

const MYSQL_CATALOGUE = `
  select '' as \`schema\`, c.table_name as \`table\`, c.column_name as \`column\`, c.data_type as type,
         c.is_nullable = 'YES' as nullable, c.column_key = 'PRI' as \`key\`
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
   where c.table_schema = database() /*tables*/
   order by c.table_name, c.ordinal_position`;

/**
 * The base tables and their columns the connected database lists in its information_schema; `only`: just
 * the tables of these names (a run checks the tables it uses, not the whole database).
 */
export async function readCatalogue(c: Connection, only?: readonly string[]): Promise<CatalogueEntry[]> {
  const sql = c.kind === 'postgres' ? PG_CATALOGUE : MYSQL_CATALOGUE;
  const { rows } = only
    ? await c.query(sql.replace('/*tables*/', c.kind === 'postgres' ? 'and c.table_name = any($1::text[])' : 'and c.table_name in (?)'), [
        c.kind === 'postgres' ? [...only] : only.length ? [...only] : [''],
      ])
    : await c.query(sql);
  const tables = new Map<string, CatalogueEntry>();
  for (const r of rows) {
    const schema = String(r.schema ?? '');
    const name = String(r.table);
    const id = `${schema}\u0000${name}`;
    let entry = tables.get(id);
    if (!entry) {
      if (tables.size >= MAX_TABLES) continue;
      entry = { schema, table: name, columns: [] };
      tables.set(id, entry);
    }
    entry.columns.push({
      column: String(r.column),
      type: String(r.type).toLowerCase(),
      key: Boolean(Number(r.key)),
      nullable: Boolean(Number(r.nullable)),
    });
  }
  return [...tables.values()];
}

/** A table's name on screen and in counts: `schema.table` (PostgreSQL) or `table` (MySQL). */
export const tableLabel = (t: { schema: string; table: string }) => (t.schema ? `${t.schema}.${t.table}` : t.table);

const TEXT_TYPES = /char|text|citext|uuid/;
const NUMBER_TYPES = /^(smallint|integer|int|bigint|tinyint|mediumint|numeric|decimal)$/;
export const isText = (type: string) => TEXT_TYPES.test(type);
export const isWholeNumber = (type: string) => NUMBER_TYPES.test(type);

/** Why a table's settings do not fit the database as it is now (a table or column gone, an action the column cannot take), or null. */
export function misfit(setting: ConnectorTable, catalogue: readonly CatalogueEntry[]): string | null {
  const entry = catalogue.find((t) => t.schema === (setting.schema ?? '') && t.table === setting.table);
  const label = tableLabel({ schema: setting.schema ?? '', table: setting.table });
  if (!entry) return `${label}: not in the database`;
  const column = (name: string) => entry.columns.find((c) => c.column === name);
  for (const id of setting.identity) if (!column(id.column)) return `${label}.${id.column}: not in the database`;
  for (const c of setting.columns) {
    const found = column(c.column);
    if (!found) return `${label}.${c.column}: not in the database`;
    if (c.erasure === 'hash' && !isText(found.type)) return `${label}.${c.column}: a ${found.type} column cannot hold a hash`;
    if (c.erasure === 'set_null' && !found.nullable) return `${label}.${c.column}: the column cannot be null`;
  }
  return null;
}

/** The catalogue's entry of a table known to fit. */
export const entryOf = (setting: ConnectorTable, catalogue: readonly CatalogueEntry[]) =>
  catalogue.find((t) => t.schema === (setting.schema ?? '') && t.table === setting.table)!;
