import type { FastifyBaseLogger } from 'fastify';
import { emitWebhook } from '../webhooks/outbox';
import { displayName } from '../../../contract/people';
import { DSR_DUE_DAYS, type DsrAddBody, type DsrChannel } from '../../../contract/dsr';
import { DSR_INTAKE_BODY_LIMIT, dsrIntakeBody, dsrIntakeReply } from '../../../contract/dsrIntake';
import { bangkokDayStart, bangkokDaysBetween } from '../../../contract/clock';
import { MENU } from '../../../contract/menus';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { sendMail } from '../../mail';
import { checkFile, removeStoredFile, storeFile, type CheckedFile } from './files';
import { publishedForm } from './forms';
import { parseDsr } from './input';
import { formatMailDate, trackingLink } from './mailText';
import { checkAgainstForm } from './public';
import { addHistory } from './rows';

export type RequestFileKind = 'identity' | 'authority' | 'letter';
export interface RequestFile {
  kind: RequestFileKind;
  file: CheckedFile;
}

/** What a request is filed with, however it came: the checked body, its files, how and when it was received. */
export interface Filing {
  companyId: string;
  companyCode: string;
  formId: string;
  body: Omit<DsrAddBody, 'consent' | 'identityEvidence' | 'authorityProof'>;
  files: RequestFile[];
  channel: DsrChannel;
  /** absent: now */
  receivedAt?: Date;
  recordedBy?: string;
}

/**
 * Files a request in the transaction `q`: its reference code, the 30-day clock from receipt, the
 * history's first entry, the files (encrypted, outside the web root) and the company's notification.
 * A failure takes the files written away again.
 */
export async function fileRequest(q: Queryable, config: ServerConfig, f: Filing) {
  const stored: string[] = [];
  try {
    for (const file of f.files) stored.push(await storeFile(config, f.companyId, file.file));
    const { body } = f;
    const contactEmail = body.requesterType === 'representative' && body.representative ? body.representative.email : body.subject.email;
    const [{ last }] = await q.query<{ last: number }>(
      `insert into dsr_counters (company_id, last) values ($1, 1)
       on conflict (company_id) do update set last = dsr_counters.last + 1 returning last`,
      [f.companyId],
    );
    const referenceCode = `${f.companyCode.toUpperCase()}-DSR-${String(last).padStart(4, '0')}`;
    const [row] = await q.query<{ id: string; received_at: Date | string; due_at: Date | string }>(
      `insert into dsr_requests (company_id, form_id, reference_code, rights, requester_type, subject, email, representative,
                                 details, lang, received_at, due_at, channel, recorded_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($12::timestamptz, now()),
               coalesce($12::timestamptz, now()) + make_interval(hours => 24 * $11), $13, $14)
       returning id, received_at, due_at`,
      [
        f.companyId,
        f.formId,
        referenceCode,
        body.rights,
        body.requesterType,
        JSON.stringify(body.subject),
        contactEmail,
        body.requesterType === 'representative' ? JSON.stringify(body.representative) : null,
        body.details,
        body.lang,
        DSR_DUE_DAYS,
        f.receivedAt?.toISOString() ?? null,
        f.channel,
        f.recordedBy ?? null,
      ],
    );
    await addHistory(q, f.companyId, row.id, { action: 'received', statusId: 1, actorId: f.recordedBy });
    await emitWebhook(q, f.companyId, 'request.received', {
      id: row.id,
      referenceCode,
      rights: body.rights,
      channel: f.channel,
      receivedAt: new Date(row.received_at).toISOString(),
      dueAt: new Date(row.due_at).toISOString(),
    });
    for (const [i, file] of f.files.entries()) {
      await q.query('insert into dsr_files (company_id, request_id, kind, name, mime, size, stored_name) values ($1, $2, $3, $4, $5, $6, $7)', [
        f.companyId,
        row.id,
        file.kind,
        file.file.name,
        file.file.mime,
        file.file.bytes.length,
        stored[i],
      ]);
    }
    await q.query(`insert into notifications (company_id, kind, params, link) values ($1, 'dsr_new', $2, $3)`, [
      f.companyId,
      JSON.stringify({ ref: referenceCode }),
      '/consents/datasubject/list',
    ]);
    return { id: row.id, referenceCode, contactEmail, receivedAt: new Date(row.received_at), dueAt: new Date(row.due_at) };
  } catch (err) {
    for (const name of stored) await removeStoredFile(config, f.companyId, name);
    throw err;
  }
}

/** The requester's receipt, in the language they wrote in; a mail server's trouble never loses the request. */
export async function mailReceipt(
  q: Queryable,
  config: ServerConfig,
  log: FastifyBaseLogger,
  body: Filing['body'],
  controller: { nameTh: string; nameEn: string },
  saved: Awaited<ReturnType<typeof fileRequest>>,
) {
  const lang = body.lang;
  await sendMail(
    q,
    {
      to: saved.contactEmail,
      template: 'dsr_received',
      lang,
      params: {
        name: body.requesterType === 'representative' && body.representative ? body.representative.name : displayName(body.subject),
        company: lang === 'en' ? controller.nameEn : controller.nameTh,
        ref: saved.referenceCode,
        receivedAt: formatMailDate(saved.receivedAt, lang),
        dueAt: formatMailDate(saved.dueAt, lang),
        link: trackingLink(config),
      },
    },
    config.mail,
  ).catch((err) => log.error({ err }, 'DSR receipt e-mail not sent'));
}

/**
 * Staff record a request received by e-mail, telephone, post or in person: the same rules as the
 * public form (the form's rights, identity fields and evidence, the files checked by content), its
 * clock from the day it was received (Bangkok's; today: now), scans of the letter kept with it.
 */
export const dsrIntakeRoutes = (config: ServerConfig) => [
  route({
    method: 'POST',
    url: '/consents/datasubject/intake',
    access: { menuId: MENU.consents.menuId, write: true },
    describedBody: dsrIntakeBody,
    reply: dsrIntakeReply,
    bodyLimit: DSR_INTAKE_BODY_LIMIT,
    handler: async ({ db, session, req, lang }) => {
      const body = parseDsr(dsrIntakeBody, req.body, lang);
      const found = await publishedForm(db, body.formId);
      if (found.companyId !== session.companyId) throw notFound();
      checkAgainstForm({ ...body, consent: true }, found.form, lang);
      const files: RequestFile[] = [];
      if (body.identityEvidence) files.push({ kind: 'identity', file: await checkFile(body.identityEvidence) });
      if (body.requesterType === 'representative' && body.authorityProof) {
        files.push({ kind: 'authority', file: await checkFile(body.authorityProof) });
      }
      for (const letter of body.letters) files.push({ kind: 'letter', file: await checkFile(letter) });
      const today = bangkokDaysBetween(bangkokDayStart(body.receivedOn), new Date()) === 0;
      const saved = await fileRequest(db, config, {
        companyId: session.companyId,
        companyCode: found.companyCode,
        formId: found.form._id,
        body,
        files,
        channel: body.channel,
        receivedAt: today ? undefined : bangkokDayStart(body.receivedOn),
        recordedBy: session.userId,
      });
      await mailReceipt(db, config, req.log, body, found.form.controller, saved);
      return { requestId: saved.id, referenceCode: saved.referenceCode, dueAt: saved.dueAt.toISOString() };
    },
  }),
];
