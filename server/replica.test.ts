import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { freePort } from '../tests/support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../contract/http';
import { buildApp } from './app';
import { configFromEnv } from './config';
import type { Db } from './db/client';
import { openDatabase } from './db/open';
import { openReplica, type ReplicaStatus } from './db/replica';
import { seedDemo } from './db/seed';
import { signinTokenFor } from './modules/auth/routes';

/**
 * DATABASE_REPLICA_URL against a real hot standby: the test makes a PostgreSQL primary of its own
 * (initdb, under the `postgres` user, on a free port) and a standby of it with `pg_basebackup -R`,
 * then checks that lag-tolerant reads go to the standby, that a browser reads its own writes while the
 * standby's replay is paused, that a standby more than 5 s behind or stopped is skipped (the health
 * endpoint says so), and removes both. Runs where PostgreSQL 15's binaries and the postgres user are.
 */
const BIN = '/usr/lib/postgresql/15/bin';
const usable = (() => {
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return existsSync(join(BIN, 'pg_basebackup')) && process.getuid?.() === 0;
  } catch {
    return false;
  }
})();

const asPostgres = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args], { stdio: 'pipe' });

describe.runIf(usable)('a hot standby for lag-tolerant reads (pg_basebackup)', () => {
  const root = mkdtempSync(join(tmpdir(), 'pdpa-replica-'));
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  let primaryPort = 0;
  let standbyPort = 0;
  let db: Db;
  let app: FastifyInstance;
  let cookies = '';
  const standbySql = (sql: string) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, 'psql'), '-h', '127.0.0.1', '-p', String(standbyPort), '-d', 'pdpa', '-Atc', sql], {
      encoding: 'utf8',
    }).trim();
  const health = async () => (await app.inject({ method: 'GET', url: `${API_BASE}/health` })).json() as { replica: ReplicaStatus };
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, withCookies = true) =>
    app.inject({
      method,
      url: API_BASE + url,
      payload: payload as object,
      headers: { 'x-requested-with': 'XMLHttpRequest', ...(withCookies ? { cookie: cookies } : {}) },
    });
  const eventNames = async (withCookies = true) =>
    (
      (await call('GET', '/datarisk/list?type=1&currentPage=1&limit=100', undefined, withCookies)).json() as { riskData: { name: string }[] }
    ).riskData.map((r) => r.name);
  const until = async (what: string, ok: () => Promise<boolean>, ms = 20_000) => {
    const end = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    chmodSync(root, 0o755);
    [primaryPort, standbyPort] = [await freePort(), await freePort()];
    const [uid, gid] = [Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString())];
    for (const dir of [primaryDir, standbyDir]) {
      mkdirSync(dir, { mode: 0o700 });
      chownSync(dir, uid, gid);
    }
    asPostgres('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    writeFileSync(join(primaryDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n');
    const opts = `-p ${primaryPort} -k ${primaryDir} -c listen_addresses=127.0.0.1 -c fsync=off -c wal_level=replica`;
    asPostgres('pg_ctl', ['-D', primaryDir, '-o', opts, '-l', join(primaryDir, 'server.log'), '-w', 'start']);
    asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(primaryPort), 'pdpa']);
    asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream']);
    const standbyOpts = `-p ${standbyPort} -k ${standbyDir} -c listen_addresses=127.0.0.1 -c hot_standby=on`;
    asPostgres('pg_ctl', ['-D', standbyDir, '-o', standbyOpts, '-l', join(standbyDir, 'server.log'), '-w', 'start']);

    const dataDir = join(root, 'data');
    const config = {
      ...configFromEnv({
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${primaryPort}/pdpa`,
        DATABASE_REPLICA_URL: `postgres://postgres@127.0.0.1:${standbyPort}/pdpa`,
        PG_POOL_SIZE: '3',
      }),
      distDir: undefined,
    };
    db = await openDatabase(config);
    await seedDemo(db);
    app = await buildApp(db, config);
    const ts = String(Date.now());
    const signin = await app.inject({
      method: 'POST',
      url: `${API_BASE}/user/signin/${ts}`,
      headers: { authorization: `Token ${signinTokenFor(ts)}` },
      payload: { companyCode: 'DEMO', username: 'admin', password: 'admin1234' },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    cookies = signin.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    for (const dir of [standbyDir, primaryDir]) {
      try {
        asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
      } catch {
        // stopped already (the last case stops the standby)
      }
    }
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('sends a staff list and the dashboard to the standby, and says so on the health endpoint', async () => {
    await until('the standby is near', async () => (await health()).replica.state === 'ok');
    const before = (await health()).replica.served;
    expect((await call('GET', '/datarisk/list?type=1&currentPage=1&limit=10')).statusCode).toBe(200);
    expect((await call('GET', '/user/dashboard/sum-stat')).statusCode).toBe(200);
    expect((await health()).replica.served).toBeGreaterThan(before);
  });

  it('a browser reads its own write while the standby is behind; another browser reads the standby, and then the primary once it lags past 5 s', async () => {
    standbySql('select pg_wal_replay_pause()');
    const name = `เหตุการณ์หลังหยุดสำเนา ${Date.now()}`;
    const made = await call('POST', '/datarisk/create', { type: 1, riskMasterData: name });
    expect(made.statusCode, made.body).toBe(200);
    const wal = made.cookies.find((c) => c.name === 'pdpa_wal');
    expect(wal?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    cookies = `${cookies}; pdpa_wal=${wal!.value}`;
    // the writer sees it (the primary answers until the standby has replayed past the write)
    expect(await eventNames()).toContain(name);
    // a reader without that write behind it is answered by the standby, which has not replayed it
    const session = cookies.split('; ').find((c) => c.startsWith('pdpa_session='))!;
    const other = await app.inject({
      method: 'GET',
      url: `${API_BASE}/datarisk/list?type=1&currentPage=1&limit=100`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: session },
    });
    expect((other.json() as { riskData: { name: string }[] }).riskData.map((r) => r.name)).not.toContain(name);
    // more than 5 s behind: skipped by everyone
    await until('the standby is seen lagging', async () => (await health()).replica.state === 'lagging', 15_000);
    const late = await app.inject({
      method: 'GET',
      url: `${API_BASE}/datarisk/list?type=1&currentPage=1&limit=100`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: session },
    });
    expect((late.json() as { riskData: { name: string }[] }).riskData.map((r) => r.name)).toContain(name);
    standbySql('select pg_wal_replay_resume()');
    await until('the standby catches up', async () => (await health()).replica.state === 'ok');
  }, 60_000);

  it('a server that is not a standby of the primary is never read (the primary itself named as the replica)', async () => {
    const wrong = await openReplica(`postgres://postgres@127.0.0.1:${primaryPort}/pdpa`, db, { pollMs: 100 });
    try {
      expect(wrong.status().state).toBe('down');
    } finally {
      await wrong.close();
    }
  });

  it('a standby that stops is skipped: reads answer from the primary and the health endpoint says it is down', async () => {
    asPostgres('pg_ctl', ['-D', standbyDir, '-m', 'fast', 'stop']);
    const replies = await Promise.all(Array.from({ length: 5 }, () => call('GET', '/datarisk/list?type=1&currentPage=1&limit=10')));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await until('the standby is seen down', async () => (await health()).replica.state === 'down');
    expect((await call('GET', '/user/dashboard/sum-stat')).statusCode).toBe(200);
  }, 30_000);
});
