import ExcelJS from 'exceljs';
import pdfmake from 'pdfmake';
import { offThread } from '../../pdf/offThread';
import { para, thaiPdfmake } from '../../pdf/thai';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

export type ReportFormat = 'xlsx' | 'pdf';
type Code = 'L' | 'M' | 'H' | 'VH';
export interface ReportRating {
  categoryName: string;
  likelihood: number;
  impact: number;
  code: Code;
}
export interface ReportItem {
  event: string;
  cia: { confidentiality: boolean; integrity: boolean; availability: boolean };
  ratings: ReportRating[];
  code: Code | null;
  owner: string | null;
  treatment: string | null;
  plan: string | null;
  dueDate: string | null;
  residual: { likelihood: number; impact: number; code: Code } | null;
}
export interface ReportEvaluation {
  name: string;
  status: string;
  created: string;
  updated: string;
  items: ReportItem[];
}
export interface ReportLabels {
  title: string;
  company: string;
  generatedAt: string;
  evaluation: string;
  status: string;
  created: string;
  updated: string;
  event: string;
  cia: string;
  category: string;
  likelihood: string;
  impact: string;
  code: string;
  owner: string;
  treatment: string;
  plan: string;
  dueDate: string;
  residual: string;
  none: string;
}
interface ReportInput {
  companyName: string;
  generatedAt: string;
  evaluations: ReportEvaluation[];
  labels: ReportLabels;
}

// Black text stays readable on the light fills; red needs white.
const COLOURS: Record<Code, { fill: string; text: string }> = {
  L: { fill: '92D050', text: '000000' },
  M: { fill: 'FFFF00', text: '000000' },
  H: { fill: 'FFC000', text: '000000' },
  VH: { fill: 'FF0000', text: 'FFFFFF' },
};

const COLUMNS = [
  ['event', 34],
  ['cia', 9],
  ['category', 18],
  ['likelihood', 10],
  ['impact', 10],
  ['code', 8],
  ['owner', 20],
  ['treatment', 16],
  ['plan', 40],
  ['dueDate', 18],
  ['residual', 12],
] as const satisfies readonly (readonly [keyof ReportLabels, number])[];

type Cell = { value: string | number; code?: Code | null };
const RATED = [2, 3, 4, 5]; // the columns that differ per rated category
/** An item's rows, one per rated category (an unrated item still gets its row), in COLUMNS order. */
function rowsOf(item: ReportItem): Cell[][] {
  const { confidentiality: c, integrity: i, availability: a } = item.cia;
  const cia = [c && 'C', i && 'I', a && 'A'].filter(Boolean).join(', ');
  const r = item.residual;
  return (item.ratings.length ? item.ratings : [null]).map((rating) => [
    { value: item.event },
    { value: cia },
    { value: rating?.categoryName ?? '' },
    { value: rating?.likelihood ?? '' },
    { value: rating?.impact ?? '' },
    { value: rating?.code ?? item.code ?? '', code: rating?.code ?? item.code },
    { value: item.owner ?? '' },
    { value: item.treatment ?? '' },
    { value: item.plan ?? '' },
    { value: item.dueDate ?? '' },
    { value: r ? `${r.likelihood}×${r.impact}=${r.code}` : '', code: r?.code },
  ]);
}

const metaLine = (input: ReportInput, ev: ReportEvaluation) => {
  const l = input.labels;
  return (
    `${l.company}: ${input.companyName}   ${l.evaluation}: ${ev.name}   ${l.status}: ${ev.status}   ` +
    `${l.created}: ${ev.created}   ${l.updated}: ${ev.updated}`
  );
};

// Excel limits: 31 characters, none of []:*?/\, no leading/trailing apostrophe, unique ignoring case, 'History' reserved.
function sheetNames(names: string[]): string[] {
  const taken = new Set<string>();
  const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });
  const cut = (s: string, max: number) => {
    let out = '';
    for (const { segment } of graphemes.segment(s)) {
      if (out.length + segment.length > max) break;
      out += segment;
    }
    return out;
  };
  return names.map((raw, i) => {
    const base =
      raw
        .replace(/[[\]:*?/\\]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '') || `Sheet ${i + 1}`;
    let name = cut(base, 31).trim();
    for (let n = 2; taken.has(name.toLowerCase()) || name.toLowerCase() === 'history'; n++) {
      name = `${cut(base, 31 - ` (${n})`.length).trim()} (${n})`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

async function renderXlsx(input: ReportInput): Promise<Buffer> {
  const { labels } = input;
  const wb = new ExcelJS.Workbook();
  wb.creator = input.companyName;
  const font = { name: 'Tahoma', size: 10 }; // ships with Windows and macOS and has Thai glyphs
  const names = sheetNames(input.evaluations.map((e) => e.name));
  input.evaluations.forEach((ev, e) => {
    const ws = wb.addWorksheet(names[e], { views: [{ state: 'frozen', ySplit: 3 }] });
    ws.columns = COLUMNS.map(([, width]) => ({ width }));
    const title = ws.addRow([`${labels.title} — ${input.companyName} — ${ev.name}`]);
    title.font = { ...font, size: 14, bold: true };
    ws.addRow([`${metaLine(input, ev)}   ${labels.generatedAt}: ${input.generatedAt}`]).font = font;
    ws.mergeCells(1, 1, 1, COLUMNS.length);
    ws.mergeCells(2, 1, 2, COLUMNS.length);
    const header = ws.addRow(COLUMNS.map(([key]) => labels[key]));
    header.eachCell((c) => {
      c.font = { ...font, bold: true };
      c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
      c.alignment = { vertical: 'middle', wrapText: true };
    });
    if (!ev.items.length) ws.addRow([labels.none]).font = font;
    for (const cells of ev.items.flatMap(rowsOf)) {
      const row = ws.addRow(cells.map((c) => c.value));
      cells.forEach(({ code }, i) => {
        const cell = row.getCell(i + 1);
        cell.alignment = { vertical: 'top', wrapText: true };
        cell.font = code ? { ...font, bold: true, color: { argb: `FF${COLOURS[code].text}` } } : font;
        if (code) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${COLOURS[code].fill}` } };
      });
    }
    ws.autoFilter = { from: { row: 3, column: 1 }, to: { row: 3, column: COLUMNS.length } };
  });
  if (!input.evaluations.length) wb.addWorksheet('Sheet 1').addRow([labels.none]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function drawRiskPdf(input: ReportInput): Promise<Buffer> {
  thaiPdfmake();
  const { labels } = input;
  const widths = [110, 32, 66, 34, 34, 30, 64, 58, '*', 62, 44];
  const line = { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => '#808080', vLineColor: () => '#808080' };
  const cellOf = ({ value, code }: Cell): TableCell => ({
    ...para(String(value)),
    ...(code ? { bold: true, fillColor: `#${COLOURS[code].fill}`, color: `#${COLOURS[code].text}` } : {}),
  });
  // One table row per item, its categories in a nested table spanning the rated columns: with dontBreakRows an
  // item then never splits across pages (pdfmake would split a rowSpan and orphan the categories).
  const itemRow = (item: ReportItem): TableCell[] => {
    const rows = rowsOf(item);
    const ratings: TableCell = {
      colSpan: RATED.length,
      margin: [-4, -2, -4, -2], // cancel the outer cell's padding so inner lines and fills meet the outer borders
      table: { widths: RATED.map((i) => widths[i]), body: rows.map((row) => RATED.map((i) => cellOf(row[i]))) },
      layout: {
        ...line,
        hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : 0.5),
        vLineWidth: (i) => (i === 0 || i === RATED.length ? 0 : 0.5),
      },
    };
    return rows[0].map((cell, i) => (i === RATED[0] ? ratings : RATED.includes(i) ? {} : cellOf(cell)));
  };
  // pdfmake silently drops an unbreakable row taller than a page, so a table with an item that might come near
  // that lets its rows split instead. Deliberately rough and generous: 0.6 em per character, 12 pt per 8 pt line.
  const estimate = widths.map((w) => (typeof w === 'number' ? w : 150));
  const SPACING = /[^\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/g; // Thai vowel and tone marks stack, taking no width
  const linesIn = (text: string | number, width: number) =>
    String(text)
      .split('\n')
      .reduce((n, p) => n + Math.max(1, Math.ceil(((p.match(SPACING)?.length ?? 0) * 4.8) / width)), 0);
  const fitsOnAPage = (item: ReportItem) => {
    const rows = rowsOf(item);
    const itemWide = Math.max(...rows[0].map((c, i) => (RATED.includes(i) ? 0 : linesIn(c.value, estimate[i]))));
    const rated = rows.reduce((n, row) => n + linesIn(row[2].value, estimate[2]) + 0.5, 0);
    return Math.max(itemWide, rated) <= 25;
  };
  const content: Content[] = input.evaluations.flatMap((ev, e): Content[] => {
    const header: TableCell[] = COLUMNS.map(([key]) => ({ ...para(labels[key]), bold: true, fillColor: '#D9D9D9' }));
    const body: TableCell[][] = ev.items.length
      ? ev.items.map(itemRow)
      : [[{ ...para(labels.none), colSpan: COLUMNS.length }, ...COLUMNS.slice(1).map(() => ({}))]];
    return [
      para(`${labels.evaluation}: ${ev.name}`, { fontSize: 13, bold: true, margin: [0, 0, 0, 2], pageBreak: e ? 'before' : undefined }),
      para(metaLine(input, ev), { fontSize: 9, margin: [0, 0, 0, 6] }),
      {
        table: { headerRows: 1, dontBreakRows: ev.items.every(fitsOnAPage), widths, body: [header, ...body] },
        layout: line,
      },
    ];
  });
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [30, 50, 30, 30],
    info: { title: `${labels.title} — ${input.companyName}`, creator: input.companyName },
    defaultStyle: { font: 'SarabunLatin', fontSize: 8, lineHeight: 1.15 },
    header: () => ({
      margin: [30, 16, 30, 0],
      columns: [
        para(`${labels.title} — ${input.companyName}`, { fontSize: 12, bold: true }),
        para(`${labels.generatedAt}: ${input.generatedAt}`, { fontSize: 9, alignment: 'right' }),
      ],
    }),
    footer: (page, pages) => para(`${page} / ${pages}`, { fontSize: 8, alignment: 'center' }),
    content: content.length ? content : [para(labels.none)],
  };
  return pdfmake.createPdf(doc).getBuffer();
}

/** The PDF report, drawn on a PDF thread. */
const riskPdf = offThread(import.meta.url, 'drawRiskPdf', drawRiskPdf);

export async function renderReport(
  input: ReportInput,
  format: ReportFormat,
): Promise<{ body: Buffer; contentType: string; extension: 'xlsx' | 'pdf' }> {
  if (format === 'pdf') return { body: await riskPdf(input), contentType: 'application/pdf', extension: 'pdf' };
  const body = await renderXlsx(input);
  return { body, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' };
}
