import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCookieSettings } from '../../../contract/cookie';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createCompany } from '../company/create';
import { testDatabases } from '../../db/testDatabases';
import { cookieLogUpkeep } from './jobs';
import { issueBeaconToken } from './token';
import { CookieLogWriter, type CookieLogEntry } from './writer';

async function arrange(db: Db) {
  await migrate(db);
  const { companyId } = await db.tx((q) => createCompany(q, `CK${Math.floor(Math.random() * 1e6)}`, { nameTh: 'ทดสอบคุกกี้' }));
  const [{ id: domainId }] = await db.query<{ id: string }>(
    `insert into cookie_domains (company_id, host, draft) values ($1, 'writer-test.example', $2) returning id`,
    [companyId, JSON.stringify(defaultCookieSettings())],
  );
  await db.query(`insert into cookie_versions (domain_id, version, company_id, consent_version, settings) values ($1, 1, $2, 1, $3)`, [
    domainId,
    companyId,
    JSON.stringify(defaultCookieSettings()),
  ]);
  return { companyId, domainId };
}

const entry = (companyId: string, domainId: string, i: number): CookieLogEntry => ({
  at: new Date(),
  companyId,
  domainId,
  visitorId: randomUUID(),
  version: 1,
  method: i % 2 ? 'accept_all' : 'reject_all',
  choices: { necessary: true, analytics: i % 2 === 1 },
  path: '/',
  lang: 'th',
  gpc: false,
  browser: 'Chrome',
  ipHash: '',
  undeclared: i % 10 === 0 ? ['_unknown'] : [],
});

/** Counts the statements a Db is sent. */
function counting(db: Db) {
  let n = 0;
  const counted = Object.create(db) as Db & { statements(): number };
  counted.query = (sql, params) => {
    n++;
    return db.query(sql, params);
  };
  counted.statements = () => n;
  return counted;
}

describe.each(testDatabases('cookie_writer'))('the consent log writer on $name', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ids: { companyId: string; domainId: string };
  beforeAll(async () => {
    ({ db, drop } = await target.open());
    ids = await arrange(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('groups 200 concurrent choices into a few statements; every promise settles once its rows are stored, the roll-up agrees', async () => {
    const counted = counting(db);
    const writer = new CookieLogWriter(counted, true, 2);
    await Promise.all(Array.from({ length: 200 }, (_, i) => writer.write(entry(ids.companyId, ids.domainId, i))));
    expect(counted.statements()).toBeLessThan(20);
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from cookie_log where domain_id = $1', [ids.domainId]);
    expect(n).toBe(200);
    const stats = await db.query<{ dimension: string; n: string }>('select dimension, n from cookie_stats_daily where domain_id = $1', [
      ids.domainId,
    ]);
    const dim = (d: string) => Number(stats.find((s) => s.dimension === d)?.n ?? 0);
    expect(dim('total')).toBe(200);
    expect(dim('cat:analytics')).toBe(100);
    expect(dim('method:reject_all')).toBe(100);
    const [undeclared] = await db.query<{ seen: string }>('select seen from cookie_undeclared where domain_id = $1 and name = $2', [
      ids.domainId,
      '_unknown',
    ]);
    expect(Number(undeclared.seen)).toBe(20);
  });

  it('keeps the log in month partitions; retention drops whole months older than it', async () => {
    const months = async () =>
      (
        await db.query<{ relname: string }>(
          `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'cookie_log'::regclass order by 1`,
        )
      ).map((r) => r.relname);
    await db.query('select cookie_log_ensure_partitions(14, 3)');
    const before = await months();
    expect(before.length).toBeGreaterThanOrEqual(18);
    const [{ dropped }] = await db.query<{ dropped: number }>('select cookie_log_drop_before(12) as dropped');
    expect(dropped).toBe(2);
    const after = await months();
    expect(after).toHaveLength(before.length - 2);
    expect(after).toEqual(before.slice(2));
    // this month's rows are untouched
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from cookie_log where domain_id = $1', [ids.domainId]);
    expect(n).toBeGreaterThanOrEqual(200);
  });

  it('ungrouped, each choice is its own statement', async () => {
    const counted = counting(db);
    const writer = new CookieLogWriter(counted, false, 2);
    await Promise.all(Array.from({ length: 20 }, (_, i) => writer.write(entry(ids.companyId, ids.domainId, i))));
    expect(counted.statements()).toBe(20);
  });

  it('holds the per-visitor limit in the database: of 40 choices of one visitor, in groups and alone, 30 are stored and counted', async () => {
    const visitorId = randomUUID();
    const mine = (i: number) => ({ ...entry(ids.companyId, ids.domainId, i), visitorId, method: 'custom' });
    const before = await db.query<{ n: string }>(`select n from cookie_stats_daily where domain_id = $1 and dimension = 'method:custom'`, [
      ids.domainId,
    ]);
    // two writers (as two server processes would be) share the count
    const a = new CookieLogWriter(db, true, 2);
    const b = new CookieLogWriter(db, false, 2);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).write(mine(i))));
    expect(results.filter(Boolean)).toHaveLength(30);
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from cookie_log where visitor_id = $1', [visitorId]);
    expect(n).toBe(30);
    const after = await db.query<{ n: string }>(`select n from cookie_stats_daily where domain_id = $1 and dimension = 'method:custom'`, [
      ids.domainId,
    ]);
    expect(Number(after[0]?.n ?? 0) - Number(before[0]?.n ?? 0)).toBe(30);
    // a minute later the visitor may choose again
    await db.query(`update cookie_visitor_hits set window_start = now() - interval '61 seconds' where visitor_id = $1`, [visitorId]);
    expect(await a.write(mine(41))).toBe(true);
  });

  it('in one group over the limit: the stored choices alone are counted, per method and category, and their undeclared names', async () => {
    const visitorId = randomUUID();
    const dims = async () =>
      new Map(
        (
          await db.query<{ dimension: string; n: string }>('select dimension, n::int as n from cookie_stats_daily where domain_id = $1', [
            ids.domainId,
          ])
        ).map((r) => [r.dimension, Number(r.n)]),
      );
    const seen = async () =>
      Number(
        (await db.query<{ seen: string }>(`select seen from cookie_undeclared where domain_id = $1 and name = '_only_mine'`, [ids.domainId]))[0]
          ?.seen ?? 0,
      );
    const before = await dims();
    const seenBefore = await seen();
    const writer = new CookieLogWriter(db, true, 50);
    const mine = (i: number): CookieLogEntry => ({
      ...entry(ids.companyId, ids.domainId, i),
      visitorId,
      method: 'gpc',
      choices: { necessary: true, functional: true },
      undeclared: ['_only_mine', '_only_mine'],
    });
    // one entry of another visitor in the same group is not held back by this one's limit
    const other = entry(ids.companyId, ids.domainId, 1);
    const results = await Promise.all([...Array.from({ length: 40 }, (_, i) => writer.write(mine(i))), writer.write(other)]);
    expect(results.slice(0, 40).filter(Boolean)).toHaveLength(30);
    expect(results.slice(0, 30).every(Boolean)).toBe(true); // the first 30, in order of arrival
    expect(results[40]).toBe(true);
    const after = await dims();
    const grew = (d: string) => (after.get(d) ?? 0) - (before.get(d) ?? 0);
    expect(grew('method:gpc')).toBe(30);
    expect(grew('cat:functional')).toBe(30);
    expect(grew('total')).toBe(31);
    expect(await seen()).toBe(seenBefore + 30);
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from cookie_log where visitor_id = $1', [visitorId]);
    expect(n).toBe(30);
  });

  it('stores text exactly as sent, whatever an array literal would read in it: quotes, backslashes, braces, commas, NULL, Thai', async () => {
    const writer = new CookieLogWriter(db, true, 20);
    const paths = ['/a"b', '/a\\b\\', '/{x},{y}', '/NULL', 'NULL', '/ ว่าง /', '/""', '/\\"'];
    const sent = paths.map((path, i) => ({ ...entry(ids.companyId, ids.domainId, i), path, browser: `B"${i}\\`, undeclared: [`_n"${i}`] }));
    expect(await Promise.all(sent.map((e) => writer.write(e)))).toEqual(paths.map(() => true));
    const rows = await db.query<{ visitor_id: string; path: string; browser: string }>(
      'select visitor_id, path, browser from cookie_log where visitor_id = any($1::uuid[])',
      [sent.map((e) => e.visitorId)],
    );
    const byVisitor = new Map(rows.map((r) => [r.visitor_id, r]));
    for (const e of sent) expect(byVisitor.get(e.visitorId)).toMatchObject({ path: e.path, browser: e.browser });
    const names = await db.query<{ name: string }>(`select name from cookie_undeclared where domain_id = $1 and name like '_n"%'`, [ids.domainId]);
    expect(names.map((n) => n.name).sort()).toEqual(sent.map((e) => e.undeclared[0]).sort());
  });

  it('stores a submission once: a repeat in the same group, in a later group or alone is acknowledged and neither logged nor counted again', async () => {
    const dim = async (d: string) =>
      Number(
        (
          await db.query<{ n: string }>(`select coalesce(sum(n), 0) as n from cookie_stats_daily where domain_id = $1 and dimension = $2`, [
            ids.domainId,
            d,
          ])
        )[0].n,
      );
    const logged = async (visitors: string[]) =>
      (await db.query<{ n: number }>('select count(*)::int as n from cookie_log where visitor_id = any($1::uuid[])', [visitors]))[0].n;
    const totalBefore = await dim('total');
    const grouped = new CookieLogWriter(db, true, 20);
    const a = { ...entry(ids.companyId, ids.domainId, 1), submissionId: randomUUID(), undeclared: ['_repeat_a'] };
    const b = { ...entry(ids.companyId, ids.domainId, 2), submissionId: randomUUID() };
    const plain = entry(ids.companyId, ids.domainId, 3);
    // a and its repeat in one group, with b and a choice without an id
    expect(await Promise.all([grouped.write(a), grouped.write({ ...a }), grouped.write(b), grouped.write(plain)])).toEqual([true, true, true, true]);
    expect(await logged([a.visitorId, b.visitorId, plain.visitorId])).toBe(3);
    // a later group repeats a and b (the banner's retries), and makes one new choice
    const c = { ...entry(ids.companyId, ids.domainId, 4), submissionId: randomUUID() };
    expect(await Promise.all([grouped.write({ ...a, at: new Date() }), grouped.write({ ...b }), grouped.write(c)])).toEqual([true, true, true]);
    // and alone, ungrouped
    expect(await new CookieLogWriter(db, false, 0).write({ ...c })).toBe(true);
    expect(await logged([a.visitorId, b.visitorId, plain.visitorId, c.visitorId])).toBe(4);
    expect((await dim('total')) - totalBefore).toBe(4);
    const [{ seen }] = await db.query<{ seen: number }>(`select seen::int from cookie_undeclared where domain_id = $1 and name = '_repeat_a'`, [
      ids.domainId,
    ]);
    expect(seen).toBe(1);
    const [{ n: ids_ }] = await db.query<{ n: number }>('select count(*)::int as n from cookie_submissions where submission_id = any($1::uuid[])', [
      [a.submissionId, b.submissionId, c.submissionId],
    ]);
    expect(ids_).toBe(3);
  });

  it('forgets submission ids after two days (the upkeep)', async () => {
    const old = randomUUID();
    await db.query(`insert into cookie_submissions (domain_id, submission_id, created_at) values ($1, $2, now() - interval '3 days')`, [
      ids.domainId,
      old,
    ]);
    const recent = randomUUID();
    await db.query(`insert into cookie_submissions (domain_id, submission_id, created_at) values ($1, $2, now() - interval '1 day')`, [
      ids.domainId,
      recent,
    ]);
    await cookieLogUpkeep(db);
    const left = await db.query<{ submission_id: string }>('select submission_id from cookie_submissions where submission_id = any($1::uuid[])', [
      [old, recent],
    ]);
    expect(left.map((r) => r.submission_id)).toEqual([recent]);
  });

  it('a failing group rejects every choice in it and stores none of them', async () => {
    const writer = new CookieLogWriter(db, true, 2);
    const [{ n: before }] = await db.query<{ n: number }>('select count(*)::int as n from cookie_log where domain_id = $1', [ids.domainId]);
    const bad = { ...entry(ids.companyId, ids.domainId, 1), visitorId: 'not-a-uuid' };
    const results = await Promise.allSettled([writer.write(entry(ids.companyId, ids.domainId, 0)), writer.write(bad)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const [{ n: after }] = await db.query<{ n: number }>('select count(*)::int as n from cookie_log where domain_id = $1', [ids.domainId]);
    expect(after).toBe(before);
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

// kill -9 of the API process while 50 senders write: every choice it acknowledged is in the log
describe.runIf(!!process.env.DATABASE_URL)('an acknowledged choice survives kill -9 (PostgreSQL)', () => {
  it('loses no acknowledged choice', async () => {
    const target = testDatabases('cookie_kill').find((t) => t.name === 'PostgreSQL')!;
    const { db, drop } = await target.open();
    try {
      const { domainId } = await arrange(db);
      const port = await freePort();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${(await db.query<{ d: string }>('select current_database() as d'))[0].d}`;
      const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'error' },
        stdio: 'ignore',
      });
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 600; i++) {
        const up = await fetch(`${base}/api/v1/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const acknowledged: string[] = [];
      let stop = false;
      const sender = async () => {
        while (!stop) {
          const id = randomUUID();
          // with the visitor's token, as the banner sends it (the same key: the server's database)
          const t = await issueBeaconToken(db, domainId, id);
          const body = JSON.stringify({ d: domainId, v: 1, id, m: 'accept_all', c: { necessary: true, analytics: true }, p: '/', l: 'th', t });
          try {
            const res = await fetch(`${base}/api/v1/cookie/public/consent`, {
              method: 'POST',
              body,
              headers: { 'content-type': 'text/plain', origin: 'https://writer-test.example' },
            });
            if (res.status === 200) acknowledged.push(id);
          } catch {
            return; // the server is gone
          }
        }
      };
      const senders = Array.from({ length: 50 }, sender);
      await new Promise((r) => setTimeout(r, 1500));
      server.kill('SIGKILL');
      stop = true;
      await Promise.all(senders);
      expect(acknowledged.length).toBeGreaterThan(10);
      const stored = await db.query<{ visitor_id: string }>(
        'select visitor_id from cookie_log where domain_id = $1 and visitor_id = any($2::uuid[])',
        [domainId, acknowledged],
      );
      expect(stored.length).toBe(acknowledged.length);
    } finally {
      await db.close();
      await drop();
    }
  }, 180_000);
});

describe('the consent log writer when the database is slow', () => {
  /** A database whose statements wait until released (then answer at once), counting the rows sent. */
  function stalling() {
    let release: () => void = () => undefined;
    let released = false;
    const gate = new Promise<void>((r) => (release = () => ((released = true), r())));
    let rows = 0;
    const db = {
      query: async (_sql: string, params?: unknown[]) => {
        rows += String(params?.[2] ?? '{}').split(',').length;
        if (!released) await gate;
        return [{ refused: null }];
      },
    } as unknown as Db;
    return { db, release, rows: () => rows };
  }

  it('refuses new choices at once (503) while a write has stalled, and answers the waiting ones once it commits', async () => {
    const slow = stalling();
    const writer = new CookieLogWriter(slow.db, true, 0, 2000, 30, 1, { maxWaiting: 1000, stallMs: 50 });
    const first = writer.write(entry(randomUUID(), randomUUID(), 1));
    await new Promise((r) => setTimeout(r, 10));
    // within the stall time, a choice waits for the next group
    const waiting = writer.write(entry(randomUUID(), randomUUID(), 2));
    await new Promise((r) => setTimeout(r, 80));
    const started = performance.now();
    await expect(writer.write(entry(randomUUID(), randomUUID(), 3))).rejects.toMatchObject({ statusCode: 503, msgKey: 'cookie_log_busy' });
    expect(performance.now() - started).toBeLessThan(20);
    slow.release();
    await expect(first).resolves.toBe(true);
    await expect(waiting).resolves.toBe(true);
    // the refused choice was never sent to the database: two rows written, in two groups
    expect(slow.rows()).toBe(2);
  });

  it('refuses new choices at once (503) when too many already wait', async () => {
    const slow = stalling();
    const writer = new CookieLogWriter(slow.db, true, 0, 2000, 30, 1, { maxWaiting: 3, stallMs: 60_000 });
    const accepted = [writer.write(entry(randomUUID(), randomUUID(), 0))];
    await new Promise((r) => setTimeout(r, 5));
    // the first group is being written; three more wait, the fourth is refused
    for (let i = 1; i <= 3; i++) accepted.push(writer.write(entry(randomUUID(), randomUUID(), i)));
    await expect(writer.write(entry(randomUUID(), randomUUID(), 4))).rejects.toMatchObject({ statusCode: 503 });
    slow.release();
    await expect(Promise.all(accepted)).resolves.toEqual([true, true, true, true]);
  });
});
