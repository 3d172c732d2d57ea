import { randomUUID } from 'node:crypto';
import { MENU } from '../../../contract/menus';
import { DPA_STATUSES, processorImportRow, type ProcessorImportRow } from '../../../contract/processors';
import { uniqueProblems, type ImportDeclaration } from '../../bulk/import';

/**
 * Processors from a file, on the due-diligence list: each row a new processor of the register with its
 * agreement's status and dates, its promised breach-notice time and its review date. A name already in
 * the register, or given twice, is a problem of its row (the register's names are unique).
 */
export const processorImport: ImportDeclaration<ProcessorImportRow> = {
  url: '/processor-diligence',
  menuId: MENU.dataManage.menuId,
  entity: 'processors',
  title: 'datamap.processors.tab',
  schema: processorImportRow,
  columns: [
    { key: 'name', label: 'processors.fields.name', required: true, width: 32, example: { th: 'บริษัท คลาวด์ไทย จำกัด', en: 'Thai Cloud Co., Ltd.' } },
    { key: 'country', label: 'processors.fields.country', example: { th: 'ไทย', en: 'Thailand' } },
    { key: 'contact', label: 'datamap.processors.contact', width: 32, example: { th: 'คุณสมชาย 02-123-4567', en: 'Somchai, +66 2 123 4567' } },
    {
      key: 'dpaStatus',
      label: 'processors.fields.dpaStatus',
      choices: DPA_STATUSES.map((s) => ({ value: s, label: `processors.statuses.${s}` })),
      example: { th: 'ลงนามแล้ว', en: 'Signed' },
    },
    { key: 'dpaSignedOn', label: 'processors.fields.dpaSignedOn', date: true, example: { th: '1/3/2569', en: '2026-03-01' } },
    { key: 'dpaExpiresOn', label: 'processors.fields.dpaExpiresOn', date: true, example: { th: '28/2/2571', en: '2028-02-28' } },
    { key: 'breachNoticeHours', label: 'processors.fields.breachNoticeHours', number: true, example: { th: '24', en: '24' } },
    { key: 'reviewOn', label: 'processors.fields.reviewOn', date: true, example: { th: '1/3/2570', en: '2027-03-01' } },
  ],
  toBody: (v) => ({
    ...v,
    name: v.name ?? '',
    country: v.country ?? '',
    contact: v.contact ?? '',
  }),
  check: (q, companyId, rows) => uniqueProblems(q, companyId, rows, { key: 'name', table: 'processors', column: 'name', value: (r) => r.name }),
  insert: async (q, companyId, rows) => {
    const records = rows.map((r) => ({ ...r, id: randomUUID() }));
    const json = JSON.stringify(records);
    await q.query(
      `insert into processors (id, company_id, name, country, contact)
       select r.id, $1, r.name, r.country, r.contact from jsonb_to_recordset($2::jsonb) as r(id uuid, name text, country text, contact text)`,
      [companyId, json],
    );
    await q.query(
      `insert into processor_diligence (processor_id, company_id, dpa_status, dpa_signed_on, dpa_expires_on, breach_notice_hours, review_on)
       select r.id, $1, r."dpaStatus", r."dpaSignedOn", r."dpaExpiresOn", r."breachNoticeHours", r."reviewOn"
         from jsonb_to_recordset($2::jsonb) as r(id uuid, "dpaStatus" text, "dpaSignedOn" date, "dpaExpiresOn" date, "breachNoticeHours" int, "reviewOn" date)`,
      [companyId, json],
    );
  },
};
