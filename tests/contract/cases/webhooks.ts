import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { z } from 'zod';
import { noticeReply } from '../../../contract/consent';
import { WEBHOOK_HEADERS, webhookCreatedReply, webhookDeliveryListReply, webhookRecord } from '../../../contract/webhooks';
import type { Reply } from '../client';
import { expectFailure, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver of the company's own, on 127.0.0.1: it keeps what came, and answers `status()` (500 makes the sender try again). */
function receiver() {
  const received: Received[] = [];
  let answer = 200;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'ok' : 'try later');
    });
  });
  return {
    received,
    answer: (status: number) => (answer = status),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits (up to 20 s) until `found` gives something. */
async function eventually<T>(found: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = found();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('nothing arrived within 20 s');
}

/** What a receiver does: recompute the signature over `<t>.<body>` with its secret. */
const verifies = (secret: string, got: Received) => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(got.headers[WEBHOOK_HEADERS.signature])) ?? [];
  return Boolean(t) && createHmac('sha256', secret).update(`${t}.${got.body}`).digest('hex') === v1;
};

/** Webhooks (menu 13): endpoints, signed deliveries of real events, retries, the log; refusals. */
export function webhooksCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };
  const hooks = receiver();
  let url = '';
  beforeAll(async () => {
    url = await hooks.start();
  });
  afterAll(() => hooks.stop());

  describe('webhooks', () => {
    rule.it(
      'delivers a signed test and a real withdrawal to the endpoint, retries a failed delivery, and logs each',
      async () => {
        const created = ok(
          await ctx.api.post('/webhooks', { url, description: 'ระบบ CRM', events: ['consent.given', 'consent.withdrawn'] }, { token: admin() }),
          webhookCreatedReply.extend({ status: z.literal(200) }),
        ).data;
        expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
        // the secret is shown once: the list names it by its first characters only
        const listed = ok(await ctx.api.get('/webhooks', { token: admin() }), z.object({ data: z.array(webhookRecord.strict()) })).data;
        expect(listed.find((w) => w.id === created.id)).toMatchObject({ secretHint: `${created.secret.slice(0, 10)}…`, active: true });
        expect(JSON.stringify(listed)).not.toContain(created.secret);

        // a test delivery, signed with the secret
        ok(await ctx.api.post(`/webhooks/${created.id}/test`, {}, { token: admin() }), z.object({ data: z.object({ deliveryId: z.string() }) }));
        const ping = await eventually(() => hooks.received.find((r) => r.headers[WEBHOOK_HEADERS.event] === 'ping'));
        expect(verifies(created.secret, ping)).toBe(true);
        expect(verifies('whsec_wrong', ping)).toBe(false);

        // a consent given then withdrawn on the public page reaches the endpoint as two events
        const forms = ok(
          await ctx.api.get('/consents/form/list?limit=100', { token: admin() }),
          z.object({ formlist: z.array(z.object({ _id: z.string(), formRef: z.string(), version: z.number().nullable() })) }),
        );
        const form = forms.formlist.find((f) => f.version)!;
        const notice = ok(await ctx.api.get(`/consents/public/form/${form.formRef}/${form._id}`), noticeReply).notice;
        const purpose = notice.purposes[0]!._id;
        const subjectId = `WH-${randomUUID().slice(0, 8)}`;
        const person = { subjectId, email: `${subjectId.toLowerCase()}@example.com` };
        const gave = await ctx.api.post(`/consents/public/form/${form.formRef}/${form._id}`, {
          ...person,
          name: 'ผู้ทดสอบ เว็บฮุก',
          age: 30,
          version: notice.version,
          purposes: [{ _id: purpose, consent: true }],
          submissionId: randomUUID(),
        });
        expect(gave.status, JSON.stringify(gave.body)).toBe(200);
        const withdrew = await ctx.api.post(`/consents/public/withdraw/${form.formRef}/${form._id}`, { ...person, purposes: [purpose] });
        expect(withdrew.status, JSON.stringify(withdrew.body)).toBe(200);
        const event = await eventually(() =>
          hooks.received.find((r) => r.headers[WEBHOOK_HEADERS.event] === 'consent.withdrawn' && r.body.includes(subjectId)),
        );
        expect(verifies(created.secret, event)).toBe(true);
        expect(JSON.parse(event.body)).toMatchObject({
          event: 'consent.withdrawn',
          data: { formId: form._id, subjectId, purposes: [purpose], channel: 'web' },
        });
        // deliveries go side by side and may arrive out of order (docs/modules/webhooks.md): the consent's may come after
        expect(
          await eventually(() => hooks.received.find((r) => r.headers[WEBHOOK_HEADERS.event] === 'consent.given' && r.body.includes(subjectId))),
        ).toBeTruthy();

        // the receiver fails: the delivery waits for its next try, then succeeds; the log says so
        hooks.answer(500);
        ok(await ctx.api.post(`/webhooks/${created.id}/test`, {}, { token: admin() }), z.object({ data: z.object({ deliveryId: z.string() }) }));
        const log = async () =>
          ok(
            await ctx.api.get(
              `/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ webhookId: created.id }))}&range=${encodeURIComponent('[0,49]')}`,
              {
                token: admin(),
              },
            ),
            webhookDeliveryListReply.extend({ status: z.literal(200) }),
          ).data;
        const failing = await (async () => {
          for (let i = 0; i < 100; i++) {
            const d = (await log()).find((x) => x.event === 'ping' && x.lastStatus === 500);
            if (d) return d;
            await new Promise((r) => setTimeout(r, 200));
          }
          throw new Error('no failed attempt logged');
        })();
        expect(failing).toMatchObject({ state: 'pending', attempts: 1, lastReply: 'try later' });
        expect(new Date(failing.nextAttempt_dt!).getTime()).toBeGreaterThan(Date.now());
        hooks.answer(200);
        // its next try, brought forward (the backoff's 10 s are not waited here)
        if (ctx.db) await ctx.db.query('update webhook_deliveries set next_at = now() where id = $1', [failing.id]);
        else
          ok(await ctx.api.post(`/webhook-deliveries/${failing.id}/retry`, {}, { token: admin() }), z.object({ data: z.object({ id: z.string() }) }));
        const retried = async () => {
          for (let i = 0; i < 100; i++) {
            const d = (await log()).find((x) => x.id === failing.id && x.state === 'delivered');
            if (d) return d;
            await new Promise((r) => setTimeout(r, 200));
          }
          throw new Error('the retry was not delivered');
        };
        expect(await retried()).toMatchObject({ attempts: 2, lastStatus: 200, lastReply: 'ok' });
      },
      60_000,
    );

    rule.it(
      'refuses a bad address, no event, a plain-http or private address in production (on the field); another company sees nothing',
      async () => {
        expect(
          expectFailure(await ctx.api.post('/webhooks', { url: 'ftp://example.com/x', events: ['consent.given'] }, { token: admin() }), 400),
        ).toMatchObject({
          field: 'url',
        });
        expect(expectFailure(await ctx.api.post('/webhooks', { url: 'https://example.com/x', events: [] }, { token: admin() }), 400)).toMatchObject({
          field: 'events',
        });
        expectFailure(await ctx.api.post('/webhooks', { url: 'https://example.com/x', events: ['nope'] }, { token: admin() }), 400);
        const mine = ok(
          await ctx.api.post('/webhooks', { url: 'https://example.com/hooks', events: ['breach.recorded'] }, { token: admin() }),
          webhookCreatedReply,
        ).data;
        const siam = ctx.siamAdmin.access_token;
        expectFailure(await ctx.api.get(`/webhooks/${mine.id}`, { token: siam }), 404);
        expectFailure(
          await ctx.api.put(`/webhooks/${mine.id}`, { url: 'https://evil.example/x', events: ['breach.recorded'] }, { token: siam }),
          404,
        );
        expectFailure(await ctx.api.delete(`/webhooks/${mine.id}`, { token: siam }), 404);
        expect(
          ok(await ctx.api.get('/webhooks', { token: siam }), z.object({ data: z.array(webhookRecord) })).data.some((w) => w.id === mine.id),
        ).toBe(false);
        expectMessage(
          await ctx.api.post('/webhooks', { url: 'https://example.com/x', events: ['consent.given'] }, { token: ctx.demoViewer.access_token }),
          403,
          'forbidden',
        );
        // switched off: no test is sent
        ok(
          await ctx.api.put(
            `/webhooks/${mine.id}`,
            { url: 'https://example.com/hooks', events: ['breach.recorded'], active: false },
            { token: admin() },
          ),
          z.object({ data: webhookRecord }),
        );
        expectMessage(await ctx.api.post(`/webhooks/${mine.id}/test`, {}, { token: admin() }), 409, 'webhook_inactive');
        ok(await ctx.api.delete(`/webhooks/${mine.id}`, { token: admin() }), z.object({ data: webhookRecord }));
      },
    );
  });
}
