import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import pdfmake from 'pdfmake';
import type { ContentText } from 'pdfmake/interfaces';
import { readBackAsTyped } from './actualText';

// Every PDF of the product (the risk report, the ROPA register, breach letters, the DPO's order, documents,
// certificates) writes Thai with the self-hosted Sarabun. It comes as per-script WOFF subsets (thai lacks Latin
// letters and digits, latin lacks Thai), so every text is split into runs by script, each in the subset that has
// its glyphs.
const FONT_DIR = dirname(createRequire(import.meta.url).resolve('@fontsource/sarabun/files/sarabun-thai-400-normal.woff'));
/** The file of one Sarabun subset ('thai' or 'latin') at one weight (400, 700). */
export const sarabunFace = (subset: 'thai' | 'latin', weight: 400 | 700) => join(FONT_DIR, `sarabun-${subset}-${weight}-normal.woff`);
const family = (subset: 'thai' | 'latin') => ({
  normal: sarabunFace(subset, 400),
  bold: sarabunFace(subset, 700),
  italics: sarabunFace(subset, 400),
  bolditalics: sarabunFace(subset, 700),
});

let ready = false;
/** pdfmake with the Sarabun subsets, and no access to anything but the fonts (images come as data URLs). */
export function thaiPdfmake() {
  if (!ready) {
    readBackAsTyped();
    pdfmake.addFonts({ SarabunThai: family('thai'), SarabunLatin: family('latin') });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => path.startsWith(FONT_DIR + sep));
    ready = true;
  }
  return pdfmake;
}

const THAI = /([\u0E00-\u0E7F]+)/;
const thaiWords = new Intl.Segmenter('th', { granularity: 'word' });
// Thai writes no spaces between words and pdfmake's line breaker finds no break inside Thai, so a long name would
// overflow its cell. A space between Thai words, set so small it takes no room, gives the breaker its chance.
// (U+200B would be the proper mark, but neither subset has a glyph for it and fontkit then draws a box.)
const WORD_BREAK = { text: ' ', font: 'SarabunLatin', fontSize: 0.01 };

/** Text fragments for pdfmake, each in the Sarabun subset that holds its script. */
export function runs(text: string, style: Omit<ContentText, 'text'> = {}): ContentText[] {
  const out: ContentText[] = [];
  let lastThai = false;
  for (const { segment } of thaiWords.segment(text)) {
    for (const piece of segment.split(THAI)) {
      if (!piece) continue;
      const thai = THAI.test(piece);
      if (thai && lastThai) out.push({ ...WORD_BREAK });
      out.push({ ...style, text: piece, font: thai ? 'SarabunThai' : 'SarabunLatin' });
      lastThai = thai;
    }
  }
  return out;
}

export const para = (text: string, style: Omit<ContentText, 'text'> = {}): ContentText => ({ text: runs(text), ...style });
