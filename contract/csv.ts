import { format } from 'date-fns';
import { inBangkok } from './clock';

/** What every CSV export of the API is made of: UTF-8 with a BOM (so Excel shows Thai), CRLF lines. */
export const CSV_BOM = '\uFEFF';

/** "2026-01-15 14:03:22" (or without seconds): Bangkok time, Gregorian, so a spreadsheet reads it as a date. */
export const bangkokTime = (at: Date | string, seconds = true) => format(inBangkok(at), seconds ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd HH:mm');

export type CsvValue = string | number | null | undefined;

/**
 * One cell: quoted when it must be, and never a formula (a text starting with = + - @ is prefixed
 * with an apostrophe, so a spreadsheet shows it as text instead of running it). Numbers stay numbers.
 */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return String(value);
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;
