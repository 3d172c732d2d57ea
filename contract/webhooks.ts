import { z } from 'zod';
import { jsonParam } from './http';

/**
 * Webhooks (settings, menu 13): the company's own systems are told of events as they happen, each
 * delivery signed with the endpoint's secret and retried with backoff for 24 hours.
 */
export const WEBHOOK_EVENTS = [
  'consent.given',
  'consent.withdrawn',
  'request.received',
  'request.due_soon',
  'request.closed',
  'breach.recorded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** the event a "send a test" delivers */
export const WEBHOOK_PING = 'ping';

/** The start of every endpoint's secret, so a leaked one is recognised. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The headers of a delivery: its id, its event, and `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_HEADERS = { id: 'x-pdpa-delivery', event: 'x-pdpa-event', signature: 'x-pdpa-signature' } as const;
/** How long a delivery is retried before it is given up. */
export const WEBHOOK_RETRY_HOURS = 24;
/** Seconds before each retry (the last repeats until the 24 hours are over). */
export const WEBHOOK_BACKOFF_SECONDS = [10, 30, 120, 600, 1800, 3600, 7200, 14400] as const;
/** Days the log keeps a delivery that was delivered or given up (the hourly timed work removes older ones). */
export const WEBHOOK_LOG_DAYS = 90;
/** A receiver's reply is kept up to this many characters. */
export const WEBHOOK_REPLY_KEPT = 1000;

const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .url({ message: 'server.webhook_url' })
  .refine((u) => /^https?:\/\//i.test(u), { message: 'server.webhook_url' });

/** `POST /webhooks`: where to send and which events; `PUT` changes them, or switches the endpoint off. */
export const webhookBody = z.object({
  url: webhookUrl,
  description: z.string().trim().max(200).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, { message: 'server.webhook_events' })
    .max(WEBHOOK_EVENTS.length)
    .refine((e) => new Set(e).size === e.length, { message: 'server.webhook_events' }),
  active: z.boolean().default(true),
});
export type WebhookBody = z.infer<typeof webhookBody>;

export const webhookParams = z.object({ id: z.uuid() });

export const webhookRecord = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** the secret's first characters, enough to tell which one a receiver holds */
  secretHint: z.string(),
  createdBy: z.string().nullable(),
  created_dt: z.string(),
  /** the latest delivery's outcome; null: none yet */
  lastDelivery: z.object({ state: z.string(), status: z.number().int().nullable(), at: z.string() }).nullable(),
});
export type WebhookRecord = z.infer<typeof webhookRecord>;
/** `POST /webhooks`: the endpoint and, this once, its whole secret. */
export const webhookCreatedReply = z.object({ data: webhookRecord.extend({ secret: z.string() }) });

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** `GET /webhook-deliveries?range&filter={"webhookId":…,"state":…}`: the delivery log, newest first. */
export const webhookDeliveryListQuery = z.object({
  sort: z.string().max(100).optional(),
  range: jsonParam(
    z
      .tuple([z.number().int().min(0).max(1_000_000), z.number().int().min(0).max(1_000_100)])
      .refine(([from, to]) => to >= from && to - from < 100, { message: 'at most 100 rows' }),
  )
    .optional()
    .transform((r) => r ?? ([0, 19] as const)),
  filter: jsonParam(z.object({ webhookId: z.uuid().optional(), state: z.enum(WEBHOOK_DELIVERY_STATES).optional() }))
    .optional()
    .transform((f) => f ?? {}),
});
export const webhookDelivery = z.object({
  id: z.string(),
  webhookId: z.string(),
  url: z.string(),
  event: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** the receiver's HTTP status at the last attempt; null: no reply (refused, timed out) */
  lastStatus: z.number().int().nullable(),
  /** the start of its reply, or why there was none */
  lastReply: z.string(),
  nextAttempt_dt: z.string().nullable(),
  created_dt: z.string(),
  delivered_dt: z.string().nullable(),
  // no payload: it names data subjects, requests and breaches, which a reader of the settings may not have the right to see
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveryListReply = z.object({ data: z.array(webhookDelivery), total: z.number().int() });
