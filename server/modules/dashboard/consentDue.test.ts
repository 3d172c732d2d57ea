import { addDays, addMonths, addYears } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_EXPIRE_DAYS } from '../../../contract/dashboard';
import type { Db, Queryable } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createCompany } from '../company/create';
import { testDatabases } from '../../db/testDatabases';
import { seededRandom } from '../../db/testRandom';
import { expireConsent } from './feeds';

/**
 * `expire-consent` counts the consents in force whose retention ends or whose re-consent falls due
 * within 30 days. Each record's two days are computed at insert from the version it was given under;
 * the roll-ups consent_current and consent_due are kept by the insert trigger. Here: random records
 * (given and withdrawn, several for one subject's purpose in one statement, some dated before ones
 * already stored) against the plain queries over the records.
 */

type Unit = 'วัน' | 'เดือน' | 'ปี';
type Period = { number: number | null; typeCount: Unit } | undefined;
const DAY = 86_400_000;

/** The Bangkok day of `at` plus `period`, as PostgreSQL's date + interval gives it; null without a period. */
function periodEnd(at: Date, period: Period): string | null {
  if (!period?.number) return null;
  const day = new Date(`${new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10)}T00:00:00Z`);
  const add = period.typeCount === 'ปี' ? addYears : period.typeCount === 'เดือน' ? addMonths : addDays;
  return add(day, period.number).toISOString().slice(0, 10);
}

interface Version {
  id: string;
  formId: string;
  security: Period;
  reconsent: Period;
}

async function makeNotice(q: Queryable, companyId: string, name: string, versions: { security: Period; reconsent: Period }[]) {
  const [form] = await q.query<{ id: string }>(`insert into consent_forms (company_id, form_ref, draft) values ($1, $2, '{}') returning id`, [
    companyId,
    `${name}-${Math.floor(Math.random() * 1e9)}`,
  ]);
  const made: Version[] = [];
  for (const [i, v] of versions.entries()) {
    // a version of old has no `reconsent` at all
    const draft = { header: { projectName: name }, security: { ...v.security, remark: '' }, ...(v.reconsent ? { reconsent: v.reconsent } : {}) };
    const [row] = await q.query<{ id: string }>(
      `insert into consent_form_versions (company_id, form_id, version, content, text_hash) values ($1, $2, $3, $4, 'h') returning id`,
      [companyId, form.id, i + 1, JSON.stringify({ draft, purposes: [] })],
    );
    made.push({ id: row.id, formId: form.id, ...v });
  }
  return made;
}

describe.each(testDatabases('dsrfeed_consentdue', { poolSize: 4 }))('consent retention and re-consent days on $name', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let companyId: string;
  let versions: Version[];
  const random = seededRandom(30);
  const expected = new Map<string, { retain: string | null; reconsent: string | null }>();

  async function insert(rows: { v: Version; subject: string; purpose: string; action: 'given' | 'withdrawn'; at: Date }[]) {
    const ids = await db.query<{ id: string }>(
      `insert into consent_records (company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, subject_id, email, action, channel, lang, created_at)
       select $1, (r->>'form')::uuid, (r->>'version')::uuid, 1, 'h', r->>'purpose', 'h', r->>'subject', r->>'subject' || '@example.com',
              r->>'action', 'web', 'th', (r->>'at')::timestamptz
         from jsonb_array_elements($2::jsonb) with ordinality as x(r, i) order by i
       returning id`,
      [
        companyId,
        JSON.stringify(rows.map((r) => ({ form: r.v.formId, version: r.v.id, purpose: r.purpose, subject: r.subject, action: r.action, at: r.at }))),
      ],
    );
    ids.forEach(({ id }, i) => {
      const r = rows[i];
      expected.set(
        id,
        r.action === 'given'
          ? { retain: periodEnd(r.at, r.v.security), reconsent: periodEnd(r.at, r.v.reconsent) }
          : { retain: null, reconsent: null },
      );
    });
  }

  const randomRow = () => ({
    v: versions[Math.floor(random() * versions.length)],
    subject: `s${Math.floor(random() * 60)}`,
    purpose: random() < 0.5 ? 'p1' : 'p2',
    action: (random() < 0.75 ? 'given' : 'withdrawn') as 'given' | 'withdrawn',
    at: new Date(Date.now() - Math.floor(random() * 420 * DAY)),
  });

  beforeAll(async () => {
    ({ db, drop } = await target.open());
    await migrate(db);
    ({ companyId } = await db.tx((q) => createCompany(q, `CD${Math.floor(Math.random() * 1e6)}`, { nameTh: 'ทดสอบความยินยอม' })));
    versions = [
      ...(await makeNotice(db, companyId, 'สมาชิก', [
        { security: { number: 1, typeCount: 'ปี' }, reconsent: { number: 6, typeCount: 'เดือน' } },
        { security: { number: 30, typeCount: 'วัน' }, reconsent: undefined },
      ])),
      ...(await makeNotice(db, companyId, 'จดหมายข่าว', [
        { security: { number: null, typeCount: 'วัน' }, reconsent: { number: 10, typeCount: 'วัน' } },
      ])),
      ...(await makeNotice(db, companyId, 'ไม่มีกำหนด', [{ security: { number: 0, typeCount: 'ปี' }, reconsent: { number: null, typeCount: 'ปี' } }])),
    ];
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  /** Every figure against the plain queries over the records. */
  async function agree() {
    const stored = await db.query<{ id: string; retain_until: string | null; reconsent_on: string | null }>(
      `select id, retain_until::text, reconsent_on::text from consent_records where company_id = $1`,
      [companyId],
    );
    expect(stored.length).toBe(expected.size);
    for (const r of stored) expect({ retain: r.retain_until, reconsent: r.reconsent_on }, r.id).toEqual(expected.get(r.id));

    const current = `(select distinct on (form_id, subject_id, email, purpose_id) * from consent_records where company_id = $1
                       order by form_id, subject_id, email, purpose_id, created_at desc, id desc) cur`;
    expect(
      await db.query(`select form_id, subject_id, purpose_id, record_id::text from consent_current where company_id = $1 order by 1, 2, 3`, [
        companyId,
      ]),
    ).toEqual(await db.query(`select form_id, subject_id, purpose_id, id::text as record_id from ${current} order by 1, 2, 3`, [companyId]));
    expect(
      await db.query(
        `select form_id, retain_until::text, reconsent_on::text, n::int from consent_due where company_id = $1 and n <> 0 order by 1, 2, 3`,
        [companyId],
      ),
    ).toEqual(
      await db.query(
        `select form_id, coalesce(retain_until, 'infinity')::text as retain_until, coalesce(reconsent_on, 'infinity')::text as reconsent_on, count(*)::int as n
           from ${current} where action = 'given' group by 1, 2, 3 order by 1, 2, 3`,
        [companyId],
      ),
    );

    await db.tx(async (q) => {
      const feed = await expireConsent(q, companyId);
      const soon = (col: string) =>
        `${col} >= (now() at time zone 'Asia/Bangkok')::date and ${col} < (now() at time zone 'Asia/Bangkok')::date + $2::int`;
      const plain = await q.query<{ form_id: string; retention_ends: number; reconsent_due: number; n: number }>(
        `select form_id, count(*) filter (where ${soon('retain_until')})::int as retention_ends,
                count(*) filter (where ${soon('reconsent_on')})::int as reconsent_due, count(*)::int as n
           from ${current} where action = 'given' and (${soon('retain_until')} or ${soon('reconsent_on')})
          group by 1 order by 1`,
        [companyId, CONSENT_EXPIRE_DAYS],
      );
      expect(
        feed.data
          .map((d) => ({ form_id: d.formId, retention_ends: d.retentionEnds, reconsent_due: d.reconsentDue, n: d.n }))
          .sort((a, b) => a.form_id.localeCompare(b.form_id)),
      ).toEqual(plain);
      expect(feed.total).toBe(plain.reduce((a, r) => a + r.n, 0));
      expect(feed.retentionEnds).toBe(plain.reduce((a, r) => a + r.retention_ends, 0));
      expect(feed.reconsentDue).toBe(plain.reduce((a, r) => a + r.reconsent_due, 0));
      return feed;
    });
  }

  it('records given one by one and in statements of many: each carries its days, the figures equal the plain counts', async () => {
    for (let i = 0; i < 40; i++) await insert([randomRow()]);
    for (let i = 0; i < 6; i++) await insert(Array.from({ length: 30 }, randomRow));
    await agree();
    const feed = await expireConsent(db, companyId);
    // the random dates reach the window: the feed counts something under both dates, with the latest version's periods
    expect(feed.retentionEnds).toBeGreaterThan(0);
    expect(feed.reconsentDue).toBeGreaterThan(0);
    const member = feed.data.find((d) => d.projectName === 'สมาชิก');
    expect(member?.retention).toEqual({ number: 30, unit: 'วัน' });
    expect(member?.reconsent).toBeNull();
  });

  it('one subject withdrawing, giving again, several records of one purpose in one statement, and a record dated before the current one', async () => {
    const [v] = versions;
    const soon = new Date(Date.now() - 175 * DAY); // the 6-month re-consent falls in the window
    await insert([{ v, subject: 'edge', purpose: 'p1', action: 'given', at: soon }]);
    await agree();
    const counted = (await expireConsent(db, companyId)).reconsentDue;
    // withdrawn: no longer in force
    await insert([{ v, subject: 'edge', purpose: 'p1', action: 'withdrawn', at: new Date(soon.getTime() + DAY) }]);
    await agree();
    expect((await expireConsent(db, companyId)).reconsentDue).toBe(counted - 1);
    // a record dated before the withdrawal changes nothing; given again and withdrawn in one statement: the later one wins
    await insert([{ v, subject: 'edge', purpose: 'p1', action: 'given', at: new Date(soon.getTime() - DAY) }]);
    await agree();
    await insert([
      { v, subject: 'edge', purpose: 'p1', action: 'withdrawn', at: new Date(soon.getTime() + 3 * DAY) },
      { v, subject: 'edge', purpose: 'p1', action: 'given', at: new Date(soon.getTime() + 2 * DAY) },
    ]);
    await agree();
    expect((await expireConsent(db, companyId)).reconsentDue).toBe(counted - 1);
    await insert([
      { v, subject: 'edge', purpose: 'p1', action: 'given', at: new Date(soon.getTime() + 5 * DAY) },
      { v, subject: 'edge', purpose: 'p1', action: 'withdrawn', at: new Date(soon.getTime() + 4 * DAY) },
    ]);
    await agree();
    expect((await expireConsent(db, companyId)).reconsentDue).toBe(counted);
  });

  it('concurrent inserts for the same subjects (as two server processes would send) keep the roll-ups right', async () => {
    const failures: unknown[] = [];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        insert([{ ...randomRow(), subject: `busy${i % 4}`, at: new Date(Date.now() - Math.floor(random() * 200) * DAY) }]).catch((err: unknown) =>
          failures.push(err),
        ),
      ),
    );
    expect(failures).toEqual([]);
    await agree();
  });
});
