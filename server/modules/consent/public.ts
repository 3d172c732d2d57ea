import { consentPublicGiveBody, consentWithdrawBody, publicFormParams, publicPolicyParams, noticeReply } from '../../../contract/consent';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { hitLimit } from '../../http/rateLimit';
import { recordGivenOnce, recordWithdrawn } from './give';
import { latestVersion, toNotice, type VersionRow } from './notice';

/** Calls one address may make to the public consent pages per minute (reads and writes together). */
export const PUBLIC_CONSENT_LIMIT = 60;

/** Per-address limit, counted in the database: holds across every server process (server/http/rateLimit.ts). */
export async function throttle(db: Queryable, req: FastifyRequest) {
  if (!(await hitLimit(db, `consent-public:${req.ip}`, PUBLIC_CONSENT_LIMIT, 1)).allowed) throw new ApiError(429, 'throttled');
}

/** The published form the public address names (both parts must match), or a 404. */
async function publishedForm(db: Queryable, formRef: string, formId: string): Promise<VersionRow> {
  const version = await latestVersion(db, 'f.id = $1 and f.form_ref = $2', [formId, formRef]);
  if (!version) throw notFound();
  return version;
}

export const publicRoutes = [
  route({
    method: 'GET',
    url: '/consents/public/form/:formRef/:formId',
    access: 'public',
    reply: noticeReply,
    params: publicFormParams,
    handler: async ({ db, req, params }) => {
      await throttle(db, req);
      return { notice: toNotice(await publishedForm(db, params.formRef, params.formId)) };
    },
  }),
  route({
    method: 'GET',
    url: '/consents/public/policy/:companyId/:formId',
    access: 'public',
    reply: noticeReply,
    params: publicPolicyParams,
    handler: async ({ db, req, params }) => {
      await throttle(db, req);
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
    body: consentPublicGiveBody,
    handler: async ({ db, req, params, body }) => {
      await throttle(db, req);
      return db.tx(async (q) => ({
        data: await recordGivenOnce(q, await publishedForm(q, params.formRef, params.formId), body, { channel: 'web', ip: req.ip }),
      }));
    },
  }),
  route({
    method: 'POST',
    url: '/consents/public/withdraw/:formRef/:formId',
    access: 'public',
    params: publicFormParams,
    body: consentWithdrawBody,
    handler: async ({ db, req, params, body }) => {
      await throttle(db, req);
      return db.tx(async (q) => ({
        data: await recordWithdrawn(q, await publishedForm(q, params.formRef, params.formId), body, { channel: 'web', ip: req.ip }),
      }));
    },
  }),
];
