import { describe, expect } from 'vitest';
import { MAX_PAGE_SIZE } from '../../../../contract/http';
import { expectInvalidField, expectMessage, type Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { handleList, okReply, NOBODY, ok, riskApi } from './helpers';

/** Risk management: treatment plans (RTP) of the events. */
export function riskTreatmentsCases(ctx: Ctx) {
  const { shape } = kinds(ctx);
  const { admin, createEvent, createPlan, handles, setHandle } = riskApi(ctx);

  describe('risk treatment plans: GET /datarisk/handle/list and POST /datarisk/handle/update', () => {
    shape.it('lists every event (never a plan) with its treatment plan, or null before one is written', async () => {
      const event = await createEvent('ระบบชำระเงินถูกเจาะ');
      const plan = await createPlan('แผนที่ไม่ควรอยู่ในรายการ RTP');
      const all = await handles('all', { limit: MAX_PAGE_SIZE });
      expect(all.riskData[0]).toEqual({ _id: event._id, event: event.name, handleRisk: null, created_dt: event.created_dt });
      expect(all.riskData.map((r) => r._id)).not.toContain(plan._id);
      expect((await handles('not-handle')).riskData[0]._id).toBe(event._id);
      expect((await handles('handle', { limit: MAX_PAGE_SIZE })).riskData.map((r) => r._id)).not.toContain(event._id);
      const times = all.riskData.map((r) => Date.parse(r.created_dt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
    });

    shape.it('sets a plan (trimmed), and clears it with riskId alone: the event goes back to not-handle', async () => {
      const event = await createEvent('บัญชีผู้ดูแลระบบใช้รหัสผ่านร่วมกัน');
      expect(ok(await setHandle(event._id, '  เปิดใช้ MFA และแยกบัญชีรายบุคคล  '), okReply)).toEqual({ status: 200 });
      const handled = await handles('handle', { search: 'บัญชีผู้ดูแลระบบ' });
      expect(handled.riskData).toEqual([
        { _id: event._id, event: event.name, handleRisk: 'เปิดใช้ MFA และแยกบัญชีรายบุคคล', created_dt: event.created_dt },
      ]);
      expect((await handles('not-handle', { search: 'บัญชีผู้ดูแลระบบ' })).totalDoc).toBe(0);

      expect(ok(await setHandle(event._id), okReply)).toEqual({ status: 200 });
      expect((await handles('handle', { search: 'บัญชีผู้ดูแลระบบ' })).totalDoc).toBe(0);
      expect((await handles('not-handle', { search: 'บัญชีผู้ดูแลระบบ' })).riskData).toEqual([{ ...handled.riskData[0], handleRisk: null }]);
    });

    shape.it('searches event names and plan text, in any case', async () => {
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
      expect((await handles('not-handle', { search: 'เหตุการณ์สำหรับข้อมูลผิด' })).totalDoc).toBe(1);
    });
  });
}
