import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, sideBySide, type Db, type Queryable } from './client';

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

/** The framework's measures ran 14 statements at once on the seed's transaction (pg queued them, and warned). */
describe('sideBySide', () => {
  /** A Queryable that counts the statements in flight at once; a transaction's when `inTx`. */
  const counting = (inTx: boolean) => {
    let now = 0;
    const seen = { most: 0, order: [] as number[] };
    const q: Queryable = {
      async query<T>(_sql: string, params?: unknown[]) {
        seen.most = Math.max(seen.most, ++now);
        await new Promise((resolve) => setTimeout(resolve, 5));
        now--;
        seen.order.push(params?.[0] as number);
        return [{ n: params?.[0] }] as T[];
      },
      ...(inTx && { afterCommit: () => undefined }),
    };
    return { q, seen };
  };
  const calls = (q: Queryable) => [1, 2, 3].map((n) => () => q.query<{ n: number }>('select $1 as n', [n]).then((r) => r[0].n));

  it('runs the calls at once on a pool, in the order given back', async () => {
    const { q, seen } = counting(false);
    expect(await sideBySide<number[]>(q, calls(q))).toEqual([1, 2, 3]);
    expect(seen.most).toBe(3);
  });

  it('runs them one after another inside a transaction, whose one connection runs one statement at a time', async () => {
    const { q, seen } = counting(true);
    expect(await sideBySide<number[]>(q, calls(q))).toEqual([1, 2, 3]);
    expect(seen.most).toBe(1);
    expect(seen.order).toEqual([1, 2, 3]);
  });
});
