import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { LineWriter, registerSarabun, ThaiMeasure, type Line } from '../../pdf/thaiLines';

/** One activity of the register: its heading and its items, each a label and a value. */
export interface RegisterEntry {
  heading: string;
  rows: [label: string, value: string][];
}

export interface RegisterPdf {
  /** the document's title and the left of every page's header */
  title: string;
  /** the right of every page's header ("generated: …", Buddhist era) */
  generated: string;
  creator: string;
  /** the one line of a register without activities */
  empty: string;
  count: number;
  entry: (index: number) => RegisterEntry;
  /** told how many entries are written, every few entries and at the end */
  onProgress?: (done: number) => Promise<void> | void;
}

// A4 in points, and the page as /ropa/preview shows it: header, one activity per page (its items a
// two-column table of label and value), page numbers at the foot
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 36;
const TOP = 60;
const BOTTOM = PAGE_H - 40;
const WIDTH = PAGE_W - 2 * LEFT;
const LABEL_W = 170;
const PAD_X = 4;
const PAD_Y = 2;
const SIZE = 9;
const TITLE_SIZE = 14;
const LEADING = 1.15;
const BORDER = '#808080';
const LABEL_FILL = '#EEEEEE';
/** the longest the writer holds the event loop before other requests get their turn (ms) */
const SLICE_MS = 10;
/** entries written between two reports of progress */
const ENTRIES_PER_REPORT = 20;

type Block = { kind: 'heading'; lines: Line[]; height: number } | { kind: 'row'; label: Line[]; value: Line[]; height: number };

/**
 * The register as PDF, streamed into `out` page by page (pdfkit, the engine under pdfmake, with
 * Sarabun embedded and subset). Two passes: the first lays out every entry to count the pages (the
 * foot says "page / pages"), the second draws; both give the event loop a turn every few entries.
 */
export async function writeRegisterPdf(r: RegisterPdf, out: Writable) {
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false, margin: 0, info: { Title: r.title, Creator: r.creator }, compress: true });
  doc.pipe(out);
  registerSarabun(doc);
  const m = new ThaiMeasure(doc);
  const w = new LineWriter(doc);
  const lh = m.lineHeight(SIZE, LEADING);
  const titleLh = m.lineHeight(TITLE_SIZE, LEADING);

  /** the pages of one entry: its heading, then its rows, a row cut between lines where a page ends */
  const pagesOf = (e: RegisterEntry): Block[][] => {
    const pages: Block[][] = [[]];
    const heading = m.lines(e.heading, { size: TITLE_SIZE, bold: true, width: WIDTH });
    pages[0].push({ kind: 'heading', lines: heading, height: heading.length * titleLh + 6 });
    let y = TOP + pages[0][0].height;
    for (const [labelText, valueText] of e.rows) {
      let label = m.lines(labelText, { size: SIZE, bold: true, width: LABEL_W - 2 * PAD_X });
      let value = m.lines(valueText, { size: SIZE, bold: false, width: WIDTH - LABEL_W - 2 * PAD_X });
      while (label.length || value.length) {
        const n = Math.max(label.length, value.length);
        const fit = Math.floor((BOTTOM - y - 2 * PAD_Y) / lh);
        if (fit < 1 || (fit < n && fit < 2)) {
          pages.push([]);
          y = TOP;
          continue;
        }
        const take = Math.min(n, fit);
        const height = take * lh + 2 * PAD_Y;
        pages.at(-1)!.push({ kind: 'row', label: label.slice(0, take), value: value.slice(0, take), height });
        label = label.slice(take);
        value = value.slice(take);
        y += height;
      }
    }
    return pages;
  };

  let sliceStart = performance.now();
  /** gives other requests their turn once the writer has held the event loop for SLICE_MS */
  const turn = async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
  // the first pass keeps its layout for the second: the laid-out lines are smaller than the PDF
  const laid: Block[][][] = [];
  let total = 0;
  for (let i = 0; i < r.count; i++) {
    laid.push(pagesOf(r.entry(i)));
    total += laid[i].length;
    await turn();
  }
  total = Math.max(total, 1);

  const widthOf = (line: Line, size: number) => (line.length ? line.at(-1)!.x + m.width(line.at(-1)!.text, line.at(-1)!.face) * size : 0);
  // the title in at most two lines above the body (60 pt down)
  const header = m.lines(r.title, { size: 11, bold: true, width: WIDTH / 2 - 8 }).slice(0, 2);
  const generated = m.lines(r.generated, { size: SIZE, bold: false, width: WIDTH / 2 })[0] ?? [];
  let page = 0;
  const newPage = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    page++;
    const foot = m.lines(`${page} / ${total}`, { size: 8, bold: false, width: WIDTH })[0];
    w.draw([
      ...header.map((line, k): [Line, number, number, number] => [line, LEFT, 18 + k * m.lineHeight(11, 1), 11]),
      [generated, LEFT + WIDTH - widthOf(generated, SIZE), 20, SIZE],
      [foot, LEFT + (WIDTH - widthOf(foot, 8)) / 2, BOTTOM, 8],
    ]);
  };

  if (!r.count) {
    newPage();
    w.draw([[m.lines(r.empty, { size: SIZE, bold: false, width: WIDTH })[0] ?? [], LEFT, TOP, SIZE]]);
  }
  for (let i = 0; i < r.count; i++) {
    for (const blocks of laid[i]) {
      newPage();
      const text: [Line, number, number, number][] = [];
      let y = TOP;
      for (const b of blocks) {
        if (b.kind === 'heading') b.lines.forEach((line, k) => text.push([line, LEFT, y + k * titleLh, TITLE_SIZE]));
        else {
          doc.rect(LEFT, y, LABEL_W, b.height).fill(LABEL_FILL);
          doc
            .lineWidth(0.5)
            .strokeColor(BORDER)
            .rect(LEFT, y, LABEL_W, b.height)
            .rect(LEFT + LABEL_W, y, WIDTH - LABEL_W, b.height)
            .stroke();
          b.label.forEach((line, k) => text.push([line, LEFT + PAD_X, y + PAD_Y + k * lh, SIZE]));
          b.value.forEach((line, k) => text.push([line, LEFT + LABEL_W + PAD_X, y + PAD_Y + k * lh, SIZE]));
        }
        y += b.height;
      }
      w.draw(text);
    }
    laid[i] = [];
    if ((i + 1) % ENTRIES_PER_REPORT === 0) await r.onProgress?.(i + 1);
    await turn();
  }
  await r.onProgress?.(r.count);
  const ended = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('close', resolve);
    out.on('error', reject);
  });
  doc.end();
  await ended;
}
