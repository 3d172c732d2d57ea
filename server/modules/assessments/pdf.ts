import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { offThread } from '../../pdf/offThread';
import { para, thaiPdfmake } from '../../pdf/thai';

/** The export's words (export.ts has them in Thai and English). */
export type Labels = Record<string, string>;

/** What the PDF and the workbook show, worded and dated (Buddhist era in Thai) before drawing. */
export interface AssessmentSheet {
  title: string;
  company: string;
  companyAddress: string;
  meta: [string, string][];
  sections: { title: string; rows: [string, string][] }[];
  risks: { title: string; description: string; rating: string; code: string; residual: string; residualCode: string; measures: string }[];
  closing: [string, string][];
  generated: string;
  labels: Labels;
}

export const COLOURS: Record<string, { fill: string; text: string }> = {
  L: { fill: '92D050', text: '000000' },
  M: { fill: 'FFFF00', text: '000000' },
  H: { fill: 'FFC000', text: '000000' },
  VH: { fill: 'FF0000', text: 'FFFFFF' },
};

const line = { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => '#808080', vLineColor: () => '#808080' };
const pairs = (rows: [string, string][], widths: (number | string)[] = [170, '*']): Content => ({
  table: { widths, body: rows.map(([k, v]): TableCell[] => [{ ...para(k), bold: true, fillColor: '#F2F2F2' }, para(v)]) },
  layout: line,
  margin: [0, 0, 0, 8],
});

/** The assessment as an A4 PDF (Sarabun, the company's header on every page), drawn on a PDF thread. */
export async function drawAssessmentPdf(s: AssessmentSheet): Promise<Buffer> {
  thaiPdfmake();
  const l = s.labels;
  const coded = (text: string, code: string): TableCell => ({
    ...para(text),
    bold: true,
    fillColor: `#${COLOURS[code]?.fill ?? 'FFFFFF'}`,
    color: `#${COLOURS[code]?.text ?? '000000'}`,
  });
  const content: Content[] = [
    para(s.title, { fontSize: 16, bold: true, margin: [0, 0, 0, 6] }),
    pairs([[l.company, [s.company, s.companyAddress].filter(Boolean).join('\n')], ...s.meta]),
    ...s.sections.flatMap((sec): Content[] => [
      para(sec.title, { fontSize: 13, bold: true, margin: [0, 6, 0, 4] }),
      {
        table: {
          headerRows: 1,
          widths: [230, '*'],
          body: [
            [
              { ...para(l.question), bold: true, fillColor: '#D9D9D9' },
              { ...para(l.answer), bold: true, fillColor: '#D9D9D9' },
            ],
            ...sec.rows.map(([q, a]) => [para(q), para(a)]),
          ],
        },
        layout: line,
        margin: [0, 0, 0, 6],
      },
    ]),
  ];
  if (s.risks.length) {
    const head = [l.risk, l.likelihood + '×' + l.impact, l.level, l.residual, l.measures].map((h): TableCell => ({
      ...para(h),
      bold: true,
      fillColor: '#D9D9D9',
    }));
    content.push(para(l.risks, { fontSize: 13, bold: true, margin: [0, 6, 0, 4] }), {
      table: {
        headerRows: 1,
        widths: [150, 50, 34, 60, '*'],
        body: [
          head,
          ...s.risks.map((r): TableCell[] => [
            para([r.title, r.description].filter(Boolean).join('\n')),
            para(r.rating),
            coded(r.code, r.code),
            coded(`${r.residual} ${r.residualCode}`, r.residualCode),
            para(r.measures || l.none),
          ]),
        ],
      },
      layout: line,
      margin: [0, 0, 0, 6],
    });
  }
  content.push(para(l.signOff, { fontSize: 13, bold: true, margin: [0, 6, 0, 4] }), pairs(s.closing));
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 56, 36, 36],
    info: { title: `${s.title} — ${s.company}`, creator: s.company },
    defaultStyle: { font: 'SarabunLatin', fontSize: 10, lineHeight: 1.15 },
    header: () => ({
      margin: [36, 18, 36, 0],
      columns: [para(s.company, { fontSize: 11, bold: true }), para(`${l.generated}: ${s.generated}`, { fontSize: 9, alignment: 'right' })],
    }),
    footer: (page, pages) => para(`${page} / ${pages}`, { fontSize: 8, alignment: 'center' }),
    content,
  };
  return pdfmake.createPdf(doc).getBuffer();
}
export const assessmentPdf = offThread(import.meta.url, 'drawAssessmentPdf', drawAssessmentPdf);
