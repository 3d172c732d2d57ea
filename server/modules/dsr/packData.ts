import { strToU8, zipSync, type Zippable } from 'fflate';
import { CSV_BOM, csvLine, type CsvValue } from '../../../contract/csv';
import type { DsrPackContent } from '../../../contract/dsrPack';
import { formatDate } from '../../../i18n/dates';
import dsrTexts from '../../../i18n/dsr';

const csv = (header: string[], rows: CsvValue[][]) => CSV_BOM + csvLine(header) + rows.map(csvLine).join('');

/**
 * The pack's facts as machine-readable files (s.31): the whole content as JSON, and one CSV per part
 * (UTF-8 with a BOM; dates in the Buddhist era, Bangkok, with an ISO 8601 column beside them). The rows of
 * the connected databases come one line per value (system, table, row, column, value), whatever the table.
 */
export function packDataFiles(content: DsrPackContent): Record<string, string> {
  const lang = content.lang;
  const c = dsrTexts[lang].dsr.pack.csv;
  const matched = dsrTexts[lang].dsr.pack.matched;
  const L = dsrTexts[lang].dsr.pack.letter;
  const be = (at: string | null) => (at ? formatDate(at, lang) : '');
  return {
    'access-pack.json': JSON.stringify(content, null, 2),
    'activities.csv': csv(
      [c.activity, c.matched, c.purpose, c.bases, c.categories, c.subjects, c.source, c.recipients, c.transfers, c.retention],
      content.activities.flatMap((a) =>
        (a.purposes.length ? a.purposes : [{ purpose: '', bases: [] }]).map((p) => [
          a.name,
          a.matchedBy.map((m) => matched[m]).join('; '),
          p.purpose,
          p.bases.join('; '),
          a.categories.join('; '),
          a.subjects.join('; '),
          a.source,
          a.recipients.join('; '),
          a.transfers.map((x) => `${x.country}${x.recipient ? ` (${x.recipient})` : ''}: ${x.mechanism}`).join('; '),
          a.retention,
        ]),
      ),
    ),
    'consents.csv': csv(
      [c.notice, c.version, c.text_hash, c.purpose, c.action, c.channel, c.date, c.date_iso],
      content.consents.map((x) => [x.notice, x.version, x.textHash, x.purpose, L.actions[x.action], x.channel, be(x.at), x.at]),
    ),
    'requests.csv': csv(
      [c.reference, c.rights, c.status, c.received, c.answered, c.date_iso],
      content.requests.map((r) => [r.referenceCode, r.rights.join('; '), r.status, be(r.receivedAt), be(r.answeredAt), r.receivedAt]),
    ),
    'database-rows.csv': csv(
      [c.system, c.table, c.row, c.column, c.value],
      content.connectorRows.flatMap((t) =>
        t.rows.flatMap((row, i) =>
          Object.entries(row).map(([column, value]) => [t.system, t.table, i + 1, column, value === null ? '' : String(value)]),
        ),
      ),
    ),
  };
}

/** The files above in one zip, dated when the pack was built. */
export function packZip(content: DsrPackContent, builtAt: string): Buffer {
  const mtime = new Date(builtAt);
  const files: Zippable = {};
  for (const [name, text] of Object.entries(packDataFiles(content))) files[name] = [strToU8(text), { mtime }];
  return Buffer.from(zipSync(files, { level: 6 }));
}
