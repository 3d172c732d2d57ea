/** Dates are stored as ISO instants and shown in Bangkok time, in the Buddhist era (th-TH: 2569). */
export const TIME_ZONE = 'Asia/Bangkok';

const localeTag = (locale: string) => (locale === 'en' ? 'en-GB-u-ca-buddhist' : 'th-TH');

/** "21 พฤศจิกายน 2569" (long format); with `time`, "21 พฤศจิกายน 2569 เวลา 06:24". */
export function formatDate(value: string | Date | null | undefined, locale = 'th', time = false): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return longFormat(locale, time).format(date);
}

// a formatter is costly to make (a fraction of a millisecond): an export of thousands of rows keeps one per locale
const longFormats = new Map<string, Intl.DateTimeFormat>();
function longFormat(locale: string, time: boolean) {
  const key = `${locale} ${time}`;
  let f = longFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeTag(locale), { dateStyle: 'long', ...(time ? { timeStyle: 'short' } : {}), timeZone: TIME_ZONE });
    longFormats.set(key, f);
  }
  return f;
}

/**
 * A moment to the second, as a CSV export writes it beside an ISO 8601 column: Bangkok time, Buddhist
 * era ("25 พ.ย. 2569 10:00:05"; English "25 Nov 2569 BE, 10:00:05").
 */
export function formatMoment(value: string | Date, locale = 'th'): string {
  return new Intl.DateTimeFormat(localeTag(locale), { dateStyle: 'medium', timeStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(value));
}

/** The current year as the reader counts it: 2569 in Thai, "2569 BE" in English. */
export function formatYear(locale = 'th', date = new Date()): string {
  return new Intl.DateTimeFormat(localeTag(locale), { year: 'numeric', timeZone: TIME_ZONE }).format(date);
}
