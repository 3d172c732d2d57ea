import { describe, expect } from 'vitest';
import { MAX_PAGE_SIZE } from '../../../../contract/http';
import { expectInvalidField, expectMessage, type Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { handleList, okReply, NOBODY, ok, riskApi } from './helpers';

/** Risk management: treatment plans (RTP) of the events. */
export function riskTreatmentsCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const { admin, createEvent, createPlan, handles, setHandle, createEvaluation, handleTotals, realHandleCounts } = riskApi(ctx);

  describe('risk treatment plans: GET /datarisk/handle/list and POST /datarisk/handle/update', () => {
    rule.it('lists every event (never a plan) with its treatment plan, or null before one is written', async () => {
      const event = await createEvent('ระบบชำระเงินถูกเจาะ');
      const plan = await createPlan('แผนที่ไม่ควรอยู่ในรายการ RTP');
      const all = await handles('all', { limit: MAX_PAGE_SIZE });
      expect(all.riskData[0]).toEqual({ _id: event._id, event: event.name, handleRisk: null, fromEvaluation: false, created_dt: event.created_dt });
      expect(all.riskData.map((r) => r._id)).not.toContain(plan._id);
      expect((await handles('not-handle')).riskData[0]._id).toBe(event._id);
      expect((await handles('handle', { limit: MAX_PAGE_SIZE })).riskData.map((r) => r._id)).not.toContain(event._id);
      const times = all.riskData.map((r) => Date.parse(r.created_dt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
    });

    rule.it('sets a plan (trimmed), and clears it with riskId alone: the event goes back to not-handle', async () => {
      const event = await createEvent('บัญชีผู้ดูแลระบบใช้รหัสผ่านร่วมกัน');
      expect(ok(await setHandle(event._id, '  เปิดใช้ MFA และแยกบัญชีรายบุคคล  '), okReply)).toEqual({ status: 200 });
      const handled = await handles('handle', { search: 'บัญชีผู้ดูแลระบบ' });
      expect(handled.riskData).toEqual([
        { _id: event._id, event: event.name, handleRisk: 'เปิดใช้ MFA และแยกบัญชีรายบุคคล', fromEvaluation: false, created_dt: event.created_dt },
      ]);
      expect((await handles('not-handle', { search: 'บัญชีผู้ดูแลระบบ' })).totalDoc).toBe(0);

      expect(ok(await setHandle(event._id), okReply)).toEqual({ status: 200 });
      expect((await handles('handle', { search: 'บัญชีผู้ดูแลระบบ' })).totalDoc).toBe(0);
      expect((await handles('not-handle', { search: 'บัญชีผู้ดูแลระบบ' })).riskData).toEqual([{ ...handled.riskData[0], handleRisk: null }]);
    });

    rule.it('searches event names and plan text, in any case', async () => {
      const event = await createEvent('ฐานข้อมูลสำรองไม่ได้เข้ารหัส');
      ok(await setHandle(event._id, 'เข้ารหัสด้วย AES-256 ภายในไตรมาสนี้'), okReply);
      for (const search of ['ฐานข้อมูลสำรองไม่ได้', 'aes-256', 'ภายในไตรมาสนี้']) {
        expect(
          (await handles('all', { search })).riskData.map((r) => r._id),
          search,
        ).toEqual([event._id]);
        expect((await handles('handle', { search })).totalDoc, search).toBe(1);
        expect((await handles('not-handle', { search })).totalDoc, search).toBe(0);
      }
      expect((await handles('all', { search: '%' })).riskData.every((r) => `${r.event}${r.handleRisk}`.includes('%'))).toBe(true);
    });

    rule.it(
      '13/8: a plan chosen for an event in an evaluation puts the event in "has plan", with that plan, and keeps the totals right',
      async () => {
        const expectTotals = async (expected: { all: number; handle: number; notHandle: number }) => {
          expect(await handleTotals()).toEqual(expected);
          expect(await realHandleCounts()).toEqual(expected);
        };
        const start = await handleTotals();
        const leak = await createEvent('แผนจากการประเมิน: อีเมลลูกค้ารั่วไหล');
        const lost = await createEvent('แผนจากการประเมิน: เครื่องสำรองข้อมูลสูญหาย');
        const plan = await createPlan('แผนจากการประเมิน: เปิดใช้ DLP ที่เกตเวย์อีเมล');
        const rtp = (type: 'handle' | 'not-handle' | 'all') => handles(type, { search: 'แผนจากการประเมิน:' });
        expect((await rtp('not-handle')).totalDoc).toBe(2);
        const evaluation = await createEvaluation({
          name: 'แผนจากการประเมิน: ไตรมาส 4',
          status: 'draft',
          items: [
            { riskId: leak._id, ratings: { 'risk-finance': { likelihood: 4, impact: 4 } }, treatment: 'mitigate', planId: plan._id },
            { riskId: lost._id, ratings: { 'risk-operation': { likelihood: 2, impact: 2 } }, treatment: 'mitigate', planText: 'ย้ายเทปสำรองไปตู้นิรภัย' },
          ],
        });
        expect((await rtp('handle')).riskData.map((r) => [r.event, r.handleRisk]).sort()).toEqual(
          [
            [leak.name, plan.name],
            [lost.name, 'ย้ายเทปสำรองไปตู้นิรภัย'],
          ].sort(),
        );
        expect((await rtp('not-handle')).totalDoc).toBe(0);
        // the plan's name and text are searched too
        expect((await handles('handle', { search: 'เทปสำรองไปตู้' })).riskData.map((r) => r._id)).toEqual([lost._id]);
        await expectTotals({ all: start.all + 2, handle: start.handle + 2, notHandle: start.notHandle });
        // the RTP's own text shows first; clearing it leaves the evaluation's plan; the event counts once
        ok(await setHandle(leak._id, 'แจ้งเตือนผู้บริหารภายใน 24 ชั่วโมง'), okReply);
        expect((await handles('handle', { search: 'อีเมลลูกค้ารั่วไหล' })).riskData[0].handleRisk).toBe('แจ้งเตือนผู้บริหารภายใน 24 ชั่วโมง');
        await expectTotals({ all: start.all + 2, handle: start.handle + 2, notHandle: start.notHandle });
        ok(await setHandle(leak._id), okReply);
        expect((await handles('handle', { search: 'อีเมลลูกค้ารั่วไหล' })).riskData[0].handleRisk).toBe(plan.name);
        // without the evaluation, an event with no text of its own has no plan again
        ok(await setHandle(lost._id, 'แผนที่เขียนใน RTP'), okReply);
        expect((await ctx.api.delete(`/datarisk/evaluation/delete/${evaluation.id}`, { token: admin() })).status).toBe(200);
        expect((await rtp('not-handle')).riskData.map((r) => r._id)).toEqual([leak._id]);
        expect((await rtp('handle')).riskData.map((r) => [r._id, r.handleRisk])).toEqual([[lost._id, 'แผนที่เขียนใน RTP']]);
        await expectTotals({ all: start.all + 2, handle: start.handle + 1, notHandle: start.notHandle + 1 });
      },
    );

    rule.it('13: marks a plan chosen in an evaluation; the RTP cannot delete it (409, in the reader’s language), only its own text', async () => {
      const event = await createEvent('ลบแผนจากการประเมิน: โน้ตบุ๊กพนักงานสูญหาย');
      const plan = await createPlan('ลบแผนจากการประเมิน: เข้ารหัสดิสก์ทุกเครื่อง');
      await createEvaluation({
        name: 'ลบแผนจากการประเมิน: รอบทดสอบ',
        status: 'draft',
        items: [{ riskId: event._id, ratings: { 'risk-finance': { likelihood: 4, impact: 4 } }, treatment: 'mitigate', planId: plan._id }],
      });
      const row = async () => (await handles('all', { search: 'โน้ตบุ๊กพนักงานสูญหาย' })).riskData;
      expect(await row()).toEqual([{ _id: event._id, event: event.name, handleRisk: plan.name, fromEvaluation: true, created_dt: event.created_dt }]);
      expectMessage(await setHandle(event._id), 409, 'risk_plan_from_evaluation');
      expectMessage(
        await ctx.api.post('/datarisk/handle/update', { riskId: event._id }, { token: admin(), lang: 'en' }),
        409,
        'risk_plan_from_evaluation',
        'en',
      );
      expect((await row())[0]).toMatchObject({ handleRisk: plan.name, fromEvaluation: true });
      // its own text shows first and can be deleted; the evaluation's plan shows again
      ok(await setHandle(event._id, 'แผนของ RTP เอง'), okReply);
      expect((await row())[0]).toMatchObject({ handleRisk: 'แผนของ RTP เอง', fromEvaluation: false });
      ok(await setHandle(event._id), okReply);
      expect((await row())[0]).toMatchObject({ handleRisk: plan.name, fromEvaluation: true });
    });

    shape.it('lists all by default', async () => {
      const list = ok(await ctx.api.get('/datarisk/handle/list', { token: admin() }), handleList);
      expect(list.totalDoc).toBe((await handles('all')).totalDoc);
    });

    shape.it('answers 404 for a plan, an unknown id', async () => {
      const plan = await createPlan('แผนที่ไม่ใช่เหตุการณ์');
      expectMessage(await setHandle(plan._id, 'ไม่ควรบันทึก'), 404, 'not_found');
      expectMessage(await setHandle(NOBODY, 'ไม่ควรบันทึก'), 404, 'not_found');
      expectMessage(await setHandle(NOBODY), 404, 'not_found');
    });

    shape.it('refuses blank plan text, a null one, a bad id and an unknown filter (400)', async () => {
      const event = await createEvent('เหตุการณ์สำหรับข้อมูลผิด');
      const post = (body: unknown) => ctx.api.post('/datarisk/handle/update', body, { token: admin() });
      expectInvalidField(await post({ riskId: event._id, handleRisk: '' }), 'handleRisk');
      expectInvalidField(await post({ riskId: event._id, handleRisk: '   ' }), 'handleRisk');
      expectInvalidField(await post({ riskId: event._id, handleRisk: null }), 'handleRisk');
      expectInvalidField(await post({ riskId: event._id, handleRisk: 42 }), 'handleRisk');
      expectInvalidField(await post({ riskId: event._id, handleRisk: 'ก'.repeat(5001) }), 'handleRisk');
      expectInvalidField(await post({ riskId: 'abc', handleRisk: 'แผน' }), 'riskId');
      expectInvalidField(await post({ handleRisk: 'แผน' }), 'riskId');
      expectInvalidField(await post({}), 'riskId');
      expectMessage(await ctx.api.call('POST', '/datarisk/handle/update', { token: admin(), raw: '{"riskId":' }), 400, 'malformed_json');
      expectInvalidField(await ctx.api.get('/datarisk/handle/list?type=handled', { token: admin() }), 'type');
    });

    // the treatment list shows the events' list joined with their plans: the server's
    rule.it('leaves the event without a plan after a refused one', async () => {
      const event = await createEvent('เหตุการณ์ที่แผนถูกปฏิเสธ');
      expectInvalidField(await ctx.api.post('/datarisk/handle/update', { riskId: event._id, handleRisk: '   ' }, { token: admin() }), 'handleRisk');
      expect((await handles('not-handle', { search: 'เหตุการณ์ที่แผนถูกปฏิเสธ' })).totalDoc).toBe(1);
    });
  });
}
