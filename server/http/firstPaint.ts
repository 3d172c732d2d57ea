import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LAWFUL_BASES, type PublishedNotice } from '../../contract/consent';
import type { DsrPublicForm } from '../../contract/dsr';
import { PUBLIC_API } from '../../contract/publicPaths';
import { API_BASE } from '../../contract/constants';
import consentTexts from '../../i18n/consent';
import dsrTexts from '../../i18n/dsr';
import authTexts from '../../i18n/auth';
import shellTexts from '../../i18n/shell';
import { formatDate } from '../../i18n/dates';
import { countryName } from '../../contract/countries';

/**
 * The first paint of the sign-in page and the data subjects' public pages, drawn by the server into
 * the page it sends (`<div id="first-paint">`, before `#root`; index.html's style draws it as the
 * React page will be drawn): their heading and text appear as soon as the HTML has come, before the
 * scripts have, and the React page takes over when it has its content (src/pages/firstPaint.ts
 * removes this). In Thai, the pages' first language; a visitor who chose English sees the loading
 * indicator instead (index.html's early script). Every text from the database is escaped here:
 * nothing anyone typed becomes markup.
 *
 * A page that reads the API first (a notice, a request form) gets the reply the server made for this
 * first paint too (`<script type="application/json" id="first-read">`), so the browser does not ask
 * again: the public read is made, and throttled, once.
 */
export interface FirstPaint {
  html: string;
  /** the public read's path under /api/v1 and its JSON reply, handed to the page's early read */
  read?: { path: string; json: string };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML text or attribute value: never markup. */
export const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A JSON reply inside `<script type="application/json">`: no `<` can close the element. */
export const jsonInScript = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** `%{name}` placeholders, as node-polyglot fills them. */
const fill = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

const consent = consentTexts.th.consent;
const dsr = dsrTexts.th.dsr;

/** The frame of a public page (src/components/PublicShell.tsx): the language switch's place, then the paper. */
const publicShell = (content: string) =>
  `<div class="fp-page"><div class="fp-container"><div class="fp-switch"></div><div class="fp-paper">${content}</div></div></div>`;

const el = (tag: string, className: string, content: string) => `<${tag} class="${className}">${content}</${tag}>`;
const part = (title: string, content: string) =>
  `<section class="fp-part">${el('h2', 'fp-subtitle1 fp-bold', escapeHtml(title))}${content}</section>`;
const list = (items: string[]) => `<ul class="fp-list">${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

/** resources/consent/notices/public/NoticeText.tsx in Thai: who, why, on what basis, what, to whom, how long, rights. */
export function noticeHtml(notice: PublishedNotice): string {
  const t = consent.public;
  const d = notice.draft;
  const c = notice.controller;
  const contact = (x: { email: string; phone: string }) => escapeHtml(fill(t.contact, { contact: [x.email, x.phone].filter(Boolean).join(', ') }));
  const names = (ids: string[]) =>
    escapeHtml(
      ids
        .map((id) => notice.items[id]?.name)
        .filter(Boolean)
        .join(', '),
    );
  const bases = LAWFUL_BASES.filter((b) => d[b.key].active).map(
    (b) => escapeHtml(consent.builder.bases[b.key]) + (d[b.key].remark ? `: ${escapeHtml(d[b.key].remark)}` : ''),
  );
  const sources = [
    d.consent.form.length ? names(d.consent.form) : null,
    d.consent.cookie ? escapeHtml(consent.builder.cookie) : null,
    d.consent.another && d.consent.anotherRemark ? escapeHtml(d.consent.anotherRemark) : null,
  ].filter(Boolean);
  const recipients = [
    ...(d.disclosure.thirdParty
      ? d.disclosure.thirdPartyRemark.map((r) => escapeHtml(r.name) + (r.objective ? `: ${escapeHtml(r.objective)}` : ''))
      : []),
    ...(d.disclosure.public
      ? [escapeHtml(fill(t.public_disclosure, { names: '' })) + d.disclosure.publicRemark.map((r) => escapeHtml(r.name)).join(', ')]
      : []),
  ];
  const mechanism = d.tranfer.mechanism ? consent.builder.mechanisms[d.tranfer.mechanism as keyof typeof consent.builder.mechanisms] : '';
  const transferBases = t.transfer_bases as Record<string, string>;
  const transfer = d.tranfer.active
    ? list([
        ...(notice.transfers ?? []).map(
          (x) =>
            escapeHtml(fill(t.transfer_to, { country: countryName(x.country, 'th'), importer: x.importer })) +
            (x.basis && transferBases[x.basis] ? ` (${escapeHtml(transferBases[x.basis])})` : ''),
        ),
        ...(d.tranfer.country.trim() ? [escapeHtml(d.tranfer.country) + (mechanism ? ` (${escapeHtml(mechanism)})` : '')] : []),
      ]) + (d.tranfer.remark ? el('p', 'fp-body1', escapeHtml(d.tranfer.remark)) : '')
    : el('p', 'fp-body1', escapeHtml(t.no_transfer));
  const unit = consent.builder.units[d.security.typeCount as keyof typeof consent.builder.units] ?? '';
  return [
    el('h1', 'fp-h5 fp-title', escapeHtml(d.header.projectName)),
    el('p', 'fp-body2 fp-secondary fp-mb2', escapeHtml(fill(t.version, { version: notice.version, date: formatDate(notice.published_dt, 'th') }))),
    part(t.controller, el('p', 'fp-body1', escapeHtml(c.name)) + el('p', 'fp-body2', escapeHtml(c.address)) + el('p', 'fp-body2', contact(c))),
    part(t.dpo, el('p', 'fp-body1', escapeHtml(notice.dpo.name)) + el('p', 'fp-body2', contact(notice.dpo))),
    d.header.projectActivity ? part(t.activity, el('p', 'fp-body1 fp-pre', escapeHtml(d.header.projectActivity))) : '',
    part(t.purposes, list(d.objective.map((id) => escapeHtml(notice.items[id]?.name ?? '')))),
    part(t.basis, list(bases)),
    part(t.data, el('p', 'fp-body1', names(d.consent.list))),
    sources.length ? part(t.sources, el('p', 'fp-body1', sources.join(', '))) : '',
    part(t.recipients, d.disclosure.active ? list(recipients) : el('p', 'fp-body1', escapeHtml(t.no_disclosure))),
    part(t.transfer, transfer),
    part(
      consent.builder.sections.security,
      el(
        'p',
        'fp-body1',
        escapeHtml(fill(t.retention, { number: d.security.number ?? '', unit })) + (d.security.remark ? ` (${escapeHtml(d.security.remark)})` : ''),
      ),
    ),
    part(t.rights_title, el('p', 'fp-body1', escapeHtml(t.rights))),
  ].join('');
}

/** The public request form's head (resources/dsr/public/DsrPublicFormPage.tsx): title, controller, introduction. */
export function dsrFormHtml(form: DsrPublicForm): string {
  const texts = form.texts.th;
  return [
    el('h1', 'fp-h5', escapeHtml(texts.title)),
    el('p', 'fp-body1 fp-secondary', escapeHtml(fill(dsr.public.controller, { name: form.controller.nameTh }))),
    texts.intro ? el('p', 'fp-body1 fp-pre', escapeHtml(texts.intro)) : '',
  ].join('');
}

/** `/dsrtracking`'s heading and introduction. */
export const trackingHtml = () =>
  el('h1', 'fp-h5', escapeHtml(dsr.public.tracking_title)) + el('p', 'fp-body1 fp-secondary', escapeHtml(dsr.public.tracking_intro));

/** The sign-in card's head (src/auth/LoginPage.tsx). */
export const signInHtml = () =>
  `<div class="fp-auth"><div class="fp-card"><div class="fp-switch"></div><div class="fp-card-head"><div class="fp-avatar"></div>${el(
    'h1',
    'fp-h5 fp-center',
    escapeHtml(authTexts.th.auth.staff_title),
  )}${el('p', 'fp-body2 fp-secondary fp-center', escapeHtml(shellTexts.th.app.name))}</div></div></div>`;

interface PageRule {
  pattern: RegExp;
  /** not drawn for this request */
  skip?: (req: FastifyRequest) => boolean;
  /** the public read the page makes first, from the address's parts (decoded) */
  read?: (parts: string[]) => string;
  draw: (reply: Record<string, unknown> | undefined) => string;
}

const PAGES: PageRule[] = [
  // a signed-in visitor's /login is the application's (src/boot.tsx reads the same readable cookie)
  { pattern: /^\/login\/?$/, skip: (req) => /(^|;\s*)pdpa_user=/.test(req.headers.cookie ?? ''), draw: signInHtml },
  { pattern: /^\/dsrtracking\/?$/, draw: () => publicShell(trackingHtml()) },
  {
    pattern: /^\/datasubject\/form\/([^/]+)\/?$/,
    read: ([formId]) => PUBLIC_API.dsrForm(formId!),
    draw: (reply) => publicShell(dsrFormHtml(reply!.form as DsrPublicForm)),
  },
  {
    pattern: /^\/consent\/form\/([^/]+)\/([^/]+)\/?$/,
    read: ([formRef, formId]) => PUBLIC_API.consentForm(formRef!, formId!),
    draw: (reply) =>
      publicShell(
        `${el('p', 'fp-overline', escapeHtml(consent.public.form_title))}<div class="fp-gap3">${noticeHtml(reply!.notice as PublishedNotice)}</div>`,
      ),
  },
  {
    pattern: /^\/privacy-policy\/([^/]+)\/([^/]+)\/?$/,
    read: ([companyId, formId]) => PUBLIC_API.privacyPolicy(companyId!, formId!),
    draw: (reply) => publicShell(`<div>${noticeHtml(reply!.notice as PublishedNotice)}</div>`),
  },
];

/**
 * The first paint of the page `req` asks for, or undefined (any other page; a signed-in visitor's
 * /login, which is the application's).
 * The public read goes through the API itself (`inject`, from the visitor's address): the same rules,
 * throttle and reply. A read that fails draws nothing: the page reads and reports it itself.
 */
export async function firstPaintOf(app: FastifyInstance, req: FastifyRequest): Promise<FirstPaint | undefined> {
  const pathname = req.url.split('?')[0]!;
  const page = PAGES.find((p) => p.pattern.test(pathname));
  if (!page || page.skip?.(req)) return undefined;
  if (!page.read) return { html: page.draw(undefined) };
  let path: string;
  try {
    path = page.read(page.pattern.exec(pathname)!.slice(1).map(decodeURIComponent));
  } catch {
    return undefined; // a malformed address
  }
  try {
    const reply = await app.inject({
      method: 'GET',
      url: API_BASE + path,
      remoteAddress: req.ip,
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    });
    if (reply.statusCode !== 200) return undefined;
    return { html: page.draw(reply.json()), read: { path, json: reply.body } };
  } catch (err) {
    req.log.warn({ err }, 'first paint not drawn');
    return undefined; // the page is sent without it, and reads for itself
  }
}

/** Where index.html takes the first paint (its comment before `#root`). */
const MARKER = /<!--first-paint:[^>]*-->/;
/** The build's `<link rel="modulepreload">`s of the chunks every first load needs (vite.config.ts). */
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * index.html with the first paint in place (and without the scripts' preloads): the drawing, a script (with the page's script nonce) that
 * takes the Thai drawing away for a visitor who chose English (the loading indicator shows instead),
 * and the public read's reply for the page's early read (dataProvider/http.ts).
 */
export function withFirstPaint(html: string, paint: FirstPaint | undefined, scriptNonce: string): string {
  if (!paint) return html;
  const read = paint.read
    ? `<script type="application/json" id="first-read" data-path="${escapeHtml(paint.read.path)}">${jsonInScript(paint.read.json)}</script>`
    : '';
  const english = `<script nonce="${escapeHtml(scriptNonce)}">try{if(localStorage.getItem('pdpa.locale')==='en')document.getElementById('first-paint').remove()}catch(e){}</script>`;
  // the scripts are fetched once the first paint is on the screen (src/main.tsx), not beside it: on a
  // slow line the page's text and fonts come first rather than sharing it with 300 KB of code
  return html.replace(MODULE_PRELOADS, '').replace(MARKER, () => `<div id="first-paint">${paint.html}</div>${english}${read}`);
}
