import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { needsActualText, readBackAsTyped, spanOf } from './actualText';
import { sarabunFace } from './thai';

/**
 * Thai text laid out into lines for pdfkit, without pdfmake: pdfmake builds a style stack and a
 * fragment per Thai word for every cell, about 17 ms a page, which is minutes for a register of
 * thousands of pages. Here a text is cut once into pieces by script (Sarabun comes as a Thai and a
 * Latin subset) and by word (Intl.Segmenter: Thai writes no spaces), each piece measured once per
 * face (cached), and lines filled greedily; a line is then drawn as one run per face.
 */
export type Face = 'thai' | 'thaiBold' | 'latin' | 'latinBold';

/**
 * A WOFF font as the plain TrueType it wraps (its tables inflated, once per process): fontkit reads a
 * WOFF's tables through a pure-JS inflate each time it opens one, over half a second of a large export.
 */
function woffToSfnt(woff: Buffer): Buffer {
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const head = Buffer.alloc(12 + 16 * numTables);
  head.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: TrueType or CFF
  head.writeUInt16BE(numTables, 4);
  head.writeUInt16BE(16 * 2 ** entrySelector, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(16 * numTables - 16 * 2 ** entrySelector, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((t, i) => {
    head.writeUInt32BE(t.tag, 12 + 16 * i);
    head.writeUInt32BE(t.checksum, 16 + 16 * i);
    head.writeUInt32BE(offset, 20 + 16 * i);
    head.writeUInt32BE(t.data.length, 24 + 16 * i);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
const FACE_FILES: Record<Face, [subset: 'thai' | 'latin', weight: 400 | 700]> = {
  thai: ['thai', 400],
  thaiBold: ['thai', 700],
  latin: ['latin', 400],
  latinBold: ['latin', 700],
};
const faces = new Map<Face, Buffer>();

/** Registers the four Sarabun faces on a pdfkit document under the names `Face`. */
export function registerSarabun(doc: PDFKit.PDFDocument) {
  readBackAsTyped();
  for (const [face, [subset, weight]] of Object.entries(FACE_FILES) as [Face, [subset: 'thai' | 'latin', weight: 400 | 700]][]) {
    if (!faces.has(face)) faces.set(face, woffToSfnt(readFileSync(sarabunFace(subset, weight))));
    doc.registerFont(face, faces.get(face)!);
  }
}

const THAI = /[\u0E00-\u0E7F]/;
const SCRIPT_RUNS = /([\u0E00-\u0E7F]+)/;
const words = new Intl.Segmenter('th', { granularity: 'word' });

interface Piece {
  text: string;
  thai: boolean;
  space: boolean;
  /** a line may end before this piece */
  breakBefore: boolean;
}

/** A text's pieces, cached: the register repeats most of its texts on every page. */
const pieceCache = new Map<string, Piece[]>();
function piecesOf(paragraph: string): Piece[] {
  const cached = pieceCache.get(paragraph);
  if (cached) return cached;
  const out: Piece[] = [];
  for (const { segment } of words.segment(paragraph)) {
    const space = !segment.trim();
    segment.split(SCRIPT_RUNS).forEach((text, i) => {
      if (!text) return;
      const thai = THAI.test(text);
      const prev = out.at(-1);
      // a line may break between words where either is Thai (Thai writes no spaces) or at a space; never
      // inside a Latin word, an e-mail address or a phone number
      const wordStart = i === 0 || (i === 1 && !segment.split(SCRIPT_RUNS)[0]);
      out.push({ text, thai, space, breakBefore: !prev || space || prev.space || (wordStart && (thai || prev.thai)) });
    });
  }
  if (pieceCache.size > 50_000) pieceCache.clear();
  pieceCache.set(paragraph, out);
  return out;
}

export interface Run {
  text: string;
  face: Face;
  /** from the line's left edge */
  x: number;
}
export type Line = Run[];

/** Measures pieces of text in the Sarabun faces, once each. */
export class ThaiMeasure {
  private widths = new Map<string, number>();
  constructor(private doc: PDFKit.PDFDocument) {}
  /** the width of `text` in `face` at size 1 */
  width(text: string, face: Face) {
    const key = `${face}\u0000${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = this.doc.font(face).fontSize(1).widthOfString(text);
      if (this.widths.size > 200_000) this.widths.clear();
      this.widths.set(key, w);
    }
    return w;
  }
  /** the height of a line of `size` points (the font's ascender to descender, its gap, times `leading`) */
  lineHeight(size: number, leading: number) {
    return this.doc.font('thai').fontSize(size).currentLineHeight(true) * leading;
  }
  /** `text` in lines no wider than `width` at `size`; a line break in the text starts a line */
  lines(text: string, { size, bold, width }: { size: number; bold: boolean; width: number }): Line[] {
    const out: Line[] = [];
    const faceOf = (p: Piece): Face => (p.thai ? (bold ? 'thaiBold' : 'thai') : bold ? 'latinBold' : 'latin');
    for (const paragraph of text.split('\n')) {
      // the pieces grouped into unbreakable words
      const groups: { pieces: Piece[]; width: number; space: boolean }[] = [];
      for (const p of piecesOf(paragraph)) {
        const w = this.width(p.text, faceOf(p)) * size;
        const last = groups.at(-1);
        if (!last || p.breakBefore) groups.push({ pieces: [p], width: w, space: p.space });
        else {
          last.pieces.push(p);
          last.width += w;
        }
      }
      let line: { piece: Piece; width: number }[] = [];
      let x = 0;
      const flush = () => {
        while (line.length && line.at(-1)!.piece.space) x -= line.pop()!.width;
        out.push(this.merge(line, faceOf));
        line = [];
        x = 0;
      };
      for (const g of groups) {
        if (g.space && !line.length) continue;
        if (x + g.width > width && line.length) {
          flush();
          if (g.space) continue;
        }
        if (g.width > width) {
          // a word wider than the cell (a long address): cut it where it overflows, character by character
          for (const p of g.pieces)
            for (const ch of p.text) {
              const w = this.width(ch, faceOf(p)) * size;
              if (x + w > width && line.length) flush();
              line.push({ piece: { ...p, text: ch }, width: w });
              x += w;
            }
          continue;
        }
        for (const p of g.pieces) line.push({ piece: p, width: this.width(p.text, faceOf(p)) * size });
        x += g.width;
      }
      flush();
    }
    return out;
  }
  /** a line's pieces as one run per face change */
  private merge(line: { piece: Piece; width: number }[], faceOf: (p: Piece) => Face): Line {
    const runs: Line = [];
    let x = 0;
    for (const { piece, width } of line) {
      const face = faceOf(piece);
      const last = runs.at(-1);
      if (last && last.face === face) last.text += piece.text;
      else runs.push({ text: piece.text, face, x });
      x += width;
    }
    return runs;
  }
}

interface Glyphs {
  encode(text: string): [string[], { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }[]];
  ref(): unknown;
  id: string;
  ascender: number;
}
interface DocInternals {
  _font: Glyphs;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(ops: string): unknown;
}
const num = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * The glyph operators of a run at `size`, relative to where the run starts (`Td` moves, relative to
 * the last origin, for Thai marks the font positions off their base): cached per document, as the
 * register draws the same labels and values on thousands of pages.
 */
function glyphOps(font: Glyphs, text: string, size: number) {
  const [encoded, positions] = font.encode(text);
  const scale = size / 1000;
  const ops: string[] = [];
  let tj: string[] = [];
  let last = 0;
  const segment = (cur: number) => {
    if (last < cur) tj.push(`<${encoded.slice(last, cur).join('')}> ${num(-(positions[cur - 1].xAdvance - positions[cur - 1].advanceWidth))}`);
    last = cur;
  };
  const flush = (cur: number) => {
    segment(cur);
    if (tj.length) ops.push(`[${tj.join(' ')}] TJ`);
    tj = [];
  };
  // where the text line matrix stands, relative to the run's start
  let ox = 0;
  let oy = 0;
  let x = 0;
  let offset = false;
  for (let i = 0; i < positions.length; i++) {
    const pos = positions[i];
    if (pos.xOffset || pos.yOffset) {
      flush(i);
      const nx = x + pos.xOffset * scale;
      const ny = pos.yOffset * scale;
      ops.push(`${num(nx - ox)} ${num(ny - oy)} Td`);
      [ox, oy] = [nx, ny];
      flush(i + 1);
      offset = true;
    } else {
      if (offset) {
        flush(i);
        ops.push(`${num(x - ox)} ${num(-oy)} Td`);
        [ox, oy] = [x, 0];
        offset = false;
      }
      if (pos.xAdvance - pos.advanceWidth !== 0) segment(i + 1);
    }
    x += pos.xAdvance * scale;
  }
  flush(positions.length);
  return ops.join('\n');
}

/**
 * Writes laid-out lines straight into the page's content (one text object for all of them, one
 * font change per run): pdfkit's `text()` wraps every run in its own state save, flip and text
 * object, several times the bytes and the time.
 */
export class LineWriter {
  private ops = new Map<string, string>();
  constructor(private doc: PDFKit.PDFDocument) {
    // A glyph reads back (pdftotext, search, copy) as the text it was first drawn for. Sara am (ำ) is
    // drawn as nikhahit and sara aa: were it met first, every sara aa would read back as nothing.
    // Each Thai letter drawn alone first names every glyph by its own letter (ำ then reads as ํา).
    for (const face of ['thai', 'thaiBold'] as const) {
      doc.font(face);
      const font = (doc as unknown as DocInternals)._font;
      for (let c = 0x0e01; c <= 0x0e5b; c++) font.encode(String.fromCharCode(c));
    }
  }
  /** draws `lines`, each `[line, x, top, size]`, in black */
  draw(lines: [Line, number, number, number][]) {
    const d = this.doc as unknown as DocInternals;
    const h = d.page.height;
    const out: string[] = ['BT'];
    for (const [line, x, top, size] of lines)
      for (const run of line) {
        this.doc.font(run.face);
        const font = d._font;
        if (d.page.fonts[font.id] == null) d.page.fonts[font.id] = font.ref();
        const key = `${run.face}\u0000${size}\u0000${run.text}`;
        let ops = this.ops.get(key);
        if (ops === undefined) {
          ops = glyphOps(font, run.text, size);
          // Thai reads back as typed (see actualText.ts), not as the glyphs drawn
          if (needsActualText(run.text)) ops = `${spanOf(run.text)}\n${ops}\nEMC`;
          this.ops.set(key, ops);
        }
        const baseline = h - top - (font.ascender / 1000) * size;
        out.push(`/${font.id} ${num(size)} Tf 1 0 0 1 ${num(x + run.x)} ${num(baseline)} Tm`, ops);
      }
    out.push('ET');
    // the page's content is flipped (pdfkit draws from the top); text is written in the page's own space
    d.addContent(`q 1 0 0 -1 0 ${num(h)} cm 0 g\n${out.join('\n')}\nQ`);
  }
}
