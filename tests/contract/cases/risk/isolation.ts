import { beforeAll, expect } from 'vitest';
import { MAX_PAGE_SIZE } from '../../../../contract/http';
import { expectMessage, type Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { okReply, Query, ok, riskApi } from './helpers';

/** Risk management: SIAM and DEMO's risk data kept apart. */
export function riskIsolationCases(ctx: Ctx) {
  const { rule } = kinds(ctx);
  const {
    admin,
    siam,
    createEvent,
    createPlan,
    events,
    plans,
    handles,
    deleteRisk,
    setHandle,
    createEvaluation,
    evaluation,
    headers,
    exportFile,
    countAll,
  } = riskApi(ctx);

  // its arrangement writes a treatment plan through the treatment list onto an event made through the events' list: the server's join
  rule.describe("tenant isolation: SIAM and DEMO's risk data", () => {
    const demo = { event: '', plan: '', handled: '', evaluation: '' };
    const own = { event: '', plan: '', evaluation: '' };
    const DEMO_EVENT = 'ลับเฉพาะ DEMO: ฐานข้อมูลเงินเดือน';
    beforeAll(async () => {
      demo.event = (await createEvent(DEMO_EVENT, { confidentiality: true, integrity: true, availability: true }))._id;
      demo.plan = (await createPlan('ลับเฉพาะ DEMO: แผนสำรอง'))._id;
      demo.handled = (await createEvent('ลับเฉพาะ DEMO: เหตุการณ์ที่มีแผน'))._id;
      ok(await setHandle(demo.handled, 'ลับเฉพาะ DEMO: แผนจัดการ'), okReply);
      demo.evaluation = (
        await createEvaluation({
          name: 'ลับเฉพาะ DEMO: การประเมิน',
          items: [{ riskId: demo.event, planId: demo.plan, ratings: { 'risk-finance': { likelihood: 2, impact: 2 } } }],
        })
      ).id;
      own.event = (await createEvent('ของ SIAM: ระบบสมาชิก', undefined, siam()))._id;
      own.plan = (await createPlan('ของ SIAM: แผน', siam()))._id;
      own.evaluation = (await createEvaluation({ name: 'ของ SIAM: การประเมิน', items: [{ riskId: own.event }] }, siam())).id;
    });
    const demoIds = () => Object.values(demo);
    const expectDemoUntouched = async () => {
      expect((await events({ search: DEMO_EVENT })).riskData.map((r) => [r._id, r.name, r.confidentiality])).toEqual([
        [demo.event, DEMO_EVENT, true],
      ]);
      expect((await plans({ search: 'ลับเฉพาะ DEMO' })).riskData.map((r) => r._id)).toEqual([demo.plan]);
      // (by its RTP text: DEMO's event rated in the evaluation has a plan there too)
      expect((await handles('handle', { search: 'ลับเฉพาะ DEMO: แผนจัดการ' })).riskData.map((r) => [r._id, r.handleRisk])).toEqual([
        [demo.handled, 'ลับเฉพาะ DEMO: แผนจัดการ'],
      ]);
      expect(await evaluation(demo.evaluation)).toMatchObject({ name: 'ลับเฉพาะ DEMO: การประเมิน', items: [{ riskId: demo.event, code: 'M' }] });
    };

    rule.it("never lists DEMO's events, plans, treatment plans or evaluations to SIAM", async () => {
      const lists = [
        (q: Query) => events(q, siam()),
        (q: Query) => plans(q, siam()),
        (q: Query) => handles('all', q, siam()),
        (q: Query) => headers(q, siam()).then((h) => ({ riskData: h.headerList, totalDoc: h.totalDoc })),
      ];
      for (const list of lists) {
        expect((await list({ search: 'ลับเฉพาะ DEMO' })).totalDoc).toBe(0);
        const everything = await list({ limit: MAX_PAGE_SIZE });
        const text = JSON.stringify(everything);
        for (const id of demoIds()) expect(text).not.toContain(id);
        expect(text).not.toContain('ลับเฉพาะ DEMO');
        expect(text).toContain('ของ SIAM');
      }
      // and DEMO never sees SIAM's
      expect((await events({ search: 'ของ SIAM' })).totalDoc).toBe(0);
      expect((await headers({ search: 'ของ SIAM' })).totalDoc).toBe(0);
    });

    rule.it("refuses SIAM's edits and deletes of DEMO's events and plans (404), which stay as they were", async () => {
      const put = (dataId: string, type: number) =>
        ctx.api.put(
          '/datarisk/create',
          { dataId, type, riskMasterData: 'SIAM แก้', riskCia: { confidentiality: false, integrity: false, availability: false } },
          { token: siam() },
        );
      expectMessage(await put(demo.event, 1), 404, 'not_found');
      expectMessage(await put(demo.plan, 2), 404, 'not_found');
      expectMessage(await deleteRisk(demo.event, 1, siam()), 404, 'not_found');
      expectMessage(await deleteRisk(demo.plan, 2, siam()), 404, 'not_found');
      expectMessage(await deleteRisk(demo.handled, 1, siam()), 404, 'not_found');
      expectMessage(await setHandle(demo.event, 'SIAM เขียนแผน', siam()), 404, 'not_found');
      expectMessage(await setHandle(demo.handled, undefined, siam()), 404, 'not_found');
      await expectDemoUntouched();
    });

    rule.it("refuses SIAM reading, editing, deleting or exporting DEMO's evaluation (404)", async () => {
      expectMessage(await ctx.api.get(`/risk-evaluations/${demo.evaluation}`, { token: siam() }), 404, 'not_found');
      for (const items of [[], [{ riskId: own.event }]]) {
        const reply = await ctx.api.put(`/risk-evaluations/${demo.evaluation}`, { name: 'SIAM แก้', items }, { token: siam() });
        expectMessage(reply, 404, 'not_found');
      }
      expectMessage(await ctx.api.delete(`/datarisk/evaluation/delete/${demo.evaluation}`, { token: siam() }), 404, 'not_found');
      expectMessage(await exportFile([demo.evaluation], 'xlsx', siam()), 404, 'not_found');
      expectMessage(await exportFile([own.evaluation, demo.evaluation], 'pdf', siam()), 404, 'not_found');
      expect((await exportFile([own.evaluation], 'xlsx', siam())).status).toBe(200);
      await expectDemoUntouched();
    });

    rule.it("refuses SIAM rating DEMO's events or choosing DEMO's plans (400), saving nothing", async () => {
      const items = [[{ riskId: demo.event }], [{ riskId: own.event, planId: demo.plan }], [{ riskId: own.event }, { riskId: demo.handled }]];
      for (const list of items) {
        expectMessage(await ctx.api.post('/risk-evaluations', { name: 'SIAM ใช้ของ DEMO', items: list }, { token: siam() }), 400, 'risk_unknown_item');
        const put = await ctx.api.put(`/risk-evaluations/${own.evaluation}`, { name: 'SIAM ใช้ของ DEMO', items: list }, { token: siam() });
        expectMessage(put, 400, 'risk_unknown_item');
      }
      expect((await headers({ search: 'SIAM ใช้ของ DEMO' }, siam())).totalDoc).toBe(0);
      expect(await evaluation(own.evaluation, siam())).toMatchObject({ name: 'ของ SIAM: การประเมิน', items: [{ riskId: own.event }] });
      // and the other way round
      expectMessage(
        await ctx.api.post('/risk-evaluations', { name: 'DEMO ใช้ของ SIAM', items: [{ riskId: own.event }] }, { token: admin() }),
        400,
        'risk_unknown_item',
      );
    });

    rule.it("keeps each company's totals its own", async () => {
      const [demoEvents, siamEvents] = [await events(), await events({}, siam())];
      await createEvent('ของ SIAM: อีกหนึ่งเหตุการณ์', undefined, siam());
      expect((await events()).totalDoc).toBe(demoEvents.totalDoc);
      expect((await events({}, siam())).totalDoc).toBe(siamEvents.totalDoc + 1);
      expect((await events({}, siam())).totalDoc).toBe(await countAll((q) => events(q, siam())));
    });
  });
}
