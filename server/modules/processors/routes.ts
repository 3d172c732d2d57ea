import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { idParams } from '../../../contract/datamap';
import { MENU } from '../../../contract/menus';
import {
  QUESTIONNAIRE_BODY_LIMIT,
  QUESTIONNAIRE_DAYS,
  diligenceBody,
  diligenceListQuery,
  diligenceListReply,
  diligenceRecord,
  likelihoodOfScore,
  questionnairePageReply,
  questionnaireScore,
  questionnaireSendBody,
  questionnaireSendReply,
  questionnaireSubmitBody,
  questionnaireSubmitReply,
  questionnaireTokenParams,
} from '../../../contract/processors';
import { TRANSFER_BODY_LIMIT } from '../../../contract/transfers';
import { codeOf } from '../../../contract/risk';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { likePattern } from '../../db/search';
import { actAs, publicActor } from '../../http/actorDb';
import { ApiError, notFound } from '../../http/errors';
import { isServerMessageKey, serverMessage } from '../../http/messages';
import { hitLimit } from '../../http/rateLimit';
import { route } from '../../http/route';
import { auditExport } from '../audit/record';
import { companyMatrix } from '../risk/matrix';
import { controllerOf } from '../ropa/rows';
import { sendMail } from '../../mail';
import { formatDate } from '../../../i18n/dates';
import { checkDocument, dropDocuments, sendDocument, storeDocument } from '../transfers/documents';
import { DILIGENCE_SELECT, DILIGENCE_WARNINGS, loadDiligence, toDiligence, type DiligenceRow } from './rows';

const read = { menuId: MENU.dataManage.menuId } as const;
const write = { ...read, write: true } as const;
const SORTS = { name: 'p.name', dpaExpiresOn: 'd.dpa_expires_on', reviewOn: 'd.review_on', updated_dt: 'p.updated_at' };
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const questionParams = idParams.extend({ questionnaireId: z.uuid() });

/** The impact on the matrix: 5 when a system the processor serves holds sensitive data (s.26), else 3. */
async function impactOf(q: Queryable, companyId: string, processorId: string) {
  const [r] = await q.query<{ sensitive: boolean }>(
    `select exists (select 1 from datamap_system_processors sp join datamap_system_categories sc on sc.system_id = sp.system_id
                      join data_categories c on c.id = sc.category_id
                     where sp.processor_id = $2 and c.company_id = $1 and c.sensitive) as sensitive`,
    [companyId, processorId],
  );
  return r.sensitive ? 5 : 3;
}

/** The questionnaire a public link names, open for answers; 404 forged, 409 used or expired. */
async function openQuestionnaire(q: Queryable, token: string) {
  const [row] = await q.query<{
    id: string;
    company_id: string;
    processor_id: string;
    processor: string;
    company: string;
    lang: 'th' | 'en';
    expires_at: Date | string;
    answered_at: Date | string | null;
  }>(
    `select x.id, x.company_id, x.processor_id, p.name as processor, coalesce(c.detail->>'nameTh', c.code) as company, x.lang, x.expires_at, x.answered_at
       from processor_questionnaires x join processors p on p.id = x.processor_id join companies c on c.id = x.company_id
      where x.token_hash = $1`,
    [hashOf(token)],
  );
  if (!row) throw new ApiError(404, 'processors_questionnaire_unknown');
  if (row.answered_at) throw new ApiError(409, 'processors_questionnaire_used');
  if (new Date(row.expires_at) <= new Date()) throw new ApiError(409, 'processors_questionnaire_expired');
  return row;
}

async function throttle(q: Queryable, ip: string) {
  if (!(await hitLimit(q, `processor-questionnaire-${ip}`, 30, 10)).allowed) throw new ApiError(429, 'throttled');
}

/** Processors' due diligence (menu 16) and the processor's public questionnaire page (token-bound, throttled). */
export const processorRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/processor-diligence',
    access: read,
    query: diligenceListQuery,
    reply: diligenceListReply,
    handler: async ({ db, session, query, reply }) => {
      const params: unknown[] = [session.companyId];
      const where = ['p.company_id = $1'];
      if (query.filter.search?.trim()) {
        params.push(likePattern(query.filter.search.trim()));
        where.push(`(p.name ilike $${params.length} or p.country ilike $${params.length})`);
      }
      if (query.filter.warning !== undefined) where.push(`cardinality(${DILIGENCE_WARNINGS}) ${query.filter.warning ? '>' : '='} 0`);
      const [field, direction] = query.sort;
      const dir = direction === 'DESC' ? 'desc' : 'asc';
      const [from, to] = query.range;
      const filterSql = where.join(' and ');
      const [{ n: total }] = await db.query<{ n: number }>(
        `select count(*)::int as n from processors p left join processor_diligence d on d.processor_id = p.id and d.company_id = p.company_id where ${filterSql}`,
        params,
      );
      const rows = await db.query<DiligenceRow>(
        `${DILIGENCE_SELECT} where ${filterSql} order by ${SORTS[field]} ${dir} nulls last, p.id ${dir}
          limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, to - from + 1, from],
      );
      reply.header(
        'Content-Range',
        rows.length ? `processor-diligence ${from}-${from + rows.length - 1}/${total}` : `processor-diligence */${total}`,
      );
      return { data: rows.map(toDiligence), total };
    },
  }),
  route({
    method: 'GET',
    url: '/processor-diligence/:id',
    access: read,
    params: idParams,
    reply: diligenceRecord,
    handler: async ({ db, session, params }) => ({ data: await loadDiligence(db, session.companyId, params.id) }),
  }),
  route({
    method: 'PUT',
    url: '/processor-diligence/:id',
    access: write,
    params: idParams,
    body: diligenceBody,
    bodyLimit: TRANSFER_BODY_LIMIT,
    handler: async ({ db, session, params, body, lang }) => {
      await loadDiligence(db, session.companyId, params.id);
      const document = body.dpaFile ? await checkDocument(body.dpaFile, 'dpaFile', lang) : null;
      const [before] = await db.query<{ dpa_file_id: string | null }>(
        'select dpa_file_id from processor_diligence where company_id = $1 and processor_id = $2 for update',
        [session.companyId, params.id],
      );
      const stored = document ? await storeDocument(db, session.companyId, document) : null;
      const keep = !stored && !body.removeDpaFile;
      await db.query(
        `insert into processor_diligence (processor_id, company_id, dpa_status, dpa_signed_on, dpa_expires_on, breach_notice_hours, review_on, subprocessors,
                                          dpa_file_id, dpa_file_name, dpa_file_mime, dpa_file_size)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (processor_id) do update set dpa_status = excluded.dpa_status, dpa_signed_on = excluded.dpa_signed_on,
           dpa_expires_on = excluded.dpa_expires_on, breach_notice_hours = excluded.breach_notice_hours, review_on = excluded.review_on,
           subprocessors = excluded.subprocessors, updated_at = now()
           ${keep ? '' : ', dpa_file_id = excluded.dpa_file_id, dpa_file_name = excluded.dpa_file_name, dpa_file_mime = excluded.dpa_file_mime, dpa_file_size = excluded.dpa_file_size'}`,
        [
          params.id,
          session.companyId,
          body.dpaStatus,
          body.dpaSignedOn,
          body.dpaExpiresOn,
          body.breachNoticeHours,
          body.reviewOn,
          JSON.stringify(body.subprocessors),
          stored?.id ?? null,
          stored?.name ?? null,
          stored?.mime ?? null,
          stored?.size ?? null,
        ],
      );
      if (!keep && before) await dropDocuments(db, session.companyId, [before.dpa_file_id]);
      return { data: await loadDiligence(db, session.companyId, params.id) };
    },
  }),
  route({
    method: 'GET',
    url: '/processor-diligence/:id/dpa',
    access: read,
    params: idParams,
    handler: async ({ db, session, req, reply, params }) => {
      const [row] = await db.query<{ dpa_file_id: string | null }>(
        'select dpa_file_id from processor_diligence where company_id = $1 and processor_id = $2',
        [session.companyId, params.id],
      );
      if (!row?.dpa_file_id) throw notFound();
      await auditExport({ db, session, req }, 'processor_diligence', [params.id], { dpa: row.dpa_file_id });
      await sendDocument(db, reply, session.companyId, row.dpa_file_id);
      return undefined;
    },
  }),
  route({
    method: 'POST',
    url: '/processor-diligence/:id/questionnaires',
    access: write,
    params: idParams,
    body: questionnaireSendBody,
    reply: questionnaireSendReply,
    handler: async ({ db, session, params, body }) => {
      await loadDiligence(db, session.companyId, params.id);
      const token = randomBytes(32).toString('base64url');
      const [row] = await db.query<{ id: string }>(
        `insert into processor_questionnaires (company_id, processor_id, token_hash, lang, sent_to, sent_by, expires_at)
         values ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7)) returning id`,
        [session.companyId, params.id, hashOf(token), body.lang, body.sentTo, session.userId, QUESTIONNAIRE_DAYS],
      );
      const record = await loadDiligence(db, session.companyId, params.id);
      const sent = record.questionnaires.find((x) => x.id === row.id)!;
      const link = `${config.mail.appUrl}/processor-questionnaire/${token}`;
      const to = body.sentTo.trim();
      const emailed = z.email().safeParse(to).success;
      if (emailed) {
        // inside the request's transaction: a mail that cannot be handed over leaves no questionnaire behind
        await sendMail(
          db,
          {
            to,
            template: 'processor_questionnaire',
            lang: body.lang,
            params: {
              company: (await controllerOf(db, session.companyId, body.lang)).name,
              processor: record.name,
              expires: formatDate(sent.expires_dt, body.lang, true),
              link,
            },
          },
          config.mail,
        );
      }
      return { data: sent, link, emailed };
    },
  }),
  route({
    method: 'POST',
    url: '/processor-diligence/:id/questionnaires/:questionnaireId/risk-event',
    // a risk event is written: the risk register's edit right; the processor is read with the data map's menu
    access: { menuId: MENU.riskManagement.menuId, write: true },
    params: questionParams,
    reply: diligenceRecord,
    handler: async ({ db, session, params }) => {
      if (!session.menus.has(MENU.dataManage.menuId)) throw notFound();
      const record = await loadDiligence(db, session.companyId, params.id);
      const answered = record.questionnaires.find((x) => x.id === params.questionnaireId);
      if (!answered) throw notFound();
      if (answered.state !== 'answered') throw new ApiError(409, 'processors_questionnaire_unanswered');
      if (answered.riskEventId) throw new ApiError(409, 'processors_risk_event_exists');
      const name = `${record.name}: ${answered.score}/100 (${answered.riskCode})`;
      const [event] = await db.query<{ id: string }>(
        'insert into risk_master (company_id, type, name, confidentiality, integrity, availability) values ($1, 1, $2, true, true, false) returning id',
        [session.companyId, name],
      );
      await db.query('update processor_questionnaires set risk_event_id = $3 where company_id = $1 and id = $2', [
        session.companyId,
        params.questionnaireId,
        event.id,
      ]);
      return { data: await loadDiligence(db, session.companyId, params.id) };
    },
  }),
  route({
    method: 'GET',
    url: '/public/processor-questionnaire/:token',
    access: 'public',
    params: questionnaireTokenParams,
    reply: questionnairePageReply,
    handler: async ({ db, req, params }) => {
      await throttle(db, req.ip);
      const row = await openQuestionnaire(db, params.token);
      return { company: row.company, processor: row.processor, lang: row.lang, expires_dt: new Date(row.expires_at).toISOString() };
    },
  }),
  route({
    method: 'POST',
    url: '/public/processor-questionnaire/:token',
    access: 'public',
    params: questionnaireTokenParams,
    describedBody: questionnaireSubmitBody,
    reply: questionnaireSubmitReply,
    bodyLimit: QUESTIONNAIRE_BODY_LIMIT,
    handler: async ({ db, req, params, lang }) => {
      await throttle(db, req.ip);
      const row = await openQuestionnaire(db, params.token);
      const parsed = questionnaireSubmitBody.safeParse(req.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const key = issue.message.startsWith('server.') ? issue.message.slice(7) : '';
        const reason = isServerMessageKey(key) ? serverMessage(lang, key) : issue.message;
        throw new ApiError(400, 'invalid_field', { field: issue.path.join('.') || '-', reason });
      }
      const score = questionnaireScore(parsed.data.answers);
      const riskCode = codeOf(
        await companyMatrix(db, row.company_id),
        likelihoodOfScore(score),
        await impactOf(db, row.company_id, row.processor_id),
      );
      const saved = await db.tx(async (q) => {
        await actAs(q, publicActor(req, { username: parsed.data.respondentName }));
        // one statement takes the link: a second submission, even at the same moment, finds it used
        const taken = await q.query<{ id: string }>(
          `update processor_questionnaires set answers = $2, respondent_name = $3, answered_at = now(), score = $4, risk_code = $5
            where id = $1 and answered_at is null and expires_at > now() returning id`,
          [row.id, JSON.stringify(parsed.data.answers), parsed.data.respondentName, score, riskCode],
        );
        if (!taken.length) return false;
        await q.query(`insert into notifications (company_id, kind, params, link) values ($1, 'processor_questionnaire_answered', $2, $3)`, [
          row.company_id,
          JSON.stringify({ name: row.processor, score }),
          `/data-manage/processor-diligence/${row.processor_id}`,
        ]);
        return true;
      });
      if (!saved) throw new ApiError(409, 'processors_questionnaire_used');
      return { score, riskCode };
    },
  }),
];
