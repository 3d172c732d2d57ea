import { z } from 'zod';
import { plainText, restRange } from './datamap';
import { jsonParam, restSort } from './http';

/**
 * The PDPA control framework (dashboard, menu 2): the duties a controller carries under the PDPA
 * B.E. 2562 and the PDPC's security notification B.E. 2565, grouped in areas. Each requirement is
 * scored from the modules' own data (`automatic`) or from evidence the officer attaches (`evidence`);
 * its statement lives in i18n/framework.ts under `framework.requirements.<id>`.
 */
export const FRAMEWORK_AREAS = ['governance', 'collection', 'sharing', 'rights', 'security', 'incidents'] as const;
export type FrameworkArea = (typeof FRAMEWORK_AREAS)[number];

export const FRAMEWORK_SOURCES = ['automatic', 'evidence'] as const;
export type FrameworkSource = (typeof FRAMEWORK_SOURCES)[number];

/** The lists a requirement's drill-down opens, by name (shown as `framework.list_names.<name>`), each with its filter. */
export const FRAMEWORK_LISTS = {
  dpo: '/dpo/list',
  ropa_incomplete: '/ropa/activity/list?incomplete=true',
  ropa_overdue: '/ropa/activity/list?overdue=true',
  assessments_due: '/assessments/candidates',
  consents: '/consents/manage/list',
  notices: '/consents/manage/form',
  ropa: '/ropa/activity/list',
  transfers_warning: '/data-manage/transfers?warning=true',
  processors_warning: '/data-manage/processor-diligence?warning=true',
  dsr: '/consents/datasubject/list',
  roles: '/settings/contacts/role',
  staff: '/settings/contacts/list',
  audit: '/settings/audit',
  staff_not_passed: '/knowledge/manage/standing?state=not_passed',
  retention_overdue: '/retention/due?state=overdue',
  breaches: '/databreach',
  documents: '/sheets/list',
} as const;
export type FrameworkListName = keyof typeof FRAMEWORK_LISTS;

/** One requirement of the catalogue: its area, the law it comes from, how it is scored and the lists behind it. */
export interface FrameworkRequirementDef {
  id: string;
  area: FrameworkArea;
  /** the section(s) or notification, as printed (`s.39`, `PDPC 2565 cl.4`) */
  law: string;
  source: FrameworkSource;
  /** the lists behind the figure */
  links: readonly FrameworkListName[];
}

const req = <Id extends string>(id: Id, area: FrameworkArea, law: string, source: FrameworkSource, links: readonly FrameworkListName[] = []) =>
  ({ id, area, law, source, links }) as const satisfies FrameworkRequirementDef;

/** The catalogue, in the order it is shown. One place: the server scores it, the UI and the report name it. */
export const FRAMEWORK_REQUIREMENTS = [
  req('dpo_in_office', 'governance', 's.41–42', 'automatic', ['dpo']),
  req('ropa_complete', 'governance', 's.39', 'automatic', ['ropa_incomplete']),
  req('ropa_reviewed', 'governance', 's.39', 'automatic', ['ropa_overdue']),
  req('dpia_high_risk', 'governance', 's.24(5) / s.37(1)', 'automatic', ['assessments_due']),
  req('consent_design', 'collection', 's.19–21', 'evidence', ['consents']),
  req('notices_published', 'collection', 's.23', 'automatic', ['notices']),
  req('lawful_bases', 'collection', 's.24 / s.26', 'automatic', ['ropa_incomplete']),
  req('indirect_collection', 'collection', 's.25', 'automatic', ['ropa']),
  req('use_disclosure', 'collection', 's.27 / s.39(6)', 'automatic', ['ropa_incomplete']),
  req('transfers_basis', 'sharing', 's.28–29', 'automatic', ['transfers_warning']),
  req('processor_agreements', 'sharing', 's.40', 'automatic', ['processors_warning']),
  req('dsr_on_time', 'rights', 's.30–36', 'automatic', ['dsr']),
  req('dsr_tasks_on_time', 'rights', 's.30–36', 'automatic', ['dsr']),
  req('security_measures', 'security', 's.37(1) / s.39(8)', 'automatic', ['ropa_incomplete']),
  req('access_control', 'security', 'PDPC 2565', 'evidence', ['roles']),
  req('least_privilege', 'security', 'PDPC 2565', 'automatic', ['roles', 'staff']),
  req('audit_trail', 'security', 'PDPC 2565', 'automatic', ['audit']),
  req('staff_awareness', 'security', 'PDPC 2565', 'automatic', ['staff_not_passed']),
  req('retention_on_time', 'incidents', 's.37(3)', 'automatic', ['retention_overdue']),
  req('breach_72h', 'incidents', 's.37(4)', 'automatic', ['breaches']),
  req('breach_response_plan', 'incidents', 's.37(4)', 'evidence', ['documents']),
] as const;
export type FrameworkRequirementId = (typeof FRAMEWORK_REQUIREMENTS)[number]['id'];
export const FRAMEWORK_REQUIREMENT_IDS = FRAMEWORK_REQUIREMENTS.map((r) => r.id) as [FrameworkRequirementId, ...FrameworkRequirementId[]];
export const requirementOf = (id: string) => FRAMEWORK_REQUIREMENTS.find((r) => r.id === id);

/** Evidence older than this many days counts as stale (a year). */
export const EVIDENCE_STALE_DAYS = 365;
/** A score at or above this is met; at or above PARTLY partly met; below, not met. */
export const MET_AT = 90;
export const PARTLY_AT = 50;
export const FRAMEWORK_STATES = ['met', 'partly', 'not_met', 'not_applicable'] as const;
export type FrameworkState = (typeof FRAMEWORK_STATES)[number];
export const stateOf = (score: number | null): FrameworkState =>
  score === null ? 'not_applicable' : score >= MET_AT ? 'met' : score >= PARTLY_AT ? 'partly' : 'not_met';

/** The evidence of one requirement, as kept. */
export const frameworkEvidence = z.object({
  id: z.string(),
  requirementId: z.string(),
  note: z.string(),
  reference: z.string(),
  evidencedOn: z.string(),
  stale: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FrameworkEvidence = z.infer<typeof frameworkEvidence>;

/** One requirement's score: `part` of `whole` (the figures behind it), or the evidence it rests on. */
export const frameworkScore = z.object({
  id: z.enum(FRAMEWORK_REQUIREMENT_IDS),
  area: z.enum(FRAMEWORK_AREAS),
  law: z.string(),
  source: z.enum(FRAMEWORK_SOURCES),
  /** 0–100; null: nothing to measure (not counted in the area's score) */
  score: z.number().nullable(),
  state: z.enum(FRAMEWORK_STATES),
  part: z.number().nullable(),
  whole: z.number().nullable(),
  /** evidence-based: the latest evidence's day, and whether it is over a year old */
  evidencedOn: z.string().nullable(),
  stale: z.boolean(),
});
export type FrameworkScore = z.infer<typeof frameworkScore>;

export const frameworkAreaScore = z.object({ area: z.enum(FRAMEWORK_AREAS), score: z.number().nullable() });

/** The framework as kept for the month: the overall score, each area's and each requirement's. */
export const frameworkSnapshot = z.object({
  month: z.string(),
  computedAt: z.string(),
  score: z.number().nullable(),
  /** how many requirements are scored from the modules' data, of all (the share with no upload) */
  automatic: z.number(),
  total: z.number(),
  areas: z.array(frameworkAreaScore),
  requirements: z.array(frameworkScore),
});
export type FrameworkSnapshot = z.infer<typeof frameworkSnapshot>;

const ok = z.literal(200);
export const frameworkReply = z.object({ status: ok, data: frameworkSnapshot });

/** `GET /framework/requirements?sort&range&filter`: the kept snapshot's requirements, by area and state. */
export const frameworkListQuery = z.object({
  sort: restSort(['order', 'score'], ['order', 'ASC']),
  range: restRange,
  filter: jsonParam(
    z
      .object({
        area: z.enum(FRAMEWORK_AREAS).optional(),
        state: z.enum(FRAMEWORK_STATES).optional(),
        source: z.enum(FRAMEWORK_SOURCES).optional(),
      })
      .strict(),
  )
    .optional()
    .transform((f) => f ?? {}),
});
export const frameworkListReply = z.object({ status: ok, data: z.array(frameworkScore), total: z.number() });

/** A record behind a requirement's shortfall: what it is, why it counts, and where it is. */
export const frameworkRecord = z.object({ label: z.string(), reason: z.string(), path: z.string() });
export const frameworkDetail = frameworkScore.extend({
  links: z.array(z.object({ name: z.enum(Object.keys(FRAMEWORK_LISTS) as [FrameworkListName, ...FrameworkListName[]]), to: z.string() })),
  records: z.array(frameworkRecord),
  evidence: z.array(frameworkEvidence),
  /** the score of each of the last 12 months kept (oldest first) */
  trend: z.array(z.object({ month: z.string(), score: z.number().nullable() })),
});
export type FrameworkDetail = z.infer<typeof frameworkDetail>;
export const frameworkDetailReply = z.object({ status: ok, data: frameworkDetail });
export const frameworkIdParams = z.object({ id: z.enum(FRAMEWORK_REQUIREMENT_IDS) });

/** `POST /framework/evidence`: a note or a document's reference, and the day it shows the requirement met. */
export const frameworkEvidenceBody = z
  .object({
    requirementId: z.enum(FRAMEWORK_REQUIREMENT_IDS, { message: 'server.framework_requirement' }),
    note: plainText(2000).pipe(z.string().min(1, { message: 'server.framework_note_required' })),
    reference: plainText(500).default(''),
    evidencedOn: z.iso.date({ message: 'server.framework_evidence_day' }),
  })
  .strict();
export type FrameworkEvidenceBody = z.infer<typeof frameworkEvidenceBody>;
export const frameworkEvidenceReply = z.object({ status: ok, data: frameworkEvidence });
