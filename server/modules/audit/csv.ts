import en from '../../../src/i18n/en';
import th from '../../../src/i18n/th';
import type { Lang } from '../../http/messages';
import type { AuditRow } from './routes';

const BOM = '\uFEFF';
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** "2026-01-15 14:03:22": Bangkok time, Gregorian, so a spreadsheet reads it as a date. */
const bangkokTime = (at: Date | string) =>
  new Date(new Date(at).getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/**
 * One CSV cell: quoted when it must be, and never a formula (a value starting with = + - @ is
 * prefixed with an apostrophe, so a spreadsheet shows it as text instead of running it).
 */
function cell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: (string | null | undefined)[]) => `${cells.map(cell).join(',')}\r\n`;
const json = (value: unknown) => (value == null ? '' : JSON.stringify(value));

/** The trail as CSV in the reader's language: UTF-8 with a BOM, so Excel shows Thai. */
export async function* auditCsv(rows: AsyncIterable<AuditRow>, lang: Lang): AsyncGenerator<string> {
  const texts = (lang === 'en' ? en : th).audit;
  const actions: Record<string, string> = texts.actions;
  const entities: Record<string, string> = texts.entities;
  const c = texts.csv;
  yield BOM + line([c.at, c.username, c.name, c.action, c.entity, c.record, c.before, c.after, c.ip]);
  for await (const r of rows) {
    yield line([
      bangkokTime(r.at),
      r.username,
      r.full_name,
      actions[r.action] ?? r.action,
      entities[r.entity] ?? r.entity,
      r.record_id,
      json(r.before),
      json(r.after),
      r.ip,
    ]);
  }
}
