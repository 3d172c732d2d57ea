import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { BreachRecord, NoticeTarget } from '../../../contract/breach';
import { companyDetail } from '../../../contract/company';
import { formatDate } from '../../../i18n/dates';
import breachTexts from '../../../i18n/breach';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { dpoContactOf } from '../dpo/rows';
import type { Lang } from '../../http/messages';
import { para, thaiPdfmake } from '../../pdf/thai';

const fill = (template: string, params: Record<string, string>) => template.replace(/%\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
const LOGO_FILE = /^[0-9a-f]{32}\.(png|jpg)$/; // pdfmake draws PNG and JPEG; a WebP logo is left out

/** The letter to the PDPC Office or the notice to the data subjects, as a PDF on the company's letterhead. */
export async function breachLetter(q: Queryable, config: ServerConfig, companyId: string, b: BreachRecord, kind: NoticeTarget, lang: Lang) {
  const t = breachTexts[lang].breach;
  const L = t.letter;
  const [company] = await q.query<{ code: string; detail: unknown; logo: string | null }>('select code, detail, logo from companies where id = $1', [
    companyId,
  ]);
  const detail = companyDetail.parse(company.detail);
  const companyName = (lang === 'en' ? detail.nameEn || detail.nameTh : detail.nameTh) || company.code;
  const dpo = await dpoContactOf(q, companyId);
  let logo: string | undefined;
  if (company.logo && LOGO_FILE.test(company.logo)) {
    try {
      const bytes = await readFile(join(config.dataDir, 'uploads', companyId, company.logo));
      logo = `data:image/${company.logo.endsWith('png') ? 'png' : 'jpeg'};base64,${bytes.toString('base64')}`;
    } catch {
      logo = undefined; // a logo missing on disk: the letterhead without it
    }
  }
  const date = (at: string | null) => (at ? formatDate(at, lang, true) : L.unknown);
  const count = (n: number | null, estimated: boolean) =>
    n === null ? L.unknown : `${n.toLocaleString(lang === 'en' ? 'en-GB' : 'th-TH')}${estimated ? ` ${L.estimated}` : ''}`;
  const none = t.fields.none;
  const line = (label: string, value: string) => para(`${label}: ${value || none}`, { margin: [12, 1, 0, 1] });
  const heading = (text: string) => para(text, { bold: true, margin: [0, 8, 0, 2] });
  const cia = (['confidentiality', 'integrity', 'availability'] as const).filter((k) => b.cia[k]).map((k) => t.fields[k]);
  const lateNotice = b.notices.find((n) => n.target === 'office' && n.late);

  const letterhead: Content = {
    columns: [
      ...(logo ? [{ image: logo, fit: [70, 70] as [number, number], width: 80 }] : []),
      {
        width: '*',
        stack: [
          para(companyName, { bold: true, fontSize: 14 }),
          para(detail.address),
          para(
            [
              detail.taxId ? `${L.tax_id} ${detail.taxId}` : '',
              detail.phone ? `${L.phone} ${detail.phone}` : '',
              detail.email ? `${L.email} ${detail.email}` : '',
            ]
              .filter(Boolean)
              .join('  '),
          ),
          ...(detail.website ? [para(detail.website)] : []),
        ],
      },
    ],
    margin: [0, 0, 0, 6],
  };
  const office = kind === 'office';
  const content: Content[] = [
    letterhead,
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 0.7 }] },
    para(fill(L.date, { date: formatDate(new Date(), lang) }), { alignment: 'right', margin: [0, 8, 0, 4] }),
    para(office ? L.office_title : L.subjects_title, { bold: true, fontSize: 15, alignment: 'center', margin: [0, 4, 0, 8] }),
    para(L.subject_line, { margin: [0, 0, 0, 2] }),
    para(office ? L.to_office : L.to_subjects, { margin: [0, 0, 0, 8] }),
    para(fill(office ? L.intro_office : L.intro_subjects, { company: companyName, code: b.code, awareAt: date(b.awareAt) })),
    heading(L.what),
    para(b.title, { margin: [12, 1, 0, 1] }),
    line(L.occurred, b.occurredAt ? date(b.occurredAt) : L.occurred_unknown),
    line(L.type, cia.join(', ')),
    ...(office ? [line(L.discovery, b.discovery), line(L.cause, b.cause)] : [line(L.cause, b.cause)]),
    heading(L.data),
    line(L.categories, b.dataCategories.map((c) => c.name).join(', ')),
    ...(b.sensitiveData ? [para(L.sensitive, { margin: [12, 1, 0, 1] })] : []),
    line(L.subjects, count(b.subjectsCount, b.subjectsEstimated)),
    ...(office ? [line(L.records, count(b.recordsCount, b.recordsEstimated))] : []),
    ...(b.vulnerableGroups.length ? [line(L.vulnerable, b.vulnerableGroups.map((g) => t.vulnerable[g]).join(', '))] : []),
    ...(office
      ? [
          line(L.systems, [...b.affectedSystems.map((x) => x.name), ...b.systems].join(', ')),
          ...(b.processor ? [line(L.processor, b.processor)] : []),
        ]
      : []),
    heading(L.consequences),
    para(b.consequences || none, { margin: [12, 1, 0, 1] }),
    heading(L.measures),
    line(L.taken, b.containment),
    line(L.proposed, L.proposed_text),
    ...(office
      ? [
          heading(L.risk),
          b.assessment
            ? para(t.risk[b.assessment.level], { margin: [12, 1, 0, 1], bold: true })
            : para(t.assessment.none_yet, { margin: [12, 1, 0, 1] }),
          ...(b.assessment ? [line(L.rationale, b.assessment.rationale)] : []),
        ]
      : [heading(L.advice), para(L.advice_text, { margin: [12, 1, 0, 1] })]),
    heading(L.dpo),
    para(dpo.name || L.dpo_none, { margin: [12, 1, 0, 1] }),
    ...(dpo.email ? [line(L.email, dpo.email)] : []),
    ...(dpo.phone ? [line(L.phone, dpo.phone)] : []),
    ...(office && lateNotice ? [heading(L.late), para(lateNotice.lateReasons, { margin: [12, 1, 0, 1] })] : []),
    para(L.closing, { margin: [0, 16, 0, 0] }),
    ...(L.signature ? [para(L.signature, { margin: [260, 8, 0, 0] })] : []),
    para(companyName, { margin: [260, 30, 0, 0] }),
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    info: { title: `${office ? L.office_title : L.subjects_title} ${b.code}`, creator: companyName },
    defaultStyle: { font: 'SarabunLatin', fontSize: 11, lineHeight: 1.2 },
    footer: (page, pages) => para(`${b.code} · ${page} / ${pages}`, { fontSize: 8, alignment: 'center' }),
    content,
  };
  return thaiPdfmake().createPdf(doc).getBuffer();
}
