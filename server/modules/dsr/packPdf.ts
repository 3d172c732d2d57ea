import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { DsrPackContent } from '../../../contract/dsrPack';
import { formatDate } from '../../../i18n/dates';
import dsrTexts from '../../../i18n/dsr';
import { offThread } from '../../pdf/offThread';
import { para, thaiPdfmake } from '../../pdf/thai';

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/%\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/**
 * The letter answering an access or portability request, in the language the requester wrote in: the
 * company's letterhead, then for each activity that concerns the person its purposes and lawful bases,
 * categories, data subject types, source, recipients, transfers abroad and retention; their consent
 * records with the notice versions; their earlier requests; and what the connected databases hold
 * (counted here, the rows themselves in the zip). A draft says so on every page. Dated `madeAt` inside
 * too, so the same pack makes the same bytes (a sent letter's SHA-256 can be checked again).
 */
export async function drawPackLetter(content: DsrPackContent, sentAt: string | null, madeAt: string): Promise<Buffer> {
  const lang = content.lang;
  const L = dsrTexts[lang].dsr.pack.letter;
  const date = (at: string) => formatDate(at, lang);
  const none = L.none;
  const body = { margin: [12, 0, 0, 0] as [number, number, number, number] };
  const line = (label: string, value: string) => para(`${label}: ${value || none}`, body);
  const heading = (text: string) => para(text, { bold: true, fontSize: 12, margin: [0, 8, 0, 2] });
  const c = content.controller;
  const activities: Content[] = content.activities.length
    ? content.activities.flatMap((a, i) => [
        para(`1.${i + 1} ${a.name}`, { bold: true, margin: [0, 4, 0, 0] }),
        line(L.purposes, a.purposes.map((p) => `${p.purpose}${p.bases.length ? ` (${p.bases.join(', ')})` : ''}`).join('; ')),
        line(L.categories, a.categories.join(', ')),
        line(L.subjects, a.subjects.join(', ')),
        line(L.source, a.source),
        line(L.recipients, a.recipients.join('; ')),
        line(
          L.transfers,
          a.transfers.length
            ? a.transfers.map((x) => `${x.country}${x.recipient ? ` (${x.recipient})` : ''}: ${x.mechanism}`).join('; ')
            : L.no_transfers,
        ),
        line(L.retention, a.retention),
      ])
    : [para(L.no_activities, body)];
  const letter: Content[] = [
    para(c.name, { bold: true, fontSize: 14 }),
    para([c.address, c.phone, c.email].filter(Boolean).join('  '), { fontSize: 9 }),
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 523, y2: 0, lineWidth: 0.7 }], margin: [0, 4, 0, 4] },
    {
      columns: [
        para(sentAt ? content.request.referenceCode : `${L.draft} · ${content.request.referenceCode}`, { bold: !sentAt }),
        para(fill(L.date, { date: date(sentAt ?? new Date().toISOString()) }), { alignment: 'right' }),
      ],
    },
    para(L.title, { bold: true, fontSize: 14, alignment: 'center', margin: [0, 8, 0, 6] }),
    para(fill(L.subject_line, { ref: content.request.referenceCode, date: date(content.request.receivedAt) })),
    para(fill(L.to, { name: content.request.name }), { margin: [0, 4, 0, 4] }),
    para(fill(L.intro, { company: c.name })),
    heading(L.activities),
    ...activities,
    heading(L.consents),
    ...(content.consents.length
      ? content.consents.map((x) =>
          para(
            fill(L.consent_line, {
              date: date(x.at),
              action: L.actions[x.action],
              purpose: x.purpose,
              notice: x.notice,
              version: x.version,
              channel: x.channel,
            }),
            body,
          ),
        )
      : [para(L.no_consents, body)]),
    heading(L.requests),
    ...(content.requests.length
      ? content.requests.map((r) =>
          para(fill(L.request_line, { ref: r.referenceCode, date: date(r.receivedAt), rights: r.rights.join(', '), status: r.status }), body),
        )
      : [para(L.no_requests, body)]),
    heading(L.data),
    ...(content.connectorRows.length
      ? content.connectorRows.map((t) => para(fill(L.data_line, { system: t.system, table: t.table, count: t.rows.length }), body))
      : [para(L.no_data, body)]),
    para(L.rights, { margin: [0, 10, 0, 2] }),
    para(fill(L.dpo, { name: content.dpo.name || none, email: content.dpo.email, phone: content.dpo.phone })),
    { unbreakable: true, stack: [para(L.closing, { margin: [300, 14, 0, 0] }), para(c.name, { margin: [300, 24, 0, 0] })] },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 30, 36, 36],
    info: { title: `${L.title} ${content.request.referenceCode}`, creator: c.name, creationDate: new Date(madeAt) },
    defaultStyle: { font: 'SarabunLatin', fontSize: 10, lineHeight: 1.15 },
    footer: (page, pages) =>
      para(`${sentAt ? '' : `${L.draft} · `}${content.request.referenceCode} · ${page} / ${pages}`, { fontSize: 7, alignment: 'center' }),
    content: letter,
  };
  return thaiPdfmake().createPdf(doc).getBuffer();
}

/** The letter, drawn on a PDF thread. */
export const packLetterPdf = offThread(import.meta.url, 'drawPackLetter', drawPackLetter);
