import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { ConnectorKind } from '../../../contract/connectors';
import type { Target } from './drivers';

/**
 * The PostgreSQL and MariaDB servers the connectors' tests and benchmark use (127.0.0.1, root, no
 * password; PG_CONNECTOR_URL / MYSQL_CONNECTOR_URL name others). Each test makes its own database and drops it.
 */
const PG_URL = new URL(process.env.PG_CONNECTOR_URL ?? 'postgres://root@127.0.0.1:5432/postgres');
const MYSQL_URL = new URL(process.env.MYSQL_CONNECTOR_URL ?? 'mysql://root@127.0.0.1:3306/');

export const serverTarget = (kind: ConnectorKind, database: string, timeoutMs = 10_000): Target => {
  const url = kind === 'postgres' ? PG_URL : MYSQL_URL;
  return {
    kind,
    host: url.hostname,
    port: Number(url.port || (kind === 'postgres' ? 5432 : 3306)),
    database,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    timeoutMs,
  };
};

/** Runs statements on the server as its administrator (creating and dropping the test databases). */
async function admin(kind: ConnectorKind, statements: string[], database?: string) {
  const t = serverTarget(kind, database ?? (kind === 'postgres' ? 'postgres' : ''), 3000);
  if (kind === 'postgres') {
    const client = new pg.Client({
      host: t.host,
      port: t.port,
      user: t.user,
      password: t.password,
      database: t.database,
      connectionTimeoutMillis: 2000,
    });
    await client.connect();
    try {
      for (const sql of statements) await client.query(sql);
    } finally {
      await client.end();
    }
  } else {
    const c = await mysql.createConnection({
      host: t.host,
      port: t.port,
      user: t.user,
      password: t.password,
      database: database || undefined,
      connectTimeout: 2000,
      charset: 'utf8mb4',
    });
    try {
      for (const sql of statements) await c.query(sql);
    } finally {
      await c.end();
    }
  }
}

/** Whether the server answers (tests skip cleanly when it does not). */
export async function answers(kind: ConnectorKind): Promise<boolean> {
  try {
    await admin(kind, ['select 1']);
    return true;
  } catch {
    return false;
  }
}

/** A fresh database on the server, its statements run in it; `drop()` removes it. */
export async function testDatabase(kind: ConnectorKind, prefix: string, statements: string[]) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(kind, [kind === 'postgres' ? `create database ${name}` : `create database ${name} character set utf8mb4 collate utf8mb4_bin`]);
  await admin(kind, statements, name);
  return {
    name,
    target: (timeoutMs?: number) => serverTarget(kind, name, timeoutMs),
    run: (more: string[]) => admin(kind, more, name),
    drop: () => admin(kind, [kind === 'postgres' ? `drop database if exists ${name} with (force)` : `drop database if exists ${name}`]),
  };
}
