import { beforeAll, describe, expect } from 'vitest';
import { MAX_PAGE_SIZE } from '../../../../contract/http';
import { DEFAULT_MATRIX, codeOf, worstCode } from '../../../../contract/risk';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { eventReply, evaluationReply, okReply, NOBODY, ok, riskApi } from './helpers';

/** Risk management: evaluations — drafts, finishing, headers, delete. */
export function riskEvaluationsCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const { admin, siam, createEvent, createPlan, events, plans, deleteRisk, createEvaluation, evaluation, headers, notifications } = riskApi(ctx);

  describe('evaluations: /risk-evaluations, /datarisk/evalution/header, /datarisk/evaluation/delete/:id', () => {
    const ev = { leak: '', flood: '', training: '', plan: '', otherPlan: '' };
    const names = {
      leak: 'ข้อมูลบัตรเครดิตลูกค้ารั่วไหล',
      flood: 'ห้องเซิร์ฟเวอร์เสียหายจากน้ำท่วม',
      training: 'พนักงานใหม่ยังไม่ได้อบรม PDPA',
    };
    beforeAll(async () => {
      ev.leak = (await createEvent(names.leak, { confidentiality: true, integrity: true, availability: false }))._id;
      ev.flood = (await createEvent(names.flood, { confidentiality: false, integrity: false, availability: true }))._id;
      ev.training = (await createEvent(names.training))._id;
      ev.plan = (await createPlan('เข้ารหัสข้อมูลบัตรตามมาตรฐาน PCI DSS'))._id;
      ev.otherPlan = (await createPlan('ย้ายเซิร์ฟเวอร์ขึ้นชั้นสอง'))._id;
    });
    /** leak: finance 5x5 and reputation 2x2, flood: operation 1x2, training: not rated */
    const draftItems = () => [
      {
        riskId: ev.leak,
        ratings: { 'risk-finance': { likelihood: 5, impact: 5 }, 'risk-reputation': { likelihood: 2, impact: 2 } },
        owner: 'ฝ่ายการเงิน',
        treatment: 'mitigate',
        planId: ev.plan,
        dueDate: '2026-12-31',
        residualLikelihood: 2,
        residualImpact: 2,
      },
      { riskId: ev.flood, ratings: { 'risk-operation': { likelihood: 1, impact: 2 } }, owner: '', planText: '' },
      { riskId: ev.training },
    ];
    /** An item that must have its treatment: H by the default matrix (3x3). */
    const high = (riskId: string, extra: Record<string, unknown> = {}) => ({
      riskId,
      ratings: { 'risk-customer': { likelihood: 3, impact: 3 } },
      owner: 'DPO',
      treatment: 'transfer',
      planText: 'ทำประกันภัยไซเบอร์',
      dueDate: '2027-01-15',
      ...extra,
    });
    const save = (body: unknown, token = admin()) => ctx.api.post('/risk-evaluations', body, { token });
    const count = async (search: string) => (await headers({ search })).totalDoc;

    rule.it('saves a draft with its items scored by the matrix (worst category), and shows it the same way', async () => {
      const saved = await createEvaluation({ name: '  ประเมินฉบับร่าง ไตรมาส 1  ', status: 'draft', items: draftItems() });
      expect(saved).toMatchObject({ name: 'ประเมินฉบับร่าง ไตรมาส 1', status: 'draft' });
      expect(saved.created_dt).toBe(saved.updated_dt);
      const worst = (ratings: [number, number][]) => worstCode(ratings.map(([l, i]) => codeOf(DEFAULT_MATRIX, l, i)));
      expect(saved.items).toEqual([
        {
          riskId: ev.leak,
          event: names.leak,
          cia: { confidentiality: true, integrity: true, availability: false },
          ratings: { 'risk-finance': { likelihood: 5, impact: 5 }, 'risk-reputation': { likelihood: 2, impact: 2 } },
          code: worst([
            [5, 5],
            [2, 2],
          ]),
          owner: 'ฝ่ายการเงิน',
          treatment: 'mitigate',
          planId: ev.plan,
          planName: 'เข้ารหัสข้อมูลบัตรตามมาตรฐาน PCI DSS',
          planText: null,
          dueDate: '2026-12-31',
          residualLikelihood: 2,
          residualImpact: 2,
          residualCode: codeOf(DEFAULT_MATRIX, 2, 2),
        },
        {
          riskId: ev.flood,
          event: names.flood,
          cia: { confidentiality: false, integrity: false, availability: true },
          ratings: { 'risk-operation': { likelihood: 1, impact: 2 } },
          code: 'L',
          owner: null,
          treatment: null,
          planId: null,
          planName: null,
          planText: null,
          dueDate: null,
          residualLikelihood: null,
          residualImpact: null,
          residualCode: null,
        },
        expect.objectContaining({ riskId: ev.training, event: names.training, ratings: {}, code: null, residualCode: null }),
      ]);
      expect(saved.items[0].code).toBe('VH');
      expect(saved.items[0].residualCode).toBe('M');
      expect(await evaluation(saved.id)).toEqual(saved);
      const header = (await headers()).headerList[0];
      expect(header).toEqual({
        _id: saved.id,
        name: saved.name,
        draft: true,
        completed: false,
        created_dt: saved.created_dt,
        updated_dt: saved.updated_dt,
      });
    });

    shape.it('saves a draft by default, and with no items', async () => {
      const saved = await createEvaluation({ name: 'ประเมินเปล่า', items: [] });
      expect(saved).toMatchObject({ status: 'draft', items: [] });
      const bare = ok(await save({ name: 'ประเมินไม่ส่งรายการ' }), evaluationReply).data;
      expect(bare).toMatchObject({ status: 'draft', items: [] });
    });

    rule.it(
      'refuses to finish while an H or VH item lacks its owner, treatment, plan or due date (400, naming the events), saving nothing',
      async () => {
        const name = 'ประเมินที่ยังไม่ครบ';
        const missing: Record<string, unknown>[] = [
          { owner: null },
          { owner: '  ' },
          { treatment: null },
          { planText: null },
          { planText: '' },
          { dueDate: null },
        ];
        for (const gap of missing) {
          const reply = await save({ name, status: 'completed', items: [high(ev.leak, gap)] });
          expectMessage(reply, 400, 'risk_treatment_required', 'th', { events: names.leak });
        }
        const both = await save(
          {
            name,
            status: 'completed',
            items: [
              high(ev.flood, { owner: '' }),
              { riskId: ev.training, ratings: { 'risk-employee': { likelihood: 1, impact: 1 } } },
              high(ev.leak, { dueDate: undefined }),
            ],
          },
          admin(),
        );
        expectMessage(both, 400, 'risk_treatment_required', 'th', { events: `${names.flood}, ${names.leak}` });
        const english = await ctx.api.post(
          '/risk-evaluations',
          { name, status: 'completed', items: [high(ev.leak, { treatment: undefined })] },
          { token: admin(), lang: 'en' },
        );
        expectMessage(english, 400, 'risk_treatment_required', 'en', { events: names.leak });
        expect(await count(name)).toBe(0);
      },
    );

    rule.it('lets L and M items finish without treatment fields', async () => {
      const saved = await createEvaluation({
        name: 'ประเมินความเสี่ยงต่ำ',
        status: 'completed',
        items: [{ riskId: ev.flood, ratings: { 'risk-operation': { likelihood: 2, impact: 3 } } }],
      });
      expect(saved).toMatchObject({ status: 'completed', items: [{ code: 'M', owner: null, treatment: null }] });
    });

    rule.it('finishes with a plan chosen or written, and tells everyone of the company with the risk menu (and no other)', async () => {
      const [adminBefore, viewerBefore, siamBefore] = await Promise.all([admin(), ctx.demoViewer.access_token, siam()].map((t) => notifications(t)));
      const name = 'ประเมินความเสี่ยงประจำไตรมาส 2';
      const saved = await createEvaluation({
        name,
        status: 'completed',
        items: [high(ev.leak, { planText: null, planId: ev.plan }), high(ev.flood)],
      });
      expect(saved.status).toBe('completed');
      expect(saved.items.map((i) => [i.code, i.planName, i.planText])).toEqual([
        ['H', 'เข้ารหัสข้อมูลบัตรตามมาตรฐาน PCI DSS', null],
        ['H', null, 'ทำประกันภัยไซเบอร์'],
      ]);
      expect((await headers({ search: name })).headerList).toEqual([
        { _id: saved.id, name, draft: false, completed: true, created_dt: saved.created_dt, updated_dt: saved.updated_dt },
      ]);

      const adminAfter = await notifications(admin());
      expect(adminAfter.totalNotification).toBe(adminBefore.totalNotification + 1);
      expect(adminAfter.unread).toBe(adminBefore.unread + 1);
      expect(adminAfter.notificationList[0]).toMatchObject({
        kind: 'evaluation_finished',
        params: { title: name },
        // 13: it opens the finished evaluation itself, not the list
        link: `/risk-management/start-evaluation/${saved.id}`,
        read: false,
      });
      // the viewer has no risk management (menu 18): a finished evaluation is not theirs to hear of
      const viewerAfter = await notifications(ctx.demoViewer.access_token);
      expect(viewerAfter.totalNotification).toBe(viewerBefore.totalNotification);
      expect(viewerAfter.notificationList.map((n) => n._id)).not.toContain(adminAfter.notificationList[0]._id);
      expect((await notifications(siam())).totalNotification).toBe(siamBefore.totalNotification);
    });

    rule.it('refuses to finish without items (400) or with an item not rated (400)', async () => {
      expectMessage(await save({ name: 'จบโดยไม่มีรายการ', status: 'completed', items: [] }), 400, 'risk_evaluation_empty');
      expectMessage(await save({ name: 'จบโดยไม่มีรายการ', status: 'completed' }), 400, 'risk_evaluation_empty');
      const unrated = await save({ name: 'จบโดยไม่ให้คะแนน', status: 'completed', items: [high(ev.leak), { riskId: ev.training, ratings: {} }] });
      expectMessage(unrated, 400, 'risk_evaluation_unrated');
      expect(await count('จบโดยไม่')).toBe(0);
    });

    rule.it('refuses an event twice (400), a plan as an event, an event as a plan and unknown ids (400), saving nothing', async () => {
      expectMessage(await save({ name: 'ประเมินผิดรายการ', items: [{ riskId: ev.leak }, { riskId: ev.leak }] }), 400, 'risk_duplicate_event');
      for (const item of [{ riskId: ev.plan }, { riskId: ev.leak, planId: ev.flood }, { riskId: NOBODY }, { riskId: ev.leak, planId: NOBODY }]) {
        expectMessage(await save({ name: 'ประเมินผิดรายการ', items: [item] }), 400, 'risk_unknown_item');
      }
      expect(await count('ประเมินผิดรายการ')).toBe(0);
    });

    shape.it('refuses malformed fields (400)', async () => {
      const item = { riskId: ev.leak, ratings: { 'risk-finance': { likelihood: 3, impact: 3 } } };
      const bad: [unknown, string][] = [
        [{ name: '', items: [] }, 'name'],
        [{ name: '   ', items: [] }, 'name'],
        [{ name: 'ก'.repeat(301), items: [] }, 'name'],
        [{ items: [] }, 'name'],
        [{ name: 'ประเมินผิดรูปแบบ', status: 'done', items: [] }, 'status'],
        [{ name: 'ประเมินผิดรูปแบบ', items: {} }, 'items'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, riskId: 'abc' }] }, 'items.0.riskId'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ratings: {} }] }, 'items.0.riskId'],
        [
          { name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-finance': { likelihood: 6, impact: 3 } } }] },
          'items.0.ratings.risk-finance.likelihood',
        ],
        [
          { name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-finance': { likelihood: 0, impact: 3 } } }] },
          'items.0.ratings.risk-finance.likelihood',
        ],
        [
          { name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-finance': { likelihood: 2.5, impact: 3 } } }] },
          'items.0.ratings.risk-finance.likelihood',
        ],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-finance': { likelihood: 2 } } }] }, 'items.0.ratings.risk-finance.impact'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, ratings: { 'risk-weather': { likelihood: 2, impact: 2 } } }] }, 'items.0.ratings'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, treatment: 'ignore' }] }, 'items.0.treatment'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, dueDate: '31/12/2569' }] }, 'items.0.dueDate'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, dueDate: '2026-12-31T00:00:00Z' }] }, 'items.0.dueDate'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, residualImpact: 0 }] }, 'items.0.residualImpact'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, owner: 'ก'.repeat(201) }] }, 'items.0.owner'],
        [{ name: 'ประเมินผิดรูปแบบ', items: [{ ...item, planId: 'แผน' }] }, 'items.0.planId'],
        [{ name: 'ประเมินผิดรูปแบบ', items: Array.from({ length: 501 }, () => item) }, 'items'],
        [[], '-'],
      ];
      for (const [body, field] of bad) expectInvalidField(await save(body), field);
      expectMessage(await ctx.api.call('POST', '/risk-evaluations', { token: admin(), raw: '{"name": "ก", "items": [' }), 400, 'malformed_json');
      expect(await count('ประเมินผิดรูปแบบ')).toBe(0);
    });
    shape.it('refuses a due date that does not exist (400), saving nothing', async () => {
      for (const dueDate of ['2026-02-30', '2026-13-01', '0000-01-01']) {
        expectFailure(await save({ name: 'ประเมินวันที่ไม่มีจริง', items: [{ riskId: ev.leak, dueDate }] }), 400);
      }
      expect(await count('ประเมินวันที่ไม่มีจริง')).toBe(0);
    });

    rule.it('replaces name, status and items with PUT; created_dt stays, updated_dt moves on', async () => {
      const saved = await createEvaluation({ name: 'ประเมินที่จะแก้ไข', items: draftItems() });
      const body = { name: 'ประเมินที่แก้ไขแล้ว', status: 'completed', items: [high(ev.training)] };
      await new Promise((resolve) => setTimeout(resolve, 5)); // so that updated_dt can move on
      const updated = ok(await ctx.api.put(`/risk-evaluations/${saved.id}`, body, { token: admin() }), evaluationReply).data;
      expect(updated).toMatchObject({ id: saved.id, name: 'ประเมินที่แก้ไขแล้ว', status: 'completed', created_dt: saved.created_dt });
      expect(updated.items.map((i) => i.riskId)).toEqual([ev.training]);
      expect(Date.parse(updated.updated_dt)).toBeGreaterThan(Date.parse(saved.updated_dt));
      expect(await evaluation(saved.id)).toEqual(updated);
      expect(await count('ประเมินที่จะแก้ไข')).toBe(0);
      expect((await headers({ search: 'ประเมินที่แก้ไขแล้ว' })).headerList[0]).toMatchObject({
        draft: false,
        completed: true,
        updated_dt: updated.updated_dt,
      });

      // back to draft; a refused PUT changes nothing
      const draft = ok(
        await ctx.api.put(`/risk-evaluations/${saved.id}`, { name: 'ประเมินที่แก้ไขแล้ว', items: [] }, { token: admin() }),
        evaluationReply,
      );
      expect(draft.data).toMatchObject({ status: 'draft', items: [] });
      const refused = await ctx.api.put(
        `/risk-evaluations/${saved.id}`,
        { name: 'ไม่ควรบันทึก', status: 'completed', items: [high(ev.leak, { owner: null })] },
        { token: admin() },
      );
      expectMessage(refused, 400, 'risk_treatment_required', 'th', { events: names.leak });
      expect(await evaluation(saved.id)).toEqual(draft.data);
    });

    shape.it('answers 404 for an unknown evaluation and 400 for an id that is not a uuid', async () => {
      const body = { name: 'ไม่มีจริง', items: [] };
      expectMessage(await ctx.api.get(`/risk-evaluations/${NOBODY}`, { token: admin() }), 404, 'not_found');
      expectMessage(await ctx.api.put(`/risk-evaluations/${NOBODY}`, body, { token: admin() }), 404, 'not_found');
      expectMessage(await ctx.api.delete(`/datarisk/evaluation/delete/${NOBODY}`, { token: admin(), lang: 'en' }), 404, 'not_found', 'en');
      expectInvalidField(await ctx.api.get('/risk-evaluations/abc', { token: admin() }), 'id');
      expectInvalidField(await ctx.api.put("/risk-evaluations/1'%20OR%20'1'='1", body, { token: admin() }), 'id');
      expectInvalidField(await ctx.api.delete('/datarisk/evaluation/delete/123', { token: admin() }), 'id');
      expect(await count('ไม่มีจริง')).toBe(0);
    });

    shape.it('lists headers newest first, searches their names, pages them', async () => {
      for (const n of [1, 2, 3]) await createEvaluation({ name: `หัวข้อประเมิน รอบ ${n}`, items: [] });
      const list = await headers({ search: 'หัวข้อประเมิน' });
      expect(list.headerList.map((h) => h.name)).toEqual(['หัวข้อประเมิน รอบ 3', 'หัวข้อประเมิน รอบ 2', 'หัวข้อประเมิน รอบ 1']);
      expect(list.totalDoc).toBe(3);
      const second = await headers({ search: 'หัวข้อประเมิน', currentPage: 2, limit: 2 });
      expect(second.headerList.map((h) => h.name)).toEqual(['หัวข้อประเมิน รอบ 1']);
      expect(second.totalDoc).toBe(3);
      expect((await headers({ search: 'รอบ 2' })).headerList.map((h) => h.name)).toEqual(['หัวข้อประเมิน รอบ 2']);
      const all = await headers({ limit: MAX_PAGE_SIZE });
      expect((await headers({ search: '   ' })).totalDoc).toBe(all.totalDoc);
      const times = all.headerList.map((h) => Date.parse(h.created_dt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect((await headers({ search: '%' })).headerList.every((h) => h.name.includes('%'))).toBe(true);
    });

    shape.it('deletes an evaluation (200), even sent with a JSON content type and no body; again is 404', async () => {
      const saved = await createEvaluation({ name: 'ประเมินที่จะลบทิ้ง', items: draftItems() });
      const reply = await ctx.api.call('DELETE', `/datarisk/evaluation/delete/${saved.id}`, {
        token: admin(),
        raw: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(ok(reply, okReply)).toEqual({ status: 200 });
      expect(await count('ประเมินที่จะลบทิ้ง')).toBe(0);
      expectMessage(await ctx.api.get(`/risk-evaluations/${saved.id}`, { token: admin() }), 404, 'not_found');
      expectMessage(await ctx.api.delete(`/datarisk/evaluation/delete/${saved.id}`, { token: admin() }), 404, 'not_found');
      // its events are free again
      expect((await events({ search: names.training })).totalDoc).toBe(1);
    });

    rule.it('refuses to delete an event or a plan an evaluation uses (409), until the evaluation is gone', async () => {
      const event = await createEvent('เหตุการณ์ที่ถูกใช้อยู่');
      const plan = await createPlan('แผนที่ถูกใช้อยู่');
      const saved = await createEvaluation({ name: 'ประเมินที่ใช้เหตุการณ์', items: [{ riskId: event._id, planId: plan._id }] });
      expectMessage(await deleteRisk(event._id, 1), 409, 'in_use');
      expectMessage(await ctx.api.post('/datarisk/delete/', { dataId: plan._id, type: 2 }, { token: admin(), lang: 'en' }), 409, 'in_use', 'en');
      expect((await events({ search: 'เหตุการณ์ที่ถูกใช้อยู่' })).riskData).toEqual([event]);
      expect((await plans({ search: 'แผนที่ถูกใช้อยู่' })).riskData).toEqual([plan]);
      expect((await evaluation(saved.id)).items[0]).toMatchObject({ event: event.name, planName: plan.name });
      // renaming is fine, and shows in the evaluation
      ok(
        await ctx.api.put('/datarisk/create', { dataId: event._id, type: 1, riskMasterData: 'เหตุการณ์ที่ถูกใช้อยู่ (แก้ชื่อ)' }, { token: admin() }),
        eventReply,
      );
      expect((await evaluation(saved.id)).items[0].event).toBe('เหตุการณ์ที่ถูกใช้อยู่ (แก้ชื่อ)');

      ok(await ctx.api.delete(`/datarisk/evaluation/delete/${saved.id}`, { token: admin() }), okReply);
      expect(ok(await deleteRisk(event._id, 1), okReply)).toEqual({ status: 200 });
      expect(ok(await deleteRisk(plan._id, 2), okReply)).toEqual({ status: 200 });
      expect((await events({ search: 'เหตุการณ์ที่ถูกใช้อยู่' })).totalDoc).toBe(0);
    });
  });
}
