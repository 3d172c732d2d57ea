import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { hashToken, SESSIONS_CHANNEL, sessionsChanged, startSessionCache } from '../../server/modules/auth/sessions';
import { apiClient, DEMO_ADMIN, DEMO_VIEWER } from './client';

/**
 * The server's session cache (server/modules/auth/sessions.ts) never outlives a change: a sign-out,
 * a disabled user, a changed role take effect on the very next call, in this API process and in
 * any other on the same PostgreSQL. Server only (it changes rows in SQL, as the people and roles
 * screens do); on PostgreSQL two API processes (two Db + app instances) share one database.
 */

interface Api {
  db: Db;
  app: FastifyInstance;
  api: ReturnType<typeof apiClient>;
}

async function startApi(db: Db, dataDir: string): Promise<Api> {
  const config = { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), distDir: undefined };
  const app = await buildApp(db, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  await startSessionCache(db);
  const { port } = app.server.address() as AddressInfo;
  return { db, app, api: apiClient(`http://127.0.0.1:${port}`) };
}

const RISK_LIST = '/datarisk/list?currentPage=1&limit=20&type=1';

interface Setup {
  name: string;
  /** the API processes: one on PGlite, two on PostgreSQL */
  apis: Api[];
  close(): Promise<void>;
}

async function pgliteSetup(): Promise<Setup> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-sessions-'));
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemo(db);
  const a = await startApi(db, dataDir);
  return {
    name: 'PGlite',
    apis: [a],
    async close() {
      await a.app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresSetup(adminUrl: string): Promise<Setup> {
  const name = `pdpa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-sessions-'));
  const dbA = await openDb({ databaseUrl: url.toString() });
  await migrate(dbA);
  await seedDemo(dbA);
  const dbB = await openDb({ databaseUrl: url.toString() });
  const apis = [await startApi(dbA, dataDir), await startApi(dbB, dataDir)];
  return {
    name: 'PostgreSQL, two API processes',
    apis,
    async close() {
      for (const a of apis) {
        await a.app.close();
        await a.db.close();
      }
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const setups: Array<{ name: string; start: () => Promise<Setup> }> = [
  { name: 'PGlite', start: pgliteSetup },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL, two API processes', start: () => postgresSetup(process.env.DATABASE_URL!) }] : []),
];

describe.each(setups)('session cache on $name', ({ start }) => {
  let setup: Setup;
  let first: Api;
  let last: Api;

  beforeAll(async () => {
    setup = await start();
    first = setup.apis[0];
    last = setup.apis[setup.apis.length - 1];
  });
  afterAll(async () => {
    await setup?.close();
  });

  /** Calls every API process a few times, so that each has the session in its cache. */
  async function warm(token: string, path = '/user/menu') {
    for (const a of setup.apis) {
      for (let i = 0; i < 3; i++) expect((await a.api.get(path, { token })).status).toBe(200);
    }
  }

  async function userId(username: string) {
    const [row] = await first.db.query<{ id: string }>(
      `select u.id from users u join companies c on c.id = u.company_id where c.code = 'DEMO' and u.username = $1`,
      [username],
    );
    return row.id;
  }

  it('serves a session from the cache: a change made without sessionsChanged is not seen at once', async () => {
    // the very thing the RULE in sessions.ts forbids, to prove the cache is in use
    const { access_token: token } = await first.api.signin(DEMO_VIEWER);
    await warm(token);
    const id = await userId('viewer');
    await first.db.query('update users set disabled = true where id = $1', [id]);
    try {
      for (const a of setup.apis) expect((await a.api.get('/user/menu', { token })).status).toBe(200);
      await sessionsChanged(first.db);
      for (const a of setup.apis) expect((await a.api.get('/user/menu', { token })).status).toBe(401);
    } finally {
      await first.db.query('update users set disabled = false where id = $1', [id]);
      await sessionsChanged(first.db);
    }
  });

  it('a sign-out in one process is refused by every process on the very next call', async () => {
    const { access_token: token } = await first.api.signin(DEMO_ADMIN);
    await warm(token);
    expect((await last.api.post('/user/logout', undefined, { token })).status).toBe(200);
    for (const a of [...setup.apis].reverse()) {
      expect((await a.api.get('/user/menu', { token })).status).toBe(401);
      expect((await a.api.get(RISK_LIST, { token })).status).toBe(401);
    }
  });

  it('a disabled user (update users set disabled + sessionsChanged) is 401 on the next call everywhere', async () => {
    const { access_token: token } = await first.api.signin(DEMO_VIEWER);
    await warm(token);
    const id = await userId('viewer');
    try {
      await first.db.query('update users set disabled = true where id = $1', [id]);
      await sessionsChanged(first.db);
      for (const a of [...setup.apis].reverse()) expect((await a.api.get('/user/menu', { token })).status).toBe(401);
    } finally {
      await first.db.query('update users set disabled = false where id = $1', [id]);
      await sessionsChanged(first.db);
    }
    // enabled again: the same session works at once
    for (const a of setup.apis) expect((await a.api.get('/user/menu', { token })).status).toBe(200);
  });

  it('holds change after change: each one is seen by the very next call, in every process', async () => {
    const { access_token: token } = await first.api.signin(DEMO_VIEWER);
    const id = await userId('viewer');
    try {
      for (let i = 0; i < 10; i++) {
        await first.db.query('update users set disabled = false where id = $1', [id]);
        await sessionsChanged(first.db);
        await warm(token);
        await first.db.tx(async (q) => {
          await q.query('update users set disabled = true where id = $1', [id]);
          await sessionsChanged(q);
        });
        for (const a of [...setup.apis].reverse()) expect((await a.api.get('/user/menu', { token })).status).toBe(401);
      }
    } finally {
      await first.db.query('update users set disabled = false where id = $1', [id]);
      await sessionsChanged(first.db);
    }
  });

  it("a role's changed menus apply on the next call, also inside a transaction", async () => {
    const { access_token: token } = await first.api.signin(DEMO_ADMIN);
    await warm(token, RISK_LIST);
    const [role] = await first.db.query<{ role_id: string }>('select role_id from users where id = $1', [await userId('admin')]);
    await first.db.tx(async (q) => {
      await q.query('update role_menus set can_edit = false where role_id = $1 and menu_id = 18', [role.role_id]);
      await sessionsChanged(q);
    });
    try {
      for (const a of [...setup.apis].reverse()) {
        const reply = await a.api.post('/datarisk/create', { riskMasterData: 'x', type: 2 }, { token });
        expect(reply.status).toBe(403);
      }
      await first.db.tx(async (q) => {
        await q.query('delete from role_menus where role_id = $1 and menu_id = 18', [role.role_id]);
        await sessionsChanged(q);
      });
      for (const a of [...setup.apis].reverse()) expect((await a.api.get(RISK_LIST, { token })).status).toBe(403);
    } finally {
      await first.db.tx(async (q) => {
        await q.query(
          `insert into role_menus (role_id, menu_id, can_edit) values ($1, 18, true)
           on conflict (role_id, menu_id) do update set can_edit = true`,
          [role.role_id],
        );
        await sessionsChanged(q);
      });
    }
    for (const a of setup.apis) expect((await a.api.get(RISK_LIST, { token })).status).toBe(200);
  });

  it('a rolled-back change changes nothing', async () => {
    const { access_token: token } = await first.api.signin(DEMO_ADMIN);
    await warm(token);
    await expect(
      first.db.tx(async (q) => {
        await q.query('update sessions set revoked_at = now() where token_hash = $1', [hashToken(token)]);
        await sessionsChanged(q);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    for (const a of setup.apis) expect((await a.api.get('/user/menu', { token })).status).toBe(200);
  });

  it('a notification sent by hand (psql) empties every cache', async () => {
    const { access_token: token } = await first.api.signin(DEMO_VIEWER);
    await warm(token);
    const id = await userId('viewer');
    try {
      await first.db.query('update sessions set revoked_at = now() where user_id = $1', [id]);
      await first.db.query(`select pg_notify('${SESSIONS_CHANNEL}', '')`);
      // delivered asynchronously: give the listeners a moment
      await new Promise((r) => setTimeout(r, 200));
      for (const a of setup.apis) expect((await a.api.get('/user/menu', { token })).status).toBe(401);
    } finally {
      await first.db.query('update sessions set revoked_at = null where user_id = $1', [id]);
      await sessionsChanged(first.db);
    }
  });
});
