import { describe, expect, it } from 'vitest';
import { factorDraft, factorsComplete, suggestedRiskLevel } from './risk';

const base = {
  sensitivity: 'low',
  volume: 'low',
  identifiability: 'low',
  severity: 'low',
  wider: 'low',
  controller: 'low',
  vulnerable: false,
  encrypted: false,
  recovered: false,
} as const;

describe('the risk suggestion (PDPC factors)', () => {
  it('suggests a level from the factors, the wider effect and the controller’s status included', () => {
    expect(suggestedRiskLevel(base)).toBe('none');
    expect(suggestedRiskLevel({ ...base, volume: 'medium', identifiability: 'high' })).toBe('risk');
    expect(suggestedRiskLevel({ ...base, severity: 'high' })).toBe('high');
    expect(suggestedRiskLevel({ ...base, sensitivity: 'high', vulnerable: true })).toBe('high');
    expect(suggestedRiskLevel({ ...base, sensitivity: 'high', volume: 'high', encrypted: true })).toBe('none');
    expect(suggestedRiskLevel({ ...base, wider: 'high' })).toBe('risk');
    expect(suggestedRiskLevel({ ...base, wider: 'medium', controller: 'medium' })).toBe('risk');
    expect(suggestedRiskLevel({ ...base, volume: 'high', identifiability: 'high', wider: 'high', controller: 'medium' })).toBe('high');
  });

  it('starts from the record: 1,200 people are never "no risk" before anything is chosen', () => {
    const draft = factorDraft({
      sensitiveData: false,
      dataCategories: [{ sensitive: false }],
      subjectsCount: 1200,
      recordsCount: null,
      vulnerableGroups: [],
    });
    expect(draft).toMatchObject({ volume: 'high', sensitivity: 'medium', identifiability: null, severity: null, wider: null, controller: null });
    expect(suggestedRiskLevel(draft)).toBe('risk');
    expect(factorsComplete(draft)).toBe(false);
    const patients = factorDraft({ sensitiveData: true, dataCategories: [], subjectsCount: 40, recordsCount: null, vulnerableGroups: ['patients'] });
    expect(patients).toMatchObject({ sensitivity: 'high', volume: 'low', vulnerable: true });
    expect(suggestedRiskLevel(patients)).toBe('high');
    const unknown = factorDraft({ sensitiveData: false, dataCategories: [], subjectsCount: null, recordsCount: null, vulnerableGroups: [] });
    expect(unknown).toMatchObject({ sensitivity: null, volume: null });
    expect(factorsComplete(base)).toBe(true);
  });
});
