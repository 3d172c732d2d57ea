import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { dsrAddReply, type DsrAddBody } from '../../../contract/dsr';
import {
  DSR_CODE_DIGITS,
  DSR_CODE_MAILS_PER_HOUR,
  DSR_CODE_MINUTES,
  DSR_CODE_TRIES,
  DSR_PENDING_DROP_DAYS,
  DSR_PENDING_REMIND_HOURS,
  dsrPendingReply,
  dsrResendBody,
  dsrVerifyBody,
} from '../../../contract/dsrIntake';
import type { MailConfig, ServerConfig } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { actAs, publicActor } from '../../http/actorDb';
import { clearLimit, hitLimit } from '../../http/rateLimit';
import { route } from '../../http/route';
import { sendMail } from '../../mail';
import { fileKey, type CheckedFile } from './files';
import { publishedForm } from './forms';
import { parseDsr } from './input';
import { fileRequest, mailReceipt, type Filing, type RequestFile } from './intake';
import { publicThrottle } from './throttle';

/**
 * The public form's e-mail verification: a submission is kept server-side (its files encrypted) and
 * a 6-digit code is e-mailed to the requester; the request is filed only when the right code comes
 * back within 15 minutes and 5 tries. Codes are kept as a keyed hash. Codes sent to one address
 * are limited per hour until one is given back; the hourly work reminds a submission left a day
 * and drops one left a week, its files with it.
 */

/** The limit's key for an e-mail address: its digest, so the table keeps no address. */
const mailKey = (email: string) => `dsr-code-mail:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

const codeHash = (config: ServerConfig, pendingId: string, code: string) =>
  createHmac('sha256', fileKey(config)).update(`dsr-code:${pendingId}:${code}`).digest('hex');

const newCode = () => String(randomInt(0, 10 ** DSR_CODE_DIGITS)).padStart(DSR_CODE_DIGITS, '0');

/** A file sealed for the pending row: iv (12) | tag (16) | ciphertext, with the file key. */
function seal(config: ServerConfig, bytes: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', fileKey(config), iv);
  const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}
function unseal(config: ServerConfig, raw: Buffer) {
  const decipher = createDecipheriv('aes-256-gcm', fileKey(config), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

/** One more code for this address, or a 429 while it has been sent too many unanswered. */
async function countCodeMail(q: Queryable, email: string) {
  if (!(await hitLimit(q, mailKey(email), DSR_CODE_MAILS_PER_HOUR, 60)).allowed) throw new ApiError(429, 'dsr_code_mail_throttled');
}

async function mailCode(q: Queryable, mail: MailConfig, to: string, lang: Lang, code: string, link: string) {
  await sendMail(q, { to, template: 'dsr_code', lang, params: { code, minutes: DSR_CODE_MINUTES, link } }, mail);
}

const continueLink = (appUrl: string, formId: string, pendingId: string) => `${appUrl}/datasubject/form/${formId}?verify=${pendingId}`;

type PendingBody = Filing['body'];

/**
 * Keeps a checked public submission until its code comes back, and e-mails the code. The address
 * is counted first: over its limit nothing is kept.
 */
export async function startVerification(
  db: Db,
  config: ServerConfig,
  req: FastifyRequest,
  target: { companyId: string; formId: string },
  body: DsrAddBody,
  files: RequestFile[],
) {
  const email = body.requesterType === 'representative' && body.representative ? body.representative.email : body.subject.email;
  await countCodeMail(db, email);
  const code = newCode();
  const kept: PendingBody = {
    formId: body.formId,
    rights: body.rights,
    requesterType: body.requesterType,
    subject: body.subject,
    representative: body.representative,
    details: body.details,
    lang: body.lang,
  };
  const pending = await db.tx(async (q) => {
    await actAs(q, publicActor(req));
    const [row] = await q.query<{ id: string; code_expires_at: Date | string }>(
      `insert into dsr_pending (company_id, form_id, email, lang, body, code_hash, code_expires_at)
       values ($1, $2, $3, $4, $5, '', now() + make_interval(mins => $6)) returning id, code_expires_at`,
      [target.companyId, target.formId, email, body.lang, JSON.stringify(kept), DSR_CODE_MINUTES],
    );
    await q.query('update dsr_pending set code_hash = $2 where id = $1', [row.id, codeHash(config, row.id, code)]);
    for (const f of files) {
      await q.query('insert into dsr_pending_files (company_id, pending_id, kind, name, mime, sealed) values ($1, $2, $3, $4, $5, $6)', [
        target.companyId,
        row.id,
        f.kind,
        f.file.name,
        f.file.mime,
        seal(config, f.file.bytes),
      ]);
    }
    return row;
  });
  await mailCode(db, config.mail, email, body.lang, code, continueLink(config.mail.appUrl, target.formId, pending.id)).catch((err) =>
    req.log.error({ err }, 'DSR code e-mail not sent'),
  );
  return { verificationId: pending.id, email, expiresAt: new Date(pending.code_expires_at).toISOString() };
}

interface PendingRow {
  id: string;
  company_id: string;
  form_id: string;
  email: string;
  lang: Lang;
  body: PendingBody;
  code_hash: string;
  code_expires_at: Date | string;
  attempts: number;
}

export const dsrVerifyRoutes = (config: ServerConfig) => [
  route({
    method: 'POST',
    url: '/consents/datasubject/verify',
    access: 'public',
    describedBody: dsrVerifyBody,
    reply: dsrAddReply,
    handler: async ({ db, req, lang }) => {
      await publicThrottle(db, `verify:${req.ip}`, config.dsrSubmitLimit * 3, 60);
      const body = parseDsr(dsrVerifyBody, req.body, lang);
      // the try is counted in its own statement, before the code is compared: a burst gets 5 tries at most
      const [tried] = await db.query<PendingRow>(`update dsr_pending set attempts = attempts + 1 where id = $1 and attempts < $2 returning *`, [
        body.verificationId,
        DSR_CODE_TRIES,
      ]);
      if (!tried) {
        const [exists] = await db.query('select 1 from dsr_pending where id = $1', [body.verificationId]);
        throw exists ? new ApiError(429, 'dsr_code_tries') : new ApiError(404, 'dsr_code_unknown');
      }
      if (new Date(tried.code_expires_at).getTime() < Date.now()) throw new ApiError(409, 'dsr_code_expired');
      const given = Buffer.from(codeHash(config, tried.id, body.code), 'hex');
      if (!timingSafeEqual(given, Buffer.from(tried.code_hash, 'hex'))) {
        throw new ApiError(400, 'dsr_code_wrong', { left: DSR_CODE_TRIES - tried.attempts });
      }
      const { companyCode, form } = await publishedForm(db, tried.form_id);
      const saved = await db.tx(async (q) => {
        // one filing for one code: the row is locked, read with its files, then taken; a second call finds nothing
        const [taken] = await q.query<PendingRow>('select * from dsr_pending where id = $1 for update', [tried.id]);
        if (!taken) throw new ApiError(404, 'dsr_code_unknown');
        const sealed = await q.query<{ kind: 'identity' | 'authority'; name: string; mime: string; sealed: Buffer | Uint8Array }>(
          'select kind, name, mime, sealed from dsr_pending_files where pending_id = $1 order by id',
          [taken.id],
        );
        await q.query('delete from dsr_pending where id = $1', [taken.id]);
        await actAs(q, publicActor(req));
        const files: RequestFile[] = sealed.map((f) => ({
          kind: f.kind,
          file: { name: f.name, mime: f.mime, bytes: unseal(config, Buffer.from(f.sealed)) } satisfies CheckedFile,
        }));
        return fileRequest(q, config, { companyId: taken.company_id, companyCode, formId: taken.form_id, body: taken.body, files, channel: 'web' });
      });
      // a verified address is not being flooded: its count starts again
      await clearLimit(db, mailKey(tried.email));
      await mailReceipt(db, config, req.log, tried.body, form.controller, saved);
      return { referenceCode: saved.referenceCode, receivedAt: saved.receivedAt.toISOString(), dueAt: saved.dueAt.toISOString() };
    },
  }),

  route({
    method: 'POST',
    url: '/consents/datasubject/verify/resend',
    access: 'public',
    describedBody: dsrResendBody,
    reply: dsrPendingReply,
    handler: async ({ db, req, lang }) => {
      await publicThrottle(db, `resend:${req.ip}`, config.dsrSubmitLimit, 60);
      const body = parseDsr(dsrResendBody, req.body, lang);
      const [pending] = await db.query<PendingRow>('select * from dsr_pending where id = $1', [body.verificationId]);
      if (!pending) throw new ApiError(404, 'dsr_code_unknown');
      await countCodeMail(db, pending.email);
      const code = newCode();
      const [row] = await db.query<{ code_expires_at: Date | string }>(
        `update dsr_pending set code_hash = $2, code_expires_at = now() + make_interval(mins => $3), attempts = 0
          where id = $1 returning code_expires_at`,
        [pending.id, codeHash(config, pending.id, code), DSR_CODE_MINUTES],
      );
      if (!row) throw new ApiError(404, 'dsr_code_unknown');
      await mailCode(db, config.mail, pending.email, pending.lang, code, continueLink(config.mail.appUrl, pending.form_id, pending.id));
      return { verificationId: pending.id, email: pending.email, expiresAt: new Date(row.code_expires_at).toISOString() };
    },
  }),
];

/**
 * The hourly work on unverified submissions of one company: one reminder e-mail (with the link back
 * to the code step, where a new code is asked) for those left a day, and those left a week dropped
 * whole: their files are rows of the same cascade, nothing of them stays.
 */
export async function remindAndDropPending(q: Queryable, companyId: string, mail?: MailConfig) {
  await q.query(`delete from dsr_pending where company_id = $1 and created_at < now() - make_interval(days => $2)`, [
    companyId,
    DSR_PENDING_DROP_DAYS,
  ]);
  const due = await q.query<{ id: string; form_id: string; email: string; lang: Lang }>(
    `update dsr_pending set reminded_at = now()
      where company_id = $1 and reminded_at is null and created_at < now() - make_interval(hours => $2)
      returning id, form_id, email, lang`,
    [companyId, DSR_PENDING_REMIND_HOURS],
  );
  const mailConfig: MailConfig = mail ?? { from: '', appUrl: '' };
  for (const p of due) {
    await sendMail(
      q,
      {
        to: p.email,
        template: 'dsr_code_reminder',
        lang: p.lang,
        params: { days: DSR_PENDING_DROP_DAYS, link: continueLink(mailConfig.appUrl, p.form_id, p.id) },
      },
      mailConfig,
    );
  }
}
