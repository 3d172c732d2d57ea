import { describe, expect, it } from 'vitest';
import { DEFAULT_MATRIX, codeOf, missingTreatment, scoreItem, worstCode, type EvaluationItem } from '../../contract/risk';

const id = '00000000-0000-4000-8000-000000000001';

describe('the default 5x5 matrix', () => {
  it('grows from L at 1x1 to VH at 5x5, never milder as likelihood or impact grows', () => {
    expect(codeOf(DEFAULT_MATRIX, 1, 1)).toBe('L');
    expect(codeOf(DEFAULT_MATRIX, 2, 3)).toBe('M');
    expect(codeOf(DEFAULT_MATRIX, 3, 3)).toBe('H');
    expect(codeOf(DEFAULT_MATRIX, 5, 4)).toBe('VH');
    const rank = ['L', 'M', 'H', 'VH'];
    for (let l = 1; l <= 5; l++)
      for (let i = 1; i < 5; i++) {
        expect(rank.indexOf(codeOf(DEFAULT_MATRIX, l, i + 1))).toBeGreaterThanOrEqual(rank.indexOf(codeOf(DEFAULT_MATRIX, l, i)));
        if (l < 5) expect(rank.indexOf(codeOf(DEFAULT_MATRIX, l + 1, i))).toBeGreaterThanOrEqual(rank.indexOf(codeOf(DEFAULT_MATRIX, l, i)));
      }
  });
});

describe('scoring an evaluation item', () => {
  it('takes the worst code over the rated categories, and the residual code', () => {
    const item: EvaluationItem = {
      riskId: id,
      ratings: { 'risk-finance': { likelihood: 1, impact: 2 }, 'risk-customer': { likelihood: 4, impact: 4 } },
      residualLikelihood: 1,
      residualImpact: 3,
    };
    expect(scoreItem(DEFAULT_MATRIX, item)).toEqual({ code: 'VH', residualCode: 'L' });
    expect(scoreItem(DEFAULT_MATRIX, { riskId: id, ratings: {} })).toEqual({ code: null, residualCode: null });
    expect(worstCode([])).toBeNull();
  });

  it('asks H and VH items for an owner, a treatment, a plan and a due date; not L or M', () => {
    const high: EvaluationItem = { riskId: id, ratings: { 'risk-finance': { likelihood: 3, impact: 3 } } };
    const low: EvaluationItem = { riskId: id, ratings: { 'risk-finance': { likelihood: 1, impact: 1 } } };
    expect(missingTreatment(DEFAULT_MATRIX, [high, low])).toEqual([high]);
    const planned = { ...high, owner: 'สมชาย', treatment: 'mitigate' as const, planText: 'เข้ารหัสข้อมูล', dueDate: '2026-12-31' };
    expect(missingTreatment(DEFAULT_MATRIX, [planned])).toEqual([]);
    expect(missingTreatment(DEFAULT_MATRIX, [{ ...planned, planText: null }])).toHaveLength(1);
    expect(missingTreatment(DEFAULT_MATRIX, [{ ...planned, dueDate: null }])).toHaveLength(1);
  });

  it('follows a company matrix that differs from the default', () => {
    const allLow = DEFAULT_MATRIX.map((row) => row.map(() => 'L' as const));
    const item: EvaluationItem = { riskId: id, ratings: { 'risk-finance': { likelihood: 5, impact: 5 } } };
    expect(scoreItem(allLow, item).code).toBe('L');
    expect(missingTreatment(allLow, [item])).toEqual([]);
  });
});
