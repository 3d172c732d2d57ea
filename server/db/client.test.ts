import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './client';

const adminUrl = process.env.DATABASE_URL;

/** The pool's connections on a PostgreSQL server (only with DATABASE_URL). */
describe.skipIf(!adminUrl)('the PostgreSQL pool', () => {
  const name = `pdpa_client_${randomBytes(6).toString('hex')}`;
  let db: Db;
  const admin = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    db = await openDb({ databaseUrl: url.toString(), poolSize: 3 });
  });
  afterAll(async () => {
    await db?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('outlives idle connections the server ends (a restart, an administrator) and opens new ones', async () => {
    // three connections busy at once, then idle in the pool
    await Promise.all([1, 2, 3].map(() => db.query('select pg_sleep(0.05)')));
    const ended = await admin<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    expect(ended.length).toBeGreaterThanOrEqual(3);
    // the pool hears of it while idle: that must not end the process
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    expect(await db.tx(async (q) => q.query<{ two: number }>('select 2 as two'))).toEqual([{ two: 2 }]);
  });

  it('runs every connection, the first and the ones opened later, with JIT compilation off', async () => {
    const shown = await Promise.all(
      [1, 2, 3].map(() => db.tx((q) => q.query<{ jit: string }>('select current_setting($1) as jit, pg_sleep(0.02)', ['jit']))),
    );
    expect(shown.map(([r]) => r.jit)).toEqual(['off', 'off', 'off']);
    expect(await db.query<{ jit: string }>('show jit')).toEqual([{ jit: 'off' }]);
  });
});
