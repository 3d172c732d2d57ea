import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, differenceInCalendarDays, format } from 'date-fns';

/**
 * The product's clock: days are Bangkok's calendar days (UTC+7 all year, no daylight saving), so a
 * due date, "days left" and a day picked in a filter mean the same on every machine, whatever its
 * own time zone. Results are plain Dates (a TZDate would print its ISO text with +07:00).
 */
export const BANGKOK = 'Asia/Bangkok';

/** `at` as a date-fns date in Bangkok time: its calendar fields are Bangkok's. */
export const inBangkok = (at: Date | string | number) => new TZDate(new Date(at).getTime(), BANGKOK);

/** The Bangkok calendar day of `at` (now by default) as `YYYY-MM-DD`: such days compare as text. */
export const bangkokDay = (at: Date = new Date()): string => format(inBangkok(at), 'yyyy-MM-dd');

/** Whole days from `from` to `to` as calendar days in Bangkok (negative when `to` is earlier). */
export const bangkokDaysBetween = (from: Date, to: Date): number => differenceInCalendarDays(inBangkok(to), inBangkok(from));

/** `days` calendar days after `at` in Bangkok: the same time of day, that many days on. */
export const addDays = (at: Date, days: number): Date => new Date(addCalendarDays(inBangkok(at), days).getTime());

/** Midnight in Bangkok at the start of the day `YYYY-MM-DD`. */
export function bangkokDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date, BANGKOK).getTime());
}
