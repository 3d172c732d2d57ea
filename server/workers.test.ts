import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, databaseUrl, freePort } from '../tests/support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../contract/http';
import { configFromEnv, ConfigError } from './config';

/**
 * WORKERS=2: a real `server/main.ts` whose primary forks two API processes on one port (PostgreSQL);
 * a worker killed is replaced while the port keeps answering, and SIGTERM lets a request in flight
 * finish while new connections are refused.
 */
const adminUrl = process.env.DATABASE_URL;

/** The API workers `pid` started (not tsx's esbuild service; ps answers 1 when there are none). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.includes('main.ts'))
      .map((l) => Number(l.trim().split(/\s+/)[0]))
      .filter(Boolean);
  } catch {
    return [];
  }
}

const until = async (what: string, ok: () => Promise<boolean> | boolean, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('WORKERS', () => {
  it('is one by default; `auto` is the cores; more than one needs PostgreSQL; nonsense is refused by name', () => {
    expect(configFromEnv({}).workers).toBe(1);
    expect(configFromEnv({ WORKERS: 'auto', DATABASE_URL: 'postgres://x@h/d' }).workers).toBeGreaterThanOrEqual(1);
    const four = configFromEnv({ WORKERS: '4', DATABASE_URL: 'postgres://x@h/d' });
    // the default pool is shared out among them
    expect(four.pgPoolSize).toBeLessThan(configFromEnv({ DATABASE_URL: 'postgres://x@h/d' }).pgPoolSize);
    expect(() => configFromEnv({ WORKERS: '2' })).toThrow(/WORKERS: more than one process needs DATABASE_URL/);
    expect(() => configFromEnv({ WORKERS: 'many', DATABASE_URL: 'postgres://x@h/d' })).toThrow(ConfigError);
    expect(() => configFromEnv({ WORKERS: '0', DATABASE_URL: 'postgres://x@h/d' })).toThrow(/WORKERS/);
  });
});

describe.runIf(adminUrl)('WORKERS=2 on one PostgreSQL database', () => {
  const name = `pdpa_workers_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-workers-'));
  let primary: ChildProcess;
  let port = 0;
  const admin = (sql: string) => adminQuery(adminUrl!, sql);
  const healthy = () =>
    fetch(`http://127.0.0.1:${port}${API_BASE}/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(databaseUrl(adminUrl!, name));
    port = await freePort();
    primary = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        PG_POOL_SIZE: '3',
        SEED_DEMO: '1',
        DIST_DIR: join(dataDir, 'no-ui'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await until('the workers answer', async () => childrenOf(primary.pid!).length === 2 && (await healthy()), 180_000);
  }, 200_000);

  afterAll(async () => {
    if (primary.exitCode === null) {
      primary.kill('SIGKILL');
      for (const pid of childrenOf(primary.pid!)) process.kill(pid, 'SIGKILL');
    }
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves on one port from two processes; one killed is replaced and the port keeps answering', async () => {
    const [first] = childrenOf(primary.pid!);
    process.kill(first, 'SIGKILL');
    // (a connection handed over in the instant before the primary saw the death is lost: node's cluster)
    await until('a replacement', () => {
      const now = childrenOf(primary.pid!);
      return now.length === 2 && !now.includes(first);
    });
    const replies = await Promise.all(Array.from({ length: 20 }, () => healthy()));
    expect(replies.every(Boolean)).toBe(true);
  }, 90_000);

  it('SIGTERM: a request in flight is answered, no new connection is taken, and every process ends', async () => {
    const workers = childrenOf(primary.pid!);
    // a sign-in whose body is still arriving when the stop comes
    const body = JSON.stringify({ companyCode: 'DEMO', username: 'admin', password: 'wrong-password' });
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write(
      `POST ${API_BASE}/user/signin/${Date.now()} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    primary.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(await healthy()).toBe(false);
    socket.write(body.slice(10));
    await closed;
    // answered (a refused sign-in token, 401), not cut off
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    await until('the primary ends', () => primary.exitCode !== null, 15_000);
    expect(primary.exitCode).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
