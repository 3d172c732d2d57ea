import type { z } from 'zod';
import { breachClock, BREACH_NOTIFY_HOURS } from '../../../contract/breachClock';
import {
  CONSENT_EXPIRE_DAYS,
  DSR_EXPIRE_DAYS,
  POSTURE_TARGETS,
  type PostureKey,
  type SumStatKey,
  type consentCountReply,
  type databreachListReply,
  type expireConsentReply,
  type expireDsrReply,
  type fetchGraphReply,
  type postureReply,
  type riskListReply,
  type summaryDsrReply,
} from '../../../contract/dashboard';
import { noticePeriod } from '../../../contract/consent';
import { DSR_RIGHTS, type DsrRight } from '../../../contract/dsr';
import { MENU, type MenuKey } from '../../../contract/menus';
import dashboardTexts from '../../../i18n/dashboard';
import type { Queryable } from '../../db/client';
import type { Lang } from '../../http/messages';
import { purposeLabel } from '../consent/notice';
import { latestContents } from '../consent/records';
import { AWAITING_OFFICE_NOTICE } from '../breach/clockJob';
import { staffPassCounts } from '../quiz/passRate';
import { ropaCounts } from '../ropa/dashboard';
import { transferWarningCounts } from '../transfers/rows';
import { processorWarningCount } from '../processors/rows';
import { overdueDeletions } from '../retention/due';
import { bucketsOf, type Period } from './period';
import { BANGKOK_TODAY as TODAY } from '../../db/rows';

type Body<T extends z.ZodType> = Omit<z.infer<T>, 'status'>;
/** The menus a viewer has: a figure of a module is computed only for those who may open the module. */
export type Has = (menu: MenuKey) => boolean;

/** The instant today (Bangkok) began; Bangkok keeps no summer time, so its days are 24 hours. */
const DAY0 = `((${TODAY})::timestamp at time zone 'Asia/Bangkok')`;
/** The open requests: the predicate of the partial index `dsr_requests_open_idx` (write it so, or the index is not used). */
const OPEN_DSR = 'status_id in (1, 2, 3)';
/** Open requests: the roll-up dsr_open_due (per day due and day received) holds them all. */
const OPEN_COUNT = 'select coalesce(sum(n), 0) from dsr_open_due where company_id = $1';
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);
const num = (n: string | number | null | undefined) => Number(n ?? 0);

/** Open requests and how many of them are past their due date (the open-DSR index); the summary and the main menu read it. */
export async function openDsrCounts(q: Queryable, companyId: string) {
  const [r] = await q.query<{ open: number; overdue: number }>(
    `select count(*)::int as open, count(*) filter (where due_at < now())::int as overdue from dsr_requests where company_id = $1 and ${OPEN_DSR}`,
    [companyId],
  );
  return r;
}

/** Open breaches and how many of them are past the 72-hour clock with the Office still to be told. */
export async function openBreachCounts(q: Queryable, companyId: string) {
  const [r] = await q.query<{ open: number; overdue: number }>(
    `select count(*)::int as open,
            count(*) filter (where ${AWAITING_OFFICE_NOTICE} and aware_at <= now() - make_interval(hours => $2))::int as overdue
       from breaches where company_id = $1 and status <> 'closed'`,
    [companyId, BREACH_NOTIFY_HOURS],
  );
  return r;
}

/** Documents waiting in review (the posture's figure and the main menu's). */
export async function documentsInReview(q: Queryable, companyId: string) {
  const [r] = await q.query<{ n: number }>(`select count(*)::int as n from sheet_documents where company_id = $1 and state = 'review'`, [companyId]);
  return r.n;
}

/** Whether a DPO is appointed now, and the Office informed of it. */
export async function dpoState(q: Queryable, companyId: string) {
  const [dpo] = await q.query<{ informed: boolean }>(
    'select office_informed_on is not null as informed from dpo_appointments where company_id = $1 and ended_on is null',
    [companyId],
  );
  return { appointed: dpo !== undefined, officeInformed: dpo?.informed === true };
}

/** `sum-stat`: one (text, stat) per module the viewer has. */
export async function sumStat(q: Queryable, companyId: string, p: Period, has: Has, lang: Lang) {
  const text = dashboardTexts[lang].dashboard.stat;
  const stat = (key: SumStatKey, s: number, total: number | null = null) => ({ key, text: text[key], stat: s, total });
  const one = async (sql: string, params: unknown[]) => num((await q.query<{ n: string }>(sql, params))[0]?.n);
  const parts = await Promise.all([
    has('ropa') ? ropaCounts(q, companyId, p.departmentId).then((r) => [stat('ropa', r.counts.approved, r.counts.total)]) : [],
    has('consents')
      ? Promise.all([
          openDsrCounts(q, companyId).then((r) => r.open),
          one('select count(distinct form_id) as n from consent_form_versions where company_id = $1', [companyId]),
          one('select coalesce(sum(n), 0) as n from consent_daily where company_id = $1 and day between $2 and $3', [companyId, p.from, p.to]),
        ]).then(([dsr, notices, consents]) => [stat('dsr_open', dsr), stat('notices', notices), stat('consents', consents)])
      : [],
    has('dataBreach') ? openBreachCounts(q, companyId).then((r) => [stat('breach_open', r.open)]) : [],
    has('sheets') ? staffPassCounts(q, companyId, p.departmentId).then((r) => [stat('quiz', r.passed, r.assigned)]) : [],
  ]);
  const order = ['ropa', 'dsr_open', 'breach_open', 'notices', 'consents', 'quiz'];
  return { data: parts.flat().sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key)) };
}

/** `fetch-graph`: requests received and consents given/withdrawn per day, week or month of the period. */
export async function fetchGraph(q: Queryable, companyId: string, p: Period): Promise<Body<typeof fetchGraphReply>> {
  const [requests, consents] = await Promise.all([
    q.query<{ bucket: string; n: number }>(
      `select to_char(date_trunc($4, day), 'YYYY-MM-DD') as bucket, sum(n)::int as n
         from dsr_daily where company_id = $1 and day between $2 and $3 group by 1`,
      [companyId, p.from, p.to, p.unit],
    ),
    q.query<{ bucket: string; given: string; withdrawn: string }>(
      `select to_char(date_trunc($4, day), 'YYYY-MM-DD') as bucket,
              coalesce(sum(n) filter (where action = 'given'), 0) as given, coalesce(sum(n) filter (where action = 'withdrawn'), 0) as withdrawn
         from consent_daily where company_id = $1 and day between $2 and $3 group by 1`,
      [companyId, p.from, p.to, p.unit],
    ),
  ]);
  const req = new Map(requests.map((r) => [r.bucket, r.n]));
  const con = new Map(consents.map((r) => [r.bucket, r]));
  return {
    unit: p.unit,
    points: bucketsOf(p).map((bucket) => ({
      bucket,
      requests: req.get(bucket) ?? 0,
      given: num(con.get(bucket)?.given),
      withdrawn: num(con.get(bucket)?.withdrawn),
    })),
  };
}

/** The requests received on the Bangkok days `from`..`to` by state, rights and outcome: the daily roll-up's rows. */
async function dsrGroups(q: Queryable, companyId: string, from: string, to: string) {
  return q.query<{ status_id: number; rights: DsrRight[]; on_time: number; n: number }>(
    `select status_id, rights, on_time, sum(n)::int as n
       from dsr_daily where company_id = $1 and day between $2 and $3 group by 1, 2, 3 having sum(n) <> 0`,
    [companyId, from, to],
  );
}

/** Whole days to answer, counted over the months (received) the period touches. */
async function closeDays(q: Queryable, companyId: string, from: string, to: string) {
  return q.query<{ close_days: number; n: number }>(
    `select close_days, sum(n)::int as n from dsr_close_monthly
      where company_id = $1 and month between date_trunc('month', $2::date) and $3 group by 1 having sum(n) > 0`,
    [companyId, from, to],
  );
}

const median = (hist: Map<number, number>) => {
  const total = [...hist.values()].reduce((a, b) => a + b, 0);
  if (!total) return null;
  const keys = [...hist.keys()].sort((a, b) => a - b);
  const at = (k: number) => {
    let seen = 0;
    for (const d of keys) if ((seen += hist.get(d)!) > k) return d;
    return keys.at(-1)!;
  };
  return total % 2 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
};

/** `summary-dsr`: requests received in the period by state and right, the on-time rate and the median days to close. */
export async function summaryDsr(q: Queryable, companyId: string, p: Period): Promise<Body<typeof summaryDsrReply>> {
  const [groups, closing, [late]] = await Promise.all([
    dsrGroups(q, companyId, p.from, p.to),
    closeDays(q, companyId, p.from, p.to),
    // overdue moves with the clock: the open requests due before today from the roll-up, today's up to now from the index
    q.query<{ n: number }>(
      `select ((${OPEN_COUNT} and due_day < ${TODAY} and received_day between $2 and $3)
             + (select count(*) from dsr_requests where company_id = $1 and ${OPEN_DSR}
                   and due_at >= ${DAY0} and due_at < now() and received_at >= $4 and received_at < $5))::int as n`,
      [companyId, p.from, p.to, p.start, p.end],
    ),
  ]);
  const byStatus = new Map<number, number>();
  const byRight = new Map<DsrRight, number>();
  const days = new Map(closing.map((c) => [c.close_days, c.n]));
  let total = 0,
    open = 0,
    answered = 0,
    onTime = 0;
  for (const g of groups) {
    total += g.n;
    if (g.status_id <= 3) open += g.n;
    if (g.on_time >= 0) answered += g.n;
    if (g.on_time === 1) onTime += g.n;
    byStatus.set(g.status_id, (byStatus.get(g.status_id) ?? 0) + g.n);
    for (const r of g.rights) byRight.set(r, (byRight.get(r) ?? 0) + g.n);
  }
  return {
    data: [
      {
        total,
        open,
        overdue: late.n,
        answered,
        onTime,
        onTimeRate: pct(onTime, answered),
        medianDays: median(days),
        byStatus: [...byStatus].sort(([a], [b]) => a - b).map(([statusId, n]) => ({ statusId, n })),
        byRight: DSR_RIGHTS.filter((r) => byRight.has(r)).map((right) => ({ right, n: byRight.get(right)! })),
      },
    ],
  };
}

/**
 * `expire-dsr`: open requests due within 7 days and overdue, the ten nearest first. Whole days come from
 * the roll-up dsr_open_due; the two days cut by the moving clock (today, and the day 7 days on) are
 * counted on the partial index of open requests, as are the ten nearest.
 */
export async function expireDsr(q: Queryable, companyId: string): Promise<Body<typeof expireDsrReply>> {
  const [[counts], rows] = await Promise.all([
    q.query<{ due_soon: number; overdue: number }>(
      `select ((${OPEN_COUNT} and due_day < ${TODAY}) + edge.overdue)::int as overdue,
              ((${OPEN_COUNT} and due_day > ${TODAY} and due_day < ${TODAY} + $2::int) + edge.due_soon)::int as due_soon
         from (select count(*) filter (where due_at < now()) as overdue,
                      count(*) filter (where due_at >= now() and due_at < now() + make_interval(days => $2)) as due_soon
                 from dsr_requests
                where company_id = $1 and ${OPEN_DSR}
                  and (due_at >= ${DAY0} and due_at < ${DAY0} + interval '24 hours'
                       or due_at >= ${DAY0} + make_interval(hours => 24 * $2) and due_at < now() + make_interval(days => $2))) edge`,
      [companyId, DSR_EXPIRE_DAYS],
    ),
    q.query<{ id: string; reference_code: string; status_id: number; due_at: Date; days_left: number }>(
      `select id, reference_code, status_id, due_at, ((due_at at time zone 'Asia/Bangkok')::date - ${TODAY})::int as days_left
         from dsr_requests where company_id = $1 and ${OPEN_DSR} and due_at < now() + make_interval(days => $2)
        order by due_at, id limit 10`,
      [companyId, DSR_EXPIRE_DAYS],
    ),
  ]);
  return {
    dueSoon: counts.due_soon,
    overdue: counts.overdue,
    data: rows.map((r) => ({
      _id: r.id,
      referenceCode: r.reference_code,
      statusId: r.status_id,
      dueAt: new Date(r.due_at).toISOString(),
      daysLeft: r.days_left,
    })),
  };
}

/**
 * `expire-consent`: the consents in force whose retention ends or whose re-consent falls due within the
 * next 30 days, by notice. Each consent's days were computed from the version it was given under
 * (consent_records.retain_until, reconsent_on); the roll-up consent_due holds the consents in force (the
 * latest record of a subject's purpose is "given") per notice and those two days.
 */
export async function expireConsent(q: Queryable, companyId: string): Promise<Body<typeof expireConsentReply>> {
  const rows = await q.query<{
    form_id: string;
    project_name: string | null;
    security: Parameters<typeof noticePeriod>[0];
    reconsent: Parameters<typeof noticePeriod>[0];
    retention_ends: number;
    reconsent_due: number;
    n: number;
  }>(
    `with due as (
       select form_id,
              coalesce(sum(n) filter (where retain_until >= ${TODAY} and retain_until < ${TODAY} + $2::int), 0)::int as retention_ends,
              coalesce(sum(n) filter (where reconsent_on >= ${TODAY} and reconsent_on < ${TODAY} + $2::int), 0)::int as reconsent_due,
              sum(n)::int as n
         from consent_due
        where company_id = $1
          and (retain_until >= ${TODAY} and retain_until < ${TODAY} + $2::int or reconsent_on >= ${TODAY} and reconsent_on < ${TODAY} + $2::int)
        group by form_id having sum(n) <> 0
     )
     select due.*, v.content->'draft'->'header'->>'projectName' as project_name,
            v.content->'draft'->'security' as security, v.content->'draft'->'reconsent' as reconsent
       from due cross join lateral (
         select content from consent_form_versions where company_id = $1 and form_id = due.form_id order by version desc limit 1
       ) v
      order by n desc, project_name, form_id`,
    [companyId, CONSENT_EXPIRE_DAYS],
  );
  const sum = (key: 'n' | 'retention_ends' | 'reconsent_due') => rows.reduce((a, r) => a + r[key], 0);
  return {
    total: sum('n'),
    retentionEnds: sum('retention_ends'),
    reconsentDue: sum('reconsent_due'),
    data: rows.map((r) => ({
      formId: r.form_id,
      projectName: r.project_name ?? '',
      retention: noticePeriod(r.security),
      reconsent: noticePeriod(r.reconsent),
      retentionEnds: r.retention_ends,
      reconsentDue: r.reconsent_due,
      n: r.n,
    })),
  };
}

/** `consent-count`: consents given and withdrawn in the period, by notice and purpose (the 20 largest), the purposes named in the reader's language. */
export async function consentCount(q: Queryable, companyId: string, p: Period, lang: Lang): Promise<Body<typeof consentCountReply>> {
  const rows = await q.query<{ form_id: string; purpose_id: string; given: string; withdrawn: string }>(
    `select form_id, purpose_id, coalesce(sum(n) filter (where action = 'given'), 0) as given,
            coalesce(sum(n) filter (where action = 'withdrawn'), 0) as withdrawn
       from consent_daily where company_id = $1 and day between $2 and $3 group by 1, 2 order by 3 desc, 1, 2`,
    [companyId, p.from, p.to],
  );
  const contents = await latestContents(q, companyId, [...new Set(rows.slice(0, 20).map((r) => r.form_id))]);
  return {
    given: rows.reduce((a, r) => a + num(r.given), 0),
    withdrawn: rows.reduce((a, r) => a + num(r.withdrawn), 0),
    data: rows.slice(0, 20).map((r) => ({
      formId: r.form_id,
      purposeId: r.purpose_id,
      purpose: purposeLabel(contents.get(r.form_id), r.purpose_id, lang),
      given: num(r.given),
      withdrawn: num(r.withdrawn),
    })),
  };
}

/** Each risk's latest rating of VH or H ($1: the company), as a subquery. */
const HIGH_RISKS = `(
  select distinct on (i.risk_id) i.risk_id, m.name, i.code, nullif(i.owner, '') as owner,
         to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.evaluation_id, e.created_at
    from risk_evaluation_items i
    join risk_evaluations e on e.id = i.evaluation_id and e.company_id = i.company_id
    join risk_master m on m.id = i.risk_id and m.company_id = i.company_id
   where i.company_id = $1 and i.code in ('H', 'VH')
   order by i.risk_id, e.created_at desc
)`;

/** How many risks have a latest VH or H rating (the risk list's rows, all of them). */
export async function highRiskCount(q: Queryable, companyId: string) {
  const [r] = await q.query<{ n: number }>(`select count(*)::int as n from ${HIGH_RISKS} top`, [companyId]);
  return r.n;
}

/** `risk-list`: each risk's latest rating of VH or H, with its owner and treatment due date; VH first, nearest due first. */
export async function riskList(q: Queryable, companyId: string): Promise<Body<typeof riskListReply>> {
  const rows = await q.query<{
    risk_id: string;
    name: string;
    code: 'H' | 'VH';
    owner: string | null;
    due_date: string | null;
    evaluation_id: string;
  }>(`select * from ${HIGH_RISKS} top order by (code = 'VH') desc, due_date nulls last, name limit 10`, [companyId]);
  return {
    data: rows.map((r) => ({ riskId: r.risk_id, name: r.name, code: r.code, owner: r.owner, dueDate: r.due_date, evaluationId: r.evaluation_id })),
  };
}

/** Breaches aware in [start, end) that were notified, and in time (72 h). */
async function breachInTime(q: Queryable, companyId: string, start: Date, end: Date) {
  const [r] = await q.query<{ notified: number; in_time: number }>(
    `select count(*)::int as notified,
            count(*) filter (where office_notified_at <= aware_at + make_interval(hours => $4))::int as in_time
       from breaches where company_id = $1 and aware_at >= $2 and aware_at < $3 and office_notified_at is not null`,
    [companyId, start, end, BREACH_NOTIFY_HOURS],
  );
  return r;
}

/** `databreach-list`: open breaches with their 72-hour clock (the oldest first), and those notified in time in the period. */
export async function databreachList(q: Queryable, companyId: string, p: Period): Promise<Body<typeof databreachListReply>> {
  const [open, rows, inTime] = await Promise.all([
    openBreachCounts(q, companyId),
    q.query<{
      id: string;
      code: string;
      title: string;
      status: string;
      aware_at: Date;
      risk_level: 'none' | 'risk' | 'high' | null;
      office_notified_at: Date | null;
    }>(
      `select id, code, title, status, aware_at, risk_level, office_notified_at from breaches
        where company_id = $1 and status <> 'closed' order by aware_at, id limit 10`,
      [companyId],
    ),
    breachInTime(q, companyId, p.start, p.end),
  ]);
  const now = new Date();
  return {
    open: open.open,
    notified: inTime.notified,
    notifiedInTime: inTime.in_time,
    inTimeRate: pct(inTime.in_time, inTime.notified),
    data: rows.map((r) => {
      const clock = breachClock({ awareAt: r.aware_at, riskLevel: r.risk_level, officeNotifiedAt: r.office_notified_at, closed: false }, now);
      return {
        id: r.id,
        code: r.code,
        title: r.title,
        status: r.status,
        awareAt: new Date(r.aware_at).toISOString(),
        deadlineAt: clock.deadlineAt,
        hoursLeft: clock.hoursLeft,
        clock: clock.state,
      };
    }),
  };
}

async function cookieOptIn(q: Queryable, companyId: string, start: Date, end: Date) {
  const [r] = await q.query<{ total: string; refused: string }>(
    `select coalesce(sum(n) filter (where dimension = 'total'), 0) as total,
            coalesce(sum(n) filter (where dimension in ('method:reject_all', 'method:gpc')), 0) as refused
       from cookie_stats_daily where company_id = $1 and day >= (($2::timestamptz) at time zone 'Asia/Bangkok')::date
        and day < (($3::timestamptz) at time zone 'Asia/Bangkok')::date`,
    [companyId, start, end],
  );
  return pct(num(r.total) - num(r.refused), num(r.total));
}

/** Of the requests received on the Bangkok days [from, to) and answered, the share answered by their due date. */
async function dsrOnTime(q: Queryable, companyId: string, from: string, to: string) {
  const [r] = await q.query<{ answered: number; on_time: number }>(
    `select coalesce(sum(n) filter (where on_time >= 0), 0)::int as answered, coalesce(sum(n) filter (where on_time = 1), 0)::int as on_time
       from dsr_daily where company_id = $1 and day >= $2 and day < $3`,
    [companyId, from, to],
  );
  return pct(r.on_time, r.answered);
}

/** `posture`: the compliance figures no single module shows, each with its target and the period before; only of the viewer's menus. */
export async function posture(q: Queryable, companyId: string, p: Period, has: Has): Promise<Body<typeof postureReply>> {
  type Item = Body<typeof postureReply>['data'][number];
  const item = (key: PostureKey, value: number | null, previous: number | null = null, extra: Partial<Item> = {}): Item => ({
    key,
    value,
    previous,
    ...POSTURE_TARGETS[key],
    ...extra,
  });
  const rate = (r: { notified: number; in_time: number }) => pct(r.in_time, r.notified);
  const parts = await Promise.all([
    has('ropa')
      ? ropaCounts(q, companyId, p.departmentId).then((r) => [
          item('ropa_completeness', r.live ? r.counts.completeness : null),
          item('ropa_overdue', r.overdue),
        ])
      : [],
    has('consents')
      ? Promise.all([dsrOnTime(q, companyId, p.from, p.dayAfter), dsrOnTime(q, companyId, p.previousFrom, p.from)]).then(([now, before]) => [
          item('dsr_on_time', now, before),
        ])
      : [],
    has('dataBreach')
      ? Promise.all([breachInTime(q, companyId, p.start, p.end), breachInTime(q, companyId, p.previousStart, p.start)]).then(([now, before]) => [
          item('breach_in_time', rate(now), rate(before)),
        ])
      : [],
    has('dpo')
      ? dpoState(q, companyId).then((dpo) => [item('dpo', dpo.appointed && dpo.officeInformed ? 100 : dpo.appointed ? 50 : 0, null, { detail: dpo })])
      : [],
    has('cookie')
      ? Promise.all([cookieOptIn(q, companyId, p.start, p.end), cookieOptIn(q, companyId, p.previousStart, p.start)]).then(([now, before]) => [
          item('cookie_opt_in', now, before),
        ])
      : [],
    has('sheets')
      ? Promise.all([
          staffPassCounts(q, companyId, p.departmentId),
          staffPassCounts(q, companyId, p.departmentId, p.start),
          documentsInReview(q, companyId),
        ]).then(([now, before, docs]) => [
          item('staff_passed', pct(now.passed, now.assigned), pct(before.passed, before.assigned)),
          item('documents_review', docs),
        ])
      : [],
    has('dataManage')
      ? Promise.all([transferWarningCounts(q, companyId), processorWarningCount(q, companyId)]).then(([transfers, processors]) => [
          item('transfers_warning', transfers),
          item('processors_warning', processors),
        ])
      : [],
    has('dataManage') ? overdueDeletions(q, companyId).then((n) => [item('deletions_overdue', n)]) : [],
  ]);
  return { data: parts.flat() };
}

/** The viewer's menus as the feeds ask for them. */
export const hasOf =
  (menus: ReadonlyMap<number, boolean>): Has =>
  (menu) =>
    menus.has(MENU[menu].menuId);
