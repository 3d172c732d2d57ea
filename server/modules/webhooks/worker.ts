import { WEBHOOK_BACKOFF_SECONDS, WEBHOOK_RETRY_HOURS } from '../../../contract/webhooks';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { openPassword } from '../connectors/secret';
import { postDelivery } from './send';

/** How often the worker looks for due deliveries: an event reaches its endpoint within seconds. */
export const WEBHOOK_POLL_MS = 2_000;
/** Deliveries taken at once (sent side by side). */
const BATCH = 10;

interface Claimed {
  id: string;
  event: string;
  payload: unknown;
  attempts: number;
  created_at: Date | string;
  url: string | null;
  active: boolean | null;
  secret_sealed: string | null;
}

/** Seconds before the next try after `attempts` tries. */
export const backoffAfter = (attempts: number) => WEBHOOK_BACKOFF_SECONDS[Math.min(attempts, WEBHOOK_BACKOFF_SECONDS.length) - 1]!;

/**
 * Sends the deliveries that are due, a batch at a time, and returns how many it took. Each is taken
 * with a lease (its next try moved two minutes on, `for update skip locked`), so several server
 * processes on one database never send one twice at once, and one that dies mid-send leaves it to be
 * tried again when the lease ends. A 2xx reply delivers it; anything else is tried again after the
 * backoff, until 24 hours after the event, then it is given up (`failed`).
 */
export async function deliverDue(db: Db, config: ServerConfig): Promise<number> {
  const claimed = await db.query<Claimed>(
    `with due as (
       select id from webhook_deliveries where state = 'pending' and next_at <= now() order by next_at limit ${BATCH} for update skip locked),
     taken as (
       update webhook_deliveries d set next_at = now() + interval '2 minutes', attempts = d.attempts + 1 from due where d.id = due.id
       returning d.id, d.webhook_id, d.event, d.payload, d.attempts, d.created_at)
     select t.id, t.event, t.payload, t.attempts, t.created_at, w.url, w.active, w.secret_sealed
       from taken t left join webhook_endpoints w on w.id = t.webhook_id`,
  );
  await Promise.all(claimed.map((c) => deliverOne(db, config, c)));
  return claimed.length;
}

async function deliverOne(db: Db, config: ServerConfig, c: Claimed) {
  const result =
    c.url && c.active && c.secret_sealed
      ? await postDelivery(
          c.url,
          JSON.stringify(c.payload),
          { id: c.id, event: c.event, secret: openPassword(config, c.secret_sealed) },
          config.webhooksAllowPrivate,
        )
      : { status: null, reply: 'endpoint switched off' };
  if (result.status !== null && result.status >= 200 && result.status < 300) {
    await db.query(
      `update webhook_deliveries set state = 'delivered', delivered_at = now(), next_at = null, last_status = $2, last_reply = $3 where id = $1`,
      [c.id, result.status, result.reply],
    );
    return;
  }
  const next = new Date(Date.now() + backoffAfter(c.attempts) * 1000);
  const giveUp = !c.active || next.getTime() > new Date(c.created_at).getTime() + WEBHOOK_RETRY_HOURS * 3_600_000;
  await db.query(`update webhook_deliveries set state = $2, next_at = $3, last_status = $4, last_reply = $5 where id = $1`, [
    c.id,
    giveUp ? 'failed' : 'pending',
    giveUp ? null : next.toISOString(),
    result.status,
    result.reply,
  ]);
}

/** Runs `deliverDue` every WEBHOOK_POLL_MS (never two at once in this process); returns the stop function, which waits for a run under way. */
export function startWebhookWorker(db: Db, config: ServerConfig, log: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      // a full batch means more may be due: take the next at once
      while (!stopped && (await deliverDue(db, config)) === BATCH);
    })()
      .catch(log)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, WEBHOOK_POLL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
