import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from 'docx';
import { htmlBlocks, type Block, type Inline } from './htmlBlocks';
import type { SheetPrint } from './pdf';

const FONT = 'Sarabun';
const HEADINGS = { h1: HeadingLevel.HEADING_1, h2: HeadingLevel.HEADING_2, h3: HeadingLevel.HEADING_3 } as const;

function runsOf(inlines: Inline[]): (TextRun | ExternalHyperlink)[] {
  return inlines.flatMap((i): (TextRun | ExternalHyperlink)[] => {
    if ('br' in i) return [new TextRun({ break: 1 })];
    if ('image' in i) return [];
    const run = new TextRun({
      text: i.text,
      font: FONT,
      bold: i.bold,
      italics: i.italics,
      underline: i.underline ? {} : undefined,
      strike: i.strike,
      highlight: i.mark ? 'yellow' : undefined,
    });
    return [i.link ? new ExternalHyperlink({ link: i.link, children: [run] }) : run];
  });
}

function paragraphsOf(block: Block, level = 0): Paragraph[] {
  switch (block.kind) {
    case 'ul':
    case 'ol':
      return block.items.flatMap((item) =>
        item.flatMap((b, i) =>
          b.kind === 'ul' || b.kind === 'ol'
            ? paragraphsOf(b, level + 1)
            : i === 0 && 'inlines' in b
              ? [new Paragraph({ children: runsOf(b.inlines), numbering: { reference: block.kind, level } })]
              : paragraphsOf(b, level),
        ),
      );
    case 'hr':
      return [new Paragraph({ border: { bottom: { style: 'single', size: 6, color: '999999', space: 1 } } })];
    case 'h1':
    case 'h2':
    case 'h3':
      return [new Paragraph({ heading: HEADINGS[block.kind], children: runsOf(block.inlines) })];
    case 'quote':
      return [new Paragraph({ indent: { left: 720 }, children: runsOf(block.inlines) })];
    default:
      return [new Paragraph({ children: runsOf(block.inlines), spacing: { after: 120 } })];
  }
}

const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

/** The same document as a Word file (for people who must edit it elsewhere): letterhead, page numbers, the footer's line. */
export async function renderSheetDocx(p: SheetPrint): Promise<Buffer> {
  const logo = p.logo
    ? [
        new ImageRun({
          type: p.logo.startsWith('data:image/png') ? 'png' : 'jpg',
          data: dataUrlBytes(p.logo),
          transformation: { width: 60, height: 40 },
        }),
      ]
    : [];
  const doc = new Document({
    creator: p.company.name,
    title: p.title,
    styles: { default: { document: { run: { font: FONT, size: 22 } } } },
    numbering: {
      config: (['ul', 'ol'] as const).map((reference) => ({
        reference,
        levels: [0, 1, 2].map((level) => ({
          level,
          format: reference === 'ul' ? LevelFormat.BULLET : LevelFormat.DECIMAL,
          text: reference === 'ul' ? '•' : `%${level + 1}.`,
          alignment: AlignmentType.LEFT,
          style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
        })),
      })),
    },
    sections: [
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({ children: [...logo, new TextRun({ text: ` ${p.company.name}`, bold: true, font: FONT })] }),
              new Paragraph({
                children: [new TextRun({ text: [p.company.address, p.company.taxId].filter(Boolean).join('  '), size: 16, font: FONT })],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                children: [
                  new TextRun({ text: `${p.footer}  ·  `, size: 16, font: FONT }),
                  new TextRun({ children: [PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES], size: 16, font: FONT }),
                ],
              }),
            ],
          }),
        },
        children: htmlBlocks(p.html).flatMap((b) => paragraphsOf(b)),
      },
    ],
  });
  return Packer.toBuffer(doc);
}
