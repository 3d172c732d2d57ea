import { z } from 'zod';
import { pagingQuery } from './http';
import { MENU } from './menus';

/**
 * What happened (the UI words it in the reader's language from `notifications.kinds.<kind>`) and the
 * menu a person needs to be shown it (null: everyone of the company). The server's lists and counts
 * keep to it: a person without the risk menu never hears of a finished evaluation. A new kind is one
 * line here (and its text in `notifications.kinds`).
 */
export const NOTIFICATION_MENUS = {
  welcome: null,
  dsr_new: MENU.consents.menuId,
  dsr_due: MENU.consents.menuId,
  dsr_overdue: MENU.consents.menuId,
  breach_clock: MENU.dataBreach.menuId,
  evaluation_finished: MENU.riskManagement.menuId,
  // the data breach log: `breach_clock` at 48 h and 60 h since awareness, `breach_overdue` past the 72 hours
  breach_overdue: MENU.dataBreach.menuId,
  // knowledge tests: to each person who must still pass, a week before the due date and on the day
  quiz_due_week: MENU.knowledge.menuId,
  quiz_due_today: MENU.knowledge.menuId,
  // the DPO: a term ends within 30 days; the questionnaire says a DPO is required and none is appointed
  dpo_term_ending: MENU.dpo.menuId,
  dpo_missing: MENU.dpo.menuId,
  // records of processing due (or overdue) for review
  ropa_review_due: MENU.ropa.menuId,
  ropa_review_overdue: MENU.ropa.menuId,
  ropa_inform_due: MENU.ropa.menuId,
  ropa_inform_overdue: MENU.ropa.menuId,
  // to the person chosen to review a record of processing
  ropa_review_assigned: MENU.ropa.menuId,
  // processors' due diligence: an agreement expiring within 60 days, a review overdue, a questionnaire answered
  processor_dpa_expiring: MENU.dataManage.menuId,
  processor_review_overdue: MENU.dataManage.menuId,
  processor_questionnaire_answered: MENU.dataManage.menuId,
  // the due-for-deletion queue: an item past its due day, to the system's owner and the DPO
  retention_overdue: MENU.dataManage.menuId,
  // to a data subject request task's owner (or its department): assigned, and two days before it is due
  dsr_task_assigned: MENU.consents.menuId,
  dsr_task_due: MENU.consents.menuId,
} as const satisfies Record<string, number | null>;

export type NotificationKind = keyof typeof NOTIFICATION_MENUS;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_MENUS) as [NotificationKind, ...NotificationKind[]];

/** The kinds a person with these menus may see. */
export const notificationKindsFor = (menus: { has: (menuId: number) => boolean }): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => {
    const menuId: number | null = NOTIFICATION_MENUS[kind];
    return menuId === null || menus.has(menuId);
  });

export const notification = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  link: z.string().nullable(),
  read: z.boolean(),
  created_dt: z.string(),
});
export type Notification = z.infer<typeof notification>;

/** `order=unread`: the unread ones first (the notifications page); newest first otherwise (the bell). */
export const notificationListQuery = pagingQuery.extend({ order: z.enum(['newest', 'unread']).default('newest') });

export const notificationListReply = z.object({
  status: z.literal(200),
  notificationList: z.array(notification),
  totalNotification: z.number().int(),
  unread: z.number().int(),
});

/** `POST /user/notification/read` marks one (or, with `all`, every) notification read. */
export const notificationReadBody = z.union([z.object({ notificationId: z.string().uuid() }), z.object({ all: z.literal(true) })]);
