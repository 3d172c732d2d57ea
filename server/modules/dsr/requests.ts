import { displayName } from '../../../contract/people';
import { emitWebhook } from '../webhooks/outbox';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { addDays } from '../../../contract/clock';
import { DSR_EXPIRE_DAYS } from '../../../contract/dashboard';
import {
  DSR_ANSWERED,
  DSR_STATUS,
  DSR_STATUS_KEYS,
  DSR_TRANSITIONS,
  dsrAssignBody,
  dsrExportQuery,
  dsrExtendBody,
  dsrFileQuery,
  dsrListQuery,
  dsrStateChangeBody,
  dsrStateDeleteQuery,
  dsrStateQuery,
  statusKeyOf,
  DSR_PROOF_BODY_LIMIT,
  type DsrStatusId,
  dsrListReply,
  dsrStateReply,
  dsrRequestReply,
  dsrAssigneesReply,
} from '../../../contract/dsr';
import { MENU } from '../../../contract/menus';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { likePattern } from '../../db/search';
import { ApiError, notFound } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import { sendMail } from '../../mail';
import { auditExport } from '../audit/record';
import { checkFile, readStoredFile, removeStoredFile, storeFile } from './files';
import { parseDsr } from './input';
import { REQUEST_SELECT, addHistory, fromRaw, raiseDueNotifications, requestDetail, toRequestRow, type RequestRow } from './rows';
import { dsrCsv } from './csv';
import { acceptRequestTasks, refuseWhileTasksOpen } from './taskAccept';
import { formatMailDate, trackingLink } from './mailText';
import dsrTexts from '../../../i18n/dsr';
import { idsOfList, keepRead } from '../../http/readLog';
import { actorOf } from '../../http/actorDb';

const access = { menuId: MENU.consents.menuId } as const;
const write = { ...access, write: true } as const;

const stateName = (lang: Lang, statusId: number) => {
  const key = statusKeyOf(statusId);
  return key ? dsrTexts[lang].dsr.status[key] : String(statusId);
};

/** The list's filters as SQL (the company first). */
function listWhere(companyId: string, f: z.infer<typeof dsrExportQuery>) {
  const params: unknown[] = [companyId];
  let where = 'r.company_id = $1';
  if (f.statusId) {
    params.push(f.statusId);
    where += ` and r.status_id = $${params.length}`;
  }
  // the dashboard's predicates (server/modules/dashboard/feeds.ts): open, overdue, due within 7 days
  if (f.open === 'true') where += ' and r.status_id in (1, 2, 3)';
  if (f.overdue === 'true') where += ' and r.status_id in (1, 2, 3) and r.due_at < now()';
  if (f.dueSoon === 'true') {
    params.push(DSR_EXPIRE_DAYS);
    where += ` and r.status_id in (1, 2, 3) and r.due_at >= now() and r.due_at < now() + make_interval(days => $${params.length})`;
  }
  // received on the Bangkok days from..to
  if (f.from) {
    params.push(f.from);
    where += ` and r.received_at >= ($${params.length}::date::timestamp at time zone 'Asia/Bangkok')`;
  }
  if (f.to) {
    params.push(f.to);
    where += ` and r.received_at < (($${params.length}::date + 1)::timestamp at time zone 'Asia/Bangkok')`;
  }
  if (f.search) {
    params.push(likePattern(f.search));
    where += ` and (r.reference_code ilike $${params.length} or r.email ilike $${params.length}
                or (r.subject->>'firstname') || ' ' || (r.subject->>'lastname') ilike $${params.length})`;
  }
  return { where, params };
}

/** The request locked for a change, or a 404 for another company's or an unknown one. */
async function lockRequest(q: Queryable, companyId: string, requestId: string) {
  const [row] = await q.query<{ status_id: number; extension_days: number | null; reference_code: string; rights: string[]; due_at: Date | string }>(
    'select status_id, extension_days, reference_code, rights, due_at from dsr_requests where company_id = $1 and id = $2 for update',
    [companyId, requestId],
  );
  if (!row) throw notFound();
  return row;
}

export const dsrRequestRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/consents/datasubject/list',
    personalData: { entity: 'dsr_requests', ids: idsOfList('requestList') },
    access,
    reply: dsrListReply,
    query: dsrListQuery,
    handler: async ({ db, session, query }) => {
      // the requests marked notified, their notifications and their webhooks commit together (a GET runs outside a transaction)
      await db.tx((q) => raiseDueNotifications(q, session.companyId));
      const { where, params } = listWhere(session.companyId, query);
      const [rows, [{ total }]] = await Promise.all([
        db.query<Parameters<typeof fromRaw>[0]>(
          `${REQUEST_SELECT} where ${where} order by r.received_at desc, r.id desc
            limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, query.limit, pageOffset(query)],
        ),
        db.query<{ total: number }>(`select count(*)::int as total from dsr_requests r where ${where}`, params),
      ]);
      const now = new Date();
      return { requestList: rows.map((r) => toRequestRow(fromRaw(r), now)), totalItem: total };
    },
  }),

  route({
    method: 'GET',
    url: '/consents/datasubject/state',
    personalData: { entity: 'dsr_requests', ids: ({ query }) => [query.requestId] },
    access,
    reply: dsrStateReply,
    query: dsrStateQuery,
    handler: async ({ db, session, query }) => ({
      stateList: DSR_STATUS_KEYS.map((key) => ({ statusId: DSR_STATUS[key], key, next: [...DSR_TRANSITIONS[DSR_STATUS[key]]] })),
      ...(query.requestId ? { request: await requestDetail(db, session.companyId, query.requestId) } : {}),
    }),
  }),

  route({
    method: 'POST',
    url: '/consents/datasubject/state',
    access: write,
    describedBody: dsrStateChangeBody,
    reply: dsrRequestReply,
    bodyLimit: DSR_PROOF_BODY_LIMIT,
    handler: async ({ db, session, req, lang }) => {
      const body = parseDsr(dsrStateChangeBody, req.body, lang);
      const proofFile = body.proof?.file ? await checkFile(body.proof.file) : undefined;
      const current = await lockRequest(db, session.companyId, body.requestId);
      if (!DSR_TRANSITIONS[current.status_id as DsrStatusId].includes(body.statusId as DsrStatusId)) {
        throw new ApiError(409, 'dsr_transition', { from: stateName(lang, current.status_id), to: stateName(lang, body.statusId) });
      }
      await refuseWhileTasksOpen(db, session.companyId, body.requestId, body.statusId);
      const refusal = body.statusId === DSR_STATUS.refused ? body.refusal : undefined;
      const proof = DSR_STATUS.fulfilled === body.statusId || DSR_STATUS.partial === body.statusId ? body.proof : undefined;
      await db.query(
        `update dsr_requests set status_id = $3, updated_at = now(),
                refusal_ground = coalesce($4, refusal_ground), refusal_reasons = coalesce($5, refusal_reasons),
                proof_text = coalesce($6, proof_text)
          where company_id = $1 and id = $2`,
        [session.companyId, body.requestId, body.statusId, refusal?.legalGround ?? null, refusal?.reasons ?? null, proof?.text ?? null],
      );
      if (body.statusId === DSR_STATUS.inReview) await acceptRequestTasks(db, config, session.companyId, body.requestId, session.userId);
      const note = refusal ? refusal.reasons : proof ? proof.text : body.note;
      await addHistory(db, session.companyId, body.requestId, { action: 'state', statusId: body.statusId, note, actorId: session.userId });
      if (DSR_ANSWERED.includes(body.statusId)) {
        await emitWebhook(db, session.companyId, 'request.closed', {
          id: body.requestId,
          referenceCode: current.reference_code,
          statusId: body.statusId,
          rights: current.rights,
        });
      }
      if (refusal) {
        await db.query(
          `insert into dsr_refusals (company_id, request_id, reference_code, rights, legal_ground, reasons, refused_by)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [session.companyId, body.requestId, current.reference_code, current.rights, refusal.legalGround, refusal.reasons, session.userId],
        );
      }
      if (proofFile) {
        const stored = await storeFile(config, session.companyId, proofFile);
        try {
          await db.query(
            `insert into dsr_files (company_id, request_id, kind, name, mime, size, stored_name) values ($1, $2, 'proof', $3, $4, $5, $6)`,
            [session.companyId, body.requestId, proofFile.name, proofFile.mime, proofFile.bytes.length, stored],
          );
        } catch (err) {
          await removeStoredFile(config, session.companyId, stored);
          throw err;
        }
      }
      return { request: await requestDetail(db, session.companyId, body.requestId) };
    },
  }),

  route({
    method: 'DELETE',
    url: '/consents/datasubject/state',
    access: write,
    query: dsrStateDeleteQuery,
    handler: async ({ db, session, query }) => {
      const current = await lockRequest(db, session.companyId, query.requestId);
      if (current.status_id !== DSR_STATUS.received || current.extension_days !== null) throw new ApiError(409, 'dsr_delete_worked');
      const files = await db.query<{ stored_name: string }>('select stored_name from dsr_files where company_id = $1 and request_id = $2', [
        session.companyId,
        query.requestId,
      ]);
      await db.query('delete from dsr_requests where company_id = $1 and id = $2', [session.companyId, query.requestId]);
      const removeFiles = async () => {
        for (const f of files) await removeStoredFile(config, session.companyId, f.stored_name);
      };
      if (db.afterCommit) db.afterCommit(removeFiles);
      else await removeFiles();
      return {};
    },
  }),

  route({
    method: 'POST',
    url: '/consents/datasubject/extend',
    access: write,
    describedBody: dsrExtendBody,
    reply: dsrRequestReply,
    handler: async ({ db, session, req, lang }) => {
      const body = parseDsr(dsrExtendBody, req.body, lang);
      const current = await lockRequest(db, session.companyId, body.requestId);
      if (DSR_ANSWERED.includes(current.status_id)) throw new ApiError(409, 'dsr_closed');
      if (current.extension_days !== null) throw new ApiError(409, 'dsr_already_extended');
      const [row] = await db.query<RequestRow & { company_code: string; company_detail: { nameTh?: string; nameEn?: string } }>(
        `update dsr_requests r set due_at = $5, extension_days = $3, extension_reason = $4,
                due_notified_at = null, updated_at = now()
           from companies c where c.id = r.company_id and r.company_id = $1 and r.id = $2
         returning r.*, c.code as company_code, c.detail as company_detail`,
        // the row is locked: the new due date is the old one `days` Bangkok calendar days on
        [session.companyId, body.requestId, body.days, body.reason, addDays(new Date(current.due_at), body.days)],
      );
      await addHistory(db, session.companyId, body.requestId, {
        action: 'extend',
        statusId: current.status_id,
        note: body.reason,
        actorId: session.userId,
      });
      // the requester hears of it in the language they wrote in
      const mailLang = row.lang;
      await sendMail(
        db,
        {
          to: row.email,
          template: 'dsr_extended',
          lang: mailLang,
          params: {
            name: displayName(row.subject),
            company: (mailLang === 'en' ? row.company_detail.nameEn : row.company_detail.nameTh) ?? row.company_code,
            ref: row.reference_code,
            days: body.days,
            reason: body.reason,
            dueAt: formatMailDate(new Date(row.due_at), mailLang),
            link: trackingLink(config),
          },
        },
        config.mail,
      );
      return { request: await requestDetail(db, session.companyId, body.requestId) };
    },
  }),

  route({
    method: 'PUT',
    url: '/consents/datasubject/assign',
    access: write,
    reply: dsrRequestReply,
    body: dsrAssignBody,
    handler: async ({ db, session, body }) => {
      const current = await lockRequest(db, session.companyId, body.requestId);
      if (body.assigneeId) {
        const [user] = await db.query('select 1 from users where company_id = $1 and id = $2 and not disabled and sub_id is null', [
          session.companyId,
          body.assigneeId,
        ]);
        if (!user) throw new ApiError(400, 'dsr_assignee_unknown');
      }
      await db.query('update dsr_requests set assignee_id = $3, updated_at = now() where company_id = $1 and id = $2', [
        session.companyId,
        body.requestId,
        body.assigneeId,
      ]);
      const [who] = body.assigneeId
        ? await db.query<{ name: string }>(
            `select coalesce(nullif(trim(firstname || ' ' || lastname), ''), username) as name from users where id = $1`,
            [body.assigneeId],
          )
        : [{ name: '-' }];
      await addHistory(db, session.companyId, body.requestId, {
        action: 'assign',
        statusId: current.status_id,
        note: who.name,
        actorId: session.userId,
      });
      return { request: await requestDetail(db, session.companyId, body.requestId) };
    },
  }),

  route({
    method: 'GET',
    url: '/consents/datasubject/assignees',
    access,
    reply: dsrAssigneesReply,
    handler: async ({ db, session }) => {
      const rows = await db.query<{ id: string; name: string }>(
        `select id, coalesce(nullif(trim(firstname || ' ' || lastname), ''), username) as name
           from users where company_id = $1 and not disabled and sub_id is null order by firstname, lastname, username`,
        [session.companyId],
      );
      return { assignees: rows.map((r) => ({ _id: r.id, name: r.name })) };
    },
  }),

  route({
    method: 'GET',
    url: '/consents/datasubject/export',
    access,
    query: dsrExportQuery,
    handler: async ({ db, session, req, reply, query, lang }) => {
      const { where, params } = listWhere(session.companyId, query);
      const rows = await db.query<Parameters<typeof fromRaw>[0]>(`${REQUEST_SELECT} where ${where} order by r.received_at desc, r.id desc`, params);
      const requests = rows.map(fromRaw);
      await auditExport(
        { db, session, req },
        'dsr_requests',
        requests.map((r) => r.id),
        { format: 'csv', filters: query },
      );
      keepRead(
        db,
        actorOf(session, req),
        'dsr_requests',
        requests.map((r) => r.id),
        'GET /consents/datasubject/export',
      );
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="data-subject-requests.csv"')
        .send(Readable.from([dsrCsv(requests, lang)]));
      return undefined;
    },
  }),

  route({
    method: 'GET',
    url: '/consents/datasubject/file',
    personalData: { entity: 'dsr_requests', ids: ({ query }) => [query.requestId] },
    access,
    query: dsrFileQuery,
    handler: async ({ db, session, req, reply, query }) => {
      const [file] = await db.query<{ name: string; mime: string; stored_name: string }>(
        'select name, mime, stored_name from dsr_files where company_id = $1 and request_id = $2 and id = $3',
        [session.companyId, query.requestId, query.fileId],
      );
      if (!file) throw notFound();
      const bytes = await readStoredFile(config, session.companyId, file.stored_name);
      // identity documents: who opened which one is part of the trail
      await auditExport({ db, session, req }, 'dsr_files', [query.fileId], { requestId: query.requestId, name: file.name });
      reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(bytes);
      return undefined;
    },
  }),
];
