import type { Lang } from '../../http/messages';
import serverTexts from '../../../i18n/server';

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
