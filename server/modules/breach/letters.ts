import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { FACTOR_GRADES, type BreachRecord, type LetterKind } from '../../../contract/breach';
import { companyDetail } from '../../../contract/company';
import { formatDate } from '../../../i18n/dates';
import breachTexts from '../../../i18n/breach';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { dpoContactOf } from '../dpo/rows';
import type { Lang } from '../../http/messages';
import { offThread } from '../../pdf/offThread';
import { para, thaiPdfmake } from '../../pdf/thai';
import { addBreachHistory } from './rows';

const fill = (template: string, params: Record<string, string>) => template.replace(/%\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
const LOGO_FILE = /^[0-9a-f]{32}\.(png|jpg)$/; // pdfmake draws PNG and JPEG; a WebP logo is left out

/** A letter as numbered: its number, the day it was issued and who signs it. */
export interface IssuedLetter {
  number: string;
  issuedAt: string;
  signatoryName: string;
  signatoryPosition: string;
}

/** The Buddhist-era year in Bangkok of a moment. */
const beYear = (at: Date) => Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'Asia/Bangkok' }).format(at)) + 543;

/**
 * Numbers a breach's letter of a kind the first time it is issued (per company and Buddhist-era year:
 * DEMO-2569/0001) and keeps its date; the signatory is the one named, else the one it was issued with,
 * else the DPO. Written in the timeline when first numbered.
 */
export async function issueLetter(
  q: Queryable,
  session: { companyId: string; userId: string },
  b: BreachRecord,
  kind: LetterKind,
  lang: Lang,
  signatory: { name?: string; position?: string },
): Promise<IssuedLetter> {
  const t = breachTexts[lang].breach.letter;
  const existing = b.letters.find((l) => l.kind === kind);
  const dpo = await dpoContactOf(q, session.companyId);
  const name = signatory.name || existing?.signatoryName || dpo.name;
  const position = signatory.position || (signatory.name ? '' : existing?.signatoryPosition) || (name === dpo.name ? t.dpo_position : '');
  if (!name) throw new ApiError(400, 'breach_signatory_required');
  if (existing) {
    if (name !== existing.signatoryName || position !== existing.signatoryPosition)
      await q.query('update breach_letters set signatory_name = $4, signatory_position = $5 where company_id = $1 and breach_id = $2 and kind = $3', [
        session.companyId,
        b.id,
        kind,
        name,
        position,
      ]);
    return { number: existing.number, issuedAt: existing.issuedAt, signatoryName: name, signatoryPosition: position };
  }
  const now = new Date();
  const year = beYear(now);
  const [{ last }] = await q.query<{ last: number }>(
    `insert into breach_letter_counters (company_id, year, last) values ($1, $2, 1)
     on conflict (company_id, year) do update set last = breach_letter_counters.last + 1 returning last`,
    [session.companyId, year],
  );
  const [{ code }] = await q.query<{ code: string }>('select code from companies where id = $1', [session.companyId]);
  const number = `${code}-${year}/${String(last).padStart(4, '0')}`;
  const [row] = await q.query<{ issued_at: Date | string }>(
    `insert into breach_letters (company_id, breach_id, kind, number, signatory_name, signatory_position, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning issued_at`,
    [session.companyId, b.id, kind, number, name, position, session.userId],
  );
  await addBreachHistory(q, session.companyId, b.id, { action: 'letter', status: b.status, detail: { kind, number }, actorId: session.userId });
  return { number, issuedAt: new Date(row.issued_at).toISOString(), signatoryName: name, signatoryPosition: position };
}

/** The company's name in the reader's language, and its letterhead (name, address, tax id, contacts, logo) as a block of the page. */
interface Letterhead {
  companyName: string;
  head: Content;
}

async function letterheadOf(q: Queryable, config: ServerConfig, companyId: string, lang: Lang): Promise<Letterhead> {
  const L = breachTexts[lang].breach.letter;
  const [company] = await q.query<{ code: string; detail: unknown; logo: string | null }>('select code, detail, logo from companies where id = $1', [
    companyId,
  ]);
  const detail = companyDetail.parse(company.detail);
  const companyName = (lang === 'en' ? detail.nameEn || detail.nameTh : detail.nameTh) || company.code;
  let logo: string | undefined;
  if (company.logo && LOGO_FILE.test(company.logo)) {
    try {
      const bytes = await readFile(join(config.dataDir, 'uploads', companyId, company.logo));
      logo = `data:image/${company.logo.endsWith('png') ? 'png' : 'jpeg'};base64,${bytes.toString('base64')}`;
    } catch {
      logo = undefined; // a logo missing on disk: the letterhead without it
    }
  }
  const head: Content = {
    columns: [
      ...(logo ? [{ image: logo, fit: [56, 56] as [number, number], width: 64 }] : []),
      {
        width: '*',
        stack: [
          para(companyName, { bold: true, fontSize: 13 }),
          para(
            [
              detail.address,
              detail.taxId ? `${L.tax_id} ${detail.taxId}` : '',
              detail.phone ? `${L.phone} ${detail.phone}` : '',
              detail.email ? `${L.email} ${detail.email}` : '',
              detail.website,
            ]
              .filter(Boolean)
              .join('  '),
            { fontSize: 9 },
          ),
        ],
      },
    ],
    margin: [0, 0, 0, 4],
  };
  return { companyName, head };
}

/** A rule under the letterhead: a new node each time (pdfmake writes its layout into the nodes it is given). */
const rule = (): Content => ({ canvas: [{ type: 'line', x1: 0, y1: 0, x2: 523, y2: 0, lineWidth: 0.7 }] });

/**
 * The letter to the PDPC Office, the notice to the data subjects, or (the company acting as processor)
 * the notice to the controller, as a PDF on one A4 page of the company's letterhead: its number (a
 * draft until issued), date, what happened, the data and people, the consequences, the measures, the
 * risk, the DPO, and the signatory's name and position.
 */
export async function breachLetter(
  q: Queryable,
  config: ServerConfig,
  companyId: string,
  b: BreachRecord,
  kind: LetterKind,
  lang: Lang,
  issued: IssuedLetter | null,
) {
  const letterhead = await letterheadOf(q, config, companyId, lang);
  const { name, email, phone } = await dpoContactOf(q, companyId);
  return breachLetterPdf(b, kind, lang, issued, letterhead, { name, email, phone });
}

/** The letter's pages, from the breach and what the database said of the company and its DPO (on a PDF thread). */
export async function drawBreachLetter(
  b: BreachRecord,
  kind: LetterKind,
  lang: Lang,
  issued: IssuedLetter | null,
  { companyName, head }: Letterhead,
  dpo: { name: string; email: string; phone: string },
): Promise<Buffer> {
  const t = breachTexts[lang].breach;
  const L = t.letter;
  const date = (at: string | null) => (at ? formatDate(at, lang, true) : L.unknown);
  const count = (n: number | null, estimated: boolean) =>
    n === null ? L.unknown : `${n.toLocaleString(lang === 'en' ? 'en-GB' : 'th-TH')}${estimated ? ` ${L.estimated}` : ''}`;
  const none = t.fields.none;
  const body = { margin: [12, 0, 0, 0] as [number, number, number, number] };
  const line = (label: string, value: string) => para(`${label}: ${value || none}`, body);
  const heading = (text: string) => para(text, { bold: true, margin: [0, 4, 0, 0] });
  const cia = (['confidentiality', 'integrity', 'availability'] as const).filter((k) => b.cia[k]).map((k) => t.fields[k]);
  const lateNotice = b.notices.find((n) => n.target === 'office' && n.late);
  const office = kind === 'office';
  const toController = kind === 'controller';
  const full = office || toController;
  const title = { office: L.office_title, subjects: L.subjects_title, controller: L.controller_title }[kind];
  const content: Content[] = [
    head,
    rule(),
    {
      columns: [
        para(issued ? `${L.number} ${issued.number}` : L.draft, { bold: !issued }),
        para(fill(L.date, { date: formatDate(issued?.issuedAt ?? new Date(), lang) }), { alignment: 'right' }),
      ],
      margin: [0, 4, 0, 2],
    },
    para(title, { bold: true, fontSize: 13, alignment: 'center', margin: [0, 0, 0, 2] }),
    para(L.subject_line),
    para(office ? L.to_office : toController ? fill(L.to_controller, { controller: b.controllerName }) : L.to_subjects, { margin: [0, 0, 0, 2] }),
    para(
      fill(office ? L.intro_office : toController ? L.intro_controller : L.intro_subjects, {
        company: companyName,
        code: b.code,
        awareAt: date(b.awareAt),
      }),
    ),
    heading(L.what),
    line(L.event, b.title),
    line(L.occurred, b.occurredAt ? date(b.occurredAt) : L.occurred_unknown),
    line(L.type, cia.join(', ')),
    ...(full && b.discovery ? [line(L.discovery, b.discovery)] : []),
    line(L.cause, b.cause),
    heading(L.data),
    line(L.categories, [...b.dataCategories.map((c) => c.name), ...(b.sensitiveData ? [L.sensitive] : [])].join(', ')),
    line(
      L.subjects,
      [count(b.subjectsCount, b.subjectsEstimated), full ? `${L.records} ${count(b.recordsCount, b.recordsEstimated)}` : '']
        .filter(Boolean)
        .join(' · '),
    ),
    ...(b.vulnerableGroups.length ? [line(L.vulnerable, b.vulnerableGroups.map((g) => t.vulnerable[g]).join(', '))] : []),
    ...(full
      ? [
          line(L.systems, [...b.affectedSystems.map((x) => x.name), ...b.systems].join(', ')),
          ...(b.processor ? [line(L.processor, b.processor)] : []),
        ]
      : []),
    heading(L.consequences),
    para(b.consequences || none, body),
    heading(L.measures),
    line(L.taken, b.containment),
    line(L.proposed, L.proposed_text),
    ...(full
      ? [heading(L.risk), para(b.assessment ? `${t.risk[b.assessment.level]}: ${b.assessment.rationale}` : t.assessment.none_yet, body)]
      : [heading(L.advice), para(L.advice_text, body)]),
    heading(L.dpo),
    para(
      [dpo.name || L.dpo_none, dpo.email ? `${L.email} ${dpo.email}` : '', dpo.phone ? `${L.phone} ${dpo.phone}` : ''].filter(Boolean).join('  '),
      body,
    ),
    ...(office && lateNotice ? [heading(L.late), para(lateNotice.lateReasons, body)] : []),
    {
      unbreakable: true,
      stack: [
        para(L.closing, { margin: [0, 6, 0, 0] }),
        ...(L.signature ? [para(L.signature, { margin: [300, 2, 0, 0] })] : []),
        para(issued ? '' : L.draft_signature, { margin: [300, 18, 0, 0] }),
        para(`(${issued?.signatoryName ?? '..............................................'})`, { margin: [300, 0, 0, 0], alignment: 'left' }),
        para(issued?.signatoryPosition ?? '', { margin: [300, 0, 0, 0] }),
        para(companyName, { margin: [300, 0, 0, 0] }),
      ],
    },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 30, 36, 30],
    info: { title: `${title} ${b.code}`, creator: companyName },
    defaultStyle: { font: 'SarabunLatin', fontSize: 10, lineHeight: 1.1 },
    footer: (page, pages) => para(`${b.code}${issued ? ` · ${issued.number}` : ''} · ${page} / ${pages}`, { fontSize: 7, alignment: 'center' }),
    content,
  };
  return thaiPdfmake().createPdf(doc).getBuffer();
}

/**
 * The full incident report (Thai or English, printable): the company's header, what happened, the data
 * and people, the risk assessment with its factors, the notices and letters, the actions taken, and the
 * timeline, on as many pages as it needs.
 */
export async function breachReport(q: Queryable, config: ServerConfig, companyId: string, b: BreachRecord, lang: Lang) {
  return breachReportPdf(b, lang, await letterheadOf(q, config, companyId, lang));
}

/** The report's pages, from the breach and the company's letterhead (on a PDF thread). */
export async function drawBreachReport(b: BreachRecord, lang: Lang, { companyName, head }: Letterhead): Promise<Buffer> {
  const t = breachTexts[lang].breach;
  const L = t.letter;
  const R = t.report;
  const date = (at: string | null) => (at ? formatDate(at, lang, true) : L.unknown);
  const none = t.fields.none;
  const count = (n: number | null, estimated: boolean) =>
    n === null ? L.unknown : `${n.toLocaleString(lang === 'en' ? 'en-GB' : 'th-TH')}${estimated ? ` ${L.estimated}` : ''}`;
  const heading = (text: string) => para(text, { bold: true, fontSize: 12, margin: [0, 8, 0, 3] });
  const table = (rows: [string, string][]): Content => ({
    table: { widths: [150, '*'], body: rows.map(([k, v]) => [para(k, { bold: true }), para(v || none)]) },
    layout: 'lightHorizontalLines',
  });
  const grade = (g: string | null) => (g && (FACTOR_GRADES as readonly string[]).includes(g) ? t.assessment.grade[g as 'low'] : R.not_chosen);
  const yesNo = (v: boolean) => (v ? R.yes : R.no);
  const a = b.assessment;
  const content: Content[] = [
    head,
    rule(),
    para(`${R.title} ${b.code}`, { bold: true, fontSize: 15, alignment: 'center', margin: [0, 6, 0, 0] }),
    para(fill(R.printed, { date: formatDate(new Date(), lang, true) }), { alignment: 'center', fontSize: 9, margin: [0, 0, 0, 4] }),
    heading(R.summary),
    table([
      [t.fields.title, b.title],
      [t.columns.status, t.status[b.status]],
      [t.columns.risk, b.riskLevel ? t.risk[b.riskLevel] : t.risk.unassessed],
      [t.fields.awareAt, date(b.awareAt)],
      [R.deadline, date(b.clock.deadlineAt)],
      [R.clock, t.clock[b.clock.state].replace('%{hours}', String(Math.abs(b.clock.hoursLeft)))],
      [t.fields.occurredAt, b.occurredAt ? date(b.occurredAt) : L.occurred_unknown],
      ...(b.actingAsProcessor ? ([[t.fields.controllerName, b.controllerName]] as [string, string][]) : []),
    ]),
    heading(t.sections.details),
    table([
      [t.fields.discovery, b.discovery],
      [
        t.fields.cia,
        (['confidentiality', 'integrity', 'availability'] as const)
          .filter((k) => b.cia[k])
          .map((k) => t.fields[k])
          .join(', '),
      ],
      [t.fields.dataCategories, b.dataCategories.map((c) => c.name).join(', ')],
      [t.fields.sensitiveData, yesNo(b.sensitiveData)],
      [t.fields.subjectsCount, count(b.subjectsCount, b.subjectsEstimated)],
      [t.fields.recordsCount, count(b.recordsCount, b.recordsEstimated)],
      [t.fields.vulnerableGroups, b.vulnerableGroups.map((g) => t.vulnerable[g]).join(', ')],
      [L.systems, [...b.affectedSystems.map((x) => x.name), ...b.systems].join(', ')],
      [t.fields.processor, b.processor],
      [t.fields.cause, b.cause],
      [t.fields.consequences, b.consequences],
    ]),
    heading(t.sections.assessment),
    a
      ? table([
          [t.assessment.level, t.risk[a.level]],
          [R.suggested, a.suggestedLevel ? t.risk[a.suggestedLevel] : none],
          ...(['sensitivity', 'volume', 'identifiability', 'severity', 'wider', 'controller'] as const).map(
            (k) => [t.assessment.factors[k], grade(a.factors[k])] as [string, string],
          ),
          ...(['vulnerable', 'encrypted', 'recovered'] as const).map((k) => [t.assessment.factors[k], yesNo(a.factors[k])] as [string, string]),
          [t.assessment.rationale, a.rationale],
          [R.assessed, `${a.assessedBy ?? none} · ${date(a.assessedAt)}`],
        ])
      : para(t.assessment.none_yet),
    heading(t.sections.notices),
    b.notices.length
      ? {
          table: {
            headerRows: 1,
            widths: [90, 100, '*', '*'],
            body: [
              [R.notice_target, t.notice.sentAt, t.notice.channel_label, t.notice.reference].map((h) => para(h, { bold: true })),
              ...b.notices.map((n) => [
                para(`${t.notice.target[n.target]}${n.late ? ` (${t.notice.late})` : ''}`),
                para(date(n.sentAt)),
                para(t.notice.channel[n.channel]),
                para([n.reference, n.late ? `${t.notice.lateReasons}: ${n.lateReasons}` : ''].filter(Boolean).join(' · ') || none),
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
        }
      : para(t.notice.none),
    ...(b.letters.length
      ? [
          para(R.letters, { bold: true, margin: [0, 4, 0, 2] }),
          ...b.letters.map((l) =>
            para(`${L.kinds[l.kind]} ${l.number} · ${formatDate(l.issuedAt, lang)} · ${l.signatoryName} ${l.signatoryPosition}`),
          ),
        ]
      : []),
    heading(R.actions),
    table([
      [t.fields.containment, b.containment],
      [L.proposed, L.proposed_text],
    ]),
    heading(t.sections.timeline),
    {
      table: {
        headerRows: 1,
        widths: [110, 90, '*', 90],
        body: [
          [R.when, R.what, R.detail, R.by].map((h) => para(h, { bold: true })),
          ...b.timeline.map((e) => [
            para(date(e.at)),
            para(`${t.timeline[e.action]} (${t.status[e.status]})`),
            para(e.note || none),
            para(e.by ?? none),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 30, 36, 36],
    info: { title: `${R.title} ${b.code}`, creator: companyName },
    defaultStyle: { font: 'SarabunLatin', fontSize: 10, lineHeight: 1.15 },
    footer: (page, pages) => para(`${companyName} · ${R.title} ${b.code} · ${page} / ${pages}`, { fontSize: 7, alignment: 'center' }),
    content,
  };
  return thaiPdfmake().createPdf(doc).getBuffer();
}

const breachLetterPdf = offThread(import.meta.url, 'drawBreachLetter', drawBreachLetter);
const breachReportPdf = offThread(import.meta.url, 'drawBreachReport', drawBreachReport);
