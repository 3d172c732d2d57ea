import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import pdfmake from 'pdfmake';
import type { ContentText } from 'pdfmake/interfaces';

// The same self-hosted Sarabun set-up as the risk report (server/modules/risk/report.ts), kept here so the breach
// letters do not reach into another module: Sarabun comes as per-script WOFF subsets (thai lacks Latin, latin lacks
// Thai), so every text is split into runs by script, each in the subset that has its glyphs.
const FONT_DIR = dirname(createRequire(import.meta.url).resolve('@fontsource/sarabun/files/sarabun-thai-400-normal.woff'));
const face = (subset: string, weight: number) => join(FONT_DIR, `sarabun-${subset}-${weight}-normal.woff`);
const family = (subset: string) => ({
  normal: face(subset, 400),
  bold: face(subset, 700),
  italics: face(subset, 400),
  bolditalics: face(subset, 700),
});

let ready = false;
/** pdfmake with the Sarabun subsets, and no access to anything but the fonts (images come as data URLs). */
export function thaiPdfmake() {
  if (!ready) {
    pdfmake.addFonts({ SarabunThai: family('thai'), SarabunLatin: family('latin') });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => path.startsWith(FONT_DIR + sep));
    ready = true;
  }
  return pdfmake;
}

const THAI = /([\u0E00-\u0E7F]+)/;
const thaiWords = new Intl.Segmenter('th', { granularity: 'word' });
// pdfmake finds no line break inside Thai: a space too small to take room between Thai words gives it one
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
