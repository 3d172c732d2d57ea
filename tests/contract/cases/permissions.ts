import { describe, expect } from 'vitest';
import { menuReply, validateReply } from '../../../contract/auth';
import { MENU, MENUS } from '../../../contract/menus';
import { th, en } from '../../../i18n';
import { expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

const SIDEBAR = MENUS.filter((m) => m.inMenu);

/** GET /user/validate and GET /user/menu: what each role may open. */
export function permissionCases(ctx: Ctx) {
  const { shape } = kinds(ctx);
  const validate = async (token: string | undefined, query: string) => {
    const reply = await ctx.api.get(`/user/validate${query}`, { token });
    return { status: reply.status, body: validateReply.parse(reply.body) };
  };
  const allowed = (token: string, query: string) =>
    validate(token, query).then((r) => {
      expect(r, query).toMatchObject({ status: 200, body: { status: true, forbidden: false } });
      return r.body;
    });
  const forbidden = (token: string, query: string) =>
    validate(token, query).then((r) => expect(r, query).toEqual({ status: 403, body: { status: false, forbidden: true } }));

  describe('GET /user/validate', () => {
    shape.it('lets the admin open every menu and returns the refreshed user', async () => {
      const body = await allowed(ctx.demoAdmin.access_token, '');
      expect(body.user).toEqual(ctx.demoAdmin.user);
      for (const m of MENUS) await allowed(ctx.demoAdmin.access_token, `?menuId=${m.menuId}&parentId=${m.parentId}`);
    });

    shape.it('refuses the viewer risk management (menu 18) with 403 forbidden', async () => {
      await forbidden(ctx.demoViewer.access_token, `?menuId=${MENU.riskManagement.menuId}`);
      await forbidden(ctx.demoViewer.access_token, `?menuId=${MENU.riskManagement.menuId}&parentId=0`);
    });

    shape.it('refuses the viewer the settings (13) and contacts (14) menus', async () => {
      await forbidden(ctx.demoViewer.access_token, '?menuId=13');
      await forbidden(ctx.demoViewer.access_token, '?menuId=14&parentId=13');
    });

    shape.it('checks the parent too: a granted menu under a refused parent is forbidden', async () => {
      await allowed(ctx.demoViewer.access_token, '?menuId=2');
      await forbidden(ctx.demoViewer.access_token, '?menuId=2&parentId=13');
      await forbidden(ctx.demoViewer.access_token, '?parentId=18');
      await allowed(ctx.demoAdmin.access_token, '?menuId=14&parentId=13');
    });

    shape.it('lets the viewer open the menus of its role, the main menu and the 999 pages', async () => {
      const body = await allowed(ctx.demoViewer.access_token, `?menuId=${MENU.ropa.menuId}&parentId=0`);
      expect(body.user).toEqual(ctx.demoViewer.user);
      await allowed(ctx.demoViewer.access_token, `?menuId=${MENU.main.menuId}`);
      await allowed(ctx.demoViewer.access_token, `?menuId=${MENU.always.menuId}`);
    });

    shape.it('lets a contact user open only the dashboard and the DPO menu, and returns the sub-account id', async () => {
      const body = await allowed(ctx.demoContact.access_token, `?menuId=${MENU.dpo.menuId}`);
      expect(body.user?.subId).toBe('CT-0001');
      await allowed(ctx.demoContact.access_token, `?menuId=${MENU.dashboard.menuId}`);
      await forbidden(ctx.demoContact.access_token, `?menuId=${MENU.ropa.menuId}`);
      await forbidden(ctx.demoContact.access_token, `?menuId=${MENU.riskManagement.menuId}`);
    });

    shape.it('answers 401 {status:false, forbidden:false} without a token or with an unknown one', async () => {
      expect(await validate(undefined, '?menuId=2')).toEqual({ status: 401, body: { status: false, forbidden: false } });
      expect(await validate('0'.repeat(64), '?menuId=2')).toEqual({ status: 401, body: { status: false, forbidden: false } });
    });

    shape.it("lets the viewer read the PDPA framework (the dashboard's menu 2) and refuses it evidence and a refresh (read only)", async () => {
      const token = ctx.demoViewer.access_token;
      expect((await ctx.api.get('/framework', { token })).status).toBe(200);
      expect((await ctx.api.get('/framework/requirements/breach_72h', { token })).status).toBe(200);
      const body = { requirementId: 'consent_design', note: 'ทดสอบ', reference: '', evidencedOn: '2026-01-05' };
      expectMessage(await ctx.api.post('/framework/evidence', body, { token }), 403, 'read_only');
      expectMessage(await ctx.api.post('/framework/refresh', {}, { token }), 403, 'read_only');
      // a contact user has the dashboard too, to read only
      expect((await ctx.api.get('/framework', { token: ctx.demoContact.access_token })).status).toBe(200);
    });

    shape.it('refuses menu ids that are not whole numbers from 0 (400)', async () => {
      const token = ctx.demoAdmin.access_token;
      expectInvalidField(await ctx.api.get('/user/validate?menuId=abc', { token }), 'menuId');
      expectInvalidField(await ctx.api.get('/user/validate?menuId=-1', { token }), 'menuId');
      expectInvalidField(await ctx.api.get('/user/validate?menuId=2&parentId=1.5', { token }), 'parentId');
      expectInvalidField(await ctx.api.get("/user/validate?menuId=2'%20OR%201=1", { token, lang: 'en' }), 'menuId', 'en');
    });
  });

  describe('GET /user/menu', () => {
    const menuOf = async (token: string, lang?: 'th' | 'en') => {
      const reply = await ctx.api.get('/user/menu', { token, lang });
      expect(reply.status).toBe(200);
      return menuReply.parse(reply.body).menu;
    };

    shape.it("gives the admin every sidebar menu with the catalogue's ids, parents, paths, icons and Thai names", async () => {
      const menu = await menuOf(ctx.demoAdmin.access_token);
      expect(menu).toEqual(
        SIDEBAR.map((m) => ({ menuId: m.menuId, parentId: m.parentId, menuName: th.menu[m.key], path: m.path, icon: m.icon, canEdit: true })),
      );
    });

    shape.it("tells the UI that the viewer's menus are view-only", async () => {
      const menu = await menuOf(ctx.demoViewer.access_token);
      expect(menu.length).toBeGreaterThan(0);
      expect(menu.every((m) => m.canEdit === false)).toBe(true);
    });

    shape.it('names the menus in English when asked', async () => {
      const menu = await menuOf(ctx.demoAdmin.access_token, 'en');
      expect(menu.map((m) => m.menuName)).toEqual(SIDEBAR.map((m) => en.menu[m.key]));
    });

    shape.it("leaves risk management, settings and contacts out of the viewer's menu", async () => {
      const ids = (await menuOf(ctx.demoViewer.access_token)).map((m) => m.menuId);
      expect(ids).toContain(MENU.dashboard.menuId);
      expect(ids).not.toContain(MENU.riskManagement.menuId);
      expect(ids).not.toContain(MENU.settings.menuId);
      expect(ids).not.toContain(MENU.contacts.menuId);
    });

    shape.it('gives a contact user the dashboard and the DPO menu only', async () => {
      const ids = (await menuOf(ctx.demoContact.access_token)).map((m) => m.menuId);
      expect(ids).toEqual([MENU.dashboard.menuId, MENU.dpo.menuId]);
    });

    shape.it('refuses a call without a valid token (401)', async () => {
      expectMessage(await ctx.api.get('/user/menu'), 401, 'not_signed_in');
      expectMessage(await ctx.api.get('/user/menu', { token: 'not-a-token', lang: 'en' }), 401, 'session_expired', 'en');
    });
  });
}
