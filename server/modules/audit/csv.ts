import { CSV_BOM, csvLine } from '../../../contract/csv';
import { formatMoment } from '../../../i18n/dates';
import type { Lang } from '../../http/messages';
import type { AuditRow } from './routes';
import auditTexts from '../../../i18n/audit';
import { textAt } from '../../../i18n';
import { registerTable } from '../../../contract/register';
import { REGISTERS } from '../../../contract/registers';

const json = (value: unknown) => (value == null ? '' : JSON.stringify(value));

/** The trail as CSV in the reader's language: UTF-8 with a BOM, so Excel shows Thai. */
export async function* auditCsv(rows: AsyncIterable<AuditRow>, lang: Lang): AsyncGenerator<string> {
  const texts = auditTexts[lang].audit;
  const actions: Record<string, string> = texts.actions;
  // a register's records are named by its own text (`<prefix>.entity`)
  const entities: Record<string, string> = {
    ...Object.fromEntries(REGISTERS.map((r) => [registerTable(r), textAt(lang, `${r.texts.prefix}.entity`) ?? registerTable(r)])),
    ...texts.entities,
  };
  const c = texts.csv;
  yield CSV_BOM + csvLine([c.at, c.username, c.name, c.action, c.entity, c.record, c.label, c.before, c.after, c.ip, c.at_iso]);
  for await (const r of rows) {
    yield csvLine([
      formatMoment(r.at, lang),
      r.username,
      r.full_name,
      actions[r.action] ?? r.action,
      entities[r.entity] ?? r.entity,
      r.record_id,
      r.record_label,
      json(r.before),
      json(r.after),
      r.ip,
      new Date(r.at).toISOString(),
    ]);
  }
}
