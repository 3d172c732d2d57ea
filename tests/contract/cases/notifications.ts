import { describe, expect } from 'vitest';
import { notificationListReply, type Notification } from '../../../contract/notifications';
import { DEFAULT_PAGE_SIZE } from '../../../contract/http';
import { expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';
import { DEMO_COMPANY, SIAM_COMPANY, demoNotifications, riskDemoEvaluationId, type DemoCompany } from '../../../demo';

/** The seed's (demo/companies.ts): 4 notifications for the whole company and 1 for its admin only. */
const COMPANY_WIDE = demoNotifications(DEMO_COMPANY).filter((n) => !n.own).length;
/**
 * The seed's notifications of a company in a list; other cases may have raised more (a request
 * received, an evaluation finished), so the cases count the seed's and compare the rest to the list.
 */
const sameParams = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
const seeded = (items: Notification[], company: DemoCompany) =>
  items.filter((n) => demoNotifications(company).some((d) => d.kind === n.kind && sameParams(d.params, n.params)));

/** GET /user/notification/list and POST /user/notification/read, per user and per company. */
export function notificationCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const list = async (token: string, query = '?currentPage=1&limit=100') => {
    const reply = await ctx.api.get(`/user/notification/list${query}`, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return notificationListReply.parse(reply.body);
  };
  const read = (token: string, body: unknown) => ctx.api.post('/user/notification/read', body, { token });
  const ids = (items: Notification[]) => items.map((n) => n._id);

  describe('GET /user/notification/list', () => {
    shape.it("gives the admin the company's notifications and their own, newest first, all unread", async () => {
      const body = await list(ctx.demoAdmin.access_token);
      const seed = seeded(body.notificationList, DEMO_COMPANY);
      expect(seed).toHaveLength(COMPANY_WIDE + 1);
      expect(seed.every((n) => !n.read)).toBe(true);
      expect(body.totalNotification).toBe(body.notificationList.length);
      expect(body.unread).toBe(body.notificationList.filter((n) => !n.read).length);
      expect(new Set(ids(body.notificationList)).size).toBe(body.notificationList.length);
      const times = body.notificationList.map((n) => Date.parse(n.created_dt));
      expect(times.every((t) => !Number.isNaN(t))).toBe(true);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // the demo's finished evaluation (demo/risk.ts): the notification opens it
      expect(seed[0]).toMatchObject({ kind: 'evaluation_finished', link: `/risk-management/start-evaluation/${riskDemoEvaluationId('DEMO', 1)}` });
      expect(body.notificationList.find((n) => n.kind === 'welcome')?.params).toEqual({ company: 'บริษัท ไทยดิจิทัลเซอร์วิส จำกัด' });
    });

    shape.it("never shows the viewer the admin's own notification", async () => {
      const body = await list(ctx.demoViewer.access_token);
      expect(seeded(body.notificationList, DEMO_COMPANY)).toHaveLength(COMPANY_WIDE);
      const adminsOwn = seeded((await list(ctx.demoAdmin.access_token)).notificationList, DEMO_COMPANY).find(
        (n) => n.kind === 'evaluation_finished',
      )!;
      expect(ids(body.notificationList)).not.toContain(adminsOwn._id);
    });

    shape.it("never shows SIAM's admin a DEMO notification", async () => {
      const demo = await list(ctx.demoAdmin.access_token);
      const siam = await list(ctx.siamAdmin.access_token);
      // SIAM has no demo risk register, so no evaluation of its own to be told of
      expect(seeded(siam.notificationList, SIAM_COMPANY)).toHaveLength(demoNotifications(SIAM_COMPANY).length);
      expect(demoNotifications(SIAM_COMPANY).length).toBe(COMPANY_WIDE);
      expect(ids(siam.notificationList).filter((id) => ids(demo.notificationList).includes(id))).toEqual([]);
      expect(siam.notificationList.find((n) => n.kind === 'welcome')?.params).toEqual({ company: 'บริษัท สยามค้าปลีก จำกัด (มหาชน)' });
      expect(JSON.stringify(siam)).not.toContain('DEMO-DSR');
    });

    shape.it('pages with currentPage and limit', async () => {
      const token = ctx.demoAdmin.access_token;
      const all = ids((await list(token, '?currentPage=1&limit=100')).notificationList);
      const page2 = await list(token, '?currentPage=2&limit=2');
      expect(ids(page2.notificationList)).toEqual(all.slice(2, 4));
      expect(page2.totalNotification).toBe(all.length);
      expect(ids((await list(token, '?currentPage=3&limit=2')).notificationList)).toEqual(all.slice(4, 6));
      const beyond = await list(token, `?currentPage=${Math.ceil(all.length / 2) + 1}&limit=2`);
      expect(beyond.notificationList).toEqual([]);
      expect(beyond.totalNotification).toBe(all.length);
      expect((await list(token, '?currentPage=1&limit=5')).notificationList).toHaveLength(5);
      expect((await list(token, '')).notificationList.length).toBeLessThanOrEqual(DEFAULT_PAGE_SIZE);
    });

    shape.it('order=unread lists the unread ones first, newest first within each', async () => {
      const token = ctx.demoAdmin.access_token;
      const body = await list(token, '?currentPage=1&limit=100&order=unread');
      const flags = body.notificationList.map((n) => n.read);
      expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
      for (const read of [false, true]) {
        const times = body.notificationList.filter((n) => n.read === read).map((n) => Date.parse(n.created_dt));
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
      expect(body.totalNotification).toBe((await list(token)).totalNotification);
      expectInvalidField(await ctx.api.get('/user/notification/list?order=oldest', { token }), 'order');
    });

    rule.it('shows each person only the kinds their menus allow: a finished evaluation never reaches a role without the risk menu', async () => {
      const [demo] = await ctx.db!.query<{ id: string }>(`select id from companies where code = 'DEMO'`);
      const [row] = await ctx.db!.query<{ id: string }>(
        `insert into notifications (company_id, kind, params, link) values ($1, 'evaluation_finished', $2, '/risk-management/evaluation') returning id`,
        [demo.id, JSON.stringify({ title: 'ประเมินเพื่อทดสอบสิทธิ์เมนู' })],
      );
      const viewerBefore = await list(ctx.demoViewer.access_token);
      const admin = await list(ctx.demoAdmin.access_token);
      expect(ids(admin.notificationList)).toContain(row.id);
      // the viewer's role has no menu 18 (risk management): not listed, not counted, cannot be marked
      expect(ids(viewerBefore.notificationList)).not.toContain(row.id);
      expect(viewerBefore.notificationList.some((n) => n.kind === 'evaluation_finished')).toBe(false);
      expectMessage(await read(ctx.demoViewer.access_token, { notificationId: row.id }), 404, 'not_found');
      // nor counted among the unread
      expect(viewerBefore.unread).toBe(viewerBefore.notificationList.filter((n) => !n.read).length);
    });

    shape.it('refuses a page below 1 and a limit outside 1..100 (400)', async () => {
      const token = ctx.demoAdmin.access_token;
      const get = (query: string) => ctx.api.get(`/user/notification/list${query}`, { token });
      expectInvalidField(await get('?currentPage=0&limit=5'), 'currentPage');
      expectInvalidField(await get('?currentPage=1&limit=0'), 'limit');
      expectInvalidField(await get('?currentPage=1&limit=101'), 'limit');
      expectInvalidField(await get('?currentPage=1&limit=abc'), 'limit');
      expectInvalidField(await get('?currentPage=1.5'), 'currentPage');
      expectInvalidField(await get('?limit=-5'), 'limit', 'th');
      expectInvalidField(await ctx.api.get('/user/notification/list?limit=1000', { token, lang: 'en' }), 'limit', 'en');
    });

    shape.it('refuses a call without a valid token (401)', async () => {
      expectMessage(await ctx.api.get('/user/notification/list?currentPage=1&limit=5'), 401, 'not_signed_in');
      expectMessage(await ctx.api.get('/user/notification/list', { token: 'x'.repeat(64) }), 401, 'session_expired');
    });
  });

  describe('POST /user/notification/read', () => {
    rule.it('marks one notification read for that user only', async () => {
      const before = await list(ctx.demoAdmin.access_token);
      const viewerBefore = await list(ctx.demoViewer.access_token);
      const target = before.notificationList.find((n) => n.kind === 'dsr_new' && !n.read)!;
      const reply = await read(ctx.demoAdmin.access_token, { notificationId: target._id });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ status: 200 });

      const after = await list(ctx.demoAdmin.access_token);
      expect(after.unread).toBe(before.unread - 1);
      expect(after.notificationList.find((n) => n._id === target._id)?.read).toBe(true);
      expect(after.totalNotification).toBe(before.totalNotification);

      const viewer = await list(ctx.demoViewer.access_token);
      expect(viewer.notificationList.find((n) => n._id === target._id)?.read).toBe(false);
      expect(viewer.unread).toBe(viewerBefore.unread);
    });

    rule.it('is idempotent', async () => {
      const before = await list(ctx.demoAdmin.access_token);
      const readOne = before.notificationList.find((n) => n.read)!;
      expect((await read(ctx.demoAdmin.access_token, { notificationId: readOne._id })).status).toBe(200);
      expect((await list(ctx.demoAdmin.access_token)).unread).toBe(before.unread);
    });

    shape.it("answers 404 for another company's notification and leaves it unread", async () => {
      const demo = await list(ctx.demoAdmin.access_token);
      const companyWide = demo.notificationList.find((n) => n.kind === 'dsr_due' && n.params.ref === 'DEMO-DSR-0001')!;
      expect(companyWide.read).toBe(false);
      expectMessage(await read(ctx.siamAdmin.access_token, { notificationId: companyWide._id }), 404, 'not_found');
      expect((await list(ctx.demoAdmin.access_token)).unread).toBe(demo.unread);
    });

    shape.it('answers 404 for a notification of another user of the same company', async () => {
      const admin = await list(ctx.demoAdmin.access_token);
      const viewers = ids((await list(ctx.demoViewer.access_token)).notificationList);
      const adminOnly = admin.notificationList.find((n) => !viewers.includes(n._id))!;
      expect(adminOnly).toBeDefined();
      expectMessage(await read(ctx.demoViewer.access_token, { notificationId: adminOnly._id }), 404, 'not_found');
    });

    shape.it('answers 404 for an unknown id, in English when asked', async () => {
      const unknown = { notificationId: '00000000-0000-4000-8000-000000000000' };
      expectMessage(await read(ctx.demoAdmin.access_token, unknown), 404, 'not_found');
      const en = await ctx.api.post('/user/notification/read', unknown, { token: ctx.demoAdmin.access_token, lang: 'en' });
      expectMessage(en, 404, 'not_found', 'en');
    });

    shape.it('refuses an id that is not a uuid and bodies of the wrong shape (400)', async () => {
      const token = ctx.demoAdmin.access_token;
      expectInvalidField(await read(token, { notificationId: 'not-a-uuid' }), 'notificationId');
      expectInvalidField(await read(token, { notificationId: "1' OR '1'='1" }), 'notificationId');
      expectInvalidField(await read(token, { notificationId: 42 }), '-');
      expectInvalidField(await read(token, { all: false }), '-');
      expectInvalidField(await read(token, { all: 'true' }), '-');
      expectInvalidField(await read(token, {}), '-');
      expectInvalidField(await read(token, []), '-');
      expectInvalidField(await read(token, undefined), '-');
    });

    shape.it('refuses a call without a valid token (401)', async () => {
      expectMessage(await read('', { all: true }), 401, 'not_signed_in');
      expectMessage(await read('y'.repeat(64), { all: true }), 401, 'session_expired');
    });

    rule.it("marks all of the user's notifications read, and nobody else's", async () => {
      const demoBefore = await list(ctx.demoAdmin.access_token);
      const viewerBefore = await list(ctx.demoViewer.access_token);
      const reply = await read(ctx.siamAdmin.access_token, { all: true });
      expect(reply.status).toBe(200);
      const siam = await list(ctx.siamAdmin.access_token);
      expect(siam.unread).toBe(0);
      expect(siam.notificationList.every((n) => n.read)).toBe(true);
      expect((await list(ctx.demoAdmin.access_token)).unread).toBe(demoBefore.unread);
      expect((await list(ctx.demoViewer.access_token)).unread).toBe(viewerBefore.unread);
    });
  });
}
