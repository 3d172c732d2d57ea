import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../contract/clock';
import type { Db, Queryable } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createCompany } from '../company/create';
import { testDatabases } from '../../db/testDatabases';
import { seededRandom } from '../../db/testRandom';
import { expireDsr, sumStat, summaryDsr } from './feeds';
import { periodOf, type Period } from './period';

/**
 * The DSR feeds read roll-ups (dsr_daily, dsr_close_monthly, dsr_open_due) kept by statement triggers;
 * here their figures are compared with straightforward queries over the requests themselves, on random
 * requests moved about as the module and scripts move them: state changes, reopening, extensions,
 * answers late and on time, deletions, many rows in one statement, concurrent transactions.
 */

const RIGHTS = [['access'], ['erasure'], ['access', 'portability'], ['objection'], ['rectification', 'erasure']];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The Bangkok midnight that began the Bangkok day of `at`. */
const bangkokMidnight = (at: number) => Math.floor((at + 7 * HOUR) / DAY) * DAY - 7 * HOUR;

let counter = 0;
async function insertRequests(q: Queryable, companyId: string, formId: string, random: () => number, n: number) {
  const now = Date.now();
  const day0 = bangkokMidnight(now);
  const rows: unknown[][] = [];
  for (let i = 0; i < n; i++) {
    const pick = random();
    let received: number;
    let due: number;
    if (pick < 0.15) {
      // due today, around now (before and after it), or on the 7th day around now + 7 days
      due = random() < 0.5 ? day0 + Math.floor(random() * DAY) : day0 + 7 * DAY + Math.floor(random() * DAY);
      received = due - 30 * DAY;
    } else if (pick < 0.2) {
      // right on the Bangkok day boundaries
      due = day0 + Math.floor(random() * 10 - 2) * DAY + (random() < 0.5 ? 0 : -1);
      received = due - 30 * DAY;
    } else {
      received = now - Math.floor(random() * 420 * DAY);
      due = received + 30 * DAY;
    }
    const status = 1 + Math.floor(random() * 7);
    // an answer some days after receipt: on time or late
    const answered = status >= 4 ? new Date(received + Math.floor(random() * 50 * DAY)) : null;
    rows.push([
      `RU-${++counter}-${Math.floor(random() * 1e9)}`,
      status,
      RIGHTS[Math.floor(random() * RIGHTS.length)],
      new Date(received),
      new Date(due),
      answered,
    ]);
  }
  await q.query(
    `insert into dsr_requests (company_id, form_id, reference_code, status_id, rights, requester_type, subject, email, received_at, due_at, answered_at)
     select $1, $2, r->>0, (r->>1)::smallint, array(select jsonb_array_elements_text(r->2)), 'subject', '{}', 'x@example.com',
            (r->>3)::timestamptz, (r->>4)::timestamptz, (r->>5)::timestamptz
       from jsonb_array_elements($3::jsonb) r`,
    [companyId, formId, JSON.stringify(rows)],
  );
}

/** Moves requests about as the module (and a script) would: each kind of change, alone and many at once. */
async function shuffle(db: Db, companyId: string, random: () => number) {
  const ids = (await db.query<{ id: string }>('select id from dsr_requests where company_id = $1 order by id', [companyId])).map((r) => r.id);
  const some = (share: number) => ids.filter(() => random() < share);
  const one = () => ids[Math.floor(random() * ids.length)];
  // state changes one at a time (the drawer), some to an answered state, some back to open (a script reopening)
  for (let i = 0; i < 40; i++) {
    await db.query('update dsr_requests set status_id = $3, updated_at = now() where company_id = $1 and id = $2', [
      companyId,
      one(),
      1 + Math.floor(random() * 7),
    ]);
  }
  // extensions: the deadline moves, on-time answers may become late or the other way round
  for (let i = 0; i < 20; i++) {
    await db.query(`update dsr_requests set due_at = due_at + make_interval(days => $3), extension_days = $3 where company_id = $1 and id = $2`, [
      companyId,
      one(),
      1 + Math.floor(random() * 60),
    ]);
  }
  // many at once: a bulk close, a bulk reopen, answers moved late, a change that moves no count
  await db.query('update dsr_requests set status_id = 7 where company_id = $1 and id = any($2::uuid[])', [companyId, some(0.05)]);
  await db.query('update dsr_requests set status_id = 2 where company_id = $1 and id = any($2::uuid[])', [companyId, some(0.05)]);
  await db.query(`update dsr_requests set answered_at = answered_at + interval '40 days' where company_id = $1 and id = any($2::uuid[])`, [
    companyId,
    some(0.05),
  ]);
  await db.query(`update dsr_requests set details = 'แก้ไขรายละเอียด' where company_id = $1 and id = any($2::uuid[])`, [companyId, some(0.2)]);
  // deletions, one and many; a statement that changes nothing
  await db.query('delete from dsr_requests where company_id = $1 and id = $2', [companyId, one()]);
  await db.query('delete from dsr_requests where company_id = $1 and id = any($2::uuid[])', [companyId, some(0.03)]);
  await db.query(`update dsr_requests set status_id = 1 where company_id = $1 and false`, [companyId]);
}

/** The roll-ups' non-zero rows against the same groups counted over the requests. */
async function rollupsAgree(q: Queryable, companyId: string) {
  const pairs = [
    [
      `select day::text, status_id, rights::text, on_time, n::int from dsr_daily where company_id = $1 and n <> 0 order by 1, 2, 3, 4`,
      `select (received_at at time zone 'Asia/Bangkok')::date::text as day, status_id, rights::text,
              (case when answered_at is null then -1 when answered_at <= due_at then 1 else 0 end)::smallint as on_time, count(*)::int as n
         from dsr_requests where company_id = $1 group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ],
    [
      `select month::text, close_days, n::int from dsr_close_monthly where company_id = $1 and n <> 0 order by 1, 2`,
      `select date_trunc('month', received_at at time zone 'Asia/Bangkok')::date::text as month,
              floor(extract(epoch from answered_at - received_at) / 86400)::int as close_days, count(*)::int as n
         from dsr_requests where company_id = $1 and answered_at is not null group by 1, 2 order by 1, 2`,
    ],
    [
      `select due_day::text, received_day::text, n::int from dsr_open_due where company_id = $1 and n <> 0 order by 1, 2`,
      `select (due_at at time zone 'Asia/Bangkok')::date::text as due_day, (received_at at time zone 'Asia/Bangkok')::date::text as received_day,
              count(*)::int as n
         from dsr_requests where company_id = $1 and status_id in (1, 2, 3) group by 1, 2 order by 1, 2`,
    ],
  ];
  for (const [rollup, rows] of pairs) expect(await q.query(rollup, [companyId])).toEqual(await q.query(rows, [companyId]));
}

/** The feeds' figures, and the same figures counted straight from the requests, at one instant (one transaction). */
async function feedsAgree(db: Db, companyId: string, p: Period) {
  await db.tx(async (q) => {
    const [summary] = (await summaryDsr(q, companyId, p)).data;
    const [plain] = await q.query<Record<string, number | null>>(
      `select count(*)::int as total, count(*) filter (where status_id in (1, 2, 3))::int as open,
              count(*) filter (where status_id in (1, 2, 3) and due_at < now())::int as overdue,
              count(*) filter (where answered_at is not null)::int as answered,
              count(*) filter (where answered_at <= due_at)::int as "onTime"
         from dsr_requests where company_id = $1 and received_at >= $2 and received_at < $3`,
      [companyId, p.start, p.end],
    );
    const [{ median }] = await q.query<{ median: number | null }>(
      `select percentile_cont(0.5) within group (order by floor(extract(epoch from answered_at - received_at) / 86400)) as median
         from dsr_requests where company_id = $1 and answered_at is not null
          and date_trunc('month', received_at at time zone 'Asia/Bangkok') between date_trunc('month', $2::date) and $3::date`,
      [companyId, p.from, p.to],
    );
    const byStatus = await q.query<{ statusId: number; n: number }>(
      `select status_id as "statusId", count(*)::int as n from dsr_requests
        where company_id = $1 and received_at >= $2 and received_at < $3 group by 1 order by 1`,
      [companyId, p.start, p.end],
    );
    const byRight = await q.query<{ right: string; n: number }>(
      `select r as right, count(*)::int as n from dsr_requests, unnest(rights) r
        where company_id = $1 and received_at >= $2 and received_at < $3 group by 1`,
      [companyId, p.start, p.end],
    );
    expect({ ...summary, byRight: [...summary.byRight].sort((a, b) => a.right.localeCompare(b.right)) }).toEqual({
      ...plain,
      onTimeRate: plain.answered ? Math.round(((plain.onTime as number) / (plain.answered as number)) * 1000) / 10 : null,
      medianDays: median === null ? null : Number(median),
      byStatus,
      byRight: byRight.sort((a, b) => a.right.localeCompare(b.right)),
    });

    const expire = await expireDsr(q, companyId);
    const [counts] = await q.query<{ overdue: number; due_soon: number }>(
      `select count(*) filter (where due_at < now())::int as overdue,
              count(*) filter (where due_at >= now() and due_at < now() + interval '7 days')::int as due_soon
         from dsr_requests where company_id = $1 and status_id in (1, 2, 3)`,
      [companyId],
    );
    const nearest = await q.query<{ id: string }>(
      `select id from dsr_requests where company_id = $1 and status_id in (1, 2, 3) and due_at < now() + interval '7 days'
        order by due_at, id limit 10`,
      [companyId],
    );
    expect({ overdue: expire.overdue, dueSoon: expire.dueSoon, ids: expire.data.map((r) => r._id) }).toEqual({
      overdue: counts.overdue,
      dueSoon: counts.due_soon,
      ids: nearest.map((r) => r.id),
    });

    const stats = await sumStat(q, companyId, p, (menu) => menu === 'consents', 'en');
    const [{ open }] = await q.query<{ open: number }>(
      'select count(*)::int as open from dsr_requests where company_id = $1 and status_id in (1, 2, 3)',
      [companyId],
    );
    expect(stats.data.find((s) => s.key === 'dsr_open')?.stat).toBe(open);
  });
}

const periods = () => {
  const today = periodOf({}).to;
  const day = (n: number) =>
    addDays(new Date(`${today}T00:00:00Z`), n)
      .toISOString()
      .slice(0, 10);
  return [
    periodOf({}),
    periodOf({ from: day(-20), to: today }),
    periodOf({ from: day(-200), to: day(-45) }),
    periodOf({ from: day(-3), to: day(10) }),
  ];
};

describe.each(testDatabases('dsrfeed_rollups', { poolSize: 6 }))('the DSR roll-ups and feeds on $name', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let companyId: string;
  let otherId: string;
  let formId: string;
  const random = seededRandom(18);

  beforeAll(async () => {
    ({ db, drop } = await target.open());
    await migrate(db);
    const made = await Promise.all(
      ['RU1', 'RU2'].map((code) => db.tx((q) => createCompany(q, `${code}${Math.floor(Math.random() * 1e6)}`, { nameTh: 'ทดสอบคำขอ' }))),
    );
    [companyId, otherId] = made.map((m) => m.companyId);
    const forms = await Promise.all(
      [companyId, otherId].map((c) =>
        db.query<{ id: string }>(`insert into dsr_forms (company_id, name, rights, texts) values ($1, 'แบบฟอร์ม', '{access}', '{}') returning id`, [
          c,
        ]),
      ),
    );
    formId = forms[0][0].id;
    await insertRequests(db, companyId, formId, random, 600);
    await insertRequests(db, otherId, forms[1][0].id, random, 200);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('as inserted: the roll-ups hold the same groups as the requests, and every feed figure equals the plain count', async () => {
    await rollupsAgree(db, companyId);
    await rollupsAgree(db, otherId);
    for (const p of periods()) await feedsAgree(db, companyId, p);
  });

  it('after state changes, reopening, extensions, late answers, deletions and bulk statements: still equal', async () => {
    for (let round = 0; round < 3; round++) {
      await shuffle(db, companyId, random);
      await rollupsAgree(db, companyId);
      for (const p of periods()) await feedsAgree(db, companyId, p);
    }
    await rollupsAgree(db, otherId);
  }, 120_000);

  it('a change in a transaction rolled back leaves the roll-ups as they were', async () => {
    const before = await db.query('select * from dsr_open_due where company_id = $1 order by due_day, received_day', [companyId]);
    await expect(
      db.tx(async (q) => {
        await q.query('update dsr_requests set status_id = 7 where company_id = $1', [companyId]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.query('select * from dsr_open_due where company_id = $1 order by due_day, received_day', [companyId])).toEqual(before);
  });

  it('concurrent transactions (as two server processes would send) moving requests of the same days keep the roll-ups right', async () => {
    const ids = (
      await db.query<{ id: string }>('select id from dsr_requests where company_id = $1 and status_id in (1, 2, 3) order by received_at limit 60', [
        companyId,
      ])
    ).map((r) => r.id);
    const failures: unknown[] = [];
    await Promise.all(
      ids.map((id, i) =>
        db
          .tx(async (q) => {
            await q.query('select id from dsr_requests where company_id = $1 and id = $2 for update', [companyId, id]);
            // one change per transaction, as the routes make them: an answer, or an extension
            if (i % 3 === 0)
              await q.query(`update dsr_requests set due_at = due_at + interval '10 days' where company_id = $1 and id = $2`, [companyId, id]);
            else await q.query('update dsr_requests set status_id = $3 where company_id = $1 and id = $2', [companyId, id, i % 2 ? 4 : 6]);
          })
          .catch((err: unknown) => failures.push(err)),
      ),
    );
    expect(failures).toEqual([]);
    await rollupsAgree(db, companyId);
    for (const p of periods()) await feedsAgree(db, companyId, p);
  }, 60_000);

  it('deleting a company takes its requests out of the roll-ups; the other company is untouched', async () => {
    const otherBefore = await db.query('select * from dsr_open_due where company_id = $1 order by due_day, received_day', [otherId]);
    await db.query('delete from dsr_requests where company_id = $1', [companyId]);
    const [{ left }] = await db.query<{ left: number }>(
      `select ((select count(*) from dsr_daily where company_id = $1 and n <> 0) + (select count(*) from dsr_close_monthly where company_id = $1 and n <> 0)
              + (select count(*) from dsr_open_due where company_id = $1 and n <> 0))::int as left`,
      [companyId],
    );
    expect(left).toBe(0);
    expect(await db.query('select * from dsr_open_due where company_id = $1 order by due_day, received_day', [otherId])).toEqual(otherBefore);
    await feedsAgree(db, companyId, periodOf({}));
  });
});
