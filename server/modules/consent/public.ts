import { consentGiveBody, consentWithdrawBody, publicFormParams, publicPolicyParams, noticeReply } from '../../../contract/consent';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { recordGiven, recordWithdrawn } from './give';
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

export const publicRoutes = [
  route({
    method: 'GET',
    url: '/consents/public/form/:formRef/:formId',
    access: 'public',
    reply: noticeReply,
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
    reply: noticeReply,
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
      return db.tx(async (q) => ({
        data: await recordGiven(q, await publishedForm(q, params.formRef, params.formId), body, { channel: 'web', ip: req.ip }),
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
      throttle(req);
      return db.tx(async (q) => ({
        data: await recordWithdrawn(q, await publishedForm(q, params.formRef, params.formId), body, { channel: 'web', ip: req.ip }),
      }));
    },
  }),
];
