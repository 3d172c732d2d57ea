import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { en, th } from '../../i18n';
import { chooseLanguage, sessionFromCookie, shoot, signIn, toast } from './helpers';

// Webhooks (settings, menu 13): an endpoint of the company's own (a receiver this test runs on 127.0.0.1; the e2e
// server allows it with WEBHOOKS_ALLOW_PRIVATE), its secret shown once, a signed test delivery, a real event (a
// consent withdrawn on the public page) reaching it, and the delivery log.

const W = th.webhooks;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.end('ok');
  });
});
let url = '';
test.beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/pdpa`;
});
test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

const arrived = (event: string, contains = '') =>
  expect.poll(() => received.find((r) => r.headers['x-pdpa-event'] === event && r.body.includes(contains)), { timeout: 20_000 }).toBeTruthy();

test('an endpoint is added (its secret shown once), a signed test and a withdrawal reach it, the log shows them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/settings/general');
  await page.getByRole('link', { name: W.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: W.title })).toBeVisible();
  // the demo company has none yet: the list says so, the log too
  await expect(page.getByText(W.empty)).toBeVisible();
  await expect(page.getByTestId('webhook-deliveries').getByText(W.delivery.none)).toBeVisible();

  await page.getByRole('button', { name: W.add }).click();
  const dialog = page.getByRole('dialog');
  // a refused address is told on its field, in Thai
  await dialog.getByLabel(W.url).fill('ftp://crm.example.co.th/hooks');
  await dialog.getByRole('button', { name: th.common.submit }).click();
  await expect(dialog.getByText(th.server.webhook_url)).toBeVisible();
  await dialog.getByLabel(W.url).fill(url);
  await dialog.getByLabel(W.description).fill('ระบบ CRM ฝ่ายการตลาด');
  await dialog.getByLabel(W.events['consent.given']).check();
  await shoot(page, 'webhooks-form-th');
  await dialog.getByRole('button', { name: th.common.submit }).click();
  await expect(toast(page, W.created_success)).toBeVisible();
  const secret = await page.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await shoot(page, 'webhooks-secret-th');
  await page.getByRole('button', { name: W.done }).click();
  await expect(page.getByText(url)).toBeVisible();

  // a test delivery, signed with that secret
  await page.getByRole('button', { name: W.test }).first().click();
  await expect(toast(page, W.test_sent)).toBeVisible();
  await arrived('ping');
  const ping = received.find((r) => r.headers['x-pdpa-event'] === 'ping')!;
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(ping.headers['x-pdpa-signature']))!;
  expect(createHmac('sha256', secret).update(`${t}.${ping.body}`).digest('hex')).toBe(v1);

  // a data subject withdraws on the public page: the company's system hears of it
  const headers = { authorization: `Bearer ${(await sessionFromCookie(page))!.access_token}` };
  const list = (await (await page.request.get('/api/v1/consents/form/list?limit=50', { headers })).json()) as {
    formlist: { _id: string; formRef: string; version: number | null }[];
  };
  const form = list.formlist.find((f) => f.version !== null)!;
  const notice = (await (await page.request.get(`/api/v1/consents/public/form/${form.formRef}/${form._id}`)).json()) as {
    notice: { version: number; purposes: { _id: string }[] };
  };
  const subjectId = `WH-E2E-${Date.now()}`;
  const person = { subjectId, email: `${subjectId.toLowerCase()}@example.com` };
  const purpose = notice.notice.purposes[0]!._id;
  const visitor = await browser.newContext();
  expect(
    (
      await visitor.request.post(`/api/v1/consents/public/form/${form.formRef}/${form._id}`, {
        data: {
          ...person,
          name: 'ผู้ทดสอบ',
          age: 30,
          version: notice.notice.version,
          purposes: [{ _id: purpose, consent: true }],
          submissionId: crypto.randomUUID(),
        },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await visitor.request.post(`/api/v1/consents/public/withdraw/${form.formRef}/${form._id}`, { data: { ...person, purposes: [purpose] } })
    ).status(),
  ).toBe(200);
  await visitor.close();
  await arrived('consent.withdrawn', subjectId);

  // the log: every delivery delivered, the receiver's reply kept
  await page.getByRole('button', { name: W.deliveries }).first().click();
  const log = page.getByTestId('webhook-deliveries');
  await expect(log.getByRole('heading', { name: W.deliveries_of.replace('%{url}', url) })).toBeVisible();
  await expect(log.getByText(W.events['consent.withdrawn'])).toBeVisible();
  await expect(log.getByText(W.events.ping)).toBeVisible();
  await expect(log.getByTestId('delivery-state').first()).toHaveText(W.delivery.states.delivered);
  await shoot(page, 'webhooks-th');
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: en.webhooks.title })).toBeVisible();
  await expect(log.getByText(en.webhooks.events['consent.withdrawn'])).toBeVisible();
  await shoot(page, 'webhooks-en');
});
