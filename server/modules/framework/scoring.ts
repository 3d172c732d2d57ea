import {
  EVIDENCE_STALE_DAYS,
  FRAMEWORK_AREAS,
  FRAMEWORK_REQUIREMENTS,
  stateOf,
  type FrameworkArea,
  type FrameworkRequirementId,
  type FrameworkScore,
  type FrameworkSnapshot,
} from '../../../contract/framework';

/** What the modules' data says of one automatic requirement: `part` of `whole`, or a score of its own. */
export interface Measure {
  part: number | null;
  whole: number | null;
  /** a score other than part / whole (the DPO's, least privilege's) */
  score?: number | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** part / whole as 0–100 (one decimal); nothing to measure (whole 0): null, left out of the averages. */
export const ratioScore = (part: number, whole: number): number | null => (whole > 0 ? round1((100 * part) / whole) : null);

/** Whether evidence of `day` (YYYY-MM-DD) is over a year old on `today` (YYYY-MM-DD). */
export function isStale(day: string, today: string) {
  const ms = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`);
  return ms > EVIDENCE_STALE_DAYS * 86_400_000;
}

/** Evidence's score: none 0, stale (over a year) 50 — it was met once and must be shown again — current 100. */
export const evidenceScore = (day: string | null, today: string) => (day === null ? 0 : isStale(day, today) ? 50 : 100);

/** The mean of the scores that have one (one decimal); none: null. */
export function meanScore(scores: readonly (number | null)[]) {
  const scored = scores.filter((s): s is number => s !== null);
  return scored.length ? round1(scored.reduce((a, b) => a + b, 0) / scored.length) : null;
}

/**
 * The framework's snapshot from each automatic requirement's measure and each evidence-based one's latest
 * evidence day: every requirement's score and state, each area's mean, the overall mean of the areas' requirements.
 */
export function scoreFramework(
  measures: Partial<Record<FrameworkRequirementId, Measure>>,
  evidence: Partial<Record<FrameworkRequirementId, string>>,
  today: string,
  month: string,
  computedAt: Date,
): FrameworkSnapshot {
  const requirements: FrameworkScore[] = FRAMEWORK_REQUIREMENTS.map((def) => {
    const evidencedOn = evidence[def.id] ?? null;
    const stale = evidencedOn !== null && isStale(evidencedOn, today);
    // an evidence-based requirement scores by the age of its evidence; the others by their measure
    const m: Measure =
      def.source === 'evidence'
        ? { part: null, whole: null, score: evidenceScore(evidencedOn, today) }
        : (measures[def.id] ?? { part: null, whole: null });
    const score = m.score !== undefined ? m.score : m.part !== null && m.whole !== null ? ratioScore(m.part, m.whole) : null;
    return {
      id: def.id,
      area: def.area,
      law: def.law,
      source: def.source,
      score,
      state: stateOf(score),
      part: m.part,
      whole: m.whole,
      evidencedOn,
      stale,
    };
  });
  const areas = FRAMEWORK_AREAS.map((area: FrameworkArea) => ({
    area,
    score: meanScore(requirements.filter((r) => r.area === area).map((r) => r.score)),
  }));
  return {
    month,
    computedAt: computedAt.toISOString(),
    score: meanScore(requirements.map((r) => r.score)),
    automatic: FRAMEWORK_REQUIREMENTS.filter((r) => r.source === 'automatic').length,
    total: FRAMEWORK_REQUIREMENTS.length,
    areas,
    requirements,
  };
}

/** The people who may change roles and rights, of all active staff: at most 2, or a tenth of the staff, keeps 100. */
export function leastPrivilegeScore(admins: number, staff: number) {
  if (!staff) return null;
  const allowed = Math.max(2, Math.ceil(staff / 10));
  return admins <= allowed ? 100 : round1((100 * allowed) / admins);
}

/** The DPO's score: not required (answered so) 100; otherwise appointed 50 and the Office informed 50 more. */
export function dpoScore(required: boolean | null, appointed: boolean, informed: boolean) {
  if (required === false && !appointed) return 100;
  return (appointed ? 50 : 0) + (appointed && informed ? 50 : 0);
}
