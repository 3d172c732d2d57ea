import { WEBHOOK_BACKOFF_SECONDS, WEBHOOK_RETRY_HOURS } from '../../../contract/webhooks';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { openPassword } from '../connectors/secret';
import { keptReply, postDelivery } from './send';

/** How often the worker looks for due deliveries: an event reaches its endpoint within seconds. */
export const WEBHOOK_POLL_MS = 2_000;
/** Deliveries taken at once (sent side by side). */
const BATCH = 10;

interface Claimed {
  id: string;
  event: string;
  payload: unknown;
  attempts: number;
  retry_base: number;
  /** when its 24 hours started: the event, or a person's "send again" */
  since: Date | string;
  url: string | null;
  active: boolean | null;
  secret_sealed: string | null;
}

/** Seconds before the next try after `attempts` tries. */
export const backoffAfter = (attempts: number) => WEBHOOK_BACKOFF_SECONDS[Math.max(1, Math.min(attempts, WEBHOOK_BACKOFF_SECONDS.length)) - 1]!;

/**
 * Sends the deliveries that are due, a batch at a time, and returns how many it took. Each is taken
 * with a two-minute lease (`leased_until`, `for update skip locked`), so several server processes on
 * one database never send one twice at once, and one that dies mid-send leaves it to be tried again
 * when the lease ends; a send ends within 10 s, well inside it. A 2xx reply delivers it; anything else
 * (an error of ours included) is tried again after the backoff, until 24 hours after the event (or
 * after a person's "send again"), then it is given up (`failed`). An outcome is written only while
 * the row is still the one this worker took.
 */
export async function deliverDue(db: Db, config: ServerConfig): Promise<number> {
  const claimed = await db.query<Claimed>(
    `with due as (
       select id from webhook_deliveries
        where state = 'pending' and next_at <= now() and (leased_until is null or leased_until < now())
        order by next_at limit ${BATCH} for update skip locked),
     taken as (
       update webhook_deliveries d set leased_until = now() + interval '2 minutes', attempts = d.attempts + 1 from due where d.id = due.id
       returning d.id, d.webhook_id, d.event, d.payload, d.attempts, d.retry_base, coalesce(d.retried_at, d.created_at) as since)
     select t.id, t.event, t.payload, t.attempts, t.retry_base, t.since, w.url, w.active, w.secret_sealed
       from taken t left join webhook_endpoints w on w.id = t.webhook_id`,
  );
  await Promise.allSettled(claimed.map((c) => deliverOne(db, config, c)));
  return claimed.length;
}

async function deliverOne(db: Db, config: ServerConfig, c: Claimed) {
  let result: { status: number | null; reply: string };
  try {
    result =
      c.url && c.active && c.secret_sealed
        ? await postDelivery(
            c.url,
            JSON.stringify(c.payload),
            { id: c.id, event: c.event, secret: openPassword(config, c.secret_sealed) },
            config.webhooksAllowPrivate,
          )
        : { status: null, reply: 'endpoint switched off' };
  } catch (err) {
    // a secret that cannot be opened (another file key), anything of ours: a failed attempt like any other
    result = { status: null, reply: keptReply(`error: ${err instanceof Error ? err.message : String(err)}`) };
  }
  const mine = 'id = $1 and state = $2 and attempts = $3';
  if (result.status !== null && result.status >= 200 && result.status < 300) {
    await db.query(
      `update webhook_deliveries set state = 'delivered', delivered_at = now(), next_at = null, leased_until = null, last_status = $4, last_reply = $5
        where ${mine}`,
      [c.id, 'pending', c.attempts, result.status, keptReply(result.reply)],
    );
    return;
  }
  const next = new Date(Date.now() + backoffAfter(c.attempts - c.retry_base) * 1000);
  const giveUp = !c.active || next.getTime() > new Date(c.since).getTime() + WEBHOOK_RETRY_HOURS * 3_600_000;
  await db.query(`update webhook_deliveries set state = $4, next_at = $5, leased_until = null, last_status = $6, last_reply = $7 where ${mine}`, [
    c.id,
    'pending',
    c.attempts,
    giveUp ? 'failed' : 'pending',
    giveUp ? null : next.toISOString(),
    result.status,
    keptReply(result.reply),
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
