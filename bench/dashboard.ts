/**
 * The dashboard's feeds over a big company on PostgreSQL: 1,000,000 consent records, 100,000 data
 * subject requests and 10,000 ROPA activities (plus 1,000 breaches and 2,000 rated risks), made with
 * INSERT ... SELECT generate_series. Each feed (server/modules/dashboard/feeds.ts, the functions the
 * routes call) is timed one call after another; its p50 and p99 are printed with a ratio against a
 * baseline measured in the same process: one request read by its primary key. Beside the feeds that
 * read roll-ups, the same figures counted plainly over the rows (what the roll-ups replace) are timed
 * too, in the same run, a few calls each.
 *
 *   BENCH_ONLY=dashboard npm run bench                 1,000,000 / 100,000 / 10,000, 40 calls per feed
 *   BENCH_ONLY=dashboard BENCH_SHORT=1 npm run bench   100,000 / 10,000 / 1,000, 15 calls per feed
 *
 * The target is a p50 of 50 ms or less per feed; the machine may be shared, so the figures are as
 * measured, and the exit code does not depend on them.
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDb, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { createCompany } from '../server/modules/company/create';
import * as feeds from '../server/modules/dashboard/feeds';
import { periodOf } from '../server/modules/dashboard/period';
import { databaseUrl, logFor, timed } from './common';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const CONSENTS = Number(process.env.BENCH_CONSENTS ?? (SHORT ? 100_000 : 1_000_000));
const DSRS = Number(process.env.BENCH_DSRS ?? (SHORT ? 10_000 : 100_000));
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? (SHORT ? 1_000 : 10_000));
const CALLS = SHORT ? 15 : 40;
const TARGET_MS = 50;

const log = logFor('dashboard');

export async function fill(db: Db, companyId: string) {
  const c = [companyId];
  const [form] = await db.query<{ id: string }>(
    `insert into consent_forms (company_id, form_ref, draft) values ($1, $2, '{"header":{"projectName":"แบบฟอร์มทดสอบความเร็ว"}}') returning id`,
    [companyId, randomBytes(8).toString('hex')],
  );
  const content = {
    draft: {
      header: { projectName: 'แบบฟอร์มทดสอบความเร็ว' },
      consent: { purposes: ['p1', 'p2', 'p3', 'p4', 'p5'].map((_id) => ({ _id, list: [], hash: _id })) },
      security: { typeCount: 'ปี', number: 1, remark: '' },
      reconsent: { typeCount: 'เดือน', number: 6 },
    },
    items: {},
  };
  const [version] = await db.query<{ id: string }>(
    `insert into consent_form_versions (company_id, form_id, version, content, text_hash) values ($1, $2, 1, $3, 'h') returning id`,
    [companyId, form.id, JSON.stringify(content)],
  );
  let t = performance.now();
  await db.query(
    `insert into consent_records (company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, subject_id, email, action, channel, lang, created_at)
     select $1, $2, $3, 1, 'h', 'p' || (1 + i % 5), 'p' || (1 + i % 5), 's' || i, 's' || i || '@bench.example',
            case when i % 9 = 0 then 'withdrawn' else 'given' end, 'web', 'th', now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
       from generate_series(1, $4) i`,
    [companyId, form.id, version.id, CONSENTS],
  );
  log(`${CONSENTS.toLocaleString('en')} consent records (and their daily roll-up) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const [dsrForm] = await db.query<{ id: string }>(
    `insert into dsr_forms (company_id, name, rights, texts) values ($1, 'แบบฟอร์มคำขอ', '{access,erasure}', '{}') returning id`,
    c,
  );
  t = performance.now();
  await db.query(
    `insert into dsr_requests (company_id, form_id, reference_code, status_id, rights, requester_type, subject, email, received_at, due_at, answered_at)
     select $1, $2, 'BENCH-DSR-' || i, s, r, 'subject', '{}', 'r' || i || '@bench.example', at, at + interval '30 days',
            case when s >= 4 then at + (i % 45) * interval '1 day' end
       from (select i, 1 + i % 7 as s,
                    case i % 5 when 0 then '{access}'::text[] when 1 then '{erasure}'::text[] when 2 then '{access,portability}'::text[]
                      when 3 then '{objection}'::text[] else '{rectification}'::text[] end as r,
                    now() - (i % 365) * interval '1 day' as at
               from generate_series(1, $3) i) g`,
    [companyId, dsrForm.id, DSRS],
  );
  log(`${DSRS.toLocaleString('en')} requests in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  await db.query(
    `insert into ropa_activities (company_id, name, state, missing_count, review_date)
     select $1, 'กิจกรรม ' || i, (array['draft', 'review', 'approved', 'archived'])[1 + i % 4], i % 3, current_date + (i % 400 - 30)
       from generate_series(1, $2) i`,
    [companyId, ACTIVITIES],
  );
  await db.query(
    `insert into breaches (company_id, code, title, status, aware_at, cia, risk_level, office_notified_at)
     select $1, 'BENCH-BR-' || i, 'เหตุละเมิด ' || i, (array['discovered', 'assessing', 'notified', 'contained', 'closed'])[1 + i % 5],
            now() - (i % 365) * interval '1 day', '{}', 'risk', case when i % 2 = 0 then now() - (i % 365) * interval '1 day' + (i % 100) * interval '1 hour' end
       from generate_series(1, 1000) i`,
    c,
  );
  await db.query(`insert into risk_master (company_id, type, name) select $1, 1, 'ความเสี่ยง ' || i from generate_series(1, 2000) i`, c);
  const [evaluation] = await db.query<{ id: string }>(
    `insert into risk_evaluations (company_id, name, status) values ($1, 'ประเมิน', 'completed') returning id`,
    c,
  );
  await db.query(
    `insert into risk_evaluation_items (evaluation_id, company_id, position, risk_id, code, owner, due_date)
     select $2, $1, row_number() over (), id, (array['L', 'M', 'H', 'VH'])[1 + (row_number() over ())::int % 4], 'เจ้าของ', current_date + 30
       from risk_master where company_id = $1`,
    [companyId, evaluation.id],
  );
  log(`${ACTIVITIES.toLocaleString('en')} ROPA activities, 1,000 breaches, 2,000 rated risks`);
  await db.query('vacuum analyze');
}

const time = (fn: () => Promise<unknown>, calls = CALLS) => timed(calls, fn, Math.min(3, calls));

/** The figures the roll-ups replace, counted over the rows themselves (the queries the feeds ran before). */
const PLAIN: [string, string][] = [
  [
    'summary-dsr',
    `select count(*), count(*) filter (where status_id in (1, 2, 3) and due_at < now()), count(*) filter (where answered_at <= due_at),
            percentile_cont(0.5) within group (order by floor(extract(epoch from answered_at - received_at) / 86400))
       from dsr_requests where company_id = $1 and received_at >= now() - interval '1 year'`,
  ],
  [
    'expire-dsr',
    `select count(*) filter (where due_at < now()), count(*) filter (where due_at >= now())
       from dsr_requests where company_id = $1 and status_id in (1, 2, 3) and due_at < now() + interval '7 days'`,
  ],
  [
    'expire-consent',
    `select count(*) from (select distinct on (form_id, subject_id, email, purpose_id) action, retain_until, reconsent_on
                             from consent_records where company_id = $1 order by form_id, subject_id, email, purpose_id, created_at desc, id desc) c
      where action = 'given' and (retain_until between current_date and current_date + 29 or reconsent_on between current_date and current_date + 29)`,
  ],
];

export async function dashboardBench() {
  const name = `pdpa_bench_dash_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  let db: Db | undefined;
  try {
    db = await openDb({ databaseUrl: databaseUrl(name), poolSize: 4 });
    await migrate(db);
    const { companyId } = await db.tx((q) => createCompany(q, 'BENCH', { nameTh: 'บริษัททดสอบความเร็ว' }));
    await fill(db, companyId);
    const q = db;
    const [someDsr] = await q.query<{ id: string }>('select id from dsr_requests where company_id = $1 limit 1', [companyId]);
    const { p50: baseline, p99: baseline99 } = await time(() => q.query('select * from dsr_requests where id = $1', [someDsr.id]));
    log(
      `baseline (one request by its primary key): p50 ${baseline.toFixed(2)} ms, p99 ${baseline99.toFixed(2)} ms; ${CALLS} calls per feed after 3 warm-up calls`,
    );
    const period = periodOf({});
    const has: feeds.Has = () => true;
    const runs: [string, () => Promise<unknown>][] = [
      ['sum-stat', () => feeds.sumStat(q, companyId, period, has, 'th')],
      ['fetch-graph', () => feeds.fetchGraph(q, companyId, period)],
      ['summary-dsr', () => feeds.summaryDsr(q, companyId, period)],
      ['expire-dsr', () => feeds.expireDsr(q, companyId)],
      ['expire-consent', () => feeds.expireConsent(q, companyId)],
      ['consent-count', () => feeds.consentCount(q, companyId, period, 'th')],
      ['risk-list', () => feeds.riskList(q, companyId)],
      ['databreach-list', () => feeds.databreachList(q, companyId, period)],
      ['posture', () => feeds.posture(q, companyId, period, has)],
    ];
    let all = 0;
    for (const [feed, fn] of runs) {
      const { p50: ms, p99 } = await time(fn);
      all += ms;
      log(
        `${feed.padEnd(16)} p50 ${ms.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  ${(ms / baseline).toFixed(1).padStart(6)}x baseline  ${ms <= TARGET_MS ? 'within' : 'OVER'} ${TARGET_MS} ms`,
      );
    }
    log(`all nine one after another: ${all.toFixed(0)} ms (the page asks for them in parallel)`);
    const [summary] = (await feeds.summaryDsr(q, companyId, period)).data;
    const expiring = await feeds.expireDsr(q, companyId);
    const consents = await feeds.expireConsent(q, companyId);
    log(
      `figures: summary-dsr total ${summary.total}, open ${summary.open}, overdue ${summary.overdue}, median ${summary.medianDays} days; ` +
        `expire-dsr due in 7 days ${expiring.dueSoon}, overdue ${expiring.overdue}; ` +
        `expire-consent ${consents.total} (retention ${consents.retentionEnds}, re-consent ${consents.reconsentDue})`,
    );
    for (const [feed, sql] of PLAIN) {
      const { p50: ms, p99 } = await time(() => q.query(sql, [companyId]), 5);
      log(
        `${feed.padEnd(16)} counted plainly over the rows (no roll-up), 5 calls: p50 ${ms.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms`,
      );
    }
  } finally {
    await db?.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}
