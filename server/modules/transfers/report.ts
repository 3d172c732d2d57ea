import type ExcelJS from 'exceljs';
import { countryName } from '../../../contract/countries';
import { formatDate } from '../../../i18n/dates';
import transferTexts from '../../../i18n/transfers';
import type { Queryable } from '../../db/client';
import type { Lang } from '../../http/messages';
import { TRANSFER_STATE } from './rows';

export interface TransferSheetRow {
  id: string;
  system: string | null;
  processor: string | null;
  country: string;
  importer: string;
  categories: string | null;
  basis: string | null;
  evidence_title: string;
  evidence_name: string | null;
  signed_on: string | null;
  expires_on: string | null;
  state: string;
  activities: string | null;
}

/** The company's transfers abroad in batches (keyset on the id), each with the ROPA activities of its system. */
export async function* transferSheetBatches(q: Queryable, companyId: string, size = 1000): AsyncGenerator<TransferSheetRow[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await q.query<TransferSheetRow>(
      `select t.id, s.name as system, p.name as processor, t.country, t.importer, t.basis, t.evidence_title, t.evidence_name,
              to_char(t.signed_on, 'YYYY-MM-DD') as signed_on, to_char(t.expires_on, 'YYYY-MM-DD') as expires_on, ${TRANSFER_STATE} as state,
              (select string_agg(c.name, ', ' order by c.name) from transfer_categories tc join data_categories c on c.id = tc.category_id
                where tc.transfer_id = t.id) as categories,
              (select string_agg(a.name, E'\\n' order by a.name) from ropa_activity_systems ras join ropa_activities a on a.id = ras.activity_id
                where t.system_id is not null and ras.system_id = t.system_id and a.company_id = t.company_id) as activities
         from transfers t
         left join datamap_systems s on s.id = t.system_id
         left join processors p on p.id = t.processor_id
        where t.company_id = $1 and t.id > $2
        order by t.id limit $3`,
      [companyId, after, size],
    );
    if (!rows.length) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1].id;
  }
}

/** The "transfers abroad" sheet of the ROPA workbook: each transfer, its basis, its evidence and whether it warns (dates in Buddhist era). */
export async function writeTransferSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, batches: AsyncIterable<TransferSheetRow[]>, lang: Lang) {
  const t = transferTexts[lang].transfers;
  const f = t.fields;
  const ws = wb.addWorksheet(t.tab, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [{ width: 6 }, ...Array.from({ length: 11 }, () => ({ width: 26 }))];
  const header = ws.addRow([
    '#',
    f.system,
    f.processor,
    f.country,
    f.importer,
    f.categories,
    f.basis,
    f.evidenceTitle,
    f.signedOn,
    f.expiresOn,
    f.state,
    t.activities,
  ]);
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      const row = ws.addRow([
        ++n,
        r.system ?? '',
        r.processor ?? '',
        countryName(r.country, lang),
        r.importer,
        r.categories ?? '',
        r.basis ? t.bases[r.basis as keyof typeof t.bases] : f.no_basis,
        [r.evidence_title, r.evidence_name].filter(Boolean).join(' — '),
        r.signed_on ? formatDate(r.signed_on, lang) : '',
        r.expires_on ? formatDate(r.expires_on, lang) : '',
        t.states[r.state as keyof typeof t.states],
        r.activities ?? '',
      ]);
      row.alignment = { wrapText: true, vertical: 'top' };
      row.commit();
    }
  }
  if (!n) ws.addRow(['', t.empty]).commit();
  ws.commit();
}

/**
 * The "transfers abroad" part of the ROPA register's PDF: one entry of ropa/pdf.ts, a row per transfer (its importer and
 * country, then what the sheet's columns hold), at most `max` of them; past that, a row saying how many more
 * the workbook holds.
 */
export async function transferPdfEntry(
  batches: AsyncIterable<TransferSheetRow[]>,
  lang: Lang,
  max: number,
): Promise<{ heading: string; rows: [label: string, value: string][] }> {
  const t = transferTexts[lang].transfers;
  const f = t.fields;
  const rows: [string, string][] = [];
  let more = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      if (rows.length >= max) {
        more++;
        continue;
      }
      const evidence = [r.evidence_title, r.evidence_name].filter(Boolean).join(' — ');
      const items: [string, string | null][] = [
        [f.system, r.system],
        [f.processor, r.processor],
        [f.categories, r.categories],
        [f.basis, r.basis ? t.bases[r.basis as keyof typeof t.bases] : f.no_basis],
        [t.pdf.evidence, evidence],
        [f.signedOn, r.signed_on ? formatDate(r.signed_on, lang) : null],
        [f.expiresOn, r.expires_on ? formatDate(r.expires_on, lang) : null],
        [f.state, t.states[r.state as keyof typeof t.states]],
        [t.activities, r.activities?.replace(/\n/g, ', ') ?? null],
      ];
      rows.push([
        `${rows.length + 1}. ${r.importer} (${countryName(r.country, lang)})`,
        items
          .filter(([, value]) => value)
          .map(([label, value]) => `${label}: ${value}`)
          .join('\n'),
      ]);
    }
  }
  if (!rows.length) rows.push(['', t.empty]);
  if (more) rows.push(['', t.pdf.more.replace('%{n}', more.toLocaleString(lang === 'th' ? 'th-TH' : 'en-GB'))]);
  return { heading: t.pdf.heading, rows };
}
