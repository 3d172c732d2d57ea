import { describe, expect, it } from 'vitest';
import { FRAMEWORK_REQUIREMENTS } from '../../../contract/framework';
import { dpoScore, evidenceScore, isStale, leastPrivilegeScore, meanScore, ratioScore, scoreFramework } from './scoring';

describe('framework scoring', () => {
  it('scores part of whole, and nothing to measure as null', () => {
    expect(ratioScore(10, 12)).toBe(83.3);
    expect(ratioScore(0, 0)).toBeNull();
    expect(meanScore([100, null, 50])).toBe(75);
    expect(meanScore([null])).toBeNull();
  });

  it('counts evidence over a year old as stale, worth half', () => {
    expect(isStale('2025-11-28', '2026-11-28')).toBe(false);
    expect(isStale('2025-11-27', '2026-11-28')).toBe(true);
    expect(evidenceScore(null, '2026-11-28')).toBe(0);
    expect(evidenceScore('2026-01-01', '2026-11-28')).toBe(100);
    expect(evidenceScore('2025-01-01', '2026-11-28')).toBe(50);
  });

  it('allows two people, or a tenth of the staff, to change rights', () => {
    expect(leastPrivilegeScore(2, 5)).toBe(100);
    expect(leastPrivilegeScore(4, 5)).toBe(50);
    expect(leastPrivilegeScore(5, 50)).toBe(100);
    expect(leastPrivilegeScore(0, 0)).toBeNull();
  });

  it('scores the DPO: not required 100, appointed 50, and the Office informed 100', () => {
    expect(dpoScore(false, false, false)).toBe(100);
    expect(dpoScore(true, false, false)).toBe(0);
    expect(dpoScore(null, true, false)).toBe(50);
    expect(dpoScore(true, true, true)).toBe(100);
  });

  it('scores at least 70 % of the requirements from the data, with no upload', () => {
    const automatic = FRAMEWORK_REQUIREMENTS.filter((r) => r.source === 'automatic').length;
    expect(automatic / FRAMEWORK_REQUIREMENTS.length).toBeGreaterThanOrEqual(0.7);
  });

  it('averages each area and the whole over the scored requirements; a change of data moves the score', () => {
    const at = new Date('2026-11-28T03:00:00Z');
    const base = scoreFramework({ ropa_complete: { part: 5, whole: 10 } }, { consent_design: '2026-10-01' }, '2026-11-28', '2026-11-01', at);
    const ropa = base.requirements.find((r) => r.id === 'ropa_complete')!;
    expect(ropa).toMatchObject({ score: 50, state: 'partly', part: 5, whole: 10 });
    expect(base.requirements.find((r) => r.id === 'consent_design')).toMatchObject({ score: 100, state: 'met', stale: false });
    expect(base.requirements.find((r) => r.id === 'access_control')).toMatchObject({ score: 0, state: 'not_met' });
    expect(base.requirements.find((r) => r.id === 'transfers_basis')).toMatchObject({ score: null, state: 'not_applicable' });
    // governance: ropa 50 (the others unmeasured); collection: the consent design's evidence 100
    expect(base.areas.find((a) => a.area === 'governance')!.score).toBe(50);
    expect(base.areas.find((a) => a.area === 'collection')!.score).toBe(100);
    // security: access control without evidence 0 (the others unmeasured)
    expect(base.areas.find((a) => a.area === 'security')!.score).toBe(0);
    const better = scoreFramework({ ropa_complete: { part: 10, whole: 10 } }, { consent_design: '2026-10-01' }, '2026-11-28', '2026-11-01', at);
    expect(better.score!).toBeGreaterThan(base.score!);
    const stale = scoreFramework({ ropa_complete: { part: 5, whole: 10 } }, { consent_design: '2025-10-01' }, '2026-11-28', '2026-11-01', at);
    expect(stale.requirements.find((r) => r.id === 'consent_design')).toMatchObject({ score: 50, stale: true });
    expect(stale.score!).toBeLessThan(base.score!);
  });
});
