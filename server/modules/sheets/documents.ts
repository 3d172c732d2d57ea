import {
  SHEET_ACTIONS,
  sheetActionBody,
  sheetCreateBody,
  sheetExportQuery,
  sheetIdParams,
  sheetListQuery,
  sheetListReply,
  sheetPreviewReply,
  sheetReply,
  sheetUpdateBody,
  sheetVersionParams,
  sheetVersionReply,
  type SheetState,
} from '../../../contract/sheets';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { likePattern } from '../../db/search';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { auditExport } from '../audit/record';
import { renderSheetDocx } from './docx';
import { renderSheetPdf } from './pdf';
import { fillVersion, printableHtml, printInput } from './print';
import { DOCUMENT_COLUMNS, documentDetail, documentRow, selfApprovalOf, toRecord, versionRow, type DocumentRow } from './rows';
import { checkedBody, loadTemplate, SHEETS_READ, SHEETS_WRITE } from './templates';

async function checkNotice(q: Queryable, companyId: string, noticeId: string | null) {
  if (!noticeId) return;
  const [row] = await q.query('select 1 from consent_forms where company_id = $1 and id = $2', [companyId, noticeId]);
  if (!row) throw new ApiError(400, 'sheet_notice_not_found');
}

/** The ROPA activity and the breach a document is attached to: the company's own, or 400. */
async function checkLinks(q: Queryable, companyId: string, b: { noticeId: string | null; ropaActivityId: string | null; breachId: string | null }) {
  await checkNotice(q, companyId, b.noticeId);
  if (b.ropaActivityId) {
    const [row] = await q.query('select 1 from ropa_activities where company_id = $1 and id = $2', [companyId, b.ropaActivityId]);
    if (!row) throw new ApiError(400, 'sheet_ropa_not_found');
  }
  if (b.breachId) {
    const [row] = await q.query('select 1 from breaches where company_id = $1 and id = $2', [companyId, b.breachId]);
    if (!row) throw new ApiError(400, 'sheet_breach_not_found');
  }
}

async function logEvent(
  q: Queryable,
  companyId: string,
  doc: { id: string },
  e: { action: string; from: SheetState | null; to: SheetState; version: number; note?: string; actor: string },
) {
  await q.query(
    `insert into sheet_events (company_id, document_id, action, from_state, to_state, version, note, actor_id) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [companyId, doc.id, e.action, e.from, e.to, e.version, e.note ?? '', e.actor],
  );
}

async function requireVersion(q: Queryable, companyId: string, doc: DocumentRow, version: number) {
  const v = await versionRow(q, companyId, doc.id, version);
  if (!v) throw new ApiError(404, 'sheet_version_not_found', { version });
  return v;
}

const SORT_COLUMNS = { title: 'd.title', state: 'd.state', updated_dt: 'd.updated_at', created_dt: 'd.created_at' } as const;

export const sheetDocumentRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/sheets',
    access: SHEETS_READ,
    query: sheetListQuery,
    reply: sheetListReply,
    handler: async ({ db, session, query, reply }) => {
      const f = query.filter ?? {};
      const params: unknown[] = [session.companyId];
      let where = 'd.company_id = $1';
      if (f.search?.trim()) {
        params.push(likePattern(f.search.trim()));
        where += ` and d.title ilike $${params.length}`;
      }
      for (const [column, value] of [
        ['d.state', f.state],
        ['d.kind', f.kind],
        ['d.notice_id', f.noticeId],
        ['d.ropa_activity_id', f.ropaActivityId],
        ['d.breach_id', f.breachId],
      ] as const) {
        if (!value) continue;
        params.push(value);
        where += ` and ${column} = $${params.length}`;
      }
      const [field, order] = query.sort ?? ['updated_dt', 'DESC'];
      const [from, to] = query.range;
      const [rows, [{ total }]] = await Promise.all([
        db.query<DocumentRow>(
          `select ${DOCUMENT_COLUMNS} from sheet_documents d where ${where}
            order by ${SORT_COLUMNS[field]} ${order === 'ASC' ? 'asc' : 'desc'}, d.id limit ${to - from + 1} offset ${from}`,
          params,
        ),
        db.query<{ total: number }>(`select count(*)::int as total from sheet_documents d where ${where}`, params),
      ]);
      reply.header('Content-Range', rows.length ? `sheets ${from}-${from + rows.length - 1}/${total}` : `sheets */${total}`);
      return { data: rows.map(toRecord), total };
    },
  }),

  route({
    method: 'GET',
    url: '/sheets/:id',
    access: SHEETS_READ,
    params: sheetIdParams,
    reply: sheetReply,
    handler: async ({ db, session, params }) => ({ data: await documentDetail(db, session.companyId, params.id, session.userId) }),
  }),

  route({
    method: 'POST',
    url: '/sheets',
    access: SHEETS_WRITE,
    body: sheetCreateBody,
    reply: sheetReply,
    handler: async ({ db, session, body }) => {
      const template = await loadTemplate(db, session.companyId, body.templateId);
      await checkLinks(db, session.companyId, body);
      const [{ id }] = await db.query<{ id: string }>(
        `insert into sheet_documents (company_id, title, template_id, kind, lang, thai_digits, notice_id, ropa_activity_id, breach_id, state_by, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
        [
          session.companyId,
          body.title,
          template.id,
          template.kind,
          template.lang,
          body.thaiDigits,
          body.noticeId,
          body.ropaActivityId,
          body.breachId,
          session.userId,
        ],
      );
      await db.query(`insert into sheet_versions (company_id, document_id, version, title, body, saved_by) values ($1, $2, 1, $3, $4, $5)`, [
        session.companyId,
        id,
        body.title,
        checkedBody(template.body),
        session.userId,
      ]);
      await logEvent(db, session.companyId, { id }, { action: 'created', from: null, to: 'draft', version: 1, actor: session.userId });
      return { data: await documentDetail(db, session.companyId, id, session.userId) };
    },
  }),

  route({
    method: 'PUT',
    url: '/sheets/:id',
    access: SHEETS_WRITE,
    params: sheetIdParams,
    body: sheetUpdateBody,
    reply: sheetReply,
    bodyLimit: 1_000_000,
    handler: async ({ db, session, params, body }) => {
      const doc = await documentRow(db, session.companyId, params.id, true);
      if (doc.state === 'published') throw new ApiError(409, 'sheet_frozen');
      if (doc.state !== 'draft') throw new ApiError(409, 'sheet_not_draft', { state: doc.state });
      const html = checkedBody(body.body);
      await checkLinks(db, session.companyId, body);
      const version = doc.version + 1;
      await db.query(`insert into sheet_versions (company_id, document_id, version, title, body, saved_by) values ($1, $2, $3, $4, $5, $6)`, [
        session.companyId,
        doc.id,
        version,
        body.title,
        html,
        session.userId,
      ]);
      await db.query(
        `update sheet_documents set title = $3, version = $4, thai_digits = $5, notice_id = $6, ropa_activity_id = $7, breach_id = $8, updated_at = now()
          where company_id = $1 and id = $2`,
        [session.companyId, doc.id, body.title, version, body.thaiDigits, body.noticeId, body.ropaActivityId, body.breachId],
      );
      return { data: await documentDetail(db, session.companyId, doc.id, session.userId) };
    },
  }),

  route({
    method: 'POST',
    url: '/sheets/:id/state',
    access: SHEETS_WRITE,
    params: sheetIdParams,
    body: sheetActionBody,
    reply: sheetReply,
    handler: async ({ db, session, params, body }) => {
      const doc = await documentRow(db, session.companyId, params.id, true);
      const rule = SHEET_ACTIONS[body.action];
      if (!(rule.from as readonly SheetState[]).includes(doc.state))
        throw new ApiError(409, 'sheet_transition', { from: doc.state, action: body.action });
      let version = doc.version;
      if (body.action === 'approve' && (await selfApprovalOf(db, session.companyId, doc, session.userId)) === 'refused')
        throw new ApiError(409, 'approval_self_author');
      if (body.action === 'approve') {
        await db.query(
          'update sheet_versions set approved_by = $4, approved_at = now() where company_id = $1 and document_id = $2 and version = $3',
          [session.companyId, doc.id, version, session.userId],
        );
        await db.query('update sheet_documents set approved_by = $3, approved_at = now() where company_id = $1 and id = $2', [
          session.companyId,
          doc.id,
          session.userId,
        ]);
      }
      if (body.action === 'reject') {
        await db.query(
          'update sheet_versions set approved_by = null, approved_at = null where company_id = $1 and document_id = $2 and version = $3',
          [session.companyId, doc.id, version],
        );
      }
      if (body.action === 'publish') {
        // the text as printed from now on: its variables filled with today's data, never again
        const v = await requireVersion(db, session.companyId, doc, version);
        const { html } = await fillVersion(db, config, session.companyId, doc, v);
        await db.query(
          'update sheet_versions set frozen_html = $4 where company_id = $1 and document_id = $2 and version = $3 and frozen_html is null',
          [session.companyId, doc.id, version, html],
        );
        await db.query('update sheet_documents set published_version = $3 where company_id = $1 and id = $2', [session.companyId, doc.id, version]);
      }
      if (body.action === 'revise') {
        const v = await requireVersion(db, session.companyId, doc, version);
        version += 1;
        await db.query(`insert into sheet_versions (company_id, document_id, version, title, body, saved_by) values ($1, $2, $3, $4, $5, $6)`, [
          session.companyId,
          doc.id,
          version,
          v.title,
          v.body,
          session.userId,
        ]);
        await db.query('update sheet_documents set version = $3, approved_by = null, approved_at = null where company_id = $1 and id = $2', [
          session.companyId,
          doc.id,
          version,
        ]);
      }
      await db.query('update sheet_documents set state = $3, state_by = $4, state_at = now(), updated_at = now() where company_id = $1 and id = $2', [
        session.companyId,
        doc.id,
        rule.to,
        session.userId,
      ]);
      await logEvent(db, session.companyId, doc, {
        action: body.action,
        from: doc.state,
        to: rule.to,
        version,
        note: body.note,
        actor: session.userId,
      });
      return { data: await documentDetail(db, session.companyId, doc.id, session.userId) };
    },
  }),

  route({
    method: 'DELETE',
    url: '/sheets/:id',
    access: SHEETS_WRITE,
    params: sheetIdParams,
    handler: async ({ db, session, params }) => {
      const doc = await documentRow(db, session.companyId, params.id, true);
      if (doc.published_version !== null) throw new ApiError(409, 'sheet_delete_published');
      const record = toRecord(doc);
      await db.query('delete from sheet_documents where company_id = $1 and id = $2', [session.companyId, doc.id]);
      return { data: record };
    },
  }),

  route({
    method: 'GET',
    url: '/sheets/:id/versions/:version',
    access: SHEETS_READ,
    params: sheetVersionParams,
    reply: sheetVersionReply,
    handler: async ({ db, session, params }) => {
      const doc = await documentRow(db, session.companyId, params.id);
      const v = await requireVersion(db, session.companyId, doc, params.version);
      return { data: { version: v.version, title: v.title, body: v.body, frozen: v.frozen_html !== null } };
    },
  }),

  route({
    method: 'GET',
    url: '/sheets/:id/preview',
    access: SHEETS_READ,
    params: sheetIdParams,
    query: sheetExportQuery,
    reply: sheetPreviewReply,
    handler: async ({ db, session, params, query }) => {
      const doc = await documentRow(db, session.companyId, params.id);
      const v = await requireVersion(db, session.companyId, doc, query.version ?? doc.version);
      const printed = await printableHtml(db, config, session.companyId, doc, v);
      return { data: { version: v.version, ...printed } };
    },
  }),

  route({
    method: 'GET',
    url: '/sheets/:id/export',
    access: SHEETS_READ,
    params: sheetIdParams,
    query: sheetExportQuery,
    handler: async ({ db, session, params, query, req, reply }) => {
      const doc = await documentRow(db, session.companyId, params.id);
      const v = await requireVersion(db, session.companyId, doc, query.version ?? doc.published_version ?? doc.version);
      const { html } = await printableHtml(db, config, session.companyId, doc, v);
      const input = await printInput(db, config, session.companyId, doc, v, html);
      const pdf = query.format === 'pdf';
      const file = pdf ? await renderSheetPdf(input) : await renderSheetDocx(input);
      await auditExport({ db, session, req }, 'sheet_documents', [doc.id], { format: query.format, version: v.version });
      const name = `document-v${v.version}.${query.format}`;
      reply
        .header('content-type', pdf ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
        .header(
          'content-disposition',
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(`${v.title}-v${v.version}.${query.format}`)}`,
        )
        .send(file);
      return undefined;
    },
  }),
];
