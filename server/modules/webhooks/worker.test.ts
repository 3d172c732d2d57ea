import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../config';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { testDatabases } from '../../db/testDatabases';
import { sealPassword } from '../connectors/secret';
import { deliverDue } from './worker';

/**
 * Two server processes' workers on one PostgreSQL database send each delivery once: each takes its batch
 * under a lease (`for update skip locked`), so the other never takes the same rows. Two drains on their own
 * connections of one pool stand for the two processes. Runs when DATABASE_URL is set (CI's PostgreSQL pass),
 * on a database of its own.
 */
const server = testDatabases('pdpa_hooks', { poolSize: 8 }).find((t) => t.name === 'PostgreSQL');
const DELIVERIES = 60;

describe.runIf(server)('webhook workers of two processes on one PostgreSQL database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-hooks-'));
  const config = configFromEnv({ DATA_DIR: dataDir, FILE_KEY: randomBytes(32).toString('hex'), WEBHOOKS_ALLOW_PRIVATE: '1' });
  const seen: string[] = [];
  const receiver = createServer((req, res) => {
    seen.push(String(req.headers['x-pdpa-delivery']));
    req.resume();
    // a receiver that takes its time: both workers are busy at once
    setTimeout(() => res.end('ok'), 20);
  });
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await server!.open());
    await migrate(db);
    await seedDemo(db);
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const [hook] = await db.query<{ id: string; company_id: string }>(
      `insert into webhook_endpoints (company_id, url, events, secret_sealed, secret_hint)
       select id, $1, array['consent.withdrawn'], $2, 'whsec_test…' from companies where code = 'DEMO' returning id, company_id`,
      [target, sealPassword(config, 'whsec_test')],
    );
    await db.query(
      `insert into webhook_deliveries (company_id, webhook_id, event, payload, next_at)
       select $1, $2, 'consent.withdrawn', jsonb_build_object('n', g), now() from generate_series(1, ${DELIVERIES}) g`,
      [hook!.company_id, hook!.id],
    );
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await drop?.();
    await new Promise<void>((r) => receiver.close(() => r()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every delivery exactly once while both take batches at the same time', async () => {
    const drain = async (db: Db) => {
      let taken = 0;
      for (let n = await deliverDue(db, config); n > 0; n = await deliverDue(db, config)) taken += n;
      return taken;
    };
    const [a, b] = await Promise.all([drain(db), drain(db)]);
    expect(a + b).toBe(DELIVERIES);
    // both worked (neither waited for the other to finish)
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(seen).toHaveLength(DELIVERIES);
    expect(new Set(seen).size).toBe(DELIVERIES);
    const states = await db.query<{ state: string; attempts: number; n: number }>(
      'select state, attempts, count(*)::int as n from webhook_deliveries group by 1, 2',
    );
    expect(states).toEqual([{ state: 'delivered', attempts: 1, n: DELIVERIES }]);
  });
});
