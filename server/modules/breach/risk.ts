import type { BreachRiskLevel, DraftRiskFactors, FactorGrade } from '../../../contract/breach';

const WEIGHT: Record<FactorGrade, number> = { low: 0, medium: 1, high: 2 };
const GRADES = ['sensitivity', 'volume', 'identifiability', 'severity', 'wider', 'controller'] as const;

/**
 * The level the PDPC's factors suggest (the assessor decides and writes why). Data made unintelligible
 * or recovered, with no severe consequence, is no risk. Severe consequences, sensitive data of
 * vulnerable people, or much weighing high is a high risk; anything weighing something is a risk. A
 * grade not chosen yet weighs nothing: choosing more can only raise the suggestion.
 */
export function suggestedRiskLevel(f: DraftRiskFactors): BreachRiskLevel {
  if ((f.encrypted || f.recovered) && f.severity !== 'high') return 'none';
  const score = GRADES.reduce((sum, k) => sum + (f[k] ? WEIGHT[f[k]] : 0), 0) + (f.vulnerable ? 2 : 0);
  if (f.severity === 'high' || (f.sensitivity === 'high' && f.vulnerable) || score >= 7) return 'high';
  return score >= 2 ? 'risk' : 'none';
}

export const factorsComplete = (f: DraftRiskFactors) => GRADES.every((k) => f[k] !== null);

/**
 * Where a first assessment starts, from what the record says: sensitive data (or a sensitive category)
 * weighs high, other categories medium; 1,000 people or more weigh high, 100 or more medium, fewer low;
 * vulnerable people as recorded. What the record cannot tell stays not chosen.
 */
export function factorDraft(b: {
  sensitiveData: boolean;
  dataCategories: readonly { sensitive: boolean }[];
  subjectsCount: number | null;
  recordsCount: number | null;
  vulnerableGroups: readonly string[];
}): DraftRiskFactors {
  const people = b.subjectsCount ?? b.recordsCount;
  return {
    sensitivity: b.sensitiveData || b.dataCategories.some((c) => c.sensitive) ? 'high' : b.dataCategories.length ? 'medium' : null,
    volume: people === null ? null : people >= 1000 ? 'high' : people >= 100 ? 'medium' : 'low',
    identifiability: null,
    severity: null,
    wider: null,
    controller: null,
    vulnerable: b.vulnerableGroups.length > 0,
    encrypted: false,
    recovered: false,
  };
}
