import mysql from 'mysql2/promise';
import pg from 'pg';
import type { ConnectorKind } from '../../../contract/connectors';

/** Where a connector connects: the settings with the password decrypted (never stored so, never sent). */
export interface Target {
  kind: ConnectorKind;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  timeoutMs: number;
}

/** One connection to the company's database, the same calls for both kinds. */
export interface Connection {
  kind: ConnectorKind;
  /** `sql` uses the dialect's placeholders (`Dialect.param`); rows as objects, and the rows changed */
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; changed: number }>;
  close(): Promise<void>;
  /** ends the connection at once (a run past its time) */
  destroy(): void;
}

/** A run past its time: its reason names the seconds waited. */
export class ConnectorTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`timeout after ${seconds} s`);
  }
}

async function openPostgres(t: Target): Promise<Connection> {
  const client = new pg.Client({
    host: t.host,
    port: t.port,
    database: t.database,
    user: t.user,
    password: t.password,
    connectionTimeoutMillis: t.timeoutMs,
    statement_timeout: t.timeoutMs,
    query_timeout: t.timeoutMs,
    lock_timeout: t.timeoutMs,
    application_name: 'pdpa-connector',
  });
  // an error after the run (the server ended the connection) must not end the process
  client.on('error', () => {});
  await client.connect();
  return {
    kind: 'postgres',
    async query(sql, params) {
      const result = await client.query(sql, params);
      return { rows: result.rows as Record<string, unknown>[], changed: result.rowCount ?? 0 };
    },
    close: () => client.end(),
    destroy: () => void client.end().catch(() => {}),
  };
}

async function openMysql(t: Target): Promise<Connection> {
  const connection = await mysql.createConnection({
    host: t.host,
    port: t.port,
    database: t.database,
    user: t.user,
    password: t.password,
    connectTimeout: t.timeoutMs,
    charset: 'utf8mb4',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    multipleStatements: false,
  });
  connection.on('error', () => {});
  return {
    kind: 'mysql',
    async query(sql, params) {
      const [result] = await connection.query({ sql, values: params, timeout: t.timeoutMs });
      if (Array.isArray(result)) return { rows: result as Record<string, unknown>[], changed: 0 };
      return { rows: [], changed: (result as mysql.ResultSetHeader).affectedRows };
    },
    close: () => connection.end(),
    destroy: () => connection.destroy(),
  };
}

/**
 * Opens a connection and runs `work` on it, all within the target's time: past it the connection is
 * destroyed and the run fails with `ConnectorTimeout`. The drivers are asynchronous, so a slow system
 * never holds the event loop or another request.
 */
export async function withConnection<T>(t: Target, work: (c: Connection) => Promise<T>): Promise<T> {
  let connection: Connection | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      connection?.destroy();
      reject(new ConnectorTimeout(Math.round(t.timeoutMs / 1000)));
    }, t.timeoutMs);
  });
  const run = (async () => {
    connection = t.kind === 'postgres' ? await openPostgres(t) : await openMysql(t);
    if (timedOut) {
      connection.destroy();
      throw new ConnectorTimeout(Math.round(t.timeoutMs / 1000));
    }
    try {
      return await work(connection);
    } finally {
      if (!timedOut) await connection.close().catch(() => connection?.destroy());
    }
  })();
  run.catch(() => {}); // lost to the deadline: its own failure is not heard
  try {
    return await Promise.race([run, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A failure in words the staff can act on: timeout, unreachable, login refused, or the driver's own message. */
export function reasonOf(err: unknown): string {
  if (err instanceof ConnectorTimeout) return `timeout: ${err.seconds}`;
  const e = err as { code?: string; message?: string };
  const message = (e?.message ?? String(err)).slice(0, 500);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EAI_AGAIN'].includes(e?.code ?? '')) return `unreachable: ${message}`;
  if (e?.code === '28P01' || e?.code === '28000' || e?.code === 'ER_ACCESS_DENIED_ERROR' || e?.code === '3D000' || e?.code === 'ER_BAD_DB_ERROR')
    return `login: ${message}`;
  if (/timeout|canceling statement/i.test(message)) return `timeout: ${message}`;
  if (/connection terminated unexpectedly|connection lost/i.test(message)) return `unreachable: ${message}`;
  return `error: ${message}`;
}
