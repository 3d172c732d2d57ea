import { format } from 'date-fns';
import type { DashboardQuery } from '../../contract/dashboard';
import { inBangkok } from '../../contract/clock';

export const PERIOD_PRESETS = ['last12', 'month', 'quarter', 'year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const day = (d: Date) => format(d, 'yyyy-MM-dd');

/** A preset's Bangkok days up to today (`custom` keeps the picked days). */
export function presetRange(preset: PeriodPreset, now = new Date()): { from: string; to: string } | undefined {
  const today = inBangkok(now);
  const y = today.getFullYear();
  const m = today.getMonth();
  const to = day(new Date(y, m, today.getDate()));
  if (preset === 'last12') return { from: day(new Date(y, m - 11, 1)), to };
  if (preset === 'month') return { from: day(new Date(y, m, 1)), to };
  if (preset === 'quarter') return { from: day(new Date(y, m - (m % 3), 1)), to };
  if (preset === 'year') return { from: day(new Date(y, 0, 1)), to };
  return undefined;
}

/** The query every feed is asked with. */
export const queryOf = (range: { from: string; to: string }, departmentId: string): DashboardQuery => ({
  ...range,
  ...(departmentId ? { departmentId } : {}),
});

const tag = (locale: string) => (locale === 'en' ? 'en-GB-u-ca-buddhist' : 'th-TH');

const englishMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** A graph bucket's label in the Buddhist era: "พ.ย. 69" by month, "25 พ.ย." by day or week (Thai month names in Thai). */
export function bucketLabel(bucket: string, unit: 'day' | 'week' | 'month', locale: string) {
  const d = new Date(`${bucket}T00:00:00Z`);
  const opts: Intl.DateTimeFormatOptions =
    unit === 'month' ? { month: 'short', year: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  const format = new Intl.DateTimeFormat(tag(locale), opts);
  if (locale !== 'en') return format.format(d);
  // British English shortens September to "Sept" (CLDR): every month in three letters, as the axis reads them
  return format
    .formatToParts(d)
    .map((part) => (part.type === 'month' ? englishMonth.format(d) : part.value))
    .join('');
}

/** A `YYYY-MM-DD` day as the reader reads it, in the Buddhist era. */
export const dayLabel = (value: string, locale: string) =>
  new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
