import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { migrate } from '../db/migrate';
import { testDatabases } from '../db/testDatabases';
import { ReadLog } from './readLog';

const COMPANY = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const actor = { companyId: COMPANY, userId: USER, username: 'admin', ip: '203.0.113.7' };

describe.each(testDatabases('pdpa_readlog'))('the read log on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await database.open());
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });
  const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from personal_data_reads'))[0].n;

  it('writes nothing on the read path, then a batch of every read with its records, once', async () => {
    const log = new ReadLog(db, (e) => {
      throw e;
    });
    const before = await count();
    for (let i = 0; i < 1200; i++) log.add({ actor, entity: 'dsr_requests', recordIds: [`r${i}`, `r${i}`, `s${i}`], route: 'GET /x' });
    // a batch of 500 went as soon as it was full; the rest waits for its second
    await log.flush();
    expect((await count()) - before).toBe(1200);
    const [row] = await db.query<{ record_ids: string[]; username: string; ip: string; entity: string }>(
      `select record_ids, username, ip, entity from personal_data_reads where record_ids @> array['r7'] `,
    );
    expect(row).toEqual({ record_ids: ['r7', 's7'], username: 'admin', ip: '203.0.113.7', entity: 'dsr_requests' });
    await log.flush();
    expect((await count()) - before).toBe(1200);
  });

  it('keeps no read without a company or without records', async () => {
    const log = new ReadLog(db, () => undefined);
    const before = await count();
    log.add({ actor: { ...actor, companyId: null }, entity: 'dsr_requests', recordIds: ['a'], route: 'GET /x' });
    log.add({ actor, entity: 'dsr_requests', recordIds: [], route: 'GET /x' });
    await log.flush();
    expect(await count()).toBe(before);
  });

  it('keeps a batch the database refused and writes it with the next', async () => {
    let fail = true;
    const errors: unknown[] = [];
    const flaky = {
      query: (sql: string, params?: unknown[]) => {
        if (fail) return Promise.reject(new Error('the database is away'));
        return db.query(sql, params);
      },
    } as unknown as Db;
    const log = new ReadLog(flaky, (e) => errors.push(e));
    const before = await count();
    log.add({ actor, entity: 'consent_records', recordIds: ['kept-1'], route: 'GET /y' });
    await log.flush();
    expect(errors).toHaveLength(1);
    expect(await count()).toBe(before);
    fail = false;
    log.add({ actor, entity: 'consent_records', recordIds: ['kept-2'], route: 'GET /y' });
    await log.flush();
    expect(await count()).toBe(before + 2);
  });
});
