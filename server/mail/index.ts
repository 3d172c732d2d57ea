import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../config';
import type { Queryable } from '../db/client';
import type { Lang } from '../http/messages';
import { renderMail, type MailTemplate, type RenderedMail } from '../../i18n/messages';

export type { MailTemplate } from '../../i18n/messages';

export interface Mail {
  to: string;
  template: MailTemplate;
  lang: Lang;
  /** the template's %{name} values; `link` is built by the caller from `config.appUrl` */
  params: Record<string, string | number>;
  /** files sent with it (the development outbox keeps their names, sizes and SHA-256, not the bytes) */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One SMTP transport per address, reused (nodemailer pools nothing by default, but keeps the parsed options). */
const transports = new Map<string, Transporter>();
const transportFor = (smtpUrl: string) => {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
};

/**
 * Sends one e-mail of a template in the reader's language: through SMTP when `SMTP_URL` is set,
 * otherwise into the development outbox (`mail_outbox`), where tests and developers read it.
 * Returns what was sent.
 */
export async function sendMail(q: Queryable, mail: Mail, config: MailConfig): Promise<RenderedMail> {
  const rendered = renderMail(mail.template, mail.lang, mail.params);
  if (config.smtpUrl) {
    await transportFor(config.smtpUrl).sendMail({
      from: config.from,
      to: mail.to,
      subject: rendered.subject,
      text: rendered.text,
      attachments: mail.attachments,
    });
  } else {
    const attached = (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: a.content.length,
      sha256: createHash('sha256').update(a.content).digest('hex'),
    }));
    await q.query('insert into mail_outbox (to_address, template, lang, subject, body, attachments) values ($1, $2, $3, $4, $5, $6)', [
      mail.to,
      mail.template,
      mail.lang,
      rendered.subject,
      rendered.text,
      JSON.stringify(attached),
    ]);
  }
  return rendered;
}

/**
 * Sends many e-mails at once (an import's invitations). The development outbox takes them in one
 * statement of the caller's transaction. SMTP sends them one after another in the background once the
 * transaction has committed (the reply does not wait), so no e-mail tells of a row that was not written;
 * a failed one is logged, the rest go on.
 */
export async function sendMails(
  q: Queryable,
  mails: Mail[],
  config: MailConfig,
  log: (err: unknown, to: string) => void = (err, to) => console.error(`e-mail to ${to} not sent`, err),
) {
  if (!mails.length) return;
  if (!config.smtpUrl) {
    const rendered = mails.map((m) => ({ ...renderMail(m.template, m.lang, m.params), to: m.to, template: m.template, lang: m.lang }));
    await q.query(
      `insert into mail_outbox (to_address, template, lang, subject, body, attachments)
       select r.to, r.template, r.lang, r.subject, r.text, '[]' from jsonb_to_recordset($1::jsonb) as r("to" text, template text, lang text, subject text, text text)`,
      [JSON.stringify(rendered)],
    );
    return;
  }
  const deliver = async () => {
    for (const mail of mails) await sendMail(q, mail, config).catch((err: unknown) => log(err, mail.to));
  };
  // the commit waits for its hooks: the e-mails go on after the reply, not before it
  const inBackground = () => void deliver().catch((err: unknown) => log(err, '(batch)'));
  if (q.afterCommit) q.afterCommit(inBackground);
  else inBackground();
}

interface OutboxRow {
  to_address: string;
  template: string;
  lang: Lang;
  subject: string;
  body: string;
  created_at: Date | string;
}

/** The development outbox's newest e-mails to one address (case ignored). */
export async function readOutbox(q: Queryable, to: string, limit = 20) {
  const rows = await q.query<OutboxRow>(
    `select to_address, template, lang, subject, body, created_at from mail_outbox
      where lower(to_address) = lower($1) order by id desc limit $2`,
    [to, limit],
  );
  return rows.map((r) => ({
    to: r.to_address,
    template: r.template,
    lang: r.lang,
    subject: r.subject,
    text: r.body,
    link: firstLink(r.body),
    created_dt: new Date(r.created_at).toISOString(),
  }));
}

export const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? null;
