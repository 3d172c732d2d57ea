import { z } from 'zod';
import { RETENTION_UNITS } from './consent';
import { DSR_RIGHTS } from './dsr';
import type { MenuKey } from './menus';

/**
 * The dashboard's calls (`GET /user/dashboard/<feed>`, menu 2). Each feed is one SQL aggregate; a feed
 * about one module needs that module's menu too (403 without it), and `sum-stat` and `posture` leave out
 * the figures of the menus the viewer lacks (server/modules/dashboard/README.md).
 */
export const DASHBOARD_FEEDS = [
  'sum-stat',
  'fetch-graph',
  'summary-dsr',
  'expire-dsr',
  'expire-consent',
  'consent-count',
  'risk-list',
  'databreach-list',
  'posture',
  'dsr-task-on-time',
] as const;
export type DashboardFeed = (typeof DASHBOARD_FEEDS)[number];

/** How many days ahead the expiring lists look. */
export const DSR_EXPIRE_DAYS = 7;
export const CONSENT_EXPIRE_DAYS = 30;
/** The longest period the picker may ask for (a graph of more is not read). */
export const DASHBOARD_MAX_DAYS = 3 * 366;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const uuid = z.uuid();

/** The period (Bangkok calendar days, both included) and the department; without them: the last 12 months, every department. */
export const dashboardQuery = z
  .object({ from: day.optional(), to: day.optional(), departmentId: uuid.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'] });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const ok = z.literal(200);
const count = z.number().int().nonnegative();
const percent = z.number().min(0).max(100).nullable();

export const SUM_STAT_KEYS = ['ropa', 'dsr_open', 'breach_open', 'notices', 'consents', 'quiz'] as const;
export type SumStatKey = (typeof SUM_STAT_KEYS)[number];
/** `sum-stat`: the seed's (text, stat) pairs; `total` where the stat is a part of a whole (approved / all). */
export const sumStatReply = z.object({
  status: ok,
  data: z.array(z.object({ key: z.enum(SUM_STAT_KEYS), text: z.string(), stat: count, total: count.nullable() })),
});

export const GRAPH_UNITS = ['day', 'week', 'month'] as const;
/** `fetch-graph`: requests received and consents given/withdrawn per bucket (its first day). */
export const fetchGraphReply = z.object({
  status: ok,
  unit: z.enum(GRAPH_UNITS),
  points: z.array(z.object({ bucket: day, requests: count, given: count, withdrawn: count })),
});

/** `summary-dsr`: the seed uses the first element. */
export const summaryDsrReply = z.object({
  status: ok,
  data: z.array(
    z.object({
      total: count,
      open: count,
      overdue: count,
      answered: count,
      onTime: count,
      onTimeRate: percent,
      medianDays: z.number().nullable(),
      byStatus: z.array(z.object({ statusId: z.number().int(), n: count })),
      byRight: z.array(z.object({ right: z.enum(DSR_RIGHTS), n: count })),
    }),
  ),
});

export const expireDsrReply = z.object({
  status: ok,
  dueSoon: count,
  overdue: count,
  data: z.array(z.object({ _id: z.string(), referenceCode: z.string(), statusId: z.number().int(), dueAt: z.string(), daysLeft: z.number().int() })),
});

const noticePeriod = z.object({ number: z.number().int(), unit: z.enum(RETENTION_UNITS) });

/**
 * `expire-consent`: the consents in force (each subject's latest record of a purpose is "given") whose
 * retention ends or whose re-consent falls due within 30 days (from today), by notice. `total` counts
 * each consent once; `retentionEnds` and `reconsentDue` count it under each date that comes.
 */
export const expireConsentReply = z.object({
  status: ok,
  total: count,
  retentionEnds: count,
  reconsentDue: count,
  data: z.array(
    z.object({
      formId: z.string(),
      projectName: z.string(),
      /** the latest version's retention and re-consent periods; null when it sets none */
      retention: noticePeriod.nullable(),
      reconsent: noticePeriod.nullable(),
      retentionEnds: count,
      reconsentDue: count,
      n: count,
    }),
  ),
});

export const consentCountReply = z.object({
  status: ok,
  given: count,
  withdrawn: count,
  data: z.array(z.object({ formId: z.string(), purposeId: z.string(), purpose: z.string(), given: count, withdrawn: count })),
});

export const riskListReply = z.object({
  status: ok,
  data: z.array(
    z.object({
      riskId: z.string(),
      name: z.string(),
      code: z.enum(['H', 'VH']),
      owner: z.string().nullable(),
      dueDate: day.nullable(),
      evaluationId: z.string(),
    }),
  ),
});

export const databreachListReply = z.object({
  status: ok,
  open: count,
  notified: count,
  notifiedInTime: count,
  inTimeRate: percent,
  data: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      title: z.string(),
      status: z.string(),
      awareAt: z.string(),
      deadlineAt: z.string(),
      hoursLeft: z.number().int(),
      clock: z.enum(['running', 'overdue', 'met', 'late', 'not_required', 'stopped']),
    }),
  ),
});

export const POSTURE_KEYS = [
  'ropa_completeness',
  'ropa_overdue',
  'dsr_on_time',
  'breach_in_time',
  'dpo',
  'cookie_opt_in',
  'staff_passed',
  'documents_review',
  'transfers_warning',
  'processors_warning',
  'deletions_overdue',
] as const;
export type PostureKey = (typeof POSTURE_KEYS)[number];

/** Each posture figure's target: a percentage to reach, or a count to stay at or under. */
export const POSTURE_TARGETS: Record<PostureKey, { kind: 'percent' | 'count'; target: number }> = {
  ropa_completeness: { kind: 'percent', target: 100 },
  ropa_overdue: { kind: 'count', target: 0 },
  dsr_on_time: { kind: 'percent', target: 100 },
  breach_in_time: { kind: 'percent', target: 100 },
  dpo: { kind: 'percent', target: 100 },
  cookie_opt_in: { kind: 'percent', target: 60 },
  staff_passed: { kind: 'percent', target: 90 },
  documents_review: { kind: 'count', target: 0 },
  transfers_warning: { kind: 'count', target: 0 },
  processors_warning: { kind: 'count', target: 0 },
  deletions_overdue: { kind: 'count', target: 0 },
};

/** `posture`: `value` now (null: nothing to measure), `previous` over the period before (null where it has no history). */
export const postureReply = z.object({
  status: ok,
  data: z.array(
    z.object({
      key: z.enum(POSTURE_KEYS),
      value: z.number().nullable(),
      previous: z.number().nullable(),
      target: z.number(),
      kind: z.enum(['percent', 'count']),
      /** dpo: appointed and the Office informed */
      detail: z.object({ appointed: z.boolean(), officeInformed: z.boolean() }).optional(),
    }),
  ),
});

/**
 * The main menu's tiles (`GET /user/menu-figures`): one live figure per module the viewer may open, all
 * in one call; a module the viewer lacks has no figure. `value` is the figure, `detail` its second part
 * where it has one (DSR: overdue of the open; breach: past the 72-hour clock of the open; DPO: the Office
 * informed (1/0) of appointed (1/0); knowledge: the tests assigned, of which `value` passed).
 */
export const MENU_FIGURE_KEYS = ['dsr', 'breach', 'ropa', 'cookie', 'sheets', 'risk', 'dpo', 'knowledge'] as const;
export type MenuFigureKey = (typeof MENU_FIGURE_KEYS)[number];
/** The menu (module) whose tile shows each figure. */
export const MENU_FIGURE_MENUS = {
  dsr: 'consents',
  breach: 'dataBreach',
  ropa: 'ropa',
  cookie: 'cookie',
  sheets: 'sheets',
  risk: 'riskManagement',
  dpo: 'dpo',
  knowledge: 'knowledge',
} as const satisfies Record<MenuFigureKey, MenuKey>;
export const menuFigure = z.object({ menuId: z.number().int(), key: z.enum(MENU_FIGURE_KEYS), value: count, detail: count.nullable() });
export type MenuFigure = z.infer<typeof menuFigure>;
export const menuFiguresReply = z.object({ status: ok, data: z.array(menuFigure) });
