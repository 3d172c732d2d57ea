import { expect } from 'vitest';
import type { z } from 'zod';
import {
  consentCountReply,
  databreachListReply,
  expireConsentReply,
  expireDsrReply,
  fetchGraphReply,
  postureReply,
  riskListReply,
  sumStatReply,
  summaryDsrReply,
  type DashboardFeed,
} from '../../../contract/dashboard';
import { dsrTaskOnTimeReply } from '../../../contract/dsrTasks';
import type { Reply } from '../client';
import { expectFailure, type Ctx } from '../expectations';
import { kinds } from '../kinds';

const SCHEMAS: Record<DashboardFeed, z.ZodType> = {
  'sum-stat': sumStatReply,
  'fetch-graph': fetchGraphReply,
  'summary-dsr': summaryDsrReply,
  'expire-dsr': expireDsrReply,
  'expire-consent': expireConsentReply,
  'consent-count': consentCountReply,
  'risk-list': riskListReply,
  'databreach-list': databreachListReply,
  posture: postureReply,
  'dsr-task-on-time': dsrTaskOnTimeReply,
};
/** A period wide enough for every demo record. */
const WIDE = '?from=2024-01-01&to=2026-12-31';
const FEEDS = Object.keys(SCHEMAS) as DashboardFeed[];
/** The feeds about requests and consents: menu 5's. */
const MENU5_FEEDS: DashboardFeed[] = ['fetch-graph', 'summary-dsr', 'expire-dsr', 'expire-consent', 'consent-count'];

/**
 * The dashboard (`GET /user/dashboard/*`, menu 2): shapes on every backend; on the server the counts
 * against the demo data and rows made here, the menus (no DSR figures without menu 5) and the company.
 */
export function dashboardCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const get = (feed: string, token: string, query = '') => ctx.api.get(`/user/dashboard/${feed}${query}`, { token });
  const ok = <T extends z.ZodType>(reply: Reply, schema: T): z.infer<T> => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };
  const admin = () => ctx.demoAdmin.access_token;
  const one = async (sql: string, params: unknown[]) => Number((await ctx.db!.query<{ n: string | number }>(sql, params))[0].n);
  const demoId = async () => (await ctx.db!.query<{ id: string }>(`select id from companies where code = 'DEMO'`))[0].id;
  const siamId = async () => (await ctx.db!.query<{ id: string }>(`select id from companies where code = 'SIAM'`))[0].id;

  shape.describe('dashboard feeds', () => {
    shape.it.each(FEEDS)('%s answers its shape to the admin', async (feed) => {
      ok(await get(feed, admin()), SCHEMAS[feed]);
      ok(await get(feed, admin(), '?from=2026-01-01&to=2026-01-20'), SCHEMAS[feed]);
    });

    rule.it('summary-dsr and fetch-graph answer a month by day, a quarter by week', async () => {
      const byDay = ok(await get('fetch-graph', admin(), '?from=2026-03-01&to=2026-03-31'), fetchGraphReply);
      expect(byDay.unit).toBe('day');
      expect(byDay.points).toHaveLength(31);
      expect(byDay.points[0].bucket).toBe('2026-03-01');
      expect(ok(await get('fetch-graph', admin(), '?from=2026-01-01&to=2026-03-31'), fetchGraphReply).unit).toBe('week');
      expect(ok(await get('summary-dsr', admin()), summaryDsrReply).data).toHaveLength(1);
    });

    shape.it('refuses a period that ends before it starts, and a day that is not one (400)', async () => {
      expectFailure(await get('sum-stat', admin(), '?from=2026-03-02&to=2026-03-01'), 400);
      expectFailure(await get('sum-stat', admin(), '?from=yesterday'), 400);
      expectFailure(await get('posture', admin(), '?departmentId=not-a-uuid'), 400);
    });

    shape.it('a person without menu 5 gets no request or consent figures', async () => {
      const contact = ctx.demoContact.access_token;
      for (const feed of MENU5_FEEDS) expectFailure(await get(feed, contact), 403);
      const stats = ok(await get('sum-stat', contact), sumStatReply);
      expect(stats.data.map((s) => s.key)).not.toContain('dsr_open');
      expect(stats.data.map((s) => s.key)).not.toContain('consents');
      const posture = ok(await get('posture', contact), postureReply);
      expect(posture.data.map((p) => p.key)).toEqual(['dpo']);
      expectFailure(await get('risk-list', contact), 403);
      expectFailure(await get('databreach-list', contact), 403);
    });

    shape.it('the viewer (no menu 18) gets no risk list; without a session nothing', async () => {
      expectFailure(await get('risk-list', ctx.demoViewer.access_token), 403);
      ok(await get('summary-dsr', ctx.demoViewer.access_token), summaryDsrReply);
      expectFailure(await ctx.api.get('/user/dashboard/sum-stat'), 401);
    });
  });

  rule.describe('dashboard figures (server)', () => {
    rule.it('sum-stat counts what the modules hold for the demo company', async () => {
      const c = await demoId();
      const stats = Object.fromEntries(ok(await get('sum-stat', admin()), sumStatReply).data.map((s) => [s.key, s]));
      expect(stats.dsr_open.stat).toBe(await one('select count(*) as n from dsr_requests where company_id = $1 and status_id in (1, 2, 3)', [c]));
      expect(stats.dsr_open.stat).toBeGreaterThan(0);
      expect(stats.breach_open.stat).toBe(await one(`select count(*) as n from breaches where company_id = $1 and status <> 'closed'`, [c]));
      expect(stats.ropa.total).toBe(await one('select count(*) as n from ropa_activities where company_id = $1', [c]));
      expect(stats.ropa.stat).toBe(await one(`select count(*) as n from ropa_activities where company_id = $1 and state = 'approved'`, [c]));
      // the ROPA dashboard's own figure is the same fact
      const sumropa = (await ctx.api.get('/ropa/fetch/sumropa', { token: admin() })).body as { sumropa: { approved: number } };
      expect(stats.ropa.stat).toBe(sumropa.sumropa.approved);
    });

    rule.it('summary-dsr: states, rights, overdue and on-time agree with the requests', async () => {
      const c = await demoId();
      const [s] = ok(await get('summary-dsr', admin(), WIDE), summaryDsrReply).data;
      const within = `company_id = $1 and received_at >= '2024-01-01' and received_at < '2027-01-01'`;
      expect(s.total).toBe(await one(`select count(*) as n from dsr_requests where ${within}`, [c]));
      expect(s.overdue).toBe(await one(`select count(*) as n from dsr_requests where ${within} and status_id in (1, 2, 3) and due_at < now()`, [c]));
      expect(s.byStatus.reduce((a, b) => a + b.n, 0)).toBe(s.total);
      expect(s.answered).toBe(await one(`select count(*) as n from dsr_requests where ${within} and status_id in (4, 5, 6, 7)`, [c]));
    });

    rule.it('a request moved to fulfilled is answered from then; a consent given counts at once (the daily roll-up)', async () => {
      const c = await demoId();
      const before = ok(await get('consent-count', admin()), consentCountReply);
      // one more consent, copied from a demo record (the records are append-only)
      await ctx.db!.query(
        `insert into consent_records (company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, subject_id, email, action, channel, lang)
         select company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, 'dash-' || gen_random_uuid(), email, 'given', channel, lang
           from consent_records where company_id = $1 and channel = 'web' limit 1`,
        [c],
      );
      const after = ok(await get('consent-count', admin()), consentCountReply);
      expect(after.given).toBe(before.given + 1);
      const [open] = await ctx.db!.query<{ id: string }>('select id from dsr_requests where company_id = $1 and status_id = 3 limit 1', [c]);
      if (open) {
        await ctx.db!.query('update dsr_requests set status_id = 4 where id = $1', [open.id]);
        const [row] = await ctx.db!.query<{ answered_at: Date | null }>('select answered_at from dsr_requests where id = $1', [open.id]);
        expect(row.answered_at).not.toBeNull();
        // the roll-up moved the request from its old state to its new one
        const [moved] = ok(await get('summary-dsr', admin(), WIDE), summaryDsrReply).data;
        const states = await ctx.db!.query<{ status_id: number; n: number }>(
          `select status_id, count(*)::int as n from dsr_requests where company_id = $1 and received_at >= '2024-01-01' group by 1 order by 1`,
          [c],
        );
        expect(moved.byStatus).toEqual(states.map((x) => ({ statusId: x.status_id, n: x.n })));
        await ctx.db!.query('update dsr_requests set status_id = 3 where id = $1', [open.id]);
        const [back] = await ctx.db!.query<{ answered_at: Date | null }>('select answered_at from dsr_requests where id = $1', [open.id]);
        expect(back.answered_at).toBeNull();
      }
    });

    rule.it('expire-consent: a consent whose re-consent falls due in 10 days counts until it is withdrawn', async () => {
      const c = await demoId();
      const before = ok(await get('expire-consent', admin()), expireConsentReply);
      const subject = `dash-reconsent-${Date.now()}`;
      // the demo notice asks again every year: a consent given 355 days ago falls due in 10 days
      const copy = (action: string, daysAgo: number) =>
        ctx.db!.query(
          `insert into consent_records (company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, subject_id, email, action, channel, lang, created_at)
           select company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, $2, $2 || '@example.com', $3, channel, lang,
                  now() - make_interval(days => $4)
             from consent_records where company_id = $1 and channel = 'web' and action = 'given' order by created_at limit 1`,
          [c, subject, action, daysAgo],
        );
      await copy('given', 355);
      const [row] = await ctx.db!.query<{ reconsent_on: string; due: string }>(
        `select reconsent_on::text, ((now() at time zone 'Asia/Bangkok')::date + 10)::text as due from consent_records where subject_id = $1`,
        [subject],
      );
      expect(row.reconsent_on).toBe(row.due);
      const after = ok(await get('expire-consent', admin()), expireConsentReply);
      expect(after.total).toBe(before.total + 1);
      expect(after.reconsentDue).toBe(before.reconsentDue + 1);
      expect(after.data.find((d) => d.reconsent !== null)?.reconsent).toEqual({ number: 1, unit: 'ปี' });
      // the figures open the records list with `expiring`: exactly the consents they count
      const listed = async (query: string) => {
        const reply = await ctx.api.get(`/consents/manage/list?limit=100&expiring=true${query}`, { token: admin() });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        return reply.body as { totalItem: { count: number }; consentlist: { subjectId: string }[] };
      };
      expect((await listed('')).totalItem.count).toBe(after.total);
      for (const d of after.data) expect((await listed(`&formId=${d.formId}`)).totalItem.count).toBe(d.n);
      expect((await listed('')).consentlist.map((r) => r.subjectId)).toContain(subject);
      await copy('withdrawn', 1);
      const withdrawn = ok(await get('expire-consent', admin()), expireConsentReply);
      expect([withdrawn.total, withdrawn.reconsentDue]).toEqual([before.total, before.reconsentDue]);
      expect((await listed('')).consentlist.map((r) => r.subjectId)).not.toContain(subject);
    });

    rule.it('databreach-list reads the 72-hour clock as the breach list does', async () => {
      const d = ok(await get('databreach-list', admin()), databreachListReply);
      // a page wide enough for every open breach the suite made (the list's default page is 20)
      const query = new URLSearchParams({ filter: JSON.stringify({ open: true }), range: '[0,99]' });
      const list = (await ctx.api.get(`/databreach?${query}`, { token: admin() })).body as {
        data: { id: string; clock: { state: string; hoursLeft: number } }[];
        total: number;
      };
      expect(d.open).toBe(list.total);
      for (const b of d.data) expect(list.data.find((x) => x.id === b.id)?.clock.state).toBe(b.clock);
    });

    rule.it('each figure opens exactly the rows it counts: the lists filter as the figures count', async () => {
      const c = await demoId();
      const dsrTotal = async (query: Record<string, string>) => {
        const reply = await ctx.api.get(`/consents/datasubject/list?${new URLSearchParams({ currentPage: '1', limit: '1', ...query })}`, {
          token: admin(),
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        return (reply.body as { totalItem: number }).totalItem;
      };
      const breachTotal = async (filter: Record<string, unknown>) => {
        const reply = await ctx.api.get(`/databreach?filter=${encodeURIComponent(JSON.stringify(filter))}`, { token: admin() });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        return (reply.body as { total: number }).total;
      };
      // a request due in 3 days and a breach notified late, so no figure is trivially all or nothing
      const [{ id: form }] = await ctx.db!.query<{ id: string }>('select id from dsr_forms where company_id = $1 limit 1', [c]);
      const [{ id: soon }] = await ctx.db!.query<{ id: string }>(
        `insert into dsr_requests (company_id, form_id, reference_code, status_id, rights, requester_type, subject, email, received_at, due_at)
         values ($1, $2, 'DSR-FIG-' || substr(md5(random()::text), 1, 8), 2, '{access}', 'subject', '{"firstname":"ทดสอบ","lastname":"ตัวเลข"}',
                 'figure@example.com', now() - interval '27 days', now() + interval '3 days') returning id`,
        [c, form],
      );
      try {
        const stats = Object.fromEntries(ok(await get('sum-stat', admin()), sumStatReply).data.map((x) => [x.key, x]));
        expect(await dsrTotal({ open: 'true' })).toBe(stats.dsr_open.stat);
        expect(stats.dsr_open.stat).toBeLessThan(await dsrTotal({}));

        const expire = ok(await get('expire-dsr', admin()), expireDsrReply);
        expect(expire.dueSoon).toBeGreaterThan(0);
        expect(await dsrTotal({ dueSoon: 'true' })).toBe(expire.dueSoon);
        expect(await dsrTotal({ overdue: 'true' })).toBe(expire.overdue);

        for (const [from, to] of [
          ['2024-01-01', '2026-12-31'],
          ['2026-01-01', '2026-06-30'],
        ]) {
          const period = `?from=${from}&to=${to}`;
          const [s] = ok(await get('summary-dsr', admin(), period), summaryDsrReply).data;
          expect(await dsrTotal({ from, to }), period).toBe(s.total);
          expect(await dsrTotal({ open: 'true', from, to }), period).toBe(s.open);
          expect(await dsrTotal({ overdue: 'true', from, to }), period).toBe(s.overdue);
          for (const b of s.byStatus) expect(await dsrTotal({ statusId: String(b.statusId), from, to }), period).toBe(b.n);

          const d = ok(await get('databreach-list', admin(), period), databreachListReply);
          expect(await breachTotal({ notified: true, from, to }), period).toBe(d.notified);
        }
        const wide = ok(await get('databreach-list', admin(), WIDE), databreachListReply);
        expect(wide.notified).toBeGreaterThan(0);
        expect(wide.notified).toBeLessThan(await breachTotal({}));

        // a day that is not one is refused, not a 500
        expectFailure(await ctx.api.get('/consents/datasubject/list?from=2026-02-30', { token: admin() }), 400);
        expectFailure(await ctx.api.get(`/databreach?filter=${encodeURIComponent(JSON.stringify({ to: '2026-13-01' }))}`, { token: admin() }), 400);
      } finally {
        await ctx.db!.query('delete from dsr_requests where id = $1', [soon]);
      }
    });

    rule.it('each company sees only its own figures', async () => {
      const s = await siamId();
      const siam = Object.fromEntries(ok(await get('sum-stat', ctx.siamAdmin.access_token), sumStatReply).data.map((x) => [x.key, x]));
      expect(siam.dsr_open.stat).toBe(await one('select count(*) as n from dsr_requests where company_id = $1 and status_id in (1, 2, 3)', [s]));
      expect(siam.ropa.total).toBe(await one('select count(*) as n from ropa_activities where company_id = $1', [s]));
      const siamConsents = ok(await get('consent-count', ctx.siamAdmin.access_token, WIDE), consentCountReply);
      expect(siamConsents.given).toBe(
        await one(
          `select coalesce(sum(n), 0) as n from consent_daily where company_id = $1 and action = 'given' and day between '2024-01-01' and '2026-12-31'`,
          [s],
        ),
      );
      const demoConsents = ok(await get('consent-count', admin()), consentCountReply);
      const demoForms = new Set(demoConsents.data.map((x) => x.formId));
      for (const x of siamConsents.data) expect(demoForms.has(x.formId)).toBe(false);
    });

    rule.it('the board report is a PDF', async () => {
      const reply = await ctx.api.get('/user/dashboard/board-report', { token: admin() });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('application/pdf');
      expect(reply.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
}
