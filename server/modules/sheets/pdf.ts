import pdfmake from 'pdfmake';
import type { Content, ContentText, TDocumentDefinitions } from 'pdfmake/interfaces';
import { toThaiDigits } from '../../../contract/sheetVariables';
import { offThread } from '../../pdf/offThread';
import { runs, thaiPdfmake } from '../../pdf/thai';
import { htmlBlocks, type Block, type Inline } from './htmlBlocks';

/** What the letterhead and the footer print around a document's text. */
export interface SheetPrint {
  html: string;
  title: string;
  company: { name: string; address: string; taxId: string };
  /** the logo as a data: URL (PNG or JPEG: what pdfmake draws), or null */
  logo: string | null;
  /** the footer's line: the version, its state and approval, with BE dates, in the document's language */
  footer: string;
  /** "หน้า %{page} / %{pages}": the page label's words, and whether its numbers are Thai digits */
  pageLabel: { template: string; thaiDigits: boolean };
}

function pageLabel(p: SheetPrint, page: number, pages: number) {
  const label = p.pageLabel.template.replace('%{page}', String(page)).replace('%{pages}', String(pages));
  return p.pageLabel.thaiDigits ? toThaiDigits(label) : label;
}

const HEADING: Record<'h1' | 'h2' | 'h3', number> = { h1: 18, h2: 15, h3: 13 };

function inlineContent(inlines: Inline[]): ContentText[] {
  const out: ContentText[] = [];
  for (const i of inlines) {
    if ('br' in i) out.push({ text: '\n' });
    else if ('image' in i)
      continue; // an image in the text is the logo, which the letterhead already prints
    else {
      const decoration = i.underline ? 'underline' : i.strike ? 'lineThrough' : undefined;
      out.push(
        ...runs(i.text, {
          bold: i.bold,
          italics: i.italics,
          decoration,
          ...(i.link ? { link: i.link, color: '#1a5fb4' } : {}),
          ...(i.mark ? { background: '#fff3a0' } : {}),
        }),
      );
    }
  }
  return out;
}

function blockContent(block: Block): Content {
  switch (block.kind) {
    case 'ul':
    case 'ol': {
      const items: Content[] = block.items.map((item) => ({ stack: item.map((b) => blockContent(b)) }));
      return block.kind === 'ul' ? { ul: items, margin: [0, 0, 0, 6] } : { ol: items, margin: [0, 0, 0, 6] };
    }
    case 'hr':
      return { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 515, y2: 4, lineWidth: 0.5, lineColor: '#999999' }], margin: [0, 4, 0, 8] };
    case 'h1':
    case 'h2':
    case 'h3':
      return { text: inlineContent(block.inlines), fontSize: HEADING[block.kind], bold: true, margin: [0, 8, 0, 6] };
    case 'quote':
      return { text: inlineContent(block.inlines), italics: true, margin: [20, 0, 0, 6], color: '#444444' };
    default:
      return { text: inlineContent(block.inlines), margin: [0, 0, 0, 6] };
  }
}

/** A document as an A4 PDF: Sarabun embedded, the letterhead with the logo, page numbers, the version and approval in the footer. */
export async function drawSheet(p: SheetPrint): Promise<Buffer> {
  thaiPdfmake();
  const content = htmlBlocks(p.html).map((b) => blockContent(b));
  const letterhead: Content = {
    margin: [40, 20, 40, 0],
    columns: [
      ...(p.logo ? [{ image: p.logo, fit: [60, 40] as [number, number], width: 70 }] : []),
      {
        stack: [
          { text: runs(p.company.name), bold: true, fontSize: 12 },
          { text: runs([p.company.address, p.company.taxId].filter(Boolean).join('  ')), fontSize: 8, color: '#555555' },
        ],
      },
    ],
  };
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 80, 40, 50],
    info: { title: p.title, creator: p.company.name, author: p.company.name },
    defaultStyle: { font: 'SarabunLatin', fontSize: 11, lineHeight: 1.25 },
    header: () => letterhead,
    footer: (page, pages) => ({
      margin: [40, 10, 40, 0],
      columns: [
        { text: runs(p.footer), fontSize: 8, color: '#555555' },
        { text: runs(pageLabel(p, page, pages)), fontSize: 8, alignment: 'right', width: 90 },
      ],
    }),
    content: content.length ? content : [{ text: runs(p.title) }],
  };
  return pdfmake.createPdf(doc).getBuffer();
}

/** The document, drawn on a PDF thread. */
export const renderSheetPdf = offThread(import.meta.url, 'drawSheet', drawSheet);
