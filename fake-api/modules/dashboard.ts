/**
 * The dashboard's feeds (`/user/dashboard/*`) counted from the fake's collections: the same shapes and
 * menu rules as the server; the period is the last 12 months or the one asked for. Retention ends of
 * consents and the posture's history are not modelled (fake-api/README.md: rules live on the server).
 */
import { breachClock } from '../../contract/breachClock';
import { dashboardQuery, POSTURE_TARGETS, type DashboardQuery, type MenuFigureKey, MENU_FIGURE_MENUS } from '../../contract/dashboard';
import { DSR_RIGHTS } from '../../contract/dsr';
import { MENU, type MenuKey } from '../../contract/menus';
import { th, en } from '../../i18n';
import { ownRows } from '../crud';
import { Failure, route, type Call } from '../engine';
import { assignedTo, myTestView } from './quiz';
import { expiringConsents, purposeNameOf } from './consent';

const access = { menuId: MENU.dashboard.menuId };
const has = (call: Call, key: MenuKey) => call.session.rights.has(MENU[key].menuId);
const need = (call: Call, key: MenuKey) => {
  if (!has(call, key)) throw new Failure(403, 'forbidden');
};
const bangkokDay = (at: string) => new Date(new Date(at).getTime() + 7 * 3600_000).toISOString().slice(0, 10);
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

function periodOf(q: DashboardQuery) {
  const today = bangkokDay(new Date().toISOString());
  const d = new Date(`${today}T00:00:00Z`);
  const from = q.from ?? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  const to = q.to ?? today;
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return { from, to, unit: days <= 31 ? ('day' as const) : days <= 92 ? ('week' as const) : ('month' as const) };
}
const inPeriod = (p: { from: string; to: string }, at: string) => {
  const day = bangkokDay(at);
  return day >= p.from && day <= p.to;
};
function bucketOf(day: string, unit: 'day' | 'week' | 'month') {
  const d = new Date(`${day}T00:00:00Z`);
  if (unit === 'month') d.setUTCDate(1);
  if (unit === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

const feed = (name: string, needs: MenuKey | null, handler: (call: Call<DashboardQuery>) => Record<string, unknown>) =>
  route({
    method: 'get',
    url: `/user/dashboard/${name}`,
    access,
    query: dashboardQuery,
    handler: (call: Call<DashboardQuery>) => {
      if (needs) need(call, needs);
      return handler(call);
    },
  });

const open = (statusId: number) => statusId <= 3;

export const dashboardRoutes = [
  feed('sum-stat', null, (call) => {
    const text = (call.lang === 'en' ? en : th).dashboard.stat;
    const p = periodOf(call.query);
    const data = [];
    if (has(call, 'ropa')) {
      const rows = ownRows(call, 'ropaActivities').filter((a) => !call.query.departmentId || a.departmentId === call.query.departmentId);
      data.push({ key: 'ropa', text: text.ropa, stat: rows.filter((a) => a.state === 'approved').length, total: rows.length });
    }
    if (has(call, 'consents'))
      data.push({ key: 'dsr_open', text: text.dsr_open, stat: ownRows(call, 'dsrRequests').filter((r) => open(r.statusId)).length, total: null });
    if (has(call, 'dataBreach'))
      data.push({
        key: 'breach_open',
        text: text.breach_open,
        stat: ownRows(call, 'breaches').filter((b) => b.status !== 'closed').length,
        total: null,
      });
    if (has(call, 'consents')) {
      data.push({ key: 'notices', text: text.notices, stat: new Set(ownRows(call, 'consentVersions').map((v) => v.formId)).size, total: null });
      data.push({
        key: 'consents',
        text: text.consents,
        stat: ownRows(call, 'consentRecords').filter((r) => inPeriod(p, r.created_dt)).length,
        total: null,
      });
    }
    return { data };
  }),
  feed('fetch-graph', 'consents', (call) => {
    const p = periodOf(call.query);
    const points = new Map<string, { bucket: string; requests: number; given: number; withdrawn: number }>();
    const at = (day: string) => {
      const bucket = bucketOf(day, p.unit);
      if (!points.has(bucket)) points.set(bucket, { bucket, requests: 0, given: 0, withdrawn: 0 });
      return points.get(bucket)!;
    };
    for (let d = p.from; d <= p.to; d = new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10)) at(d);
    for (const r of ownRows(call, 'dsrRequests')) if (inPeriod(p, r.receivedAt)) at(bangkokDay(r.receivedAt)).requests++;
    for (const r of ownRows(call, 'consentRecords')) if (inPeriod(p, r.created_dt)) at(bangkokDay(r.created_dt))[r.action]++;
    return { unit: p.unit, points: [...points.values()].sort((a, b) => a.bucket.localeCompare(b.bucket)) };
  }),
  feed('summary-dsr', 'consents', (call) => {
    const p = periodOf(call.query);
    const rows = ownRows(call, 'dsrRequests').filter((r) => inPeriod(p, r.receivedAt));
    const byStatus = new Map<number, number>();
    for (const r of rows) byStatus.set(r.statusId, (byStatus.get(r.statusId) ?? 0) + 1);
    return {
      data: [
        {
          total: rows.length,
          open: rows.filter((r) => open(r.statusId)).length,
          overdue: rows.filter((r) => open(r.statusId) && Date.parse(r.dueAt) < Date.now()).length,
          answered: rows.filter((r) => !open(r.statusId)).length,
          onTime: rows.filter((r) => !open(r.statusId)).length,
          onTimeRate: pct(rows.filter((r) => !open(r.statusId)).length, rows.filter((r) => !open(r.statusId)).length),
          medianDays: null,
          byStatus: [...byStatus].sort(([a], [b]) => a - b).map(([statusId, n]) => ({ statusId, n })),
          byRight: DSR_RIGHTS.map((right) => ({ right, n: rows.filter((r) => r.rights.includes(right)).length })).filter((r) => r.n),
        },
      ],
    };
  }),
  feed('expire-dsr', 'consents', (call) => {
    const rows = ownRows(call, 'dsrRequests')
      .filter((r) => open(r.statusId) && Date.parse(r.dueAt) < Date.now() + 7 * 86_400_000)
      .toSorted((a, b) => a.dueAt.localeCompare(b.dueAt));
    return {
      dueSoon: rows.filter((r) => Date.parse(r.dueAt) >= Date.now()).length,
      overdue: rows.filter((r) => Date.parse(r.dueAt) < Date.now()).length,
      data: rows.slice(0, 10).map((r) => ({
        _id: r._id,
        referenceCode: r.referenceCode,
        statusId: r.statusId,
        dueAt: r.dueAt,
        daysLeft: Math.floor((Date.parse(r.dueAt) - Date.now()) / 86_400_000),
      })),
    };
  }),
  feed('expire-consent', 'consents', expiringConsents),
  feed('consent-count', 'consents', (call) => {
    const p = periodOf(call.query);
    const counts = new Map<string, { formId: string; purposeId: string; purpose: string; given: number; withdrawn: number }>();
    for (const r of ownRows(call, 'consentRecords').filter((x) => inPeriod(p, x.created_dt))) {
      const key = `${r.formId}|${r.purposeId}`;
      const c = counts.get(key) ?? {
        formId: r.formId,
        purposeId: r.purposeId,
        purpose: purposeNameOf(call.db, r.formId, r.purposeId, call.lang),
        given: 0,
        withdrawn: 0,
      };
      c[r.action]++;
      counts.set(key, c);
    }
    const data = [...counts.values()].sort((a, b) => b.given - a.given).slice(0, 20);
    return { given: data.reduce((a, c) => a + c.given, 0), withdrawn: data.reduce((a, c) => a + c.withdrawn, 0), data };
  }),
  feed('risk-list', 'riskManagement', () => ({ data: [] })),
  feed('databreach-list', 'dataBreach', (call) => {
    const p = periodOf(call.query);
    const all = ownRows(call, 'breaches');
    const openRows = all.filter((b) => b.status !== 'closed').toSorted((a, b) => a.awareAt.localeCompare(b.awareAt));
    const notified = all.filter((b) => inPeriod(p, b.awareAt) && b.officeNotifiedAt);
    const inTime = notified.filter((b) => Date.parse(b.officeNotifiedAt!) <= Date.parse(b.awareAt) + 72 * 3600_000);
    return {
      open: openRows.length,
      notified: notified.length,
      notifiedInTime: inTime.length,
      inTimeRate: pct(inTime.length, notified.length),
      data: openRows.slice(0, 10).map((b) => {
        const clock = breachClock({ awareAt: b.awareAt, riskLevel: b.riskLevel, officeNotifiedAt: b.officeNotifiedAt, closed: false });
        return {
          id: b._id,
          code: b.code,
          title: b.title,
          status: b.status,
          awareAt: b.awareAt,
          deadlineAt: clock.deadlineAt,
          hoursLeft: clock.hoursLeft,
          clock: clock.state,
        };
      }),
    };
  }),
  feed('posture', null, (call) => {
    const data = [];
    if (has(call, 'ropa')) {
      const live = ownRows(call, 'ropaActivities').filter((a) => a.state !== 'archived');
      data.push({ key: 'ropa_completeness', value: null, previous: null, ...POSTURE_TARGETS.ropa_completeness });
      data.push({
        key: 'ropa_overdue',
        value: live.filter((a) => a.reviewDate < bangkokDay(new Date().toISOString())).length,
        previous: null,
        ...POSTURE_TARGETS.ropa_overdue,
      });
    }
    if (has(call, 'dpo')) {
      const current = ownRows(call, 'dpoAppointments').find((a) => !a.endedOn);
      const appointed = current !== undefined;
      const informed = Boolean(current?.officeInformedOn);
      data.push({
        key: 'dpo',
        value: appointed && informed ? 100 : appointed ? 50 : 0,
        previous: null,
        ...POSTURE_TARGETS.dpo,
        detail: { appointed, officeInformed: informed },
      });
    }
    return { data };
  }),
];

/** `GET /user/menu-figures`: the main menu's one figure per module of the viewer, counted from the collections. */
const menuFigure = (call: Call, figure: MenuFigureKey, count: () => { value: number; detail: number | null }) =>
  has(call, MENU_FIGURE_MENUS[figure]) ? [{ menuId: MENU[MENU_FIGURE_MENUS[figure]].menuId, key: figure, ...count() }] : [];
dashboardRoutes.push(
  route({
    method: 'get',
    url: '/user/menu-figures',
    access: { menuId: MENU.main.menuId },
    handler: (call) => {
      const openDsr = ownRows(call, 'dsrRequests').filter((r) => open(r.statusId));
      const openBreaches = ownRows(call, 'breaches').filter((b) => b.status !== 'closed');
      const today = bangkokDay(new Date().toISOString());
      const current = ownRows(call, 'dpoAppointments').find((a) => !a.endedOn);
      const myTests = ownRows(call, 'quizTests').filter((t) => t.active && assignedTo(call, t).some((u) => u._id === call.session.user._id));
      return {
        data: [
          ...menuFigure(call, 'dsr', () => ({
            value: openDsr.length,
            detail: openDsr.filter((r) => Date.parse(r.dueAt) < Date.now()).length,
          })),
          ...menuFigure(call, 'breach', () => ({
            value: openBreaches.length,
            detail: openBreaches.filter(
              (b) =>
                breachClock({ awareAt: b.awareAt, riskLevel: b.riskLevel, officeNotifiedAt: b.officeNotifiedAt, closed: false }).state === 'overdue',
            ).length,
          })),
          ...menuFigure(call, 'ropa', () => ({
            value: ownRows(call, 'ropaActivities').filter((a) => a.state !== 'archived' && a.reviewDate < today).length,
            detail: null,
          })),
          ...menuFigure(call, 'cookie', () => ({ value: ownRows(call, 'cookieDomains').length, detail: null })),
          ...menuFigure(call, 'sheets', () => ({
            value: ownRows(call, 'sheetDocuments').filter((d) => d.state === 'review').length,
            detail: null,
          })),
          // the fake keeps no evaluation items (its risk-list is empty too)
          ...menuFigure(call, 'risk', () => ({ value: 0, detail: null })),
          ...menuFigure(call, 'dpo', () => ({ value: current ? 1 : 0, detail: current?.officeInformedOn ? 1 : 0 })),
          ...menuFigure(call, 'knowledge', () => ({
            value: myTests.filter((t) => myTestView(t, call).state === 'passed').length,
            detail: myTests.length,
          })),
        ],
      };
    },
  }),
);
