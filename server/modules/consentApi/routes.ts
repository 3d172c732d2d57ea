import type { FastifyRequest } from 'fastify';
import {
  consentApiGiveBody,
  consentApiGivenReply,
  consentApiSubjectQuery,
  consentApiSubjectReply,
  consentApiWithdrawBody,
  consentApiWithdrawnReply,
  type ConsentApiCurrent,
} from '../../../contract/consentApi';
import { AUDIT_ENTITY } from '../../../contract/audit';
import type { Queryable } from '../../db/client';
import { apiActorOf, type ApiCaller } from '../../http/apiKey';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { recordAudit } from '../audit/record';
import { emitWithdrawn, insertRecord, recordGivenOnce, type RecordedThrough } from '../consent/give';
import { latestVersion, type VersionRow } from '../consent/notice';

const write = { apiScope: 'consent:write' } as const;
const read = { apiScope: 'consent:read' } as const;

/** The key's company's notice, as its latest published version, or a 404 (another company's too). */
async function noticeOf(q: Queryable, caller: ApiCaller, formId: string): Promise<VersionRow> {
  const version = await latestVersion(q, 'f.id = $1 and f.company_id = $2', [formId, caller.companyId]);
  if (!version) throw notFound();
  return version;
}

const through = (caller: ApiCaller, req: FastifyRequest): RecordedThrough => ({
  channel: 'api',
  apiKeyId: caller.keyId,
  keyName: caller.name,
  ip: req.ip,
});

/**
 * The consent records are proof of their own and not in the trail's triggers (audit_skip): the
 * key's writes are written to the trail here, in the same transaction.
 */
const auditWrite = (q: Queryable, caller: ApiCaller, req: FastifyRequest, after: Record<string, unknown>) =>
  recordAudit(q, { ...apiActorOf(caller, req), action: 'create', entity: AUDIT_ENTITY.consentRecords, after: { ...after, apiKeyId: caller.keyId } });

interface CurrentRow {
  form_id: string;
  purpose_id: string;
  state: ConsentApiCurrent['state'];
  version: number;
  text_hash: string;
  channel: string;
  created_at: Date | string;
}

/** The consent API for the company's own apps (scopes consent:write and consent:read). */
export const consentApiRoutes = [
  route({
    method: 'POST',
    url: '/consent-api/consents',
    access: write,
    reply: consentApiGivenReply,
    body: consentApiGiveBody,
    handler: async ({ db, req, apiKey, body }) => {
      const version = await noticeOf(db, apiKey, body.formId);
      const data = await recordGivenOnce(db, version, body, through(apiKey, req));
      await auditWrite(db, apiKey, req, { action: 'given', formId: body.formId, subjectId: body.subjectId, ...data });
      return { data };
    },
  }),

  route({
    method: 'POST',
    url: '/consent-api/withdrawals',
    access: write,
    reply: consentApiWithdrawnReply,
    body: consentApiWithdrawBody,
    handler: async ({ db, req, apiKey, body }) => {
      const version = await noticeOf(db, apiKey, body.formId);
      const purposes = new Map(version.content.purposes.map((p) => [p._id, p]));
      if (body.purposes.some((id) => !purposes.has(id))) throw new ApiError(400, 'consent_unknown_purpose');
      // every consent in force of the subject to these purposes, whatever e-mail it was given with
      const current = await db.query<{ email: string; purpose_id: string }>(
        `select email, purpose_id from consent_current
          where company_id = $1 and form_id = $2 and subject_id = $3 and purpose_id = any($4::text[]) and given
          order by purpose_id, email`,
        [apiKey.companyId, body.formId, body.subjectId, [...new Set(body.purposes)]],
      );
      for (const c of current) {
        const fields = {
          subjectId: body.subjectId,
          email: c.email,
          name: '',
          action: 'withdrawn' as const,
          lang: body.lang,
          guardian: null,
          age: null,
        };
        await insertRecord(db, version, purposes.get(c.purpose_id)!, fields, through(apiKey, req));
      }
      const withdrawn = [...new Set(current.map((c) => c.purpose_id))];
      if (withdrawn.length) {
        await auditWrite(db, apiKey, req, { action: 'withdrawn', formId: body.formId, subjectId: body.subjectId, withdrawn });
        await emitWithdrawn(db, version, body.subjectId, withdrawn, apiKey.name);
      }
      return { data: { withdrawn } };
    },
  }),

  route({
    method: 'GET',
    url: '/consent-api/consents',
    personalData: { entity: 'consent_subjects', ids: ({ query }) => [query.subjectId] },
    access: read,
    reply: consentApiSubjectReply,
    query: consentApiSubjectQuery,
    handler: async ({ db, apiKey, query }) => {
      if (query.formId) await noticeOf(db, apiKey, query.formId);
      const rows = await db.query<CurrentRow>(
        `select distinct on (c.form_id, c.purpose_id) c.form_id, c.purpose_id, r.version, r.text_hash, r.channel, r.created_at,
                case when r.action = 'withdrawn' then 'withdrawn'
                     when cur.content->'purposes' @> jsonb_build_array(jsonb_build_object('_id', r.purpose_id, 'hash', r.purpose_hash)) then 'given'
                     else 'reconsent' end as state
           from consent_current c
           join consent_records r on r.id = c.record_id
           join lateral (select content from consent_form_versions v where v.form_id = c.form_id order by version desc limit 1) cur on true
          where c.company_id = $1 and c.subject_id = $2 and ($3::uuid is null or c.form_id = $3::uuid)
          order by c.form_id, c.purpose_id, c.created_at desc, c.record_id desc`,
        [apiKey.companyId, query.subjectId, query.formId ?? null],
      );
      return {
        data: rows.map((r) => ({
          formId: r.form_id,
          purposeId: r.purpose_id,
          state: r.state,
          version: r.version,
          textHash: r.text_hash,
          channel: r.channel,
          updated_dt: new Date(r.created_at).toISOString(),
        })),
      };
    },
  }),
];
