import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type Db } from './client';

/** A database a test opens for itself: PGlite in memory, or a database of its own on the PostgreSQL server. */
export interface TestDatabase {
  name: string;
  open(): Promise<{ db: Db; drop(): Promise<void> }>;
}

const pglite: TestDatabase = {
  name: 'PGlite',
  open: async () => ({ db: await openDb({ dataDir: 'memory://' }), drop: async () => {} }),
};

/** A database named `<prefix>_<random>` on the server of `adminUrl`, dropped by `drop()`. */
const postgres = (adminUrl: string, prefix: string, poolSize?: number): TestDatabase => ({
  name: 'PostgreSQL',
  async open() {
    const name = `${prefix}_${randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { db: await openDb({ databaseUrl: url.toString(), poolSize }), drop: () => admin(`drop database if exists ${name} with (force)`) };
  },
});

/**
 * PGlite, and the PostgreSQL server too when DATABASE_URL is set (tests only); the server alone under
 * TEST_ONLY_POSTGRES=1 (`npm run test:postgres`, after a PGlite pass of the same tree).
 */
export const testDatabases = (prefix: string, opts: { poolSize?: number } = {}): TestDatabase[] => [
  ...(process.env.TEST_ONLY_POSTGRES === '1' && process.env.DATABASE_URL ? [] : [pglite]),
  ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL, prefix, opts.poolSize)] : []),
];
