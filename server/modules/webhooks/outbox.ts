import type { WebhookEvent } from '../../../contract/webhooks';
import type { Queryable } from '../../db/client';

/**
 * Tells the company's webhooks of an event: one delivery per active endpoint that asked for it, written
 * in the caller's transaction (the event's record and its deliveries commit together, or neither), sent by
 * the worker (`worker.ts`) after the commit. One statement, and no row at all where nobody listens.
 */
export async function emitWebhook(q: Queryable, companyId: string, event: WebhookEvent, data: Record<string, unknown>) {
  await q.query(
    `insert into webhook_deliveries (company_id, webhook_id, event, payload, next_at)
     select w.company_id, w.id, $2, jsonb_build_object('event', $2::text, 'occurred_at', now(), 'data', $3::jsonb), now()
       from webhook_endpoints w where w.company_id = $1 and w.active and $2 = any(w.events)`,
    [companyId, event, JSON.stringify(data)],
  );
}
