import { ADULT_AGE, GUARDIAN_SOLE_AGE, consentGiveBody, consentWithdrawBody, publicFormParams, publicPolicyParams } from '../../../contract/consent';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { latestVersion, toNotice, type VersionRow } from './notice';

/** Calls one address may make to the public consent pages per minute (reads and writes together). */
export const PUBLIC_CONSENT_LIMIT = 60;
const WINDOW_MS = 60_000;
const hits = new Map<string, number[]>();

/** Per-address sliding window, in this process (each API process counts its own callers). */
function throttle(req: FastifyRequest) {
  const now = Date.now();
  const recent = (hits.get(req.ip) ?? []).filter((t) => t > now - WINDOW_MS);
  if (recent.length >= PUBLIC_CONSENT_LIMIT) throw new ApiError(429, 'throttled');
  recent.push(now);
  hits.set(req.ip, recent);
  if (hits.size > 10_000) for (const [ip, times] of hits) if (!times.some((t) => t > now - WINDOW_MS)) hits.delete(ip);
}

/** The published form the public address names (both parts must match), or a 404. */
async function publishedForm(db: Queryable, formRef: string, formId: string): Promise<VersionRow> {
  const version = await latestVersion(db, 'f.id = $1 and f.form_ref = $2', [formId, formRef]);
  if (!version) throw notFound();
  return version;
}

/** The current state of each of one subject's purposes on a form: the latest record's action. */
async function currentActions(db: Queryable, v: VersionRow, subjectId: string, email: string) {
  const rows = await db.query<{ purpose_id: string; action: string }>(
    `select distinct on (purpose_id) purpose_id, action from consent_records
      where company_id = $1 and form_id = $2 and subject_id = $3 and email = $4
      order by purpose_id, created_at desc, id desc`,
    [v.company_id, v.form_id, subjectId, email],
  );
  return new Map(rows.map((r) => [r.purpose_id, r.action]));
}

const RECORD_INSERT = `insert into consent_records
  (company_id, form_id, version_id, version, text_hash, purpose_id, purpose_hash, subject_id, email, name, action, explicit,
   channel, lang, guardian, age, ip)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'web', $13, $14, $15, $16)`;

export const publicRoutes = [
  route({
    method: 'GET',
    url: '/consents/public/form/:formRef/:formId',
    access: 'public',
    params: publicFormParams,
    handler: async ({ db, req, params }) => {
      throttle(req);
      return { notice: toNotice(await publishedForm(db, params.formRef, params.formId)) };
    },
  }),
  route({
    method: 'GET',
    url: '/consents/public/policy/:companyId/:formId',
    access: 'public',
    params: publicPolicyParams,
    handler: async ({ db, req, params }) => {
      throttle(req);
      const version = await latestVersion(db, 'f.id = $1 and f.company_id = $2', [params.formId, params.companyId]);
      if (!version) throw notFound();
      return { notice: toNotice(version) };
    },
  }),
  route({
    method: 'POST',
    url: '/consents/public/form/:formRef/:formId',
    access: 'public',
    params: publicFormParams,
    body: consentGiveBody,
    handler: async ({ db, req, params, body }) => {
      throttle(req);
      return db.tx(async (q) => {
        const v = await publishedForm(q, params.formRef, params.formId);
        if (v.version !== body.version) throw new ApiError(409, 'consent_version_changed');
        const purposes = new Map(v.content.purposes.map((p) => [p._id, p]));
        if (body.purposes.some((p) => !purposes.has(p._id))) throw new ApiError(400, 'consent_unknown_purpose');
        const ticked = body.purposes.filter((p) => p.consent);
        if (!ticked.length) throw new ApiError(400, 'consent_nothing_ticked');
        // s.20: under 20 a guardian consents too; under 10 the guardian alone can
        if (body.age < ADULT_AGE && !body.guardian) throw new ApiError(400, 'consent_guardian_required');
        const guardian = body.guardian
          ? JSON.stringify({ name: body.guardian.name, relation: body.guardian.relation, sole: body.age < GUARDIAN_SOLE_AGE })
          : null;
        for (const p of ticked) {
          const purpose = purposes.get(p._id)!;
          await q.query(RECORD_INSERT, [
            v.company_id, v.form_id, v.id, v.version, v.text_hash, p._id, purpose.hash, body.subjectId, body.email, body.name,
            'given', purpose.explicit, body.lang, guardian, body.age, req.ip,
          ]);
        }
        return { data: { given: ticked.map((p) => p._id), version: v.version, textHash: v.text_hash } };
      });
    },
  }),
  route({
    method: 'POST',
    url: '/consents/public/withdraw/:formRef/:formId',
    access: 'public',
    params: publicFormParams,
    body: consentWithdrawBody,
    handler: async ({ db, req, params, body }) => {
      throttle(req);
      return db.tx(async (q) => {
        const v = await publishedForm(q, params.formRef, params.formId);
        const purposes = new Map(v.content.purposes.map((p) => [p._id, p]));
        if (body.purposes.some((id) => !purposes.has(id))) throw new ApiError(400, 'consent_unknown_purpose');
        const current = await currentActions(q, v, body.subjectId, body.email);
        const withdrawn: string[] = [];
        for (const id of new Set(body.purposes)) {
          if (current.get(id) !== 'given') continue;
          const purpose = purposes.get(id)!;
          await q.query(RECORD_INSERT, [
            v.company_id, v.form_id, v.id, v.version, v.text_hash, id, purpose.hash, body.subjectId, body.email, '',
            'withdrawn', purpose.explicit, body.lang, null, null, req.ip,
          ]);
          withdrawn.push(id);
        }
        return { data: { withdrawn } };
      });
    },
  }),
];
