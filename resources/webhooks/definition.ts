import { apiCall, type CallsOf, type ResourceDefinition } from '../types';

/** Webhook endpoints (settings, menu 13) by the REST convention: `GET/POST /webhooks`, `GET/PUT/DELETE /webhooks/:id`. */
export const webhooks = {
  name: 'webhooks',
  menu: 'settings',
  api: { rest: '/webhooks' },
  calls: {
    /** sends a `ping` delivery to the endpoint now */
    testWebhook: apiCall({
      method: 'POST',
      path: ({ id }: { id: string }) => `/webhooks/${id}/test`,
      body: () => ({}),
      reply: (body) => body.data as { deliveryId: string },
    }),
    /** tries a delivery that was given up (or is waiting) again now */
    retryWebhookDelivery: apiCall({
      method: 'POST',
      path: ({ id }: { id: string }) => `/webhook-deliveries/${id}/retry`,
      body: () => ({}),
      reply: (body) => body.data as { id: string },
    }),
  },
} satisfies ResourceDefinition;

/** The delivery log: `GET /webhook-deliveries?range&filter={"webhookId","state"}`, newest first. */
export const webhookDeliveries = { name: 'webhook-deliveries', menu: 'settings', api: { rest: '/webhook-deliveries' } } satisfies ResourceDefinition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof webhooks> {}
}
