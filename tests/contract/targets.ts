import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startFakeApi } from '../../fake-api/app';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';

/** A running API the suite calls: its base URL (without /api/v1) and how to stop it. */
export interface RunningTarget {
  url: string;
  /** the server's database (server targets only): for what only the database can show or arrange */
  db?: Db;
  close(): Promise<void>;
}

/** Something the contract suite runs against. Each `start()` gives a fresh API on the demo data. */
export interface Target {
  name: string;
  start(): Promise<RunningTarget>;
}

/** The real server on `db` (already migrated and seeded), API only, on a free port. */
async function startServer(db: Db, onClose: () => Promise<void>): Promise<RunningTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-contract-'));
  // WEBHOOKS_ALLOW_PRIVATE: the webhooks' cases deliver to a receiver of their own on 127.0.0.1
  const config = { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: '1' }), distDir: undefined };
  const app = await buildApp(db, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    async close() {
      await app.close();
      await db.close();
      await onClose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function migrateAndSeed(db: Db) {
  await migrate(db);
  if (!(await seedDemo(db))) throw new Error('the test database was not empty');
}

const fakeApi: Target = {
  name: 'fake-api',
  async start() {
    return startFakeApi({ port: 0, host: '127.0.0.1', logger: false });
  },
};

const serverOnPglite: Target = {
  name: 'server (PGlite)',
  async start() {
    const db = await openDb({ dataDir: 'memory://' });
    await migrateAndSeed(db);
    return startServer(db, async () => {});
  },
};

/**
 * The real server on its own database of the PostgreSQL server at DATABASE_URL: created here,
 * dropped when the suite ends, so no run depends on what an earlier one left.
 */
const serverOnPostgres = (adminUrl: string): Target => ({
  name: 'server (PostgreSQL)',
  async start() {
    const name = `pdpa_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    };
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    let db: Db | undefined;
    try {
      db = await openDb({ databaseUrl: url.toString() });
      await migrateAndSeed(db);
      return await startServer(db, dropDatabase);
    } catch (err) {
      await db?.close();
      await dropDatabase();
      throw err;
    }
  },
});

/**
 * Every target of this run: the fake, the server on PGlite, and the server on PostgreSQL when DATABASE_URL
 * is set; that one alone under TEST_ONLY_POSTGRES=1 (`npm run test:postgres`, after a pass on the others).
 */
export const targets: Target[] = process.env.DATABASE_URL
  ? [...(process.env.TEST_ONLY_POSTGRES === '1' ? [] : [fakeApi, serverOnPglite]), serverOnPostgres(process.env.DATABASE_URL)]
  : [fakeApi, serverOnPglite];
