import { z } from 'zod';
import {
  BREACH_TRANSITIONS,
  breachAssessmentBody,
  breachBody,
  breachFileBody,
  breachFileParams,
  breachIdParams,
  breachLetterBody,
  breachLetterQuery,
  breachListQuery,
  breachListReply,
  breachNoteBody,
  breachNoticeBody,
  breachOptionsReply,
  breachReply,
  breachStateBody,
  isLateOfficeNotice,
  riskSuggestionBody,
  riskSuggestionReply,
  type BreachStatus,
} from '../../../contract/breach';
import { DSR_PROOF_BODY_LIMIT } from '../../../contract/dsr';
import { MENU } from '../../../contract/menus';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { likePattern } from '../../db/search';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { emitWebhook } from '../webhooks/outbox';
import { auditExport } from '../audit/record';
import { checkFile, readStoredFile, removeStoredFile, storeFile } from '../dsr/files';
import breachTexts from '../../../i18n/breach';
import { DILIGENCE_WARNINGS } from '../processors/rows';
import { raiseBreachClockNotifications } from './clockJob';
import { breachLetter, breachReport, issueLetter } from './letters';
import { factorsComplete, suggestedRiskLevel } from './risk';
import { addBreachHistory, breachMoves, breachRecord, checkBreachSystems, toBreachRow, writeBreachSystems, type BreachDbRow } from './rows';

const read = { menuId: MENU.dataBreach.menuId } as const;
const write = { ...read, write: true } as const;

const SORT_COLUMNS = { awareAt: 'b.aware_at', created_dt: 'b.created_at', title: 'b.title', status: 'b.status', code: 'b.code' } as const;

/** The breach locked for a change, or a 404 for another company's or an unknown one. */
async function lockBreach(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<{
    status: BreachStatus;
    aware_at: Date | string;
    risk_level: 'none' | 'risk' | 'high' | null;
    office_notified_at: Date | string | null;
    subjects_notified_at: Date | string | null;
  }>('select status, aware_at, risk_level, office_notified_at, subjects_notified_at from breaches where company_id = $1 and id = $2 for update', [
    companyId,
    id,
  ]);
  if (!row) throw notFound();
  return row;
}

/** The picked data categories as they are named now (a snapshot kept with the breach), all of the company's own. */
async function categoriesOf(q: Queryable, companyId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await q.query<{ id: string; name: string; sensitive: boolean }>(
    'select id, name, sensitive from data_categories where company_id = $1 and id = any($2::uuid[]) order by name',
    [companyId, unique],
  );
  if (rows.length !== unique.length) throw new ApiError(400, 'breach_category_unknown');
  return rows.map((r) => ({ _id: r.id, name: r.name, sensitive: r.sensitive }));
}

const fieldValues = (b: z.infer<typeof breachBody>) => [
  b.title,
  b.discovery,
  b.awareAt,
  b.occurredAt,
  JSON.stringify(b.cia),
  b.sensitiveData,
  b.subjectsCount,
  b.subjectsEstimated,
  b.recordsCount,
  b.recordsEstimated,
  b.vulnerableGroups,
  b.systems,
  b.processor,
  b.actingAsProcessor,
  b.actingAsProcessor ? b.controllerName : '',
  b.cause,
  b.containment,
  b.consequences,
];

const statusName = (lang: 'th' | 'en', status: BreachStatus) => breachTexts[lang].breach.status[status];

export const breachRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/databreach',
    access: read,
    query: breachListQuery,
    reply: breachListReply,
    handler: async ({ db, session, query, reply }) => {
      await raiseBreachClockNotifications(db, session.companyId, config.mail);
      const [field, direction] = query.sort;
      const [from, to] = query.range;
      const params: unknown[] = [session.companyId];
      let where = 'b.company_id = $1';
      if (query.filter.status) {
        params.push(query.filter.status);
        where += ` and b.status = $${params.length}`;
      }
      if (query.filter.open) where += ` and b.status <> 'closed'`;
      if (query.filter.notified) where += ' and b.office_notified_at is not null';
      if (query.filter.from) {
        params.push(query.filter.from);
        where += ` and b.aware_at >= ($${params.length}::date::timestamp at time zone 'Asia/Bangkok')`;
      }
      if (query.filter.to) {
        params.push(query.filter.to);
        where += ` and b.aware_at < (($${params.length}::date + 1)::timestamp at time zone 'Asia/Bangkok')`;
      }
      if (query.filter.q) {
        params.push(likePattern(query.filter.q));
        where += ` and (b.title ilike $${params.length} or b.code ilike $${params.length})`;
      }
      const { rows, total } = await pageOf<BreachDbRow>(db, {
        select: 'b.*, null as assessed_by_name',
        from: 'breaches b',
        where,
        order: `${SORT_COLUMNS[field]} ${direction === 'DESC' ? 'desc' : 'asc'}, b.id`,
        params,
        paging: { limit: to - from + 1, offset: from },
      });
      reply.header('Content-Range', rows.length ? `databreach ${from}-${from + rows.length - 1}/${total}` : `databreach */${total}`);
      const now = new Date();
      return { data: rows.map((r) => toBreachRow(r, now)), total };
    },
  }),

  route({
    method: 'GET',
    url: '/databreach/options',
    access: read,
    reply: breachOptionsReply,
    handler: async ({ db, session }) => {
      const [categories, processors, systems] = await Promise.all([
        db.query<{ id: string; name: string; sensitive: boolean }>(
          'select id, name, sensitive from data_categories where company_id = $1 order by name',
          [session.companyId],
        ),
        // with what the processors' due diligence knows of each: the breach notice it promised, its warnings
        db.query<{ id: string; name: string; breach_notice_hours: number | null; warnings: string[] }>(
          `select p.id, p.name, d.breach_notice_hours, ${DILIGENCE_WARNINGS} as warnings
             from processors p left join processor_diligence d on d.processor_id = p.id
            where p.company_id = $1 order by p.name`,
          [session.companyId],
        ),
        db.query<{ id: string; name: string }>('select id, name from datamap_systems where company_id = $1 order by lower(name), id', [
          session.companyId,
        ]),
      ]);
      return {
        dataCategories: categories.map((c) => ({ _id: c.id, name: c.name, sensitive: c.sensitive })),
        processors: processors.map((p) => ({ _id: p.id, name: p.name, breachNoticeHours: p.breach_notice_hours, warnings: p.warnings })),
        systems: systems.map((s) => ({ _id: s.id, name: s.name })),
      };
    },
  }),

  route({
    method: 'POST',
    url: '/databreach/risk-suggestion',
    access: read,
    body: riskSuggestionBody,
    reply: riskSuggestionReply,
    handler: async ({ body }) => ({ level: suggestedRiskLevel(body.factors), complete: factorsComplete(body.factors) }),
  }),

  route({
    method: 'GET',
    url: '/databreach/:id',
    access: read,
    params: breachIdParams,
    reply: breachReply,
    handler: async ({ db, session, params, lang }) => ({ data: await breachRecord(db, session.companyId, params.id, lang) }),
  }),

  route({
    method: 'POST',
    url: '/databreach',
    access: write,
    body: breachBody,
    reply: breachReply,
    handler: async ({ db, session, body, lang }) => {
      const categories = await categoriesOf(db, session.companyId, body.dataCategoryIds);
      const systemIds = await checkBreachSystems(db, session.companyId, body.systemIds);
      const [{ last }] = await db.query<{ last: number }>(
        `insert into breach_counters (company_id, last) values ($1, 1)
         on conflict (company_id) do update set last = breach_counters.last + 1 returning last`,
        [session.companyId],
      );
      const [{ code: companyCode }] = await db.query<{ code: string }>('select code from companies where id = $1', [session.companyId]);
      const [{ id }] = await db.query<{ id: string }>(
        `insert into breaches (company_id, code, title, discovery, aware_at, occurred_at, cia, sensitive_data, subjects_count, subjects_estimated,
                               records_count, records_estimated, vulnerable_groups, systems, processor, acting_as_processor, controller_name,
                               cause, containment, consequences, data_categories, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) returning id`,
        [session.companyId, `${companyCode}-BR-${String(last).padStart(4, '0')}`, ...fieldValues(body), JSON.stringify(categories), session.userId],
      );
      await writeBreachSystems(db, session.companyId, id, systemIds);
      await addBreachHistory(db, session.companyId, id, { action: 'created', status: 'discovered', actorId: session.userId });
      const record = await breachRecord(db, session.companyId, id, lang);
      await emitWebhook(db, session.companyId, 'breach.recorded', {
        id,
        code: record.code,
        title: record.title,
        awareAt: record.awareAt,
        subjectsCount: record.subjectsCount,
        sensitiveData: record.sensitiveData,
      });
      return { data: record };
    },
  }),

  route({
    method: 'PUT',
    url: '/databreach/:id',
    access: write,
    params: breachIdParams,
    body: breachBody,
    reply: breachReply,
    handler: async ({ db, session, params, body, lang }) => {
      const current = await lockBreach(db, session.companyId, params.id);
      if (current.status === 'closed') throw new ApiError(409, 'breach_closed');
      const categories = await categoriesOf(db, session.companyId, body.dataCategoryIds);
      const systemIds = await checkBreachSystems(db, session.companyId, body.systemIds);
      const clockMoved = new Date(current.aware_at).getTime() !== new Date(body.awareAt).getTime();
      await db.query(
        `update breaches set title = $3, discovery = $4, aware_at = $5, occurred_at = $6, cia = $7, sensitive_data = $8, subjects_count = $9,
                subjects_estimated = $10, records_count = $11, records_estimated = $12, vulnerable_groups = $13, systems = $14, processor = $15,
                acting_as_processor = $16, controller_name = $17, cause = $18, containment = $19, consequences = $20, data_categories = $21,
                updated_at = now(), clock_stage = case when $22 then 0 else clock_stage end
          where company_id = $1 and id = $2`,
        [session.companyId, params.id, ...fieldValues(body), JSON.stringify(categories), clockMoved],
      );
      await writeBreachSystems(db, session.companyId, params.id, systemIds);
      await addBreachHistory(db, session.companyId, params.id, { action: 'updated', status: current.status, actorId: session.userId });
      return { data: await breachRecord(db, session.companyId, params.id, lang) };
    },
  }),

  route({
    method: 'PUT',
    url: '/databreach/:id/assessment',
    access: write,
    params: breachIdParams,
    body: breachAssessmentBody,
    reply: breachReply,
    handler: async ({ db, session, params, body, lang }) => {
      const current = await lockBreach(db, session.companyId, params.id);
      if (current.status === 'closed') throw new ApiError(409, 'breach_closed');
      const status: BreachStatus = current.status === 'discovered' ? 'assessing' : current.status;
      await db.query(
        `update breaches set risk_level = $3, risk_factors = $4, risk_rationale = $5, assessed_at = now(), assessed_by = $6, status = $7,
                suggested_level = $8, updated_at = now() where company_id = $1 and id = $2`,
        [
          session.companyId,
          params.id,
          body.level,
          JSON.stringify(body.factors),
          body.rationale,
          session.userId,
          status,
          suggestedRiskLevel(body.factors),
        ],
      );
      await addBreachHistory(db, session.companyId, params.id, {
        action: 'assessed',
        status,
        note: body.rationale,
        detail: { level: body.level },
        actorId: session.userId,
      });
      return { data: await breachRecord(db, session.companyId, params.id, lang) };
    },
  }),

  route({
    method: 'POST',
    url: '/databreach/:id/notices',
    access: write,
    params: breachIdParams,
    body: breachNoticeBody,
    reply: breachReply,
    handler: async ({ db, session, params, body, lang }) => {
      const current = await lockBreach(db, session.companyId, params.id);
      if (current.status === 'closed') throw new ApiError(409, 'breach_closed');
      const late = body.target === 'office' && isLateOfficeNotice(current.aware_at, body.sentAt);
      if (late && !body.lateReasons) throw new ApiError(400, 'breach_late_reasons');
      if (new Date(body.sentAt).getTime() < new Date(current.aware_at).getTime()) throw new ApiError(400, 'breach_notice_before_aware');
      await db.query(
        `insert into breach_notices (company_id, breach_id, target, sent_at, channel, reference, late, late_reasons, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [session.companyId, params.id, body.target, body.sentAt, body.channel, body.reference, late, late ? body.lateReasons : '', session.userId],
      );
      const column = body.target === 'office' ? 'office_notified_at' : 'subjects_notified_at';
      const status: BreachStatus = current.status === 'discovered' || current.status === 'assessing' ? 'notified' : current.status;
      // the first notice of each kind is the one the clock and the warnings count
      await db.query(`update breaches set ${column} = coalesce(${column}, $3), status = $4, updated_at = now() where company_id = $1 and id = $2`, [
        session.companyId,
        params.id,
        body.sentAt,
        status,
      ]);
      await addBreachHistory(db, session.companyId, params.id, {
        action: 'notice',
        status,
        note: late ? body.lateReasons : '',
        detail: { target: body.target, channel: body.channel, reference: body.reference, late },
        actorId: session.userId,
      });
      return { data: await breachRecord(db, session.companyId, params.id, lang) };
    },
  }),

  route({
    method: 'POST',
    url: '/databreach/:id/state',
    access: write,
    params: breachIdParams,
    body: breachStateBody,
    reply: breachReply,
    handler: async ({ db, session, params, body, lang }) => {
      const current = await lockBreach(db, session.companyId, params.id);
      if (!BREACH_TRANSITIONS[current.status].includes(body.status)) {
        throw new ApiError(409, 'breach_transition', { from: statusName(lang, current.status), to: statusName(lang, body.status) });
      }
      const blocked = breachMoves({
        status: current.status,
        riskLevel: current.risk_level,
        officeNotifiedAt: current.office_notified_at,
      }).blocked.find((m) => m.status === body.status);
      if (blocked) throw new ApiError(409, blocked.reason);
      if (body.status === 'closed' && current.risk_level === 'high' && !current.subjects_notified_at && !body.subjectsWaiver)
        throw new ApiError(409, 'breach_subjects_warning');
      const waiver = body.status === 'closed' && current.risk_level === 'high' && !current.subjects_notified_at ? body.subjectsWaiver : null;
      await db.query(
        'update breaches set status = $3, subjects_waiver = coalesce($4, subjects_waiver), updated_at = now() where company_id = $1 and id = $2',
        [session.companyId, params.id, body.status, waiver],
      );
      await addBreachHistory(db, session.companyId, params.id, {
        action: 'state',
        status: body.status,
        note: body.note,
        detail: waiver ? { waiver } : {},
        actorId: session.userId,
      });
      return { data: await breachRecord(db, session.companyId, params.id, lang) };
    },
  }),

  route({
    method: 'POST',
    url: '/databreach/:id/notes',
    access: write,
    params: breachIdParams,
    body: breachNoteBody,
    reply: breachReply,
    handler: async ({ db, session, params, body, lang }) => {
      const current = await lockBreach(db, session.companyId, params.id);
      await addBreachHistory(db, session.companyId, params.id, { action: 'note', status: current.status, note: body.note, actorId: session.userId });
      await db.query('update breaches set updated_at = now() where company_id = $1 and id = $2', [session.companyId, params.id]);
      return { data: await breachRecord(db, session.companyId, params.id, lang) };
    },
  }),

  route({
    method: 'POST',
    url: '/databreach/:id/files',
    access: write,
    params: breachIdParams,
    body: breachFileBody,
    reply: breachReply,
    bodyLimit: DSR_PROOF_BODY_LIMIT,
    handler: async ({ db, session, params, body, lang }) => {
      const file = await checkFile(body.file);
      const current = await lockBreach(db, session.companyId, params.id);
      const stored = await storeFile(config, session.companyId, file);
      try {
        await db.query(
          'insert into breach_files (company_id, breach_id, name, mime, size, stored_name, created_by) values ($1, $2, $3, $4, $5, $6, $7)',
          [session.companyId, params.id, file.name, file.mime, file.bytes.length, stored, session.userId],
        );
        await addBreachHistory(db, session.companyId, params.id, {
          action: 'file',
          status: current.status,
          note: file.name,
          actorId: session.userId,
        });
      } catch (err) {
        await removeStoredFile(config, session.companyId, stored);
        throw err;
      }
      return { data: await breachRecord(db, session.companyId, params.id, lang) };
    },
  }),

  route({
    method: 'GET',
    url: '/databreach/:id/files/:fileId',
    access: read,
    params: breachFileParams,
    handler: async ({ db, session, req, reply, params }) => {
      const [file] = await db.query<{ name: string; mime: string; stored_name: string }>(
        'select name, mime, stored_name from breach_files where company_id = $1 and breach_id = $2 and id = $3',
        [session.companyId, params.id, params.fileId],
      );
      if (!file) throw notFound();
      const bytes = await readStoredFile(config, session.companyId, file.stored_name);
      await auditExport({ db, session, req }, 'breach_files', [params.fileId], { breachId: params.id, name: file.name });
      reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(bytes);
      return undefined;
    },
  }),

  route({
    method: 'GET',
    url: '/databreach/:id/letter',
    access: read,
    params: breachIdParams,
    query: breachLetterQuery,
    handler: async ({ db, session, req, reply, params, query, lang }) => {
      const record = await breachRecord(db, session.companyId, params.id, lang);
      if (query.kind === 'controller' && !record.actingAsProcessor) throw new ApiError(409, 'breach_not_processor');
      // a letter not issued yet prints as a draft, without a number or a signatory
      const issued = record.letters.find((l) => l.kind === query.kind) ?? null;
      const pdf = await breachLetter(db, config, session.companyId, record, query.kind, lang, issued);
      await auditExport({ db, session, req }, 'breaches', [params.id], { format: 'pdf', kind: query.kind, number: issued?.number ?? null });
      const file = { office: 'pdpc-office', subjects: 'data-subjects', controller: 'controller' }[query.kind];
      reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${record.code}-${file}.pdf"`).send(pdf);
      return undefined;
    },
  }),

  route({
    method: 'POST',
    url: '/databreach/:id/letters',
    access: write,
    params: breachIdParams,
    body: breachLetterBody,
    reply: breachReply,
    handler: async ({ db, session, params, body, lang }) => {
      await lockBreach(db, session.companyId, params.id);
      const record = await breachRecord(db, session.companyId, params.id, lang);
      if (body.kind === 'controller' && !record.actingAsProcessor) throw new ApiError(409, 'breach_not_processor');
      await issueLetter(db, session, record, body.kind, lang, { name: body.signatoryName, position: body.signatoryPosition });
      return { data: await breachRecord(db, session.companyId, params.id, lang) };
    },
  }),

  route({
    method: 'GET',
    url: '/databreach/:id/report',
    access: read,
    params: breachIdParams,
    handler: async ({ db, session, req, reply, params, lang }) => {
      const record = await breachRecord(db, session.companyId, params.id, lang);
      const pdf = await breachReport(db, config, session.companyId, record, lang);
      await auditExport({ db, session, req }, 'breaches', [params.id], { format: 'pdf', kind: 'report' });
      reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${record.code}-report.pdf"`).send(pdf);
      return undefined;
    },
  }),
];
