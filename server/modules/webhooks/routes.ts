import { MENU } from '../../../contract/menus';
import {
  WEBHOOK_PING,
  webhookBody,
  webhookCreatedReply,
  webhookDeliveryListQuery,
  webhookDeliveryListReply,
  webhookParams,
  webhookRecord,
  type WebhookDelivery,
  type WebhookRecord,
} from '../../../contract/webhooks';
import { restRange } from '../../../contract/datamap';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import type { ModuleContext } from '../../http/serverModule';
import { sealPassword } from '../connectors/secret';
import { newWebhookSecret, urlRefusal } from './send';
import { z } from 'zod';

/** Webhooks live under the settings (menu 13): reading needs the menu, changing them its edit right. */
const read = { menuId: MENU.settings.menuId } as const;
const write = { ...read, write: true } as const;

/** Endpoints a company may register. */
export const WEBHOOKS_PER_COMPANY = 20;

interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: WebhookRecord['events'];
  active: boolean;
  secret_hint: string;
  created_by_name: string | null;
  created_at: Date | string;
  last_state: string | null;
  last_status: number | null;
  last_at: Date | string | null;
}

const ENDPOINT_SELECT = `select w.id, w.url, w.description, w.events, w.active, w.secret_hint, w.created_at,
    (select coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username) from users u where u.id = w.created_by) as created_by_name,
    l.state as last_state, l.last_status, l.created_at as last_at
  from webhook_endpoints w
  left join lateral (select state, last_status, created_at from webhook_deliveries d
                      where d.company_id = w.company_id and d.webhook_id = w.id order by d.created_at desc limit 1) l on true`;

const toRecord = (r: EndpointRow): WebhookRecord => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  active: r.active,
  secretHint: r.secret_hint,
  createdBy: r.created_by_name,
  created_dt: iso(r.created_at),
  lastDelivery: r.last_state ? { state: r.last_state, status: r.last_status, at: iso(r.last_at!) } : null,
});

async function loadEndpoint(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<EndpointRow>(`${ENDPOINT_SELECT} where w.company_id = $1 and w.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return toRecord(row);
}

/** A URL the worker would refuse is refused now, on its field (400 in the reader's language). */
function checkUrl(config: ServerConfig, url: string) {
  const refusal = urlRefusal(url, config.webhooksAllowPrivate);
  if (refusal) throw fieldError('url', refusal);
}

interface DeliveryRow {
  id: string;
  webhook_id: string;
  url: string;
  event: string;
  state: WebhookDelivery['state'];
  attempts: number;
  last_status: number | null;
  last_reply: string;
  next_at: Date | string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
}
const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  webhookId: r.webhook_id,
  url: r.url,
  event: r.event,
  state: r.state,
  attempts: r.attempts,
  lastStatus: r.last_status,
  lastReply: r.last_reply,
  nextAttempt_dt: r.next_at ? iso(r.next_at) : null,
  created_dt: iso(r.created_at),
  delivered_dt: r.delivered_at ? iso(r.delivered_at) : null,
});

/** Webhooks (`/settings/webhooks`) by the REST convention: `/webhooks`, `/webhooks/:id`; the delivery log `/webhook-deliveries`. */
export const webhookRoutes = ({ config }: ModuleContext) => [
  route({
    method: 'GET',
    url: '/webhooks',
    access: read,
    query: z.object({ range: restRange, sort: z.string().max(100).optional(), filter: z.string().max(200).optional() }),
    reply: z.object({ data: z.array(webhookRecord), total: z.number().int() }),
    handler: async ({ db, session, query, reply }) => {
      const [from, to] = query.range;
      const rows = await db.query<EndpointRow>(`${ENDPOINT_SELECT} where w.company_id = $1 order by w.created_at desc, w.id limit $2 offset $3`, [
        session.companyId,
        to - from + 1,
        from,
      ]);
      const [{ total }] = await db.query<{ total: number }>('select count(*)::int as total from webhook_endpoints where company_id = $1', [
        session.companyId,
      ]);
      reply.header('Content-Range', rows.length ? `webhooks ${from}-${from + rows.length - 1}/${total}` : `webhooks */${total}`);
      return { data: rows.map(toRecord), total };
    },
  }),
  route({
    method: 'GET',
    url: '/webhooks/:id',
    access: read,
    params: webhookParams,
    reply: z.object({ data: webhookRecord }),
    handler: async ({ db, session, params }) => ({ data: await loadEndpoint(db, session.companyId, params.id) }),
  }),
  route({
    method: 'POST',
    url: '/webhooks',
    access: write,
    body: webhookBody,
    reply: webhookCreatedReply,
    handler: async ({ db, session, body }) => {
      checkUrl(config, body.url);
      const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from webhook_endpoints where company_id = $1', [session.companyId]);
      if (n >= WEBHOOKS_PER_COMPANY) throw new ApiError(409, 'webhook_too_many', { max: WEBHOOKS_PER_COMPANY });
      const secret = newWebhookSecret();
      const [row] = await db.query<{ id: string }>(
        `insert into webhook_endpoints (company_id, url, description, events, active, secret_sealed, secret_hint, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [
          session.companyId,
          body.url,
          body.description,
          body.events,
          body.active,
          sealPassword(config, secret),
          `${secret.slice(0, 10)}…`,
          session.userId,
        ],
      );
      // the secret is in this reply only: the database keeps it sealed, to sign with
      return { data: { ...(await loadEndpoint(db, session.companyId, row.id)), secret } };
    },
  }),
  route({
    method: 'PUT',
    url: '/webhooks/:id',
    access: write,
    params: webhookParams,
    body: webhookBody,
    reply: z.object({ data: webhookRecord }),
    handler: async ({ db, session, params, body }) => {
      checkUrl(config, body.url);
      const rows = await db.query(
        'update webhook_endpoints set url = $3, description = $4, events = $5, active = $6, updated_at = now() where company_id = $1 and id = $2 returning id',
        [session.companyId, params.id, body.url, body.description, body.events, body.active],
      );
      if (!rows.length) throw notFound();
      return { data: await loadEndpoint(db, session.companyId, params.id) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/webhooks/:id',
    access: write,
    params: webhookParams,
    reply: z.object({ data: webhookRecord }),
    handler: async ({ db, session, params }) => {
      const record = await loadEndpoint(db, session.companyId, params.id);
      await db.query('delete from webhook_endpoints where company_id = $1 and id = $2', [session.companyId, params.id]);
      return { data: record };
    },
  }),
  route({
    method: 'POST',
    url: '/webhooks/:id/test',
    access: write,
    params: webhookParams,
    reply: z.object({ data: z.object({ deliveryId: z.string() }) }),
    handler: async ({ db, session, params }) => {
      const endpoint = await loadEndpoint(db, session.companyId, params.id);
      if (!endpoint.active) throw new ApiError(409, 'webhook_inactive');
      const [row] = await db.query<{ id: string }>(
        `insert into webhook_deliveries (company_id, webhook_id, event, payload, next_at)
         values ($1, $2, $3, jsonb_build_object('event', $3::text, 'occurred_at', now(), 'data', '{}'::jsonb), now()) returning id`,
        [session.companyId, params.id, WEBHOOK_PING],
      );
      return { data: { deliveryId: row.id } };
    },
  }),
  route({
    method: 'GET',
    url: '/webhook-deliveries',
    access: read,
    query: webhookDeliveryListQuery,
    reply: webhookDeliveryListReply,
    handler: async ({ db, session, query, reply }) => {
      const params: unknown[] = [session.companyId];
      const where = ['d.company_id = $1'];
      if (query.filter.webhookId) where.push(`d.webhook_id = $${params.push(query.filter.webhookId)}`);
      if (query.filter.state) where.push(`d.state = $${params.push(query.filter.state)}`);
      const [from, to] = query.range;
      const rows = await db.query<DeliveryRow>(
        `select d.id, d.webhook_id, w.url, d.event, d.state, d.attempts, d.last_status, d.last_reply, d.next_at, d.created_at, d.delivered_at
           from webhook_deliveries d join webhook_endpoints w on w.id = d.webhook_id
          where ${where.join(' and ')} order by d.created_at desc, d.id desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, to - from + 1, from],
      );
      const [{ total }] = await db.query<{ total: number }>(
        `select count(*)::int as total from webhook_deliveries d where ${where.join(' and ')}`,
        params,
      );
      reply.header('Content-Range', rows.length ? `webhook-deliveries ${from}-${from + rows.length - 1}/${total}` : `webhook-deliveries */${total}`);
      return { data: rows.map(toDelivery), total };
    },
  }),
  route({
    method: 'POST',
    url: '/webhook-deliveries/:id/retry',
    access: write,
    params: webhookParams,
    reply: z.object({ data: z.object({ id: z.string() }) }),
    handler: async ({ db, session, params }) => {
      // a delivery given up (or still waiting) is tried again now, its 24 hours and its backoff counted afresh;
      // never one a worker is sending at this moment, nor to an endpoint switched off
      const [row] = await db.query<{ state: string; sending: boolean; active: boolean }>(
        `select d.state, coalesce(d.leased_until > now(), false) as sending, w.active
           from webhook_deliveries d join webhook_endpoints w on w.id = d.webhook_id
          where d.company_id = $1 and d.id = $2 for update of d`,
        [session.companyId, params.id],
      );
      if (!row) throw notFound();
      if (row.state === 'delivered') throw new ApiError(409, 'webhook_delivered');
      if (!row.active) throw new ApiError(409, 'webhook_inactive');
      if (row.sending) throw new ApiError(409, 'webhook_sending');
      await db.query(`update webhook_deliveries set state = 'pending', next_at = now(), retried_at = now(), retry_base = attempts where id = $1`, [
        params.id,
      ]);
      return { data: { id: params.id } };
    },
  }),
];
