import { describe, expect } from 'vitest';
import { DEFAULT_MATRIX, RISK_CODES, type MatrixCells } from '../../../../contract/risk';
import { expectInvalidField, expectMessage, type Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { matrixReply, evaluationReply, NOBODY, ok, riskApi } from './helpers';

/** Risk management: the company's 5x5 matrix. */
export function riskMatrixCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const { admin, siam, createEvent, matrix, putMatrix, createEvaluation, evaluation } = riskApi(ctx);

  describe('the risk matrix: GET and PUT /risk-matrix/company', () => {
    const custom: MatrixCells = DEFAULT_MATRIX.map((row, l) => row.map((_, i) => RISK_CODES[Math.min(3, Math.floor((l + i) / 2))]));

    shape.it('gives the default matrix until saved', async () => {
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
      expect(await matrix(siam())).toEqual(DEFAULT_MATRIX);
    });

    shape.it("saves the company's matrix, and only its own", async () => {
      try {
        expect(ok(await putMatrix(custom), matrixReply)).toEqual({ status: 200, data: { id: 'company', cells: custom } });
        expect(await matrix()).toEqual(custom);
        expect(await matrix(siam())).toEqual(DEFAULT_MATRIX);
      } finally {
        ok(await putMatrix(DEFAULT_MATRIX), matrixReply);
      }
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
    });

    rule.it("scores evaluations by the company's matrix at the time of saving", async () => {
      const event = await createEvent('เหตุการณ์ที่คะแนนขึ้นกับตาราง');
      const rated = { riskId: event._id, ratings: { 'risk-finance': { likelihood: 1, impact: 1 } }, residualLikelihood: 1, residualImpact: 2 };
      const allVh = DEFAULT_MATRIX.map((row) => row.map(() => 'VH' as const));
      let id = '';
      try {
        ok(await putMatrix(allVh), matrixReply);
        const saved = await createEvaluation({ name: 'ประเมินด้วยตารางที่ปรับแล้ว', items: [rated] });
        id = saved.id;
        expect(saved.items[0]).toMatchObject({ code: 'VH', residualCode: 'VH' });
        // VH needs its treatment: finishing without it is refused
        const finish = await ctx.api.put(
          `/risk-evaluations/${id}`,
          { name: 'ประเมินด้วยตารางที่ปรับแล้ว', status: 'completed', items: [rated] },
          { token: admin() },
        );
        expectMessage(finish, 400, 'risk_treatment_required', 'th', { events: event.name });
      } finally {
        ok(await putMatrix(DEFAULT_MATRIX), matrixReply);
      }
      // stored codes stay as scored; a new save scores by today's matrix
      expect((await evaluation(id)).items[0]).toMatchObject({ code: 'VH', residualCode: 'VH' });
      const resaved = ok(
        await ctx.api.put(`/risk-evaluations/${id}`, { name: 'ประเมินด้วยตารางเดิม', items: [rated] }, { token: admin() }),
        evaluationReply,
      );
      expect(resaved.data.items[0]).toMatchObject({ code: 'L', residualCode: 'L' });
    });

    shape.it('refuses cells that are not 5x5 codes (400), keeping the matrix', async () => {
      const bad: [unknown, string][] = [
        [DEFAULT_MATRIX.slice(0, 4), 'cells'],
        [[...DEFAULT_MATRIX, DEFAULT_MATRIX[0]], 'cells'],
        [DEFAULT_MATRIX.map((row, l) => (l === 2 ? row.slice(0, 4) : row)), 'cells.2'],
        [DEFAULT_MATRIX.map((row, l) => (l === 1 ? [...row.slice(0, 4), 'X'] : row)), 'cells.1.4'],
        [DEFAULT_MATRIX.map((row, l) => (l === 0 ? ['l', ...row.slice(1)] : row)), 'cells.0.0'],
        [DEFAULT_MATRIX.map((row) => row.join('')), 'cells.0'],
        ['LMHVH', 'cells'],
        [undefined, 'cells'],
      ];
      for (const [cells, field] of bad) expectInvalidField(await putMatrix(cells), field);
      expectInvalidField(await ctx.api.put('/risk-matrix/company', [], { token: admin() }), '-');
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
    });

    shape.it('refuses any id but "company" (400)', async () => {
      const demoId = (await ctx.api.get('/setting/company/fetch', { token: admin() })).body.company._id;
      for (const id of ['other', demoId, 'COMPANY', NOBODY]) {
        expectInvalidField(await ctx.api.get(`/risk-matrix/${id}`, { token: admin() }), 'id');
        expectInvalidField(await ctx.api.put(`/risk-matrix/${id}`, { cells: DEFAULT_MATRIX }, { token: admin() }), 'id');
      }
      expect(await matrix()).toEqual(DEFAULT_MATRIX);
    });
  });
}
