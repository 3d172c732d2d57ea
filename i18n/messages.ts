import type { Lang } from './index';
import serverTexts from './server';

/** The server's replies and e-mails worded from `i18n/server.ts`: pure functions, so the server and the fake-api word them alike. */
export type { Lang };
export type ServerMessageKey = keyof typeof serverTexts.th.server;
export type MessageParams = Record<string, string | number>;

export function serverMessage(lang: Lang, key: ServerMessageKey, params: MessageParams = {}): string {
  const text = serverTexts[lang].server[key];
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const isServerMessageKey = (key: string): key is ServerMessageKey => Object.hasOwn(serverTexts.th.server, key);

/** The e-mails the product sends; their texts are `mail.<template>` of i18n/server.ts (subject and text). */
export type MailTemplate = keyof typeof serverTexts.th.mail;

export interface RenderedMail {
  subject: string;
  text: string;
}

/** Fills `%{name}` with `params` (a missing one stays visible, so a broken template shows in tests). */
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

export function renderMail(template: MailTemplate, lang: Lang, params: Record<string, string | number>): RenderedMail {
  const texts = serverTexts[lang].mail[template];
  return { subject: fill(texts.subject, params), text: fill(texts.text, params) };
}
