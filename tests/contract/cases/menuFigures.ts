import { expect } from 'vitest';
import {
  consentCountReply,
  expireConsentReply,
  menuFiguresReply,
  postureReply,
  sumStatReply,
  type MenuFigure,
  type MenuFigureKey,
} from '../../../contract/dashboard';
import type { MyTest } from '../../../contract/quiz';
import type { Reply } from '../client';
import { expectFailure, type Ctx } from '../expectations';
import { kinds } from '../kinds';

/** Every figure, as the administrator (every menu) gets them. */
const ALL: MenuFigureKey[] = ['dsr', 'breach', 'ropa', 'cookie', 'sheets', 'risk', 'dpo', 'knowledge'];

/**
 * The main menu's figures (`GET /user/menu-figures`): one call, one figure per module the person may
 * open; shapes on every backend, on the server the counts against the demo data and the company.
 */
export function menuFigureCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const figures = async (token: string) => {
    const reply: Reply = await ctx.api.get('/user/menu-figures', { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const data = menuFiguresReply.parse(reply.body).data;
    return Object.fromEntries(data.map((f) => [f.key, f])) as Partial<Record<MenuFigureKey, MenuFigure>>;
  };
  const one = async (sql: string, params: unknown[]) => Number((await ctx.db!.query<{ n: string | number }>(sql, params))[0].n);
  const companyId = async (code: string) => (await ctx.db!.query<{ id: string }>('select id from companies where code = $1', [code]))[0].id;

  shape.describe('main menu figures', () => {
    shape.it('the administrator gets one figure per module, each with its menu', async () => {
      const all = await figures(ctx.demoAdmin.access_token);
      expect(Object.keys(all).sort()).toEqual([...ALL].sort());
      expect(all.dsr!.menuId).toBe(5);
      expect(all.breach!.menuId).toBe(17);
      expect(all.dsr!.value).toBeGreaterThan(0);
      expect(all.dsr!.detail).toBeLessThanOrEqual(all.dsr!.value);
    });

    shape.it('the view-only person gets only the figures of their menus; the contact only the DPO', async () => {
      const viewer = await figures(ctx.demoViewer.access_token);
      expect(Object.keys(viewer).sort()).toEqual(ALL.filter((k) => k !== 'risk').sort());
      const contact = await figures(ctx.demoContact.access_token);
      // no menu 5: no request figure
      expect(Object.keys(contact)).toEqual(['dpo']);
    });

    shape.it('asks for a session', async () => {
      expectFailure(await ctx.api.get('/user/menu-figures'), 401);
    });
  });

  rule.describe('main menu figures (server)', () => {
    rule.it('count what the modules hold for the demo company, as the dashboard does', async () => {
      const c = await companyId('DEMO');
      const token = ctx.demoAdmin.access_token;
      const f = await figures(token);
      expect(f.dsr!.value).toBe(await one('select count(*) as n from dsr_requests where company_id = $1 and status_id in (1, 2, 3)', [c]));
      expect(f.dsr!.detail).toBe(
        await one('select count(*) as n from dsr_requests where company_id = $1 and status_id in (1, 2, 3) and due_at < now()', [c]),
      );
      // a page wide enough for every open breach the suite made (the list's default page is 20)
      const query = new URLSearchParams({ filter: JSON.stringify({ open: true }), range: '[0,99]' });
      const breaches = (await ctx.api.get(`/databreach?${query}`, { token })).body as {
        data: { clock: { state: string } }[];
        total: number;
      };
      expect(f.breach!.value).toBe(breaches.total);
      expect(f.breach!.detail).toBe(breaches.data.filter((b) => b.clock.state === 'overdue').length);
      expect(f.cookie!.value).toBe(await one('select count(*) as n from cookie_domains where company_id = $1', [c]));
      expect(f.risk!.value).toBe(
        await one(
          `select count(distinct i.risk_id) as n from risk_evaluation_items i join risk_master m on m.id = i.risk_id
            where i.company_id = $1 and i.code in ('H', 'VH')`,
          [c],
        ),
      );
      // the posture's figures are the same facts
      const posture = postureReply.parse((await ctx.api.get('/user/dashboard/posture', { token })).body).data;
      const at = (key: string) => posture.find((p) => p.key === key)!;
      expect(f.ropa!.value).toBe(at('ropa_overdue').value);
      expect(f.sheets!.value).toBe(at('documents_review').value);
      expect(f.sheets!.value).toBe(await one(`select count(*) as n from sheet_documents where company_id = $1 and state = 'review'`, [c]));
      expect({ appointed: f.dpo!.value === 1, officeInformed: f.dpo!.detail === 1 }).toEqual(at('dpo').detail);
      // the person's own tests, as their test list shows them
      const mine = (await ctx.api.get('/knowledge/my', { token })).body as { testList: MyTest[] };
      expect(f.knowledge!.detail).toBe(mine.testList.length);
      expect(f.knowledge!.value).toBe(mine.testList.filter((t) => t.state === 'passed').length);
    });

    rule.it('each company sees only its own figures', async () => {
      const s = await companyId('SIAM');
      const siam = await figures(ctx.siamAdmin.access_token);
      expect(siam.dsr!.value).toBe(await one('select count(*) as n from dsr_requests where company_id = $1 and status_id in (1, 2, 3)', [s]));
      expect(siam.cookie!.value).toBe(await one('select count(*) as n from cookie_domains where company_id = $1', [s]));
      // a domain added to SIAM moves SIAM's figure only
      const demoBefore = (await figures(ctx.demoAdmin.access_token)).cookie!.value;
      await ctx.db!.query(`insert into cookie_domains (company_id, host, draft) values ($1, $2, '{}')`, [s, `menu-${Date.now()}.example`]);
      expect((await figures(ctx.siamAdmin.access_token)).cookie!.value).toBe(siam.cookie!.value + 1);
      expect((await figures(ctx.demoAdmin.access_token)).cookie!.value).toBe(demoBefore);
    });
  });

  const filtered = (path: string, filter: object) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  const consentTotal = async (query: string) => {
    const reply = await ctx.api.get(`/consents/manage/list?limit=1&${query}`, { token: ctx.demoAdmin.access_token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body as { totalItem: { count: number } }).totalItem.count;
  };
  const restTotal = async (path: string, filter: object) => {
    const reply = await ctx.api.get(filtered(path, filter), { token: ctx.demoAdmin.access_token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body as { total: number }).total;
  };
  const WIDE = 'from=2024-01-01&to=2026-12-31';

  shape.describe('the lists the dashboard figures open: their URL filters', () => {
    shape.it('the consent records list takes the records made (action, Bangkok days) and refuses bad values (400)', async () => {
      const token = ctx.demoAdmin.access_token;
      const given = await ctx.api.get(`/consents/manage/list?action=given&${WIDE}`, { token });
      expect(given.status).toBe(200);
      const rows = (given.body as { consentlist: { history: { action: string; created_dt: string }[] }[] }).consentlist;
      expect(rows.length).toBeGreaterThan(0);
      for (const bad of ['action=maybe', 'from=yesterday', 'to=2026-1-1', 'from=2026-03-02&to=2026-03-01'])
        expectFailure(await ctx.api.get(`/consents/manage/list?${bad}`, { token }), 400);
    });

    shape.it('the ROPA list takes overdue for review, the sheets list a state; bad values are a 400', async () => {
      const token = ctx.demoAdmin.access_token;
      expect(await restTotal('/ropa/activity', { overdue: true })).toBeGreaterThanOrEqual(0);
      expect(await restTotal('/sheets', { state: 'review' })).toBeGreaterThanOrEqual(0);
      expectFailure(await ctx.api.get(filtered('/ropa/activity', { overdue: 'yes' }), { token }), 400);
      expectFailure(await ctx.api.get(filtered('/ropa/activity', { state: 'lost' }), { token }), 400);
      expectFailure(await ctx.api.get(filtered('/sheets', { state: 'lost' }), { token }), 400);
    });
  });

  rule.describe('the lists the dashboard figures open show the rows the figures count (server)', () => {
    rule.it('consents given, withdrawn and made in the period: the records list with the same filter', async () => {
      const token = ctx.demoAdmin.access_token;
      const counts = consentCountReply.parse((await ctx.api.get(`/user/dashboard/consent-count?${WIDE}`, { token })).body);
      expect(counts.given).toBeGreaterThan(0);
      expect(await consentTotal(`action=given&${WIDE}`)).toBe(counts.given);
      expect(await consentTotal(`action=withdrawn&${WIDE}`)).toBe(counts.withdrawn);
      const stats = sumStatReply.parse((await ctx.api.get(`/user/dashboard/sum-stat?${WIDE}`, { token })).body).data;
      expect(await consentTotal(WIDE)).toBe(stats.find((x) => x.key === 'consents')!.stat);
      // a day with none is none (the days are Bangkok's)
      expect(await consentTotal('from=2020-01-01&to=2020-01-02')).toBe(0);
      const expiring = expireConsentReply.parse((await ctx.api.get('/user/dashboard/expire-consent', { token })).body);
      expect(await consentTotal('expiring=true')).toBe(expiring.total);
      for (const r of expiring.data) expect(await consentTotal(`formId=${r.formId}&expiring=true`)).toBe(r.n);
    });

    rule.it('ROPA approved, overdue for review and documents in review: the lists with the same filter', async () => {
      const token = ctx.demoAdmin.access_token;
      const stats = sumStatReply.parse((await ctx.api.get('/user/dashboard/sum-stat', { token })).body).data;
      expect(await restTotal('/ropa/activity', { state: 'approved' })).toBe(stats.find((x) => x.key === 'ropa')!.stat);
      const posture = postureReply.parse((await ctx.api.get('/user/dashboard/posture', { token })).body).data;
      const overdue = posture.find((p) => p.key === 'ropa_overdue')!.value;
      expect(overdue).toBeGreaterThan(0);
      expect(await restTotal('/ropa/activity', { overdue: true })).toBe(overdue);
      expect(await restTotal('/ropa/activity', { overdue: false })).toBe((await restTotal('/ropa/activity', {})) - overdue!);
      expect(await restTotal('/sheets', { state: 'review' })).toBe(posture.find((p) => p.key === 'documents_review')!.value);
    });
  });
}
