import { DSR_ADD_BODY_LIMIT, dsrAddBody, dsrTrackingBody, type DsrAddBody, dsrTrackingReply } from '../../../contract/dsr';
import { dsrPendingReply } from '../../../contract/dsrIntake';
import type { ServerConfig } from '../../config';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import { checkFile } from './files';
import { publishedForm } from './forms';
import { parseDsr } from './input';
import type { RequestFile } from './intake';
import { publicThrottle } from './throttle';
import { startVerification } from './verify';
import dsrTexts from '../../../i18n/dsr';

/** What the form asks beyond the body's own rules: its rights, its identity fields, its evidence. */
export function checkAgainstForm(body: DsrAddBody, form: Awaited<ReturnType<typeof publishedForm>>['form'], lang: Lang) {
  if (body.rights.some((r) => !form.rights.includes(r))) throw new ApiError(400, 'dsr_right_not_offered');
  const labels = dsrTexts[lang].dsr.identity;
  for (const field of form.identityFields) {
    if (!body.subject[field]) throw new ApiError(400, 'dsr_identity_field_required', { field: labels[field] });
  }
  if (form.evidenceRequired && !body.identityEvidence) throw new ApiError(400, 'dsr_evidence_required');
}

/** The data subjects' public calls: a request through a published form (filed once its e-mailed code comes back), and its tracking. No session, rate limited per address. */
export const dsrPublicRoutes = (config: ServerConfig) => [
  route({
    method: 'POST',
    url: '/consents/datasubject/add',
    access: 'public',
    describedBody: dsrAddBody,
    reply: dsrPendingReply,
    bodyLimit: DSR_ADD_BODY_LIMIT,
    handler: async ({ db, req, lang }) => {
      await publicThrottle(db, `add:${req.ip}`, config.dsrSubmitLimit, 60);
      const body = parseDsr(dsrAddBody, req.body, lang);
      const { companyId, form } = await publishedForm(db, body.formId);
      checkAgainstForm(body, form, lang);
      const files: RequestFile[] = [];
      if (body.identityEvidence) files.push({ kind: 'identity', file: await checkFile(body.identityEvidence) });
      if (body.requesterType === 'representative' && body.authorityProof) {
        files.push({ kind: 'authority', file: await checkFile(body.authorityProof) });
      }
      // filed only once the requester gives back the code e-mailed to them (verify.ts)
      return startVerification(db, config, req, { companyId, formId: form._id }, body, files);
    },
  }),

  route({
    method: 'POST',
    url: '/consents/datasubject/tracking',
    access: 'public',
    describedBody: dsrTrackingBody,
    reply: dsrTrackingReply,
    handler: async ({ db, req, lang }) => {
      await publicThrottle(db, `track:${req.ip}`, config.dsrSubmitLimit * 3, 60);
      const body = parseDsr(dsrTrackingBody, req.body, lang);
      const [request] = await db.query<{ id: string; company_id: string; reference_code: string; status_id: number }>(
        'select id, company_id, reference_code, status_id from dsr_requests where upper(reference_code) = upper($1) and lower(email) = lower($2)',
        [body.referenceCode, body.email],
      );
      // a wrong code and a wrong e-mail answer alike
      if (!request) throw new ApiError(404, 'dsr_tracking_not_found');
      const history = await db.query<{ status_id: number; at: Date | string }>(
        `select status_id, at from dsr_history where company_id = $1 and request_id = $2 and action in ('received', 'state') order by at, id`,
        [request.company_id, request.id],
      );
      return {
        referenceCode: request.reference_code,
        statusId: request.status_id,
        history: history.map((h) => ({ statusId: h.status_id, at: new Date(h.at).toISOString() })),
      };
    },
  }),
];
