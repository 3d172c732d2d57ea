import {
  answerProblems,
  assessmentCreateBody,
  assessmentListQuery,
  assessmentListReply,
  assessmentOpinionBody,
  assessmentReply,
  assessmentSaveBody,
  DPIA_RISK_CATEGORY,
  emptyBody,
  LIA_TESTS,
  liaResultOf,
  liaResults,
  riskCodes,
  scoreOf,
  worst,
  type AssessmentSaveBody,
  type TemplateSection,
} from '../../../contract/assessments';
import { idParams } from '../../../contract/datamap';
import { MENU } from '../../../contract/menus';
import { ropaRecordFields } from '../../../contract/ropa';
import type { MatrixCells } from '../../../contract/risk';
import { formatDate } from '../../../i18n/dates';
import type { Queryable } from '../../db/client';
import { userNameSql } from '../../db/rows';
import { likePattern } from '../../db/search';
import { ApiError, conflict, fieldError, notFound } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import { companyMatrix } from '../risk/matrix';
import { saveEvaluation } from '../risk/evaluations';
import { missingOf } from '../ropa/rows';
import { BUILTIN_IDS } from './builtin';
import { ASSESSMENT_FROM, ASSESSMENT_SELECT, detailOf, loadAssessment, loadTemplate, needsLia, storedRisks, toAssessmentRow } from './rows';

export const read = { menuId: MENU.assessments.menuId } as const;
export const write = { ...read, write: true } as const;
const SORTS = { updated_dt: 'x.updated_at', activity: 'a.name', kind: 'x.kind', state: 'x.state', round: 'x.round', id: 'x.updated_at' };
/** Days given to carry out a DPIA's measures in the risk evaluation it writes (the H and VH items' due date). */
const TREATMENT_DAYS = 90;

/** The reply of one assessment, as the one asking sees it. */
export async function assessmentData(q: Queryable, companyId: string, id: string, lang: Lang, viewerId: string) {
  return { data: detailOf(await loadAssessment(q, companyId, id, await companyMatrix(q, companyId), lang, viewerId)) };
}

/** The answers' problems against the assessment's template as 400s naming the field. */
function checkAnswers(sections: TemplateSection[], body: Pick<AssessmentSaveBody, 'answers'>, forSigning: boolean) {
  const [problem] = answerProblems(sections, body.answers, forSigning);
  if (!problem) return;
  const [key, reason] = problem;
  throw fieldError(
    `answers.${key}`,
    reason === 'required' ? 'assessments_required' : reason === 'unknown' ? 'assessments_unknown_question' : 'assessments_answer_kind',
  );
}

/** What the list shows without opening it: the score, the worst risk before and after, the LIA's result. */
function figures(kind: string, sections: TemplateSection[], body: AssessmentSaveBody, cells: MatrixCells) {
  const codes = body.risks.map((r) => riskCodes(cells, r));
  return {
    score: scoreOf(sections, body.answers),
    riskCode: kind === 'dpia' ? worst(codes.map((c) => c.code)) : null,
    residualCode: kind === 'dpia' ? worst(codes.map((c) => c.residualCode)) : null,
    liaResult: kind === 'lia' ? liaResultOf(body.tests) : null,
  };
}

interface Locked {
  id: string;
  kind: 'dpia' | 'lia';
  state: 'draft' | 'signed';
  activity_id: string;
  round: number;
  sections: TemplateSection[];
  authors: string[];
}
/** The assessment, locked for a change; 404 another company's, 409 signed. */
async function lockDraft(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<Locked>(
    'select id, kind, state, activity_id, round, sections, authors from assessments where company_id = $1 and id = $2 for update',
    [companyId, id],
  );
  if (!row) throw notFound();
  if (row.state === 'signed') throw conflict('assessments_signed');
  return row;
}

/** A new assessment (a first round, or the next round copying the last signed one's answers). */
export async function createAssessment(
  q: Queryable,
  companyId: string,
  userId: string,
  body: { kind: 'dpia' | 'lia'; activityId: string; templateId?: string | null },
  cells: MatrixCells,
) {
  const [activity] = await q.query<{ id: string; state: string }>(
    'select id, state from ropa_activities where company_id = $1 and id = $2 for update',
    [companyId, body.activityId],
  );
  if (!activity) throw fieldError('activityId', 'assessments_unknown_activity');
  if (activity.state === 'archived') throw conflict('assessments_activity_archived');
  if (body.kind === 'lia' && !(await needsLia(q, body.activityId))) throw conflict('assessments_lia_not_needed');
  const [draft] = await q.query('select 1 from assessments where company_id = $1 and activity_id = $2 and kind = $3 and state = $4', [
    companyId,
    body.activityId,
    body.kind,
    'draft',
  ]);
  if (draft) throw conflict('assessments_draft_exists');
  const [last] = await q.query<{
    id: string;
    round: number;
    answers: unknown;
    risks: unknown;
    measures: string;
    tests: unknown;
    conclusion: string | null;
    summary: string;
  }>(
    `select id, round, answers, risks, measures, tests, conclusion, summary from assessments
      where company_id = $1 and activity_id = $2 and kind = $3 order by round desc limit 1`,
    [companyId, body.activityId, body.kind],
  );
  let template;
  try {
    template = await loadTemplate(q, companyId, body.templateId ?? BUILTIN_IDS[body.kind]);
  } catch (e) {
    if (e instanceof ApiError && e.statusCode === 404) throw fieldError('templateId', 'assessments_unknown_template');
    throw e;
  }
  if (template.kind !== body.kind) throw fieldError('templateId', 'assessments_template_kind');
  // the next round starts from the last: its answers (those the template still asks), risks and measures
  const keys = new Set(template.sections.flatMap((s) => s.questions.map((x) => x.key)));
  const copied: AssessmentSaveBody = last
    ? {
        answers: Object.fromEntries(Object.entries((last.answers ?? {}) as Record<string, never>).filter(([k]) => keys.has(k))),
        risks: storedRisks.parse(last.risks).map(({ riskEventId: _id, ...r }) => r),
        measures: last.measures,
        tests: liaResults.parse(last.tests),
        conclusion: last.conclusion as AssessmentSaveBody['conclusion'],
        summary: last.summary,
      }
    : assessmentSaveBody.parse({});
  checkAnswersQuietly(template.sections, copied);
  const f = figures(body.kind, template.sections, copied, cells);
  const [row] = await q.query<{ id: string }>(
    `insert into assessments (company_id, kind, activity_id, round, previous_id, template_id, template_version, template_name, template_name_en, sections,
                              answers, risks, measures, tests, conclusion, summary, score, risk_code, residual_code, lia_result, authors, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, array[$21::uuid], $21) returning id`,
    [
      companyId,
      body.kind,
      body.activityId,
      (last?.round ?? 0) + 1,
      last?.id ?? null,
      template.id,
      template.version,
      template.nameTh,
      template.nameEn,
      JSON.stringify(template.sections),
      JSON.stringify(copied.answers),
      JSON.stringify(copied.risks.map((r) => ({ ...r, riskEventId: null }))),
      copied.measures,
      JSON.stringify(copied.tests),
      copied.conclusion,
      copied.summary,
      f.score,
      f.riskCode,
      f.residualCode,
      f.liaResult,
      userId,
    ],
  );
  return row.id;
}

/** A copied answer that no longer fits its question (the template changed its kind) is dropped, not refused. */
function checkAnswersQuietly(sections: TemplateSection[], body: AssessmentSaveBody) {
  for (const [key] of answerProblems(sections, body.answers, false)) delete body.answers[key];
}

/** A signed DPIA's write-back: its measures to the activity's security measures, its risks to the risk register. */
async function writeBack(q: Queryable, companyId: string, userId: string, id: string, lang: Lang) {
  const [x] = await q.query<{
    activity_id: string;
    activity: string;
    round: number;
    risks: unknown;
    measures: string;
    signer: string;
  }>(
    `select x.activity_id, a.name as activity, x.round, x.risks, x.measures, (select ${userNameSql('u')} from users u where u.id = $3) as signer
       from assessments x join ropa_activities a on a.id = x.activity_id where x.company_id = $1 and x.id = $2`,
    [companyId, id, userId],
  );
  const risks = storedRisks.parse(x.risks);
  // measures (s.37(1)): added to the activity's security measures (s.39(8)), once, marked with the assessment's round
  const measures = [x.measures.trim(), ...risks.map((r) => r.measures.trim())].filter(Boolean);
  const [activity] = await q.query<{ role: 'controller' | 'processor'; state: string; record: unknown; categories: string[] }>(
    `select a.role, a.state, a.record,
            coalesce((select array_agg(category_id::text) from ropa_activity_categories where activity_id = a.id), '{}') as categories
       from ropa_activities a where a.company_id = $1 and a.id = $2 for update`,
    [companyId, x.activity_id],
  );
  if (measures.length && activity.state !== 'archived') {
    const record = ropaRecordFields.parse(activity.record);
    const unique = [...new Set(measures)].filter((m) => !record.security.includes(m));
    if (unique.length) {
      const heading = `DPIA ${formatDate(new Date(), lang)} (${lang === 'en' ? 'round' : 'รอบที่'} ${x.round}):`;
      const security = [record.security.trim(), heading, ...unique.map((m) => `- ${m}`)].filter(Boolean).join('\n').slice(0, 3000);
      const next = { ...record, security };
      const missing = await missingOf(q, companyId, { role: activity.role, categoryIds: activity.categories, record: next });
      // as the ROPA's own save: a change to an approved record makes it a draft again (its approved version stays)
      await q.query(
        `update ropa_activities set record = $3, missing_count = $4, state = case when state = 'approved' then 'draft' else state end,
                updated_at = now(), content_by = $5
          where company_id = $1 and id = $2`,
        [companyId, x.activity_id, JSON.stringify(next), missing.length, userId],
      );
    }
  }
  if (!risks.length) return { risks, evaluationId: null };
  // each risk: an event (type 1) of the register, rated in one completed evaluation on the company's matrix, with its residual
  const ids: string[] = [];
  for (const r of risks) {
    const [event] = await q.query<{ id: string }>(
      'insert into risk_master (company_id, type, name, confidentiality, integrity, availability) values ($1, 1, $2, true, true, true) returning id',
      [companyId, `DPIA: ${x.activity}: ${r.title}`.slice(0, 300)],
    );
    ids.push(event.id);
  }
  const due = new Date(Date.now() + TREATMENT_DAYS * 86_400_000).toISOString().slice(0, 10);
  const evaluationId = await saveEvaluation(q, companyId, {
    name: `DPIA: ${x.activity} (${lang === 'en' ? 'round' : 'รอบที่'} ${x.round})`.slice(0, 300),
    status: 'completed',
    items: risks.map((r, i) => ({
      riskId: ids[i],
      ratings: { [DPIA_RISK_CATEGORY]: { likelihood: r.likelihood, impact: r.impact } },
      owner: x.signer,
      treatment: 'mitigate' as const,
      planText: (r.measures || x.measures || r.title).slice(0, 5000),
      dueDate: due,
      residualLikelihood: r.residualLikelihood,
      residualImpact: r.residualImpact,
    })),
  });
  return { risks: risks.map((r, i) => ({ ...r, riskEventId: ids[i] })), evaluationId };
}

/** Saves a draft's answers, risks, measures and tests (409 signed); whoever saves becomes one of its authors. */
export async function saveAssessment(q: Queryable, companyId: string, userId: string, id: string, body: AssessmentSaveBody) {
  const row = await lockDraft(q, companyId, id);
  checkAnswers(row.sections, body, false);
  if (row.kind === 'lia' && body.risks.length) throw fieldError('risks', 'assessments_risks_dpia_only');
  const f = figures(row.kind, row.sections, body, await companyMatrix(q, companyId));
  await q.query(
    `update assessments set answers = $3, risks = $4, measures = $5, tests = $6, conclusion = $7, summary = $8, score = $9, risk_code = $10,
              residual_code = $11, lia_result = $12, updated_at = now(),
              authors = case when $13::uuid = any(authors) then authors else authors || $13::uuid end
        where company_id = $1 and id = $2`,
    [
      companyId,
      id,
      JSON.stringify(body.answers),
      JSON.stringify(body.risks.map((r) => ({ ...r, riskEventId: null }))),
      body.measures,
      JSON.stringify(body.tests),
      row.kind === 'dpia' ? body.conclusion : null,
      body.summary,
      f.score,
      f.riskCode,
      f.residualCode,
      f.liaResult,
      userId,
    ],
  );
}

/** Signs a draft (four eyes: 403 for its authors), after the checks; a DPIA writes back to the ROPA and the risk register. */
export async function signAssessment(q: Queryable, companyId: string, userId: string, id: string, lang: Lang) {
  const row = await lockDraft(q, companyId, id);
  if (row.authors.includes(userId)) throw new ApiError(403, 'assessments_four_eyes');
  const [x] = await q.query<{ answers: Record<string, never>; tests: unknown; conclusion: string | null; dpo_opinion: string }>(
    'select answers, tests, conclusion, dpo_opinion from assessments where company_id = $1 and id = $2',
    [companyId, id],
  );
  if (row.kind === 'dpia' && !x.dpo_opinion.trim()) throw conflict('assessments_opinion_missing');
  checkAnswers(row.sections, { answers: x.answers }, true);
  if (row.kind === 'lia') {
    const tests = liaResults.parse(x.tests);
    const open = LIA_TESTS.find((t) => !tests[t]);
    if (open) throw fieldError(`tests.${open}`, 'assessments_test_missing');
  } else if (!x.conclusion) throw fieldError('conclusion', 'assessments_conclusion_missing');
  const back = row.kind === 'dpia' ? await writeBack(q, companyId, userId, id, lang) : null;
  await q.query(
    `update assessments set state = 'signed', signed_by = $3, signed_at = now(), updated_at = now()
              ${back ? ', risks = $4, evaluation_id = $5' : ''}
        where company_id = $1 and id = $2`,
    [companyId, id, userId, ...(back ? [JSON.stringify(back.risks), back.evaluationId] : [])],
  );
}

/** Records the DPO's opinion (s.42) on a draft: not an author's change, so its writer may still sign. */
export async function giveOpinion(q: Queryable, companyId: string, userId: string, id: string, opinion: string, at?: Date) {
  await lockDraft(q, companyId, id);
  await q.query(
    'update assessments set dpo_opinion = $3, dpo_opinion_by = $4, dpo_opinion_at = coalesce($5, now()), updated_at = now() where company_id = $1 and id = $2',
    [companyId, id, opinion, userId, at ?? null],
  );
}

/** Assessments (menu 20): list, read, create, save, the DPO's opinion, sign-off (four eyes), the next round, delete. */
export const assessmentRoutes = [
  route({
    method: 'GET',
    url: '/assessments',
    access: read,
    query: assessmentListQuery,
    reply: assessmentListReply,
    handler: async ({ db, session, query, reply, lang }) => {
      const params: unknown[] = [session.companyId];
      const where = ['x.company_id = $1'];
      const f = query.filter;
      if (f.search?.trim()) {
        params.push(likePattern(f.search.trim()));
        where.push(`(a.name ilike $${params.length} or x.template_name ilike $${params.length} or x.template_name_en ilike $${params.length})`);
      }
      for (const [column, value] of [
        ['x.kind', f.kind],
        ['x.state', f.state],
        ['x.activity_id', f.activityId],
      ] as const) {
        if (value === undefined) continue;
        params.push(value);
        where.push(`${column} = $${params.length}`);
      }
      const [field, direction] = query.sort;
      const dir = direction === 'DESC' ? 'desc' : 'asc';
      const [from, to] = query.range;
      const filterSql = where.join(' and ');
      const [{ n: total }] = await db.query<{ n: number }>(`select count(*)::int as n ${ASSESSMENT_FROM} where ${filterSql}`, params);
      const rows = await db.query<Parameters<typeof toAssessmentRow>[0]>(
        `${ASSESSMENT_SELECT} ${ASSESSMENT_FROM} where ${filterSql} order by ${SORTS[field]} ${dir}, x.id ${dir}
          limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, to - from + 1, from],
      );
      reply.header('Content-Range', rows.length ? `assessments ${from}-${from + rows.length - 1}/${total}` : `assessments */${total}`);
      return { data: rows.map((r) => toAssessmentRow(r, lang)), total };
    },
  }),
  route({
    method: 'GET',
    url: '/assessments/:id',
    access: read,
    params: idParams,
    reply: assessmentReply,
    handler: ({ db, session, params, lang }) => assessmentData(db, session.companyId, params.id, lang, session.userId),
  }),
  route({
    method: 'POST',
    url: '/assessments',
    access: write,
    body: assessmentCreateBody,
    reply: assessmentReply,
    handler: async ({ db, session, body, lang }) => {
      const id = await createAssessment(db, session.companyId, session.userId, body, await companyMatrix(db, session.companyId));
      return assessmentData(db, session.companyId, id, lang, session.userId);
    },
  }),
  route({
    method: 'PUT',
    url: '/assessments/:id',
    access: write,
    params: idParams,
    body: assessmentSaveBody,
    reply: assessmentReply,
    handler: async ({ db, session, params, body, lang }) => {
      await saveAssessment(db, session.companyId, session.userId, params.id, body);
      return assessmentData(db, session.companyId, params.id, lang, session.userId);
    },
  }),
  route({
    method: 'DELETE',
    url: '/assessments/:id',
    access: write,
    params: idParams,
    handler: async ({ db, session, params }) => {
      await lockDraft(db, session.companyId, params.id);
      await db.query('delete from assessments where company_id = $1 and id = $2', [session.companyId, params.id]);
      return { data: { id: params.id } };
    },
  }),
  route({
    method: 'POST',
    url: '/assessments/:id/opinion',
    access: write,
    params: idParams,
    body: assessmentOpinionBody,
    reply: assessmentReply,
    handler: async ({ db, session, params, body, lang }) => {
      await giveOpinion(db, session.companyId, session.userId, params.id, body.opinion);
      return assessmentData(db, session.companyId, params.id, lang, session.userId);
    },
  }),
  route({
    method: 'POST',
    url: '/assessments/:id/sign',
    access: write,
    params: idParams,
    body: emptyBody,
    reply: assessmentReply,
    handler: async ({ db, session, params, lang }) => {
      await signAssessment(db, session.companyId, session.userId, params.id, lang);
      return assessmentData(db, session.companyId, params.id, lang, session.userId);
    },
  }),
  route({
    method: 'POST',
    url: '/assessments/:id/round',
    access: write,
    params: idParams,
    body: emptyBody,
    reply: assessmentReply,
    handler: async ({ db, session, params, lang }) => {
      const [x] = await db.query<{ kind: 'dpia' | 'lia'; activity_id: string; state: string; template_id: string }>(
        'select kind, activity_id, state, template_id from assessments where company_id = $1 and id = $2',
        [session.companyId, params.id],
      );
      if (!x) throw notFound();
      if (x.state !== 'signed') throw conflict('assessments_not_signed');
      // the newest version of its template's family (a built-in stays itself)
      const [newest] = await db.query<{ id: string }>(
        `select n.id from assessment_templates t join assessment_templates n on n.company_id = t.company_id and n.family_id = t.family_id
          where t.company_id = $1 and t.id = $2 order by n.version desc limit 1`,
        [session.companyId, x.template_id],
      );
      const id = await createAssessment(
        db,
        session.companyId,
        session.userId,
        { kind: x.kind, activityId: x.activity_id, templateId: newest?.id ?? x.template_id },
        await companyMatrix(db, session.companyId),
      );
      return assessmentData(db, session.companyId, id, lang, session.userId);
    },
  }),
];
