import {
  DPIA_TRIGGERS,
  LARGE_SCALE_SUBJECTS,
  LIA_BASIS,
  assessmentAnswers,
  assessmentRisk,
  liaResults,
  riskCodes,
  templateSection,
  type AssessmentDetail,
  type AssessmentKind,
  type AssessmentRow,
  type Candidate,
  type DpiaTrigger,
  type TemplateDetail,
  type TemplateSection,
} from '../../../contract/assessments';
import type { MatrixCells } from '../../../contract/risk';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { iso, userNameSql as name } from '../../db/rows';
import { notFound } from '../../http/errors';
import { BUILTIN_IDS, BUILTIN_TEMPLATES, builtinById } from './builtin';

const person = (id: string | null, n: string | null) => (id ? { id, name: n ?? '' } : null);
const isoOrNull = (at: Date | string | null) => (at ? iso(at) : null);
const sectionsOf = (v: unknown) => z.array(templateSection).parse(v);
const questionCount = (sections: TemplateSection[]) => sections.reduce((n, s) => n + s.questions.length, 0);
const THAI = new Intl.Collator('th');
const BUILT_AT = '2026-01-01T00:00:00.000Z';

// ---- templates --------------------------------------------------------------------------------
interface TemplateDbRow {
  id: string;
  family_id: string;
  kind: AssessmentKind;
  name: string;
  name_en: string;
  version: number;
  sections: unknown;
  in_use: number;
  latest: boolean;
  updated_at: Date | string;
}
export const TEMPLATE_SELECT = `
  select t.id, t.family_id, t.kind, t.name, t.name_en, t.version, t.sections, t.updated_at,
         (select count(*)::int from assessments x where x.company_id = t.company_id and x.template_id = t.id) as in_use,
         not exists (select 1 from assessment_templates n where n.company_id = t.company_id and n.family_id = t.family_id and n.version > t.version) as latest
    from assessment_templates t`;
const toTemplate = (r: TemplateDbRow): TemplateDetail => {
  const sections = sectionsOf(r.sections);
  return {
    id: r.id,
    familyId: r.family_id,
    kind: r.kind,
    nameTh: r.name,
    nameEn: r.name_en,
    version: r.version,
    builtin: false,
    inUse: r.in_use,
    latest: r.latest,
    questionCount: questionCount(sections),
    updated_dt: iso(r.updated_at),
    sections,
  };
};

/** A built-in template as a row, counting the company's assessments made from it. */
async function builtinTemplate(q: Queryable, companyId: string, kind: AssessmentKind): Promise<TemplateDetail> {
  const t = BUILTIN_TEMPLATES[kind];
  const id = BUILTIN_IDS[kind];
  const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from assessments where company_id = $1 and template_id = $2', [
    companyId,
    id,
  ]);
  return {
    id,
    familyId: id,
    kind,
    nameTh: t.nameTh,
    nameEn: t.nameEn,
    version: 1,
    builtin: true,
    inUse: n,
    latest: true,
    questionCount: questionCount(t.sections),
    updated_dt: BUILT_AT,
    sections: t.sections,
  };
}

/** One template (a built-in one, or the company's); 404 when neither. */
export async function loadTemplate(q: Queryable, companyId: string, id: string): Promise<TemplateDetail> {
  const builtin = builtinById(id);
  if (builtin) return builtinTemplate(q, companyId, builtin);
  const [r] = await q.query<TemplateDbRow>(`${TEMPLATE_SELECT} where t.company_id = $1 and t.id = $2`, [companyId, id]);
  if (!r) throw notFound();
  return toTemplate(r);
}

/** The built-in templates first, then the company's (the newest version of each, or all), by kind and name. */
export async function listTemplates(q: Queryable, companyId: string, filter: { kind?: AssessmentKind; all?: boolean }) {
  const kinds = filter.kind ? [filter.kind] : (['dpia', 'lia'] as const);
  const builtins = await Promise.all(kinds.map((k) => builtinTemplate(q, companyId, k)));
  const rows = await q.query<TemplateDbRow>(
    `select * from (${TEMPLATE_SELECT} where t.company_id = $1 and t.kind = any($2::text[])) s
      where $3 or s.latest order by s.kind, s.family_id, s.version desc`,
    [companyId, kinds, filter.all === true],
  );
  const own = rows.map(toTemplate);
  // Thai order (plain sorting puts เ แ โ ใ ไ after ฮ); a family's versions stay together, the newest first
  const first = new Map(own.map((t) => [t.familyId, t.nameTh]));
  own.sort(
    (a, b) =>
      a.kind.localeCompare(b.kind) ||
      THAI.compare(first.get(a.familyId)!, first.get(b.familyId)!) ||
      a.familyId.localeCompare(b.familyId) ||
      b.version - a.version,
  );
  return [...builtins, ...own];
}

// ---- assessments ------------------------------------------------------------------------------
interface AssessmentDbRow {
  id: string;
  kind: AssessmentKind;
  activity_id: string;
  activity: string;
  round: number;
  state: 'draft' | 'signed';
  template_id: string;
  template_version: number;
  template_name: string;
  template_name_en: string;
  score: number | null;
  risk_code: AssessmentRow['riskCode'];
  residual_code: AssessmentRow['residualCode'];
  lia_result: AssessmentRow['liaResult'];
  created_by: string | null;
  created_name: string | null;
  signed_by: string | null;
  signed_name: string | null;
  signed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  total?: number;
}
export const ASSESSMENT_SELECT = `
  select x.id, x.kind, x.activity_id, a.name as activity, x.round, x.state, x.template_id, x.template_version, x.template_name, x.template_name_en,
         x.score, x.risk_code, x.residual_code, x.lia_result, x.created_by, ${name('uc')} as created_name, x.signed_by, ${name('us')} as signed_name,
         x.signed_at, x.created_at, x.updated_at`;
export const ASSESSMENT_FROM = `
    from assessments x
    join ropa_activities a on a.id = x.activity_id and a.company_id = x.company_id
    left join users uc on uc.id = x.created_by
    left join users us on us.id = x.signed_by`;

export const toAssessmentRow = (r: AssessmentDbRow, lang: 'th' | 'en' = 'th'): AssessmentRow => ({
  id: r.id,
  kind: r.kind,
  activityId: r.activity_id,
  activity: r.activity,
  round: r.round,
  state: r.state,
  templateId: r.template_id,
  templateVersion: r.template_version,
  templateName: lang === 'en' ? r.template_name_en : r.template_name,
  score: r.score,
  riskCode: r.risk_code,
  residualCode: r.residual_code,
  liaResult: r.lia_result,
  createdBy: person(r.created_by, r.created_name),
  signedBy: person(r.signed_by, r.signed_name),
  signed_dt: isoOrNull(r.signed_at),
  created_dt: iso(r.created_at),
  updated_dt: iso(r.updated_at),
});

const storedRisk = assessmentRisk.extend({ riskEventId: z.string().nullable().default(null) });
export const storedRisks = z.array(storedRisk);
export type StoredRisk = z.infer<typeof storedRisk>;

export interface LoadedAssessment extends AssessmentDetail {
  authorIds: string[];
}

/** One assessment with all it shows; 404 when not the company's. `viewerId` says whether that person may sign it. */
export async function loadAssessment(
  q: Queryable,
  companyId: string,
  id: string,
  cells: MatrixCells,
  lang: 'th' | 'en' = 'th',
  viewerId?: string,
): Promise<LoadedAssessment> {
  const [r] = await q.query<
    AssessmentDbRow & {
      sections: unknown;
      answers: unknown;
      risks: unknown;
      measures: string;
      tests: unknown;
      conclusion: AssessmentDetail['conclusion'];
      summary: string;
      dpo_opinion: string;
      dpo_opinion_by: string | null;
      dpo_name: string | null;
      dpo_opinion_at: Date | string | null;
      authors: string[];
      author_names: { id: string; name: string }[];
      previous_id: string | null;
      evaluation_id: string | null;
    }
  >(
    `${ASSESSMENT_SELECT}, x.sections, x.answers, x.risks, x.measures, x.tests, x.conclusion, x.summary, x.dpo_opinion, x.dpo_opinion_by,
            ${name('ud')} as dpo_name, x.dpo_opinion_at, x.authors, x.previous_id, x.evaluation_id,
            coalesce((select jsonb_agg(jsonb_build_object('id', u.id, 'name', ${name('u')}) order by k.ord)
                        from unnest(x.authors) with ordinality k(id, ord) join users u on u.id = k.id), '[]'::jsonb) as author_names
     ${ASSESSMENT_FROM}
       left join users ud on ud.id = x.dpo_opinion_by
      where x.company_id = $1 and x.id = $2`,
    [companyId, id],
  );
  if (!r) throw notFound();
  const risks = storedRisks.parse(r.risks).map((k) => ({ ...k, ...riskCodes(cells, k) }));
  const kind = r.kind;
  const authorIds = r.authors ?? [];
  const canSign: AssessmentDetail['canSign'] =
    r.state === 'signed'
      ? 'signed'
      : viewerId && authorIds.includes(viewerId)
        ? 'author'
        : kind === 'dpia' && !r.dpo_opinion.trim()
          ? 'opinion'
          : 'yes';
  const [flags] = await q.query<{ triggers: DpiaTrigger[] }>(`select ${TRIGGERS_SQL} as triggers from ropa_activities a where a.id = $1`, [
    r.activity_id,
  ]);
  return {
    ...toAssessmentRow(r, lang),
    sections: sectionsOf(r.sections),
    answers: assessmentAnswers.parse(r.answers),
    risks,
    measures: r.measures,
    tests: liaResults.parse(r.tests),
    conclusion: r.conclusion,
    summary: r.summary,
    dpoOpinion: r.dpo_opinion,
    dpoOpinionBy: person(r.dpo_opinion_by, r.dpo_name),
    dpoOpinion_dt: isoOrNull(r.dpo_opinion_at),
    authors: r.author_names,
    canSign,
    previousId: r.previous_id,
    evaluationId: r.evaluation_id,
    triggers: flags?.triggers ?? [],
    authorIds,
  };
}

/** The reply's shape of a loaded assessment (without the author ids kept for the four-eyes check). */
export const detailOf = ({ authorIds: _authors, ...detail }: LoadedAssessment): AssessmentDetail => detail;

// ---- triggers and candidates ------------------------------------------------------------------
/** A uuid, for a value of a record's JSON that is cast to one (anything else matches nothing). */
const UUID_RE = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const asUuid = (text: string) => `(case when ${text} ~* '${UUID_RE}' then ${text}::uuid end)`;
/** The activity's sensitive categories (its own, and its purposes'), reached from the activity by the categories' key. */
const SENSITIVE_SQL = `(exists (select 1 from ropa_activity_categories ac join data_categories c on c.id = ac.category_id
                where ac.activity_id = a.id and c.company_id = a.company_id and c.sensitive)
    or exists (select 1 from jsonb_array_elements(coalesce(a.record->'purposes', '[]')) p
                cross join lateral jsonb_array_elements_text(coalesce(p->'categoryIds', '[]')) cid(id)
                join data_categories c on c.id = ${asUuid('cid.id')}
                where c.company_id = a.company_id and c.sensitive))`;
/**
 * A transfer abroad: in the record, in one of its systems, or in the transfers register for its systems or
 * processors (reached from the activity's own systems and processors, by the register's indexes).
 */
const TRANSFER_SQL = `(jsonb_array_length(coalesce(a.record->'transfers', '[]')) > 0
    or exists (select 1 from ropa_activity_systems s join datamap_systems d on d.id = s.system_id where s.activity_id = a.id and jsonb_array_length(d.transfers) > 0)
    or exists (select 1 from ropa_activity_systems s join transfers t on t.system_id = s.system_id
                where s.activity_id = a.id and t.company_id = a.company_id)
    or exists (select 1 from jsonb_array_elements_text(coalesce(a.record->'processorIds', '[]')) p(id)
                join transfers t on t.processor_id = ${asUuid('p.id')}
                where t.company_id = a.company_id))`;
/**
 * A system of the activity stating a volume of 100,000 subjects or more: the first number of its volume (commas
 * allowed), times a million for "ล้าน"/"million", a hundred thousand for "แสน", ten thousand for "หมื่น".
 */
const LARGE_SCALE_SQL = `exists (select 1 from ropa_activity_systems s join datamap_systems d on d.id = s.system_id
    where s.activity_id = a.id and substring(d.volume from '[0-9][0-9,]{0,14}') is not null
      and replace(substring(d.volume from '[0-9][0-9,]{0,14}'), ',', '')::numeric
          * (case when d.volume ~* '(ล้าน|million)' then 1000000 when d.volume ~ 'แสน' then 100000 when d.volume ~ 'หมื่น' then 10000 else 1 end)
          >= ${LARGE_SCALE_SUBJECTS})`;
const LIA_SQL = `exists (select 1 from jsonb_array_elements(coalesce(a.record->'purposes', '[]')) p where coalesce(p->'bases', '[]') ? '${LIA_BASIS}')`;
/** The triggers from the data (`a` an activity), as a text array in DPIA_TRIGGERS order. */
const DATA_TRIGGERS_SQL = `array_remove(array[
    case when ${SENSITIVE_SQL} then 'sensitive' end,
    case when ${LARGE_SCALE_SQL} then 'largeScale' end,
    case when ${TRANSFER_SQL} then 'transfer' end]::text[], null)`;
const TRIGGERS_SQL = `(select array_remove(array[
    case when 'sensitive' = any(d.t) then 'sensitive' end,
    case when 'largeScale' = any(d.t) or f.large_scale then 'largeScale' end,
    case when f.monitoring then 'monitoring' end,
    case when f.new_technology then 'newTechnology' end,
    case when 'transfer' = any(d.t) then 'transfer' end,
    case when f.automated_decisions then 'automatedDecisions' end]::text[], null)
  from (select ${DATA_TRIGGERS_SQL} as t) d
  left join assessment_flags f on f.activity_id = a.id and f.company_id = a.company_id)`;

/** Whether the activity `a` has a signed assessment of the kind (any round). */
const signedSql = (kind: AssessmentKind) =>
  `exists (select 1 from assessments x where x.company_id = a.company_id and x.activity_id = a.id and x.kind = '${kind}' and x.state = 'signed')`;
/**
 * `from … where …` over the live activities `a` of company `$1` that call for an assessment: a DPIA (a trigger from
 * their data or flags) or an LIA (legitimate interest); `n.dpia_missing` / `n.lia_missing` when it has no signed one.
 */
export const ASSESSMENTS_DUE_FROM = `ropa_activities a cross join lateral (
    select d.dpia, d.lia, d.dpia and not ${signedSql('dpia')} as dpia_missing, d.lia and not ${signedSql('lia')} as lia_missing
      from (select cardinality(${TRIGGERS_SQL}) > 0 as dpia, ${LIA_SQL} as lia) d) n
  where a.company_id = $1 and a.state <> 'archived' and (n.dpia or n.lia)`;

interface CandidateDbRow {
  id: string;
  name: string;
  state: string;
  department: string | null;
  data_triggers: DpiaTrigger[];
  triggers: DpiaTrigger[];
  large_scale: boolean | null;
  monitoring: boolean | null;
  new_technology: boolean | null;
  automated_decisions: boolean | null;
  lia_needed: boolean;
  dpia: { id: string; state: 'draft' | 'signed'; round: number } | null;
  lia: { id: string; state: 'draft' | 'signed'; round: number } | null;
  signed_lia: { id: string; result: 'legitimate' | 'notLegitimate'; signed_at: string } | null;
}
const newestOf = (kind: AssessmentKind) => `(select jsonb_build_object('id', x.id, 'state', x.state, 'round', x.round) from assessments x
    where x.company_id = a.company_id and x.activity_id = a.id and x.kind = '${kind}' order by x.round desc limit 1)`;
const CANDIDATE_SELECT = `
  select a.id, a.name, a.state, dep.name as department, ${DATA_TRIGGERS_SQL} as data_triggers, ${TRIGGERS_SQL} as triggers,
         f.large_scale, f.monitoring, f.new_technology, f.automated_decisions, ${LIA_SQL} as lia_needed,
         ${newestOf('dpia')} as dpia, ${newestOf('lia')} as lia,
         (select jsonb_build_object('id', x.id, 'result', x.lia_result, 'signed_at', x.signed_at) from assessments x
           where x.company_id = a.company_id and x.activity_id = a.id and x.kind = 'lia' and x.state = 'signed' order by x.round desc limit 1) as signed_lia
    from ropa_activities a
    left join departments dep on dep.id = a.department_id
    left join assessment_flags f on f.activity_id = a.id and f.company_id = a.company_id`;
const toCandidate = (r: CandidateDbRow): Candidate => ({
  id: r.id,
  name: r.name,
  ropaState: r.state,
  department: r.department,
  triggers: DPIA_TRIGGERS.filter((t) => r.triggers.includes(t)),
  dataTriggers: DPIA_TRIGGERS.filter((t) => r.data_triggers.includes(t)),
  flags: {
    largeScale: r.large_scale === true,
    monitoring: r.monitoring === true,
    newTechnology: r.new_technology === true,
    automatedDecisions: r.automated_decisions === true,
  },
  dpia: r.dpia,
  liaNeeded: r.lia_needed,
  lia: r.lia,
  lastSignedLia:
    r.signed_lia && r.signed_lia.result ? { id: r.signed_lia.id, result: r.signed_lia.result, signed_dt: iso(r.signed_lia.signed_at) } : null,
});

/** The company's live activities with their triggers (only those with a trigger or an LIA to make with `due`). */
export async function listCandidates(q: Queryable, companyId: string, filter: { due?: boolean; search?: string }) {
  const params: unknown[] = [companyId];
  const where = [`a.company_id = $1`, `a.state <> 'archived'`];
  if (filter.search?.trim()) {
    params.push(`%${filter.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`a.name ilike $${params.length}`);
  }
  const rows = await q.query<CandidateDbRow>(`${CANDIDATE_SELECT} where ${where.join(' and ')} order by a.id`, params);
  const all = rows.map(toCandidate).sort((x, y) => THAI.compare(x.name, y.name));
  return filter.due ? all.filter((c) => c.triggers.length > 0 || c.liaNeeded) : all;
}

/** One activity as a candidate; 404 when not the company's. */
export async function loadCandidate(q: Queryable, companyId: string, activityId: string) {
  const [r] = await q.query<CandidateDbRow>(`${CANDIDATE_SELECT} where a.company_id = $1 and a.id = $2`, [companyId, activityId]);
  if (!r) throw notFound();
  return toCandidate(r);
}

/** Whether an activity rests on legitimate interest (s.24(5)). */
export async function needsLia(q: Queryable, activityId: string) {
  const [r] = await q.query<{ needed: boolean }>(`select ${LIA_SQL} as needed from ropa_activities a where a.id = $1`, [activityId]);
  return r?.needed === true;
}
