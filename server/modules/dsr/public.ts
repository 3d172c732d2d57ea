import { displayName } from '../../../contract/people';
import { DSR_DUE_DAYS, DSR_ADD_BODY_LIMIT, dsrAddBody, dsrTrackingBody, type DsrAddBody, dsrAddReply, dsrTrackingReply } from '../../../contract/dsr';
import type { ServerConfig } from '../../config';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import { actAs, publicActor } from '../../http/actorDb';
import { sendMail } from '../../mail';
import { checkFile, removeStoredFile, storeFile, type CheckedFile } from './files';
import { publishedForm } from './forms';
import { parseDsr } from './input';
import { formatMailDate, trackingLink } from './mailText';
import { addHistory } from './rows';
import { publicThrottle } from './throttle';
import dsrTexts from '../../../i18n/dsr';

/** What the form asks beyond the body's own rules: its rights, its identity fields, its evidence. */
function checkAgainstForm(body: DsrAddBody, form: Awaited<ReturnType<typeof publishedForm>>['form'], lang: Lang) {
  if (body.rights.some((r) => !form.rights.includes(r))) throw new ApiError(400, 'dsr_right_not_offered');
  const labels = dsrTexts[lang].dsr.identity;
  for (const field of form.identityFields) {
    if (!body.subject[field]) throw new ApiError(400, 'dsr_identity_field_required', { field: labels[field] });
  }
  if (form.evidenceRequired && !body.identityEvidence) throw new ApiError(400, 'dsr_evidence_required');
}

/** The data subjects' public calls: a request through a published form, and its tracking. No session, rate limited per address. */
export const dsrPublicRoutes = (config: ServerConfig) => [
  route({
    method: 'POST',
    url: '/consents/datasubject/add',
    access: 'public',
    describedBody: dsrAddBody,
    reply: dsrAddReply,
    bodyLimit: DSR_ADD_BODY_LIMIT,
    handler: async ({ db, req, lang }) => {
      await publicThrottle(db, `add:${req.ip}`, config.dsrSubmitLimit, 60);
      const body = parseDsr(dsrAddBody, req.body, lang);
      const { companyId, companyCode, form } = await publishedForm(db, body.formId);
      checkAgainstForm(body, form, lang);
      const files: { kind: 'identity' | 'authority'; file: CheckedFile }[] = [];
      if (body.identityEvidence) files.push({ kind: 'identity', file: await checkFile(body.identityEvidence) });
      if (body.requesterType === 'representative' && body.authorityProof) {
        files.push({ kind: 'authority', file: await checkFile(body.authorityProof) });
      }
      // the files first (encrypted, outside the web root); a failed insert takes them away again
      const stored: string[] = [];
      try {
        for (const f of files) stored.push(await storeFile(config, companyId, f.file));
        const contactEmail = body.requesterType === 'representative' && body.representative ? body.representative.email : body.subject.email;
        const saved = await db.tx(async (q) => {
          await actAs(q, publicActor(req));
          const [{ last }] = await q.query<{ last: number }>(
            `insert into dsr_counters (company_id, last) values ($1, 1)
             on conflict (company_id) do update set last = dsr_counters.last + 1 returning last`,
            [companyId],
          );
          const referenceCode = `${companyCode.toUpperCase()}-DSR-${String(last).padStart(4, '0')}`;
          const [row] = await q.query<{ id: string; received_at: Date | string; due_at: Date | string }>(
            `insert into dsr_requests (company_id, form_id, reference_code, rights, requester_type, subject, email, representative,
                                       details, lang, received_at, due_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), now() + make_interval(hours => 24 * $11))
             returning id, received_at, due_at`,
            [
              companyId,
              form._id,
              referenceCode,
              body.rights,
              body.requesterType,
              JSON.stringify(body.subject),
              contactEmail,
              body.requesterType === 'representative' ? JSON.stringify(body.representative) : null,
              body.details,
              body.lang,
              DSR_DUE_DAYS,
            ],
          );
          await addHistory(q, companyId, row.id, { action: 'received', statusId: 1 });
          for (const [i, f] of files.entries()) {
            await q.query('insert into dsr_files (company_id, request_id, kind, name, mime, size, stored_name) values ($1, $2, $3, $4, $5, $6, $7)', [
              companyId,
              row.id,
              f.kind,
              f.file.name,
              f.file.mime,
              f.file.bytes.length,
              stored[i],
            ]);
          }
          await q.query(`insert into notifications (company_id, kind, params, link) values ($1, 'dsr_new', $2, $3)`, [
            companyId,
            JSON.stringify({ ref: referenceCode }),
            '/consents/datasubject/list',
          ]);
          return { referenceCode, receivedAt: new Date(row.received_at), dueAt: new Date(row.due_at) };
        });
        // the e-mail after the commit: a mail server's trouble never loses the request (it is shown on screen too)
        const mailLang = body.lang;
        await sendMail(
          db,
          {
            to: contactEmail,
            template: 'dsr_received',
            lang: mailLang,
            params: {
              name: body.requesterType === 'representative' && body.representative ? body.representative.name : displayName(body.subject),
              company: mailLang === 'en' ? form.controller.nameEn : form.controller.nameTh,
              ref: saved.referenceCode,
              receivedAt: formatMailDate(saved.receivedAt, mailLang),
              dueAt: formatMailDate(saved.dueAt, mailLang),
              link: trackingLink(config),
            },
          },
          config.mail,
        ).catch((err) => req.log.error({ err }, 'DSR receipt e-mail not sent'));
        return { referenceCode: saved.referenceCode, receivedAt: saved.receivedAt.toISOString(), dueAt: saved.dueAt.toISOString() };
      } catch (err) {
        for (const name of stored) await removeStoredFile(config, companyId, name);
        throw err;
      }
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
