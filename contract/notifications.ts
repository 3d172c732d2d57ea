import { z } from 'zod';
import { pagingQuery } from './http';

/** What happened; the UI words it in the reader's language from `notifications.kinds.<kind>`. */
export const NOTIFICATION_KINDS = [
  'welcome',
  'dsr_new',
  'dsr_due',
  'dsr_overdue',
  'breach_clock',
  'evaluation_finished',
  // knowledge tests (menu 19, every staff member): to each person who must still pass, a week before the due date and on the day
  'quiz_due_week',
  'quiz_due_today',
  // menu 4 (DPO): a term ends within 30 days; the questionnaire says a DPO is required and none is appointed
  'dpo_term_ending',
  'dpo_missing',
  'ropa_review_due',
  'ropa_review_overdue',
  // menu 17 (data breach): `breach_clock` at 48 h and 60 h since awareness, `breach_overdue` past the 72 hours
  'breach_overdue',
] as const;

export const notification = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  link: z.string().nullable(),
  read: z.boolean(),
  created_dt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = pagingQuery;

export const notificationListReply = z.object({
  status: z.literal(200),
  notificationList: z.array(notification),
  totalNotification: z.number().int(),
  unread: z.number().int(),
});

/** `POST /user/notification/read` marks one (or, with `all`, every) notification read. */
export const notificationReadBody = z.union([z.object({ notificationId: z.string().uuid() }), z.object({ all: z.literal(true) })]);
