import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import {
  assessmentDetail,
  assessmentRow,
  candidate,
  templateDetail,
  templateRow,
  type AssessmentDetail,
  type TemplateSection,
} from '../../../contract/assessments';
import { frameworkDetailReply, frameworkReply } from '../../../contract/framework';
import { th } from '../../../i18n';
import { codeOf, DEFAULT_MATRIX } from '../../../contract/risk';
import type { Reply } from '../client';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;
const q = (query: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))}`;
const one = <T extends z.ZodType>(schema: T) => z.object({ status: z.literal(200), data: schema }).strict();
const list = <T extends z.ZodType>(schema: T) => z.object({ status: z.literal(200), data: z.array(schema), total: z.number().int() }).strict();
const BUILTIN_DPIA = '0d1a0000-0000-4000-8000-000000000001';
const BUILTIN_LIA = '0d1a0000-0000-4000-8000-000000000002';

/** Every question answered as its kind asks (text, yes, the middle of the scale, the first choice). */
const fullAnswers = (sections: TemplateSection[]) =>
  Object.fromEntries(
    sections
      .flatMap((s) => s.questions)
      .map((x) => [x.key, x.kind === 'text' ? `คำตอบ ${x.key}` : x.kind === 'yesno' ? true : x.kind === 'scale' ? 3 : x.choices[0].value]),
  );

/**
 * Assessments (menu 20): DPIA and LIA of the ROPA's activities. Shapes, refusals and other companies' rows on every
 * target; the rules (four eyes, immutability once signed, the write-back to the ROPA and the risk register, versions
 * of templates, the LIA warning of the ROPA) on the server.
 */
export function assessmentsCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  let dpoSignin: Awaited<ReturnType<Ctx['api']['signin']>> | undefined;
  const dpo = async () => (dpoSignin ??= await ctx.api.signin({ companyCode: 'DEMO', username: 'dpo', password: 'dpo1234567' })).access_token;
  const ok = <T>(reply: Reply, schema: z.ZodType<T>) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return schema.parse(reply.body);
  };
  /** The framework's "assessments made" requirement (dpia_high_risk), recomputed: its activities done of those due. */
  const assessedFigure = async () => {
    const snapshot = ok(await ctx.api.post('/framework/refresh', {}, { token: admin() }), frameworkReply).data;
    const { part, whole } = snapshot.requirements.find((r) => r.id === 'dpia_high_risk')!;
    return { part: part ?? 0, whole: whole ?? 0 };
  };
  const assessedRecords = async () =>
    ok(await ctx.api.get('/framework/requirements/dpia_high_risk', { token: admin() }), frameworkDetailReply).data.records;
  /** A ROPA activity of its own (so each case passes alone): its purposes' bases and security measures as given. */
  const activity = async (bases: string[] = ['forConsent'], extra: Record<string, unknown> = {}, name = `กิจกรรมประเมิน ${tag()}`) => {
    const reply = await ctx.api.post(
      '/ropa/activity',
      {
        name,
        record: { purposes: [{ text: `วัตถุประสงค์ ${tag()}`, bases }], security: 'ใช้รหัสผ่านเข้าระบบ', ...extra },
      },
      { token: admin() },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body as { data: { id: string } }).data.id;
  };
  const create = async (kind: 'dpia' | 'lia', activityId: string, token = admin(), templateId?: string) =>
    ok(await ctx.api.post('/assessments', { kind, activityId, ...(templateId ? { templateId } : {}) }, { token }), one(assessmentDetail.strict()))
      .data;
  const save = async (id: string, body: Record<string, unknown>, token = admin()) =>
    ok(await ctx.api.put(`/assessments/${id}`, body, { token }), one(assessmentDetail.strict())).data;
  const warningsOf = async (activityId: string) => {
    const reply = await ctx.api.get(`/ropa/activity/${activityId}`, { token: admin() });
    expect(reply.status).toBe(200);
    return (reply.body as { data: { warnings: { code: string }[]; record: { security: string }; state: string } }).data;
  };
  const firstDemo = async (token = admin()) => {
    const rows = ok(await ctx.api.get(`/assessments${q({ range: [0, 99] })}`, { token }), list(assessmentRow.strict())).data;
    expect(rows.length).toBeGreaterThan(0);
    return rows[0];
  };

  describe('assessments (DPIA and LIA)', () => {
    shape.it('lists the assessments, the built-in templates (Thai and English) and the candidates to a view-only role', async () => {
      const viewer = ctx.demoViewer.access_token;
      const rows = ok(await ctx.api.get(`/assessments${q({ range: [0, 19] })}`, { token: viewer }), list(assessmentRow.strict()));
      expect(rows.data.map((r) => r.kind).sort()).toEqual(expect.arrayContaining(['dpia', 'lia']));
      const templates = ok(await ctx.api.get('/assessment-templates', { token: viewer }), list(templateRow.strict())).data;
      const builtins = templates.filter((t) => t.builtin);
      expect(builtins.map((t) => t.id).sort()).toEqual([BUILTIN_DPIA, BUILTIN_LIA]);
      expect(builtins.every((t) => t.nameTh && t.nameEn && t.questionCount > 0)).toBe(true);
      const candidates = ok(
        await ctx.api.get(`/assessment-candidates${q({ filter: { due: true }, range: [0, 99] })}`, { token: viewer }),
        list(candidate.strict()),
      );
      const profiling = candidates.data.find((c) => c.name === 'วิเคราะห์พฤติกรรมการซื้อเพื่อแนะนำสินค้า');
      expect(profiling?.triggers).toEqual(expect.arrayContaining(['largeScale', 'monitoring', 'automatedDecisions']));
      expect(profiling?.dpia?.state).toBe('signed');
    });

    shape.it('refuses a view-only role every write (403) and a role without the menu even the reading', async () => {
      const viewer = ctx.demoViewer.access_token;
      const row = await firstDemo(viewer);
      expectFailure(await ctx.api.post('/assessments', { kind: 'dpia', activityId: row.activityId }, { token: viewer }), 403);
      expectFailure(await ctx.api.put(`/assessments/${row.id}`, {}, { token: viewer }), 403);
      expectFailure(await ctx.api.post(`/assessments/${row.id}/sign`, {}, { token: viewer }), 403);
      expectFailure(await ctx.api.post(`/assessment-templates/${BUILTIN_DPIA}/copy`, {}, { token: viewer }), 403);
      expectFailure(await ctx.api.get('/assessments', { token: ctx.demoContact.access_token }), 403);
    });

    shape.it("answers 404 for another company's assessment, on every route", async () => {
      const row = await firstDemo();
      const siam = ctx.siamAdmin.access_token;
      expectFailure(await ctx.api.get(`/assessments/${row.id}`, { token: siam }), 404);
      expectFailure(await ctx.api.put(`/assessments/${row.id}`, {}, { token: siam }), 404);
      expectFailure(await ctx.api.delete(`/assessments/${row.id}`, { token: siam }), 404);
      expectFailure(await ctx.api.post(`/assessments/${row.id}/sign`, {}, { token: siam }), 404);
      expectFailure(await ctx.api.post(`/assessments/${row.id}/opinion`, { opinion: 'x' }, { token: siam }), 404);
      expectFailure(await ctx.api.get(`/assessments/${row.id}/export?format=pdf`, { token: siam }), 404);
      expectFailure(await ctx.api.put(`/assessment-candidates/${row.activityId}`, { monitoring: true }, { token: siam }), 404);
      const theirs = ok(await ctx.api.get(`/assessments${q({ range: [0, 99] })}`, { token: siam }), list(assessmentRow.strict()));
      expect(theirs.data.map((r) => r.id)).not.toContain(row.id);
    });

    shape.it("refuses bad input with a 400 naming the field, in the reader's language", async () => {
      const row = await firstDemo();
      expectInvalidField(await ctx.api.post('/assessments', { kind: 'pia', activityId: row.activityId }, { token: admin() }), 'kind');
      expectInvalidField(await ctx.api.post('/assessments', { kind: 'dpia', activityId: 'x' }, { token: admin() }), 'activityId', 'th');
      expectInvalidField(await ctx.api.post('/assessments', { kind: 'dpia', activityId: 'x' }, { token: admin(), lang: 'en' }), 'activityId', 'en');
      expectInvalidField(
        await ctx.api.put(
          `/assessments/${row.id}`,
          { risks: [{ title: 'x', likelihood: 6, impact: 1, residualLikelihood: 1, residualImpact: 1 }] },
          { token: admin() },
        ),
        'risks.0.likelihood',
      );
      expectInvalidField(
        await ctx.api.post(
          '/assessment-templates',
          {
            kind: 'dpia',
            nameTh: 'ก',
            nameEn: 'a',
            sections: [
              {
                key: 'a',
                titleTh: 'ก',
                titleEn: 'a',
                questions: [{ key: 'q', textTh: 'ก', textEn: 'a', kind: 'choice', choices: [{ value: 'a', labelTh: 'ก', labelEn: 'a' }] }],
              },
            ],
          },
          { token: admin() },
        ),
        'sections.0.questions.0.choices',
      );
    });

    rule.it(
      'a DPIA: saved, refused to its author (four eyes), needs the DPO opinion, signed; writes back to the ROPA and the risk register; then immutable; a new round copies it',
      async () => {
        const activityId = await activity();
        const draft = await create('dpia', activityId);
        expect(draft).toMatchObject({ kind: 'dpia', state: 'draft', round: 1, canSign: 'author', templateId: BUILTIN_DPIA, previousId: null });
        expect(draft.sections.map((s) => s.key)).toEqual(['description', 'necessity', 'risks', 'measures']);
        expectMessage(await ctx.api.post('/assessments', { kind: 'dpia', activityId }, { token: admin() }), 409, 'assessments_draft_exists');
        const measure = `เข้ารหัสฐานข้อมูล ${tag()}`;
        const saved = await save(draft.id, {
          answers: fullAnswers(draft.sections),
          risks: [
            { title: 'ข้อมูลรั่วไหล', description: '', likelihood: 4, impact: 5, measures: 'จำกัดสิทธิการเข้าถึง', residualLikelihood: 2, residualImpact: 2 },
          ],
          measures: measure,
          conclusion: 'proceedWithMeasures',
        });
        expect(saved.risks[0]).toMatchObject({ code: codeOf(DEFAULT_MATRIX, 4, 5), residualCode: codeOf(DEFAULT_MATRIX, 2, 2), riskEventId: null });
        expect(saved.riskCode).toBe(codeOf(DEFAULT_MATRIX, 4, 5));
        expect(saved.score).toBe(100);
        // four eyes: the author may not sign, in Thai and in English
        expectMessage(await ctx.api.post(`/assessments/${draft.id}/sign`, {}, { token: admin() }), 403, 'assessments_four_eyes');
        expectMessage(await ctx.api.post(`/assessments/${draft.id}/sign`, {}, { token: admin(), lang: 'en' }), 403, 'assessments_four_eyes', 'en');
        // another person, but no DPO opinion yet (s.42)
        expectMessage(await ctx.api.post(`/assessments/${draft.id}/sign`, {}, { token: await dpo() }), 409, 'assessments_opinion_missing');
        const opinion = ok(
          await ctx.api.post(`/assessments/${draft.id}/opinion`, { opinion: 'เห็นชอบ' }, { token: await dpo() }),
          one(assessmentDetail.strict()),
        ).data;
        expect(opinion).toMatchObject({ dpoOpinion: 'เห็นชอบ', canSign: 'yes' });
        const signed = ok(await ctx.api.post(`/assessments/${draft.id}/sign`, {}, { token: await dpo() }), one(assessmentDetail.strict())).data;
        expect(signed).toMatchObject({ state: 'signed', canSign: 'signed' });
        expect(signed.signedBy?.name).toBeTruthy();
        expect(signed.evaluationId).toBeTruthy();
        // write-back: the measures in the activity's security measures (s.39(8)), the risk as an event rated on the matrix
        const ropa = await warningsOf(activityId);
        expect(ropa.record.security).toContain(measure);
        expect(ropa.record.security).toContain('ใช้รหัสผ่านเข้าระบบ');
        const [item] = await ctx.db!.query<{ name: string; code: string; residual_code: string; status: string; ratings: Record<string, unknown> }>(
          `select m.name, i.code, i.residual_code, e.status, i.ratings from risk_evaluation_items i join risk_master m on m.id = i.risk_id
           join risk_evaluations e on e.id = i.evaluation_id where i.evaluation_id = $1`,
          [signed.evaluationId],
        );
        expect(item).toMatchObject({ code: codeOf(DEFAULT_MATRIX, 4, 5), residual_code: codeOf(DEFAULT_MATRIX, 2, 2), status: 'completed' });
        expect(item.ratings).toEqual({ 'risk-customer': { likelihood: 4, impact: 5 } });
        expect(item.name).toContain('ข้อมูลรั่วไหล');
        expect(signed.risks[0].riskEventId).toBeTruthy();
        // immutable once signed: the server refuses (409) and nothing changes
        expectMessage(await ctx.api.put(`/assessments/${draft.id}`, { measures: 'อื่น' }, { token: admin() }), 409, 'assessments_signed');
        expectMessage(await ctx.api.post(`/assessments/${draft.id}/opinion`, { opinion: 'อื่น' }, { token: await dpo() }), 409, 'assessments_signed');
        expectMessage(await ctx.api.post(`/assessments/${draft.id}/sign`, {}, { token: await dpo() }), 409, 'assessments_signed');
        expectMessage(await ctx.api.delete(`/assessments/${draft.id}`, { token: admin() }), 409, 'assessments_signed');
        await expect(ctx.db!.query(`update assessments set measures = 'x' where id = $1`, [draft.id])).rejects.toThrow();
        const again = ok(await ctx.api.get(`/assessments/${draft.id}`, { token: admin() }), one(assessmentDetail.strict())).data;
        expect(again.measures).toBe(measure);
        // a new round starts from the last: its answers and risks copied, the opinion and the sign-off not
        const next = ok(await ctx.api.post(`/assessments/${draft.id}/round`, {}, { token: admin() }), one(assessmentDetail.strict())).data;
        expect(next).toMatchObject({ round: 2, state: 'draft', previousId: draft.id, measures: measure, dpoOpinion: '', signedBy: null });
        expect(next.answers).toEqual(signed.answers);
        expect(next.risks.map((r) => r.title)).toEqual(['ข้อมูลรั่วไหล']);
        expectMessage(await ctx.api.post(`/assessments/${next.id}/round`, {}, { token: admin() }), 409, 'assessments_not_signed');
        // a draft may be deleted
        ok(
          await ctx.api.delete(`/assessments/${next.id}`, { token: admin() }),
          z.object({ status: z.literal(200), data: z.object({ id: z.string() }) }),
        );
      },
    );

    rule.it('a draft ROPA activity deleted takes its assessments with it, signed rounds included (no 5xx)', async () => {
      const activityId = await activity();
      const signOne = async (id: string, sections: TemplateSection[]) => {
        await save(id, { answers: fullAnswers(sections), conclusion: 'proceed' });
        ok(await ctx.api.post(`/assessments/${id}/opinion`, { opinion: 'เห็นชอบ' }, { token: await dpo() }), one(assessmentDetail));
        ok(await ctx.api.post(`/assessments/${id}/sign`, {}, { token: await dpo() }), one(assessmentDetail));
      };
      const first = await create('dpia', activityId);
      await signOne(first.id, first.sections);
      const second = ok(await ctx.api.post(`/assessments/${first.id}/round`, {}, { token: admin() }), one(assessmentDetail)).data;
      await signOne(second.id, second.sections);
      const deleted = await ctx.api.delete(`/ropa/activity/${activityId}`, { token: admin() });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expectFailure(await ctx.api.get(`/assessments/${first.id}`, { token: admin() }), 404);
    });

    rule.it(
      'refuses to sign with a required question unanswered (400 naming it); a wrong answer kind or an unknown question is a 400 and nothing is written',
      async () => {
        const draft = await create('dpia', await activity());
        await save(draft.id, { answers: { nature: 'ทดสอบ' } });
        expectInvalidField(await ctx.api.put(`/assessments/${draft.id}`, { answers: { nature: true } }, { token: admin() }), 'answers.nature');
        expectInvalidField(await ctx.api.put(`/assessments/${draft.id}`, { answers: { nosuch: 'x' } }, { token: admin() }), 'answers.nosuch');
        const kept = ok(await ctx.api.get(`/assessments/${draft.id}`, { token: admin() }), one(assessmentDetail.strict())).data;
        expect(kept.answers).toEqual({ nature: 'ทดสอบ' });
        ok(await ctx.api.post(`/assessments/${draft.id}/opinion`, { opinion: 'ตรวจแล้ว' }, { token: await dpo() }), one(assessmentDetail));
        expectInvalidField(await ctx.api.post(`/assessments/${draft.id}/sign`, {}, { token: await dpo() }), 'answers.scope');
        expect(ok(await ctx.api.get(`/assessments/${draft.id}`, { token: admin() }), one(assessmentDetail)).data.state).toBe('draft');
      },
    );

    rule.it('an LIA for legitimate interest (s.24(5)): the ROPA and the framework warn until one is signed; refused for another basis', async () => {
      const before = await assessedFigure();
      // named to come first in the drill-down (it shows the first 20 by name)
      const name = `0 กิจกรรมประเมิน LIA ${tag()}`;
      const activityId = await activity(['forThirdParty'], {}, name);
      expect((await warningsOf(activityId)).warnings.map((w) => w.code)).toContain('lia_missing');
      // the framework's requirement counts it as due and not done, and its drill-down names it
      expect(await assessedFigure()).toEqual({ part: before.part, whole: before.whole + 1 });
      expect(await assessedRecords()).toContainEqual({ label: name, reason: th.framework.reasons.lia_unsigned, path: '/assessments/candidates' });
      expectMessage(
        await ctx.api.post('/assessments', { kind: 'lia', activityId: await activity(['forConsent']) }, { token: admin() }),
        409,
        'assessments_lia_not_needed',
      );
      const draft = await create('lia', activityId);
      expect(draft.templateId).toBe(BUILTIN_LIA);
      expectInvalidField(
        await ctx.api.put(
          `/assessments/${draft.id}`,
          { risks: [{ title: 'x', likelihood: 1, impact: 1, residualLikelihood: 1, residualImpact: 1 }] },
          { token: admin() },
        ),
        'risks',
      );
      await save(draft.id, { answers: fullAnswers(draft.sections), tests: { purpose: 'pass', necessity: 'pass', balancing: null } });
      expectInvalidField(await ctx.api.post(`/assessments/${draft.id}/sign`, {}, { token: await dpo() }), 'tests.balancing');
      const full = await save(draft.id, { answers: fullAnswers(draft.sections), tests: { purpose: 'pass', necessity: 'pass', balancing: 'pass' } });
      expect(full.liaResult).toBe('legitimate');
      // an LIA needs no DPO opinion; the four eyes still hold
      expectMessage(await ctx.api.post(`/assessments/${draft.id}/sign`, {}, { token: admin() }), 403, 'assessments_four_eyes');
      const signed = ok(await ctx.api.post(`/assessments/${draft.id}/sign`, {}, { token: await dpo() }), one(assessmentDetail.strict())).data;
      expect(signed.state).toBe('signed');
      expect((await warningsOf(activityId)).warnings.map((w) => w.code)).not.toContain('lia_missing');
      expect(await assessedFigure()).toEqual({ part: before.part + 1, whole: before.whole + 1 });
      expect((await assessedRecords()).map((r) => r.label)).not.toContain(name);
      const c = ok(
        await ctx.api.get(`/assessment-candidates${q({ filter: { due: true }, range: [0, 99] })}`, { token: admin() }),
        list(candidate.strict()),
      );
      expect(c.data.find((x) => x.id === activityId)?.lastSignedLia).toMatchObject({ id: draft.id, result: 'legitimate' });
    });

    rule.it('templates: a built-in is copied, not edited; a template in use changes by a new version; one in use is not deleted', async () => {
      const copy = ok(await ctx.api.post(`/assessment-templates/${BUILTIN_DPIA}/copy`, {}, { token: admin() }), one(templateDetail.strict())).data;
      expect(copy).toMatchObject({ builtin: false, version: 1, inUse: 0, kind: 'dpia' });
      expectMessage(
        await ctx.api.put(
          `/assessment-templates/${BUILTIN_DPIA}`,
          { kind: 'dpia', nameTh: 'ก', nameEn: 'a', sections: copy.sections },
          { token: admin() },
        ),
        409,
        'assessments_template_builtin',
      );
      const body = { kind: 'dpia', nameTh: `แม่แบบ ${tag()}`, nameEn: 'My DPIA', sections: copy.sections.slice(0, 2) };
      const edited = ok(await ctx.api.put(`/assessment-templates/${copy.id}`, body, { token: admin() }), one(templateDetail.strict())).data;
      expect(edited).toMatchObject({ id: copy.id, version: 1, nameTh: body.nameTh });
      const used = await create('dpia', await activity(), admin(), copy.id);
      expect(used.sections.length).toBe(2);
      expectMessage(await ctx.api.delete(`/assessment-templates/${copy.id}`, { token: admin() }), 409, 'assessments_template_in_use');
      const v2 = ok(
        await ctx.api.put(`/assessment-templates/${copy.id}`, { ...body, sections: copy.sections.slice(0, 3) }, { token: admin() }),
        one(templateDetail.strict()),
      ).data;
      expect(v2).toMatchObject({ familyId: copy.familyId, version: 2, latest: true });
      expect(v2.id).not.toBe(copy.id);
      // the assessment keeps the version it began with
      expect(ok(await ctx.api.get(`/assessments/${used.id}`, { token: admin() }), one(assessmentDetail)).data.sections.length).toBe(2);
      const all = ok(
        await ctx.api.get(`/assessment-templates${q({ filter: { all: true }, range: [0, 99] })}`, { token: admin() }),
        list(templateRow.strict()),
      ).data;
      expect(all.filter((t) => t.familyId === copy.familyId).map((t) => t.version)).toEqual([2, 1]);
      const newest = ok(await ctx.api.get(`/assessment-templates${q({ range: [0, 99] })}`, { token: admin() }), list(templateRow.strict())).data;
      expect(newest.filter((t) => t.familyId === copy.familyId).map((t) => t.version)).toEqual([2]);
      expectInvalidField(
        await ctx.api.post('/assessments', { kind: 'lia', activityId: await activity(['forThirdParty']), templateId: copy.id }, { token: admin() }),
        'templateId',
      );
    });

    rule.it(
      "candidates: a transfer in the register for the activity's system or processor, and a sensitive category of the activity, are triggers",
      async () => {
        const [demo] = await ctx.db!.query<{ id: string }>("select id from companies where code = 'DEMO'");
        const [sensitive] = await ctx.db!.query<{ id: string }>('select id from data_categories where company_id = $1 and sensitive limit 1', [
          demo.id,
        ]);
        const [plain] = await ctx.db!.query<{ id: string }>('select id from data_categories where company_id = $1 and not sensitive limit 1', [
          demo.id,
        ]);
        const system = ok(
          await ctx.api.post('/datamap-systems', { name: `ระบบโอนข้อมูล ${tag()}` }, { token: admin() }),
          one(z.object({ id: z.string() }).loose()),
        ).data;
        const bare = ok(
          await ctx.api.post('/datamap-systems', { name: `ระบบในประเทศ ${tag()}` }, { token: admin() }),
          one(z.object({ id: z.string() }).loose()),
        ).data;
        const [processor] = await ctx.db!.query<{ id: string }>(
          `insert into processors (company_id, name, country) values ($1, $2, 'TH') returning id`,
          [demo.id, `ผู้ประมวลผลโอนข้อมูล ${tag()}`],
        );
        const transfer = (ids: { systemId?: string; processorId?: string }) =>
          ctx.api.post('/transfers', { ...ids, country: 'SG', importer: `ผู้รับข้อมูล ${tag()}` }, { token: admin() });
        expect((await transfer({ systemId: system.id })).status).toBe(200);
        expect((await transfer({ processorId: processor.id })).status).toBe(200);
        const run = tag();
        const make = async (body: Record<string, unknown>, record: Record<string, unknown> = {}) => {
          const reply = await ctx.api.post(
            '/ropa/activity',
            { name: `กิจกรรมทริกเกอร์ ${run} ${tag()}`, ...body, record: { purposes: [{ text: 'ทดสอบ', bases: ['forConsent'] }], ...record } },
            { token: admin() },
          );
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
          return (reply.body as { data: { id: string } }).data.id;
        };
        const bySystem = await make({ systemIds: [system.id] });
        const byProcessor = await make({}, { processorIds: [processor.id] });
        const bySensitive = await make({ categoryIds: [sensitive.id] });
        const none = await make({ systemIds: [bare.id], categoryIds: [plain.id] });
        const rows = ok(
          await ctx.api.get(`/assessment-candidates${q({ filter: { search: `กิจกรรมทริกเกอร์ ${run}` }, range: [0, 99] })}`, { token: admin() }),
          list(candidate.strict()),
        ).data;
        const triggersOf = (id: string) => rows.find((c) => c.id === id)?.dataTriggers;
        expect(triggersOf(bySystem)).toEqual(['transfer']);
        expect(triggersOf(byProcessor)).toEqual(['transfer']);
        expect(triggersOf(bySensitive)).toEqual(['sensitive']);
        expect(triggersOf(none)).toEqual([]);
      },
    );

    rule.it('candidates: sensitive data and transfers come from the ROPA, the other triggers are flags', async () => {
      const [health] = await ctx.db!.query<{ id: string }>(
        "select c.id from data_categories c join companies co on co.id = c.company_id where co.code = 'DEMO' and c.sensitive limit 1",
      );
      const activityId = await activity(['explicitConsent'], {
        purposes: [{ text: 'ดูแลสุขภาพ', bases: ['explicitConsent'], categoryIds: [health.id] }],
      });
      // a transfer abroad written before the transfers register (the record's own text)
      await ctx.db!.query(
        `update ropa_activities set record = jsonb_set(record, '{transfers}', '[{"country": "สิงคโปร์", "recipient": "คลาวด์", "mechanism": "adequacy"}]') where id = $1`,
        [activityId],
      );
      const before = ok(await ctx.api.get(`/assessment-candidates${q({ range: [0, 99] })}`, { token: admin() }), list(candidate.strict())).data.find(
        (c) => c.id === activityId,
      );
      expect(before?.dataTriggers).toEqual(['sensitive', 'transfer']);
      const after = ok(
        await ctx.api.put(`/assessment-candidates/${activityId}`, { newTechnology: true, automatedDecisions: true }, { token: admin() }),
        one(candidate.strict()),
      ).data;
      expect(after.triggers).toEqual(['sensitive', 'newTechnology', 'transfer', 'automatedDecisions']);
      expect(after.flags).toEqual({ largeScale: false, monitoring: false, newTechnology: true, automatedDecisions: true });
      const draft = await create('dpia', activityId);
      expect(draft.triggers).toEqual(after.triggers);
    });

    rule.it('exports an assessment as a PDF (Sarabun) and an XLSX with its answers, risks and sign-off', async () => {
      const row: AssessmentDetail = await firstDemoSigned();
      const pdf = await ctx.api.get(`/assessments/${row.id}/export?format=pdf`, { token: admin() });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      expect(Buffer.from(pdf.bytes).subarray(0, 4).toString()).toBe('%PDF');
      expect(Buffer.from(pdf.bytes).toString('latin1')).toContain('Sarabun');
      const xlsx = await ctx.api.get(`/assessments/${row.id}/export?format=xlsx`, { token: admin() });
      expect(xlsx.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(xlsx.bytes) as unknown as ArrayBuffer);
      expect(wb.worksheets.length).toBe(3);
      const text = JSON.stringify(wb.worksheets.map((w) => w.getSheetValues()));
      expect(text).toContain(row.activity);
      expect(text).toContain(row.dpoOpinion);
      expectInvalidField(await ctx.api.get(`/assessments/${row.id}/export?format=doc`, { token: admin() }), 'format');
    });
  });

  const firstDemoSigned = async () => {
    const rows = ok(
      await ctx.api.get(`/assessments${q({ filter: { kind: 'dpia', state: 'signed' }, range: [0, 99] })}`, { token: admin() }),
      list(assessmentRow),
    );
    const demo = rows.data.find((r) => r.activity === 'วิเคราะห์พฤติกรรมการซื้อเพื่อแนะนำสินค้า');
    expect(demo).toBeDefined();
    return ok(await ctx.api.get(`/assessments/${demo!.id}`, { token: admin() }), one(assessmentDetail)).data;
  };
}
