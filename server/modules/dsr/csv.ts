import { RIGHT_SECTION, statusKeyOf, type DsrRight } from '../../../contract/dsr';
import { CSV_BOM, csvLine } from '../../../contract/csv';
import { formatDate } from '../../../i18n/dates';
import type { Lang } from '../../http/messages';
import { toRequestRow, type RequestRow } from './rows';
import dsrTexts from '../../../i18n/dsr';

/**
 * The requests as CSV for an audit, in the reader's language: UTF-8 with a BOM, so Excel shows Thai.
 * Dates read as the list shows them (Buddhist era, Bangkok: "25 พฤศจิกายน 2569"); the last two
 * columns repeat them as ISO 8601 instants for machines.
 */
export function dsrCsv(requests: RequestRow[], lang: Lang): string {
  const t = dsrTexts[lang].dsr;
  const c = t.csv;
  const now = new Date();
  let out =
    CSV_BOM +
    csvLine([
      c.reference,
      c.status,
      c.rights,
      c.requester,
      c.subject,
      c.email,
      c.received,
      c.due,
      c.days_left,
      c.overdue,
      c.extension,
      c.refusal_ground,
      c.refusal_reasons,
      c.proof,
      c.assignee,
      c.received_iso,
      c.due_iso,
    ]);
  for (const r of requests) {
    const row = toRequestRow(r, now);
    const key = statusKeyOf(r.status_id);
    out += csvLine([
      r.reference_code,
      key ? t.status[key] : r.status_id,
      r.rights.map((right) => `${t.rights[right as DsrRight]} (${t.section} ${RIGHT_SECTION[right as DsrRight]})`).join('; '),
      t.requester[r.requester_type],
      row.subjectName,
      r.email,
      formatDate(r.received_at, lang),
      formatDate(r.due_at, lang),
      row.daysLeft,
      row.overdue ? c.yes : c.no,
      r.extension_days !== null ? `${r.extension_days} (${r.extension_reason ?? ''})` : '',
      r.refusal_ground ? t.grounds[r.refusal_ground as keyof typeof t.grounds] : '',
      r.refusal_reasons,
      r.proof_text,
      r.assignee_name,
      new Date(r.received_at).toISOString(),
      new Date(r.due_at).toISOString(),
    ]);
  }
  return out;
}
