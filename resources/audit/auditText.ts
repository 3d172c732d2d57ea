import { formatDate } from '../../i18n/dates';
import { truncateGraphemes } from '../../src/components/truncate';

/** What the database writes for a changed secret (0004_audit.sql). */
const HIDDEN = '***';
/** An element's tag: a value holding one is a document's or a notice's HTML, read as its text. */
const HTML = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;

export interface TextDeps {
  translate: (key: string, options?: Record<string, unknown>) => string;
  locale: string;
  /** the names of the records and people a value points at: id -> name */
  names: Record<string, string>;
}

/** HTML as the text a person reads in it (tags, entities and runs of spaces gone); nothing in it runs. */
export function htmlText(html: string) {
  // a block (paragraph, heading, item, cell, line break) ends a word; an inline tag (bold, a link) does not
  html = html.replace(/<(\/?(p|div|h[1-6]|li|ul|ol|tr|td|th|blockquote|section|article|table)\b[^>]*|br\s*\/?)>/gi, ' $&');
  const text =
    typeof DOMParser === 'undefined' ? html.replace(/<[^>]*>/g, ' ') : (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');
  return text.replace(/\s+/g, ' ').trim();
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const blank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length) || (isRecord(value) && !Object.keys(value).length);

/** A field's name as the catalogue names it (`audit.fields.*`), else as stored. */
export const fieldLabel = (translate: TextDeps['translate'], field: string) => translate(`audit.fields.${field}`, { _: field });

/**
 * A field's value as a person reads it, at most `max` characters: a record or person a value points at by
 * its name; yes/no, instants and days in the Buddhist era; HTML as its text; a list as its items; a nested
 * record as its named fields ("field: value; …"), never JSON.
 */
export function valueText(value: unknown, deps: TextDeps, max = 60): string {
  const { translate, locale, names } = deps;
  if (blank(value)) return translate('audit.values.empty');
  if (typeof value === 'string') {
    if (names[value]) return truncateGraphemes(names[value], max);
    if (value === HIDDEN) return translate('audit.values.hidden');
    // instants and days in the Buddhist era, Bangkok time
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDate(value, locale, true);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(`${value}T00:00:00+07:00`, locale);
    return truncateGraphemes(HTML.test(value) ? htmlText(value) : value, max);
  }
  if (typeof value === 'boolean') return translate(value ? 'audit.values.yes' : 'audit.values.no');
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return truncateGraphemes(
      value
        .filter((v) => !blank(v))
        .map((v) => valueText(v, deps, max))
        .join(', '),
      max,
    );
  if (isRecord(value))
    return truncateGraphemes(
      Object.entries(value)
        .filter(([, v]) => !blank(v))
        .map(([k, v]) => `${fieldLabel(translate, k)}: ${valueText(v, deps, max)}`)
        .join('; '),
      max,
    );
  return truncateGraphemes(String(value), max);
}

/**
 * A change of one field as lines "field: before → after"; a field holding a record (a ROPA activity's items,
 * a form's settings) as one line per item that changed, "field › item: before → after".
 */
export function changeLines(field: string, before: unknown, after: unknown, deps: TextDeps, max = 60): string[] {
  const label = fieldLabel(deps.translate, field);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
    );
    if (keys.length)
      return keys.map((k) => `${label} › ${fieldLabel(deps.translate, k)}: ${valueText(before[k], deps, max)} → ${valueText(after[k], deps, max)}`);
  }
  return [`${label}: ${valueText(before, deps, max)} → ${valueText(after, deps, max)}`];
}
