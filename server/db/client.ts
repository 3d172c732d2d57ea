import pg from 'pg';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';

/** Anything that runs SQL: the database itself or a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'pg';
  /** Runs `fn` in one transaction: all of it lands or none of it. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… — a PostgreSQL server; otherwise the embedded database */
  databaseUrl?: string;
  /** folder of the embedded database; `memory://` keeps it in memory (tests) */
  dataDir?: string;
}

export async function openDb(opts: DbOptions): Promise<Db> {
  return opts.databaseUrl ? openPg(opts.databaseUrl) : openPglite(opts.dataDir ?? './data');
}

/**
 * Every statement is sent as a named prepared statement (named by its text), so each connection
 * plans it once: the session lookup and the list pages are planned on first use, then only run.
 * Statement texts are fixed (values are always parameters), so the set of names stays small.
 */
const prepared = (sql: string, params?: unknown[]) => ({
  name: `q${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
  text: sql,
  values: params as unknown[],
});

async function openPg(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  await pool.query('select 1');
  return {
    kind: 'pg',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(prepared(sql, params))).rows as T[];
    },
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(prepared(sql, params))).rows as T[],
        });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await db.query<T>(sql, params as unknown[])).rows;
    },
    tx: (fn) =>
      db.transaction((t) =>
        fn({ query: async <T>(sql: string, params?: unknown[]) => (await t.query<T>(sql, params as unknown[])).rows }),
      ),
    async exec(sql) {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}
