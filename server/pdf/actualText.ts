import { createRequire } from 'node:module';

/**
 * Thai in a PDF reads back (pdftotext, search, copy, screen readers) as the text typed, not as the glyphs drawn.
 *
 * Sarabun draws some Thai as other glyphs: sara am (ำ) as nikhahit and sara aa, a tone mark over an upper vowel
 * as its shifted form, ญ and ฐ without their tails over a lower vowel. A PDF font maps each glyph to one text
 * (its ToUnicode map), while the same glyph stands for different text in different words (sara aa alone, or
 * the second half of ำ): "จำกัด" read back as "จำากัด". A marked-content span with an ActualText (PDF 32000-1,
 * 14.9.4) tells every reader the text the span's glyphs stand for; every Thai run is written inside one.
 */
const THAI = /[\u0E00-\u0E7F]/;

/** `text` as a PDF text string: UTF-16BE with its byte-order mark, in hex. */
function textString(text: string) {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/** The operator that opens a span reading back as `text` (closed by `EMC`). */
export const spanOf = (text: string) => `/Span <</ActualText ${textString(text)}>> BDC`;

/** Whether a run needs its ActualText (Latin glyphs already map one to one). */
export const needsActualText = (text: string) => THAI.test(text);

interface Fragments {
  _fragment(this: FragmentDoc, text: string, x: number, y: number, options: unknown): unknown;
  __actualText?: true;
}
interface FragmentDoc {
  addContent(ops: string): unknown;
}

/**
 * Every text pdfkit draws (pdfmake draws each piece of text through `_fragment`, one line's run at a time) is
 * wrapped in a span with its ActualText when it holds Thai. pdfkit is the one copy pdfmake requires, so this
 * is its class, patched once for the process.
 */
export function readBackAsTyped() {
  const pdfkit = createRequire(import.meta.url)('pdfkit') as { prototype: Fragments };
  const proto = pdfkit.prototype;
  if (proto.__actualText) return;
  const fragment = proto._fragment;
  if (typeof fragment !== 'function') throw new Error('pdfkit draws text without _fragment: update server/pdf/actualText.ts');
  proto._fragment = function (text, x, y, options) {
    const typed = `${text}`.replace(/\n/g, '');
    if (!needsActualText(typed)) return fragment.call(this, text, x, y, options);
    // inside the fragment's text object: a reader places the span's text where its glyphs stood, in the
    // coordinates in force when the span ends (the fragment flips the page and restores it after ET)
    const addContent = this.addContent;
    const own = Object.prototype.hasOwnProperty.call(this, 'addContent');
    this.addContent = function (ops) {
      if (ops === 'ET') addContent.call(this, 'EMC');
      const result = addContent.call(this, ops);
      if (ops === 'BT') addContent.call(this, spanOf(typed));
      return result;
    };
    try {
      return fragment.call(this, text, x, y, options);
    } finally {
      if (own) this.addContent = addContent;
      else delete (this as Partial<FragmentDoc>).addContent;
    }
  };
  proto.__actualText = true;
}
