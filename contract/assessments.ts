import { z } from 'zod';
import { plainText, restRange } from './datamap';
import { jsonParam, restSort } from './http';
import { RISK_CODES, codeOf, type MatrixCells, type RiskCode } from './risk';

/**
 * Assessments (menu 20, `/assessments`): data protection impact assessments (DPIA) of the ROPA
 * activities that meet a trigger, and legitimate-interest assessments (LIA, s.24(5)) of the activities
 * resting on that basis. Templates are data (sections, questions, kinds of answer, weights); an
 * assessment keeps a copy of its template's version, its answers, its risks (DPIA), the DPO's opinion
 * (s.42) and its sign-off by a person other than its authors (four eyes). Once signed it never changes
 * (409); a new round starts from it, copying its answers.
 *
 * THE API (every route: menu 20; reads with view rights, writes with edit rights; all rows the session's company's)
 *
 *   GET    /assessments?sort&range&filter        -> { data: AssessmentRow[], total }  (Content-Range: assessments a-b/total)
 *            sort: ["updated_dt"|"activity"|"kind"|"state"|"round", "ASC"|"DESC"], range: [from, to],
 *            filter: { search?, kind?: 'dpia'|'lia', state?: 'draft'|'signed', activityId? }
 *   GET    /assessments/:id                      -> { data: AssessmentDetail }
 *   POST   /assessments            assessmentCreateBody -> { data: AssessmentDetail }  
 *            { kind, activityId, templateId? }: a new assessment (round 1) of an activity; with a signed one of the
 *            same kind and activity it is the next round and copies its answers; 409 when a draft of that kind exists
 *            for the activity, 409 an LIA of an activity with no purpose on s.24(5) (legitimate interest)
 *   PUT    /assessments/:id        assessmentSaveBody   -> { data: AssessmentDetail }   (409 when signed)
 *   DELETE /assessments/:id                      -> { data: { id } }                   (draft only: 409 when signed)
 *   POST   /assessments/:id/opinion  assessmentOpinionBody -> { data: AssessmentDetail } the DPO's opinion (s.42); 409 signed
 *   POST   /assessments/:id/sign     {}                  -> { data: AssessmentDetail }
 *            403 `assessments_four_eyes` when the signer created or edited it; 409 signed already; 409 a DPIA without
 *            the DPO's opinion; 400 a required question unanswered. Signing writes back: a DPIA's measures are added to the
 *            activity's security measures (s.39(8)), each risk becomes a risk event (type 1) of the risk register rated in a
 *            completed risk evaluation (category `risk-customer`: the subjects), with its residual rating.
 *   POST   /assessments/:id/round    {}                  -> { data: AssessmentDetail }   the next round of a signed one
 *   GET    /assessments/:id/export?format=pdf|xlsx      -> the file (Thai font, company header, Buddhist-era dates)
 *
 *   GET    /assessment-candidates?filter              -> { data: Candidate[], total }
 *            every live ROPA activity (not archived) with its DPIA triggers, whether it needs an LIA and the state of its
 *            newest DPIA and LIA; filter: { due?: boolean } (only those with a trigger or an LIA to make)
 *   PUT    /assessment-candidates/:id   candidateFlagsBody -> { data: Candidate }  (:id the ROPA activity) the triggers no field gives
 *
 *   GET    /assessment-templates?filter               -> { data: TemplateRow[], total }  newest version of each, built-ins first;
 *            filter: { kind?, all?: boolean (every version) }
 *   GET    /assessment-templates/:id                  -> { data: TemplateDetail }
 *   POST   /assessment-templates    templateBody       -> { data: TemplateDetail }  a new template of the company
 *   POST   /assessment-templates/:id/copy  {}          -> { data: TemplateDetail }  a copy (built-ins too) to edit
 *   PUT    /assessment-templates/:id    templateBody   -> { data: TemplateDetail }  in use: a new version (another id) is made;
 *            a built-in: 409 (copy it)
 *   DELETE /assessment-templates/:id                  -> { data: { id } }   409 built-in or in use
 *
 * Triggers (DPIA): `sensitive` (a category of the activity is sensitive, s.26), `transfer` (a transfer abroad in the
 * record or the transfers register) and `largeScale` when a system of the activity states a volume of 100,000 or more
 * come from the ROPA's data; `largeScale`, `monitoring`, `newTechnology` and `automatedDecisions` may be set as flags.
 */

export const ASSESSMENT_KINDS = ['dpia', 'lia'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
export const ASSESSMENT_STATES = ['draft', 'signed'] as const;
export type AssessmentState = (typeof ASSESSMENT_STATES)[number];
export const DPIA_TRIGGERS = ['sensitive', 'largeScale', 'monitoring', 'newTechnology', 'transfer', 'automatedDecisions'] as const;
export type DpiaTrigger = (typeof DPIA_TRIGGERS)[number];
/** The triggers the ROPA's own data can show (the others are flags set on the candidate). */
export const DATA_TRIGGERS: readonly DpiaTrigger[] = ['sensitive', 'largeScale', 'transfer'];
export const FLAG_TRIGGERS = ['largeScale', 'monitoring', 'newTechnology', 'automatedDecisions'] as const;
/** The number of data subjects from which processing is large scale (as the DPO questionnaire, s.41(2)). */
export const LARGE_SCALE_SUBJECTS = 100_000;
/** The ROPA basis that asks for an LIA (s.24(5)). */
export const LIA_BASIS = 'forThirdParty';
export const LIA_TESTS = ['purpose', 'necessity', 'balancing'] as const;
export type LiaTest = (typeof LIA_TESTS)[number];
export const TEST_RESULTS = ['pass', 'fail'] as const;
/** A DPIA's overall conclusion. */
export const DPIA_CONCLUSIONS = ['proceed', 'proceedWithMeasures', 'doNotProceed'] as const;
/** The risk category a DPIA's risks are rated in (the risk to the subjects). */
export const DPIA_RISK_CATEGORY = 'risk-customer';
export const ANSWER_KINDS = ['text', 'yesno', 'choice', 'scale'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];
/** The sections of the built-in DPIA template, and of the LIA's (its three tests). */
export const DPIA_SECTIONS = ['description', 'necessity', 'risks', 'measures'] as const;

// ---- templates --------------------------------------------------------------------------------
const key = z
  .string()
  .trim()
  .regex(/^[a-z][a-zA-Z0-9_]{0,39}$/, 'server.assessments_bad_key');
const label = (max: number) => plainText(max).min(1);
export const templateChoice = z.object({
  value: key,
  labelTh: label(300),
  labelEn: label(300),
  /** 0 (worst) - 100 (best), for the score */
  score: z.number().int().min(0).max(100).default(0),
});
export const templateQuestion = z
  .object({
    key,
    textTh: label(1000),
    textEn: label(1000),
    helpTh: plainText(1000).default(''),
    helpEn: plainText(1000).default(''),
    kind: z.enum(ANSWER_KINDS),
    /** `choice` only: at least two */
    choices: z.array(templateChoice).max(20).default([]),
    /** its weight in the score (0: not scored) */
    weight: z.number().int().min(0).max(10).default(1),
    required: z.boolean().default(false),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'choice' && q.choices.length < 2) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'server.assessments_choices' });
  });
export type TemplateQuestion = z.infer<typeof templateQuestion>;
export const templateSection = z.object({
  key,
  titleTh: label(300),
  titleEn: label(300),
  /** an LIA's section may be one of its three tests: its result is asked with it */
  test: z.enum(LIA_TESTS).nullable().default(null),
  questions: z.array(templateQuestion).min(1).max(60),
});
export type TemplateSection = z.infer<typeof templateSection>;
function uniqueKeys(t: { sections: TemplateSection[] }, ctx: z.RefinementCtx) {
  const sections = new Set<string>();
  const questions = new Set<string>();
  t.sections.forEach((s, i) => {
    if (sections.has(s.key)) ctx.addIssue({ code: 'custom', path: ['sections', i, 'key'], message: 'server.assessments_duplicate_key' });
    sections.add(s.key);
    s.questions.forEach((q, j) => {
      if (questions.has(q.key))
        ctx.addIssue({ code: 'custom', path: ['sections', i, 'questions', j, 'key'], message: 'server.assessments_duplicate_key' });
      questions.add(q.key);
    });
  });
}
export const templateContent = z.object({
  kind: z.enum(ASSESSMENT_KINDS),
  nameTh: label(300),
  nameEn: label(300),
  sections: z.array(templateSection).min(1).max(20),
});
export type TemplateContent = z.infer<typeof templateContent>;
/** `POST`/`PUT /assessment-templates`: the whole template. */
export const templateBody = templateContent.strict().superRefine(uniqueKeys);
export type TemplateBody = z.infer<typeof templateBody>;

export const templateRow = z.object({
  id: z.string(),
  /** the id every version of a template shares */
  familyId: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  nameTh: z.string(),
  nameEn: z.string(),
  version: z.number().int(),
  builtin: z.boolean(),
  /** assessments made from this version (a template in use changes by a new version) */
  inUse: z.number().int(),
  /** newest version of its family */
  latest: z.boolean(),
  questionCount: z.number().int(),
  updated_dt: z.string(),
});
export type TemplateRow = z.infer<typeof templateRow>;
export const templateDetail = templateRow.extend({ sections: z.array(templateSection) });
export type TemplateDetail = z.infer<typeof templateDetail>;
/** react-admin's `sort` is taken and ignored: the order is fixed */
const anySort = z.string().max(200).optional();
export const templateListQuery = z.object({
  sort: anySort,
  range: restRange.optional(),
  filter: jsonParam(z.object({ kind: z.enum(ASSESSMENT_KINDS).optional(), all: z.boolean().optional() }))
    .optional()
    .transform((f) => f ?? {}),
});
export const templateListReply = z.object({ data: z.array(templateRow), total: z.number().int() });
export const templateReply = z.object({ data: templateDetail });

// ---- assessments ------------------------------------------------------------------------------
const rating = z.number().int().min(1).max(5);
/** An answer: text, yes/no, a choice's value, or a scale 1-5 (null: unanswered). */
export const answerValue = z.union([plainText(5000), z.boolean(), z.number().int().min(1).max(5)]).nullable();
export const assessmentAnswers = z.record(key, answerValue).refine((a) => Object.keys(a).length <= 500, 'server.assessments_too_many');
export type AssessmentAnswers = z.infer<typeof assessmentAnswers>;

/** One risk to the subjects (DPIA): its rating on the 5x5 matrix before and after the measures. */
export const assessmentRisk = z.object({
  title: label(300),
  description: plainText(2000).default(''),
  likelihood: rating,
  impact: rating,
  /** the measures against it (written back to the activity's security measures with the DPIA's) */
  measures: plainText(2000).default(''),
  residualLikelihood: rating,
  residualImpact: rating,
});
export type AssessmentRisk = z.infer<typeof assessmentRisk>;

export const liaResults = z.object({
  purpose: z.enum(TEST_RESULTS).nullable().default(null),
  necessity: z.enum(TEST_RESULTS).nullable().default(null),
  balancing: z.enum(TEST_RESULTS).nullable().default(null),
});
export type LiaResults = z.infer<typeof liaResults>;

export const assessmentCreateBody = z
  .object({
    kind: z.enum(ASSESSMENT_KINDS),
    activityId: z.uuid(),
    /** a template of that kind (default: the newest version of the built-in one) */
    templateId: z.uuid().nullish(),
  })
  .strict();
export type AssessmentCreateBody = z.infer<typeof assessmentCreateBody>;

/** `PUT /assessments/:id`: what the author fills (risks and measures are a DPIA's, tests an LIA's). */
export const assessmentSaveBody = z
  .object({
    answers: assessmentAnswers.default({}),
    risks: z.array(assessmentRisk).max(50).default([]),
    /** the measures decided (s.37(1)), added to the activity's security measures when signed */
    measures: plainText(3000).default(''),
    tests: liaResults.default({ purpose: null, necessity: null, balancing: null }),
    conclusion: z.enum(DPIA_CONCLUSIONS).nullable().default(null),
    summary: plainText(3000).default(''),
  })
  .strict();
export type AssessmentSaveBody = z.infer<typeof assessmentSaveBody>;
export const assessmentOpinionBody = z.object({ opinion: plainText(5000).min(1) }).strict();
export const emptyBody = z.object({}).strict();

const person = z.object({ id: z.string(), name: z.string() }).nullable();
export const assessmentRow = z.object({
  id: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  activityId: z.string(),
  activity: z.string(),
  round: z.number().int(),
  state: z.enum(ASSESSMENT_STATES),
  templateId: z.string(),
  templateVersion: z.number().int(),
  templateName: z.string(),
  /** 0-100 from the weighted answers (null: nothing scored) */
  score: z.number().int().nullable(),
  /** DPIA: the worst code of its risks before / after the measures */
  riskCode: z.enum(RISK_CODES).nullable(),
  residualCode: z.enum(RISK_CODES).nullable(),
  /** LIA: legitimate when its three tests pass */
  liaResult: z.enum(['legitimate', 'notLegitimate']).nullable(),
  createdBy: person,
  signedBy: person,
  signed_dt: z.string().nullable(),
  created_dt: z.string(),
  updated_dt: z.string(),
});
export type AssessmentRow = z.infer<typeof assessmentRow>;
export const assessmentDetail = assessmentRow.extend({
  /** the template's version as it was when the assessment began */
  sections: z.array(templateSection),
  answers: assessmentAnswers,
  risks: z.array(
    assessmentRisk.extend({
      code: z.enum(RISK_CODES),
      residualCode: z.enum(RISK_CODES),
      /** the risk event written when signed */
      riskEventId: z.string().nullable(),
    }),
  ),
  measures: z.string(),
  tests: liaResults,
  conclusion: z.enum(DPIA_CONCLUSIONS).nullable(),
  summary: z.string(),
  dpoOpinion: z.string(),
  dpoOpinionBy: person,
  dpoOpinion_dt: z.string().nullable(),
  /** the people who made or changed it: none of them may sign it */
  authors: z.array(z.object({ id: z.string(), name: z.string() })),
  /** whether the one asking may sign it now: `author` (four eyes), `opinion` (DPIA without the DPO's opinion), `signed` */
  canSign: z.enum(['yes', 'author', 'opinion', 'signed']),
  previousId: z.string().nullable(),
  /** the completed risk evaluation written when a DPIA was signed */
  evaluationId: z.string().nullable(),
  triggers: z.array(z.enum(DPIA_TRIGGERS)),
});
export type AssessmentDetail = z.infer<typeof assessmentDetail>;
export const assessmentReply = z.object({ data: assessmentDetail });

/** `id`, react-admin's default when a list names no sort, reads as by the last change */
export const ASSESSMENT_SORTS = ['updated_dt', 'activity', 'kind', 'state', 'round', 'id'] as const;
export const assessmentListQuery = z.object({
  sort: restSort(ASSESSMENT_SORTS, ['updated_dt', 'DESC']),
  range: restRange,
  filter: jsonParam(
    z.object({
      search: z.string().max(200).optional(),
      kind: z.enum(ASSESSMENT_KINDS).optional(),
      state: z.enum(ASSESSMENT_STATES).optional(),
      activityId: z.uuid().optional(),
    }),
  )
    .optional()
    .transform((f) => f ?? {}),
});
export const assessmentListReply = z.object({ data: z.array(assessmentRow), total: z.number().int() });
export const assessmentExportQuery = z.object({ format: z.enum(['pdf', 'xlsx']) });

// ---- candidates -------------------------------------------------------------------------------
export const candidateFlagsBody = z
  .object({
    largeScale: z.boolean().default(false),
    monitoring: z.boolean().default(false),
    newTechnology: z.boolean().default(false),
    automatedDecisions: z.boolean().default(false),
  })
  .strict();
export type CandidateFlags = z.infer<typeof candidateFlagsBody>;
const newest = z.object({ id: z.string(), state: z.enum(ASSESSMENT_STATES), round: z.number().int() }).nullable();
export const candidate = z.object({
  /** the ROPA activity's id */
  id: z.string(),
  name: z.string(),
  ropaState: z.string(),
  department: z.string().nullable(),
  /** every trigger met, from the data or a flag */
  triggers: z.array(z.enum(DPIA_TRIGGERS)),
  /** the triggers the ROPA's data shows */
  dataTriggers: z.array(z.enum(DPIA_TRIGGERS)),
  flags: candidateFlagsBody,
  dpia: newest,
  /** a purpose rests on legitimate interest (s.24(5)) */
  liaNeeded: z.boolean(),
  lia: newest,
  lastSignedLia: z.object({ id: z.string(), result: z.enum(['legitimate', 'notLegitimate']), signed_dt: z.string() }).nullable(),
});
export type Candidate = z.infer<typeof candidate>;
export const candidateListQuery = z.object({
  sort: anySort,
  range: restRange.optional(),
  filter: jsonParam(z.object({ due: z.boolean().optional(), search: z.string().max(200).optional() }))
    .optional()
    .transform((f) => f ?? {}),
});
export const candidateListReply = z.object({ data: z.array(candidate), total: z.number().int() });
export const candidateReply = z.object({ data: candidate });

// ---- rules shared by the form and the server --------------------------------------------------
/** A risk's codes on the company's matrix. */
export const riskCodes = (cells: MatrixCells, r: Pick<AssessmentRisk, 'likelihood' | 'impact' | 'residualLikelihood' | 'residualImpact'>) => ({
  code: codeOf(cells, r.likelihood, r.impact),
  residualCode: codeOf(cells, r.residualLikelihood, r.residualImpact),
});
const ORDER: readonly RiskCode[] = RISK_CODES;
export const worst = (codes: RiskCode[]): RiskCode | null =>
  codes.length ? codes.reduce((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a)) : null;

/** The LIA's result: legitimate when all three tests pass, not when one fails, none while one is unanswered. */
export const liaResultOf = (t: LiaResults) =>
  LIA_TESTS.some((k) => t[k] === 'fail') ? 'notLegitimate' : LIA_TESTS.every((k) => t[k] === 'pass') ? 'legitimate' : null;

/** The score 0-100: each scored question's share (yes 100, no 0; a scale 1-5 as 0-100; a choice its score) by its weight. */
export function scoreOf(sections: readonly TemplateSection[], answers: AssessmentAnswers): number | null {
  let total = 0;
  let weights = 0;
  for (const q of sections.flatMap((s) => s.questions)) {
    const a = answers[q.key];
    if (!q.weight || a === null || a === undefined || q.kind === 'text') continue;
    let points: number | null = null;
    if (q.kind === 'yesno' && typeof a === 'boolean') points = a ? 100 : 0;
    if (q.kind === 'scale' && typeof a === 'number') points = ((a - 1) / 4) * 100;
    if (q.kind === 'choice' && typeof a === 'string') points = q.choices.find((c) => c.value === a)?.score ?? null;
    if (points === null) continue;
    total += points * q.weight;
    weights += q.weight;
  }
  return weights ? Math.round(total / weights) : null;
}

/** The answers that do not fit their question (kind, choice), and the required ones unanswered: `[key, reason]`. */
export function answerProblems(sections: readonly TemplateSection[], answers: AssessmentAnswers, forSigning: boolean) {
  const questions = new Map(sections.flatMap((s) => s.questions).map((q) => [q.key, q]));
  const problems: [string, 'unknown' | 'kind' | 'required'][] = [];
  for (const [k, a] of Object.entries(answers)) {
    const q = questions.get(k);
    if (!q) problems.push([k, 'unknown']);
    else if (a !== null && !fits(q, a)) problems.push([k, 'kind']);
  }
  if (forSigning)
    for (const q of questions.values()) {
      const a = answers[q.key];
      if (q.required && (a === null || a === undefined || a === '')) problems.push([q.key, 'required']);
    }
  return problems;
}
const fits = (q: TemplateQuestion, a: string | boolean | number) =>
  q.kind === 'text'
    ? typeof a === 'string'
    : q.kind === 'yesno'
      ? typeof a === 'boolean'
      : q.kind === 'scale'
        ? typeof a === 'number'
        : typeof a === 'string' && q.choices.some((c) => c.value === a);
