import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { runTimedWork, TIMED_WORK_LOCK, underJobLock } from './jobs';
import { testDatabases } from './db/testDatabases';
import { SUBMISSION_KEEP_DAYS } from './modules/consent/give';

describe('the timed work', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    await seedDemo(db);
  });
  afterAll(() => db.close());

  it('raises one dsr_due notification per open request due within 7 days, without anyone opening the list, and only once', async () => {
    const [company] = await db.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
    // a fresh open request due in 3 days that has not been noticed
    const [request] = await db.query<{ id: string; reference_code: string }>(
      `update dsr_requests set status_id = 1, due_at = now() + interval '3 days', due_notified_at = null
        where id = (select id from dsr_requests where company_id = $1 order by received_at desc limit 1)
        returning id, reference_code`,
      [company.id],
    );
    const count = async () =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from notifications where company_id = $1 and kind = 'dsr_due' and params->>'ref' = $2`,
          [company.id, request.reference_code],
        )
      )[0].n;
    const before = await count();
    await runTimedWork(db);
    expect(await count()).toBe(before + 1);
    await runTimedWork(db);
    expect(await count()).toBe(before + 1);
  });

  it('13: prunes the public consent page’s submission keys older than 7 days, and keeps the newer ones', async () => {
    const [form] = await db.query<{ id: string; company_id: string }>(
      `select f.id, f.company_id from consent_forms f join companies c on c.id = f.company_id where c.code = 'DEMO' limit 1`,
    );
    const keys = await db.query<{ submission_id: string; age: number }>(
      `insert into consent_submissions (form_id, submission_id, company_id, body_digest, reply, created_at)
       select $1, gen_random_uuid(), $2, 'digest', '{}', now() - make_interval(days => age) - interval '1 minute'
         from unnest(array[0, 6, 7, 8, 30]) as age
       returning submission_id, (extract(day from now() - created_at))::int as age`,
      [form.id, form.company_id],
    );
    const left = async () =>
      (
        await db.query<{ submission_id: string }>('select submission_id from consent_submissions where submission_id = any($1::uuid[])', [
          keys.map((k) => k.submission_id),
        ])
      ).map((r) => r.submission_id);
    expect(await left()).toHaveLength(5);
    await runTimedWork(db);
    expect((await left()).sort()).toEqual(
      keys
        .filter((k) => k.age < SUBMISSION_KEEP_DAYS)
        .map((k) => k.submission_id)
        .sort(),
    );
    expect(await left()).toHaveLength(2);
  });
});

describe.each(testDatabases('jobs_lock', { poolSize: 4 }))('the timed work lock on $name', (database) => {
  it('lets one process run the timed work at a time (an advisory lock on PostgreSQL)', async () => {
    const { db, drop } = await database.open();
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const first = underJobLock(db, TIMED_WORK_LOCK, async () => {
        entered();
        await held;
      });
      await inside;
      if (db.kind === 'pg') {
        // another connection (as another process's would) is turned away while the first works
        expect(await underJobLock(db, TIMED_WORK_LOCK, async () => {})).toBe(false);
      }
      release();
      expect(await first).toBe(true);
      // free again once the first is done
      expect(await underJobLock(db, TIMED_WORK_LOCK, async () => {})).toBe(true);
    } finally {
      await db.close();
      await drop();
    }
  }, 60_000);
});
