import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseUrl, freePort } from '../tests/support/processes';
import { API_BASE } from '../contract/http';
import { signinTokenFor } from './modules/auth/routes';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { testDatabases } from './db/testDatabases';

/**
 * The crash test on PostgreSQL (the embedded database's is durability.test.ts): a real
 * `server/main.ts` on DATABASE_URL is killed -9 while 20 signed-in clients save records as fast as it
 * answers; started again on the same database, it has every record whose save it had acknowledged.
 * Runs when DATABASE_URL is set, as the other PostgreSQL tests do.
 */
const adminUrl = process.env.DATABASE_URL;

async function startServer(databaseUrl: string, dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      PG_POOL_SIZE: '4',
      SEED_DEMO: '0',
      DIST_DIR: join(dataDir, 'no-ui'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}${API_BASE}`;
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (tries > 1200) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exited = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));

describe.runIf(adminUrl)('a PostgreSQL server process killed -9 under writes', () => {
  it('keeps every record whose save it acknowledged, once started again', async () => {
    const target = testDatabases('crash_pg').find((t) => t.name === 'PostgreSQL')!;
    const { db, drop } = await target.open();
    const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-crash-pg-'));
    const servers: ChildProcess[] = [];
    try {
      await migrate(db);
      await seedDemo(db);
      const [{ d }] = await db.query<{ d: string }>('select current_database() as d');
      const url = databaseUrl(adminUrl!, d);

      const first = await startServer(url, dataDir);
      servers.push(first.child);
      const ts = String(Date.now());
      const signin = await fetch(`${first.base}/user/signin/${ts}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${signinTokenFor(ts)}` },
        body: JSON.stringify({ companyCode: 'DEMO', username: 'admin', password: 'admin1234' }),
      });
      const { access_token: token } = (await signin.json()) as { access_token: string };
      expect(token).toBeTruthy();
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

      // 20 clients save data-map systems one after another; a save counts once its 200 has arrived
      const acknowledged: { name: string; id: string }[] = [];
      let sent = 0;
      let stop = false;
      const client = async (c: number) => {
        for (let i = 0; !stop; i++) {
          const name = `crash ${c}-${i}`;
          sent++;
          try {
            const res = await fetch(`${first.base}/datamap-systems`, { method: 'POST', headers, body: JSON.stringify({ name }) });
            if (res.status !== 200) continue;
            const body = (await res.json()) as { data: { id: string } };
            acknowledged.push({ name, id: body.data.id });
          } catch {
            return; // the server is gone
          }
        }
      };
      const clients = Array.from({ length: 20 }, (_, c) => client(c));
      // killed in the middle of the stream: after 60 acknowledged saves, with the 20 clients' next ones in flight
      while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 20));
      first.child.kill('SIGKILL');
      await exited(first.child);
      stop = true;
      await Promise.all(clients);
      expect(sent).toBeGreaterThan(acknowledged.length);

      // started again on the same database: every acknowledged save is there, read through the API
      const second = await startServer(url, dataDir);
      servers.push(second.child);
      const stored = await db.query<{ name: string }>(`select name from datamap_systems where name like 'crash %'`);
      const names = new Set(stored.map((r) => r.name));
      expect(acknowledged.filter((a) => !names.has(a.name))).toEqual([]);
      for (const a of acknowledged.slice(-5)) {
        const res = await fetch(`${second.base}/datamap-systems/${a.id}`, { headers });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { data: { name: string } }).data.name).toBe(a.name);
      }
    } finally {
      for (const child of servers) child.kill('SIGKILL');
      await Promise.all(servers.map(exited));
      await db.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
