import { beforeAll, describe, expect } from 'vitest';
import { DEFAULT_MATRIX, LEVELS } from '../../../../contract/risk';
import { th } from '../../../../i18n';
import { expectMessage, type Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { NOBODY, riskApi } from './helpers';

/** Risk management (menu 18): who may call — the viewer, a contact user, no session. */
export function riskAccessCases(ctx: Ctx) {
  const { shape } = kinds(ctx);
  const { admin, levels, createEvent, createPlan, events, plans, handles, matrix, createEvaluation, evaluation, headers } = riskApi(ctx);

  describe('risk management: who may call', () => {
    const ids = { event: NOBODY, plan: NOBODY, evaluation: NOBODY };
    beforeAll(async () => {
      ids.event = (await createEvent('สิทธิ์: เหตุการณ์ของ DEMO'))._id;
      ids.plan = (await createPlan('สิทธิ์: แผนของ DEMO'))._id;
      ids.evaluation = (await createEvaluation({ name: 'สิทธิ์: การประเมินของ DEMO', items: [{ riskId: ids.event }] })).id;
    });
    const calls = (): [string, string, unknown?][] => [
      ['GET', '/datarisk/level/list?type=risk-finance'],
      ['POST', '/datarisk/level/update', { type: 'risk-finance', detail: LEVELS.map((level) => ({ level, name: `ผู้ชม ${level}` })) }],
      ['GET', '/datarisk/list?type=1'],
      ['GET', '/datarisk/list?type=2'],
      ['POST', '/datarisk/create', { riskMasterData: 'ผู้ชมสร้าง', type: 1 }],
      ['PUT', '/datarisk/create', { dataId: ids.event, riskMasterData: 'ผู้ชมแก้', type: 1 }],
      ['POST', '/datarisk/delete/', { dataId: ids.plan, type: 2 }],
      ['GET', '/datarisk/handle/list?type=all'],
      ['POST', '/datarisk/handle/update', { riskId: ids.event, handleRisk: 'ผู้ชมเขียนแผน' }],
      ['GET', '/risk-matrix/company'],
      ['PUT', '/risk-matrix/company', { cells: DEFAULT_MATRIX.map((row) => row.map(() => 'VH')) }],
      ['GET', '/datarisk/evalution/header'],
      ['GET', `/risk-evaluations/${ids.evaluation}`],
      ['POST', '/risk-evaluations', { name: 'ผู้ชมประเมิน', status: 'draft', items: [{ riskId: ids.event }] }],
      ['PUT', `/risk-evaluations/${ids.evaluation}`, { name: 'ผู้ชมแก้การประเมิน', status: 'draft', items: [] }],
      ['DELETE', `/datarisk/evaluation/delete/${ids.evaluation}`],
      ['POST', '/datarisk/evaluation/export', { riskIds: [ids.evaluation] }],
    ];
    const expectUntouched = async () => {
      expect((await events({ search: 'สิทธิ์:' })).riskData.map((r) => r.name)).toEqual(['สิทธิ์: เหตุการณ์ของ DEMO']);
      expect((await plans({ search: 'สิทธิ์:' })).totalDoc).toBe(1);
      expect((await handles('handle', { search: 'สิทธิ์:' })).totalDoc).toBe(0);
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
      expect(await levels('risk-finance')).toEqual(LEVELS.map((level) => ({ level, name: th.risk.level_defaults[level] })));
      const kept = await evaluation(ids.evaluation);
      expect(kept).toMatchObject({ name: 'สิทธิ์: การประเมินของ DEMO', items: [{ riskId: ids.event }] });
      expect((await headers({ search: 'ผู้ชม' })).totalDoc).toBe(0);
    };

    shape.it('refuses every risk call, reads included, to the viewer (no menu 18): 403, and changes nothing', async () => {
      for (const [method, path, json] of calls()) {
        expectMessage(await ctx.api.call(method, path, { token: ctx.demoViewer.access_token, json }), 403, 'forbidden');
      }
      await expectUntouched();
    });

    shape.it('checks the menu before the input: a viewer with a bad body or query still gets 403, in English when asked', async () => {
      for (const [method, path, json] of calls()) {
        const badPath = path.replace(/type=\w[\w-]*/, 'type=nonsense').replace(ids.evaluation, 'not-a-uuid');
        const reply = await ctx.api.call(method, badPath, {
          token: ctx.demoViewer.access_token,
          lang: 'en',
          json: json === undefined ? undefined : { wrong: true },
        });
        expectMessage(reply, 403, 'forbidden', 'en');
      }
    });

    shape.it('refuses every risk call to a contact user (403)', async () => {
      for (const [method, path, json] of calls()) {
        expectMessage(await ctx.api.call(method, path, { token: ctx.demoContact.access_token, json }), 403, 'forbidden');
      }
      await expectUntouched();
    });

    shape.it('refuses every risk call without a valid token (401)', async () => {
      for (const [method, path, json] of calls()) {
        expectMessage(await ctx.api.call(method, path, { json }), 401, 'not_signed_in');
        expectMessage(await ctx.api.call(method, path, { json, token: 'e'.repeat(64) }), 401, 'session_expired');
      }
      await expectUntouched();
    });

    shape.it('answers other methods and paths with 404: `/datarisk/delete` needs its trailing slash', async () => {
      expectMessage(await ctx.api.post('/datarisk/delete', { dataId: ids.plan, type: 2 }, { token: admin() }), 404, 'route_not_found');
      expectMessage(await ctx.api.get('/datarisk/create', { token: admin() }), 404, 'route_not_found');
      expectMessage(await ctx.api.delete(`/risk-evaluations/${ids.evaluation}`, { token: admin() }), 404, 'route_not_found');
      expect((await plans({ search: 'สิทธิ์:' })).totalDoc).toBe(1);
    });
  });
}
