import { isSheetVariable, toThaiDigits, variablesIn, type SheetVariableName } from '../../../contract/sheetVariables';
import type { VariableValue, VariableValues } from './variables';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A variable with no value is printed visibly, never silently left out: `[notice.purposes]`. */
const blank = (name: string) => `<mark>[${escapeHtml(name)}]</mark>`;

/**
 * The sanitized HTML with its `{{variables}}` replaced by their values, escaped: a list standing
 * alone in a paragraph becomes a bullet list, elsewhere a comma-separated text; the logo an image.
 * `missing`: names with no value; `thaiDigits`: every digit of a value in Thai numerals.
 */
export function fillVariables(html: string, values: VariableValues, thaiDigits: boolean) {
  const missing = new Set<string>();
  const text = (s: string) => escapeHtml(thaiDigits ? toThaiDigits(s) : s);
  const valueOf = (name: string): VariableValue | undefined => (isSheetVariable(name) ? values[name as SheetVariableName] : undefined);
  const empty = (v: VariableValue | undefined) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

  const standalone = html.replace(/<p>\s*\{\{\s*([A-Za-z][\w.]*)\s*\}\}\s*<\/p>/g, (whole, name: string) => {
    const v = valueOf(name);
    if (!Array.isArray(v) || !v.length) return whole;
    return `<ul>${v.map((item) => `<li>${text(item)}</li>`).join('')}</ul>`;
  });
  const filled = standalone.replace(/\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g, (_whole, name: string) => {
    const v = valueOf(name);
    if (empty(v)) {
      missing.add(name);
      return blank(name);
    }
    if (Array.isArray(v)) return text(v.join(', '));
    if (typeof v === 'object' && v) return `<img src="${escapeHtml(v.image.url)}" alt="logo">`;
    return text(String(v));
  });
  return { html: filled, missing: [...missing] };
}

/** The variables a text uses that the registry knows (the rest were refused when it was saved). */
export const knownVariablesIn = (html: string) => variablesIn(html).filter(isSheetVariable);
