import { z } from 'zod';
import { pagingQuery, searchText, totalCapped } from './http';

/** The five risk categories of the level settings (seed: risk types), in tab order. */
export const RISK_CATEGORIES = ['risk-finance', 'risk-operation', 'risk-reputation', 'risk-customer', 'risk-employee'] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];
export const LEVELS = [1, 2, 3, 4, 5] as const;

/** Seed type codes of `/datarisk/list`: 1 risk event, 2 risk plan (current measure). */
export const RISK_TYPE = { event: 1, plan: 2 } as const;
const riskType = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(RISK_TYPE.event), z.literal(RISK_TYPE.plan)]));

/** The matrix's codes, mildest first; their colours are green, yellow, orange, red. */
export const RISK_CODES = ['L', 'M', 'H', 'VH'] as const;
export type RiskCode = (typeof RISK_CODES)[number];
/** Codes whose risks need an owner, a treatment, a plan and a due date. */
export const CODES_NEEDING_TREATMENT: readonly RiskCode[] = ['H', 'VH'];
export const TREATMENTS = ['mitigate', 'accept', 'avoid', 'transfer'] as const;

const id = z.string().uuid();
const name = z.string().trim().min(1).max(500);

// ---- level settings -------------------------------------------------------------------------
export const levelListQuery = z.object({ type: z.enum(RISK_CATEGORIES) });
export const levelDetail = z
  .array(z.object({ level: z.number().int().min(1).max(5), name: z.string().trim().min(1).max(100) }))
  .length(5)
  .refine((levels) => new Set(levels.map((l) => l.level)).size === 5, { message: 'levels 1 to 5, each once' });
export const levelUpdateBody = z.object({ type: z.enum(RISK_CATEGORIES), detail: levelDetail });
export type LevelDetail = z.infer<typeof levelDetail>;

// ---- risk events (type 1) and plans (type 2) -------------------------------------------------
export const riskListQuery = pagingQuery.extend({ type: riskType, search: searchText });
export const riskCia = z.object({ confidentiality: z.boolean(), integrity: z.boolean(), availability: z.boolean() });
export const riskCreateBody = z.object({ riskMasterData: name, type: riskType, riskCia: riskCia.optional() });
export const riskUpdateBody = riskCreateBody.extend({ dataId: id });
export const riskDeleteBody = z.object({ dataId: id, type: riskType });

export const riskEvent = z.object({
  _id: z.string(),
  name: z.string(),
  confidentiality: z.boolean(),
  integrity: z.boolean(),
  availability: z.boolean(),
  created_dt: z.string(),
});
export const riskPlan = z.object({ _id: z.string(), name: z.string(), created_dt: z.string() });
export const riskListReply = z.object({
  status: z.literal(200),
  riskData: z.array(z.union([riskEvent, riskPlan])),
  totalDoc: z.number().int(),
  totalCapped,
});

// ---- risk treatment plans (RTP) ---------------------------------------------------------------
/** Where an evaluation opens (a notification about it links here). */
export const evaluationLink = (evaluationId: string) => `/risk-management/start-evaluation/${evaluationId}`;

export const HANDLE_FILTERS = ['all', 'handle', 'not-handle'] as const;
export const handleListQuery = pagingQuery.extend({ type: z.enum(HANDLE_FILTERS).default('all'), search: searchText });
export const handleUpdateBody = z.object({ riskId: id, handleRisk: z.string().trim().min(1).max(5000).optional() });
export const handleRow = z.object({
  _id: z.string(),
  event: z.string(),
  handleRisk: z.string().nullable(),
  /**
   * the plan shown was chosen for the event in an evaluation (the RTP has no text of its own): it is
   * changed or removed in that evaluation, not deleted here
   */
  fromEvaluation: z.boolean(),
  created_dt: z.string(),
});
export const handleListReply = z.object({ status: z.literal(200), riskData: z.array(handleRow), totalDoc: z.number().int(), totalCapped });

// ---- the 5x5 matrix ---------------------------------------------------------------------------
/** `cells[likelihood - 1][impact - 1]`. */
export const matrixCells = z.array(z.array(z.enum(RISK_CODES)).length(5)).length(5);
export type MatrixCells = z.infer<typeof matrixCells>;
export const matrixBody = z.object({ cells: matrixCells });

/** The default grid (ISO 27005 style): score = likelihood x impact; 1-3 L, 4-6 M, 8-12 H, 15-25 VH. */
export const DEFAULT_MATRIX: MatrixCells = LEVELS.map((l) =>
  LEVELS.map((i) => {
    const score = l * i;
    return score <= 3 ? 'L' : score <= 6 ? 'M' : score <= 12 ? 'H' : 'VH';
  }),
);

export const codeOf = (cells: MatrixCells, likelihood: number, impact: number): RiskCode => cells[likelihood - 1][impact - 1];
/** The most severe of several codes. */
export const worstCode = (codes: RiskCode[]): RiskCode | null =>
  codes.length ? codes.reduce((a, b) => (RISK_CODES.indexOf(b) > RISK_CODES.indexOf(a) ? b : a)) : null;

// ---- evaluations --------------------------------------------------------------------------------
const rating = z.number().int().min(1).max(5);
export const categoryRating = z.object({ likelihood: rating, impact: rating });
export const evaluationItem = z.object({
  riskId: id,
  /** one rating per category the evaluator filled in */
  ratings: z.partialRecord(z.enum(RISK_CATEGORIES), categoryRating).default({}),
  owner: z.string().trim().max(200).nullish(),
  treatment: z.enum(TREATMENTS).nullish(),
  /** a type-2 plan, or `planText` written here */
  planId: id.nullish(),
  planText: z.string().trim().max(5000).nullish(),
  /** YYYY-MM-DD (Bangkok) */
  dueDate: z.iso
    .date()
    .refine((d) => d >= '1900-01-01', { message: 'date out of range' })
    .nullish(),
  residualLikelihood: rating.nullish(),
  residualImpact: rating.nullish(),
});
export type EvaluationItem = z.infer<typeof evaluationItem>;
export const evaluationBody = z.object({
  name: z.string().trim().min(1).max(300),
  /** `completed` finishes the evaluation: every H and VH item then needs its treatment fields */
  status: z.enum(['draft', 'completed']).default('draft'),
  items: z.array(evaluationItem).max(500).default([]),
});
export type EvaluationBody = z.infer<typeof evaluationBody>;
export const evaluationHeaderQuery = pagingQuery.extend({ search: searchText });
export const evaluationHeader = z.object({
  _id: z.string(),
  name: z.string(),
  draft: z.boolean(),
  completed: z.boolean(),
  created_dt: z.string(),
  updated_dt: z.string(),
});
export const evaluationHeaderReply = z.object({
  status: z.literal(200),
  headerList: z.array(evaluationHeader),
  totalDoc: z.number().int(),
});
export const exportBody = z.object({
  riskIds: z.array(id).min(1).max(100),
  format: z.enum(['xlsx', 'pdf']).default('xlsx'),
});

/** The codes of an item by the company's matrix: the worst over its categories, and the residual one. */
export function scoreItem(cells: MatrixCells, item: EvaluationItem) {
  const codes = RISK_CATEGORIES.flatMap((c) => {
    const r = item.ratings[c];
    return r ? [codeOf(cells, r.likelihood, r.impact)] : [];
  });
  const residual = item.residualLikelihood && item.residualImpact ? codeOf(cells, item.residualLikelihood, item.residualImpact) : null;
  return { code: worstCode(codes), residualCode: residual };
}

/** Events rated H or VH that lack an owner, a treatment, a plan or a due date. */
export function missingTreatment(cells: MatrixCells, items: EvaluationItem[]): EvaluationItem[] {
  return items.filter((item) => {
    const { code } = scoreItem(cells, item);
    if (!code || !CODES_NEEDING_TREATMENT.includes(code)) return false;
    return !item.owner || !item.treatment || !(item.planId || item.planText) || !item.dueDate;
  });
}
