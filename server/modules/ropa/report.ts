import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { bangkokDayStart, addDays } from '../../../contract/clock';
import { MENU } from '../../../contract/menus';
import { ROPA_PDF_MAX, ropaRecordFields, ropaReportQuery, isSensitiveBasis, type RopaDetail, type RopaReportQuery } from '../../../contract/ropa';
import consentTexts from '../../../i18n/consent';
import datamapTexts from '../../../i18n/datamap';
import { formatDate } from '../../../i18n/dates';
import dsrTexts from '../../../i18n/dsr';
import ropaTexts from '../../../i18n/ropa';
import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { auditExport } from '../audit/record';
import { writeRegisterPdf, type RegisterEntry } from './pdf';
import { startProgress } from './progress';
import { controllerOf, USER_NAME } from './rows';
import { dpoContactOf } from '../dpo/rows';
import { iso } from '../../db/rows';
import { countryName } from '../../../contract/countries';
import type { TransferRecord } from '../../../contract/transfers';
import transferTexts from '../../../i18n/transfers';
import { transferPdfEntry, transferSheetBatches, writeTransferSheet, type TransferSheetRow } from '../transfers/report';

type Lang = 'th' | 'en';

/** What one activity brings to the register: the detail's fields the columns read. */
export type ReportActivity = Pick<
  RopaDetail,
  | 'id'
  | 'name'
  | 'role'
  | 'state'
  | 'department'
  | 'reviewDate'
  | 'approvedBy'
  | 'approved_dt'
  | 'categoryIds'
  | 'record'
  | 'controller'
  | 'dpo'
  | 'refusals'
> & {
  /** the transfers register's entries for its systems and processors */
  transfersAbroad: RopaTransferAbroad[];
};
type RopaTransferAbroad = { country: string; importer: string; basis: TransferRecord['basis'] };
type Filters = Omit<RopaReportQuery, 'format'>;

/** The report's filter as SQL over `ropa_activities a`: the company's, by department, state and days changed (Bangkok days). */
function reportWhere(companyId: string, f: Filters) {
  const params: unknown[] = [companyId];
  const where = ['a.company_id = $1'];
  if (f.departmentId) where.push(`a.department_id = $${params.push(f.departmentId)}`);
  if (f.state) where.push(`a.state = $${params.push(f.state)}`);
  if (f.from) where.push(`a.updated_at >= $${params.push(bangkokDayStart(f.from).toISOString())}`);
  if (f.to) where.push(`a.updated_at < $${params.push(addDays(bangkokDayStart(f.to), 1).toISOString())}`);
  return { where: where.join(' and '), params };
}

/** The ids a report covers, in its order (one query: the audit trail names them before the file is made). */
export async function reportIds(q: Queryable, companyId: string, f: Filters) {
  const { where, params } = reportWhere(companyId, f);
  return (await q.query<{ id: string }>(`select a.id from ropa_activities a where ${where} order by a.name, a.id`, params)).map((r) => r.id);
}

interface BatchRow {
  id: string;
  name: string;
  role: RopaDetail['role'];
  state: RopaDetail['state'];
  department: string | null;
  review_date: string;
  approved_by: string | null;
  approved_name: string | null;
  approved_at: Date | string | null;
  record: unknown;
  category_ids: string[];
  refusals: { id: string; reference_code: string; rights: string[]; legal_ground: string; reasons: string; refused_at: string }[];
  transfers: RopaTransferAbroad[];
}

/**
 * The activities of a report, `size` at a time in the report's order (name, id), each batch ONE
 * statement: the activity with its department and approver joined, its categories and its refusals
 * (s.39(7), through its DSR forms) as json_agg; the controller once, each DPO once.
 */
export async function* reportBatches(q: Queryable, companyId: string, f: Filters, lang: Lang, size = 1000): AsyncGenerator<ReportActivity[]> {
  const { where, params } = reportWhere(companyId, f);
  const controller = await controllerOf(q, companyId, lang);
  const dpos = new Map<string, Promise<RopaDetail['dpo']>>();
  const dpoOf = (dpoId: string) => {
    if (!dpos.has(dpoId))
      dpos.set(
        dpoId,
        dpoContactOf(q, companyId, dpoId).then(({ name, email, phone }) => ({ name, email, phone })),
      );
    return dpos.get(dpoId)!;
  };
  let after: [string, string] | null = null;
  for (;;) {
    const p = [...params];
    const keyset = after ? `and (a.name, a.id) > ($${p.push(after[0])}, $${p.push(after[1])}::uuid)` : '';
    const rows: BatchRow[] = await q.query<BatchRow>(
      `select a.id, a.name, a.role, a.state, d.name as department, to_char(a.review_date, 'YYYY-MM-DD') as review_date,
              a.approved_by, ${USER_NAME('ua')} as approved_name, a.approved_at, a.record,
              coalesce((select json_agg(c.category_id) from ropa_activity_categories c where c.activity_id = a.id), '[]') as category_ids,
              coalesce((select json_agg(json_build_object('id', f.id, 'reference_code', f.reference_code, 'rights', f.rights,
                                                          'legal_ground', f.legal_ground, 'reasons', f.reasons, 'refused_at', f.refused_at)
                                        order by f.refused_at desc)
                          from dsr_forms df
                          join dsr_requests r on r.form_id = df.id and r.company_id = df.company_id
                          join dsr_refusals f on f.request_id = r.id and f.company_id = r.company_id
                         where df.company_id = a.company_id and df.ropa_activity_id = a.id), '[]') as refusals,
              coalesce((select json_agg(json_build_object('country', t.country, 'importer', t.importer, 'basis', t.basis) order by t.country, t.importer, t.id)
                          from transfers t
                         where t.company_id = a.company_id
                           and (t.system_id = any(array(select s.system_id from ropa_activity_systems s where s.activity_id = a.id))
                                or t.processor_id = any(array(select p::uuid from jsonb_array_elements_text(a.record->'processorIds') p)))), '[]') as transfers
         from ropa_activities a
         left join departments d on d.id = a.department_id
         left join users ua on ua.id = a.approved_by
        where ${where} ${keyset}
        order by a.name, a.id limit $${p.push(size)}`,
      p,
    );
    if (!rows.length) return;
    const batch: ReportActivity[] = [];
    for (const r of rows) {
      const record = ropaRecordFields.parse(r.record);
      batch.push({
        id: r.id,
        name: r.name,
        role: r.role,
        state: r.state,
        department: r.department,
        reviewDate: r.review_date,
        approvedBy: r.approved_by ? { id: r.approved_by, name: r.approved_name ?? '' } : null,
        approved_dt: r.approved_at ? iso(r.approved_at) : null,
        categoryIds: r.category_ids,
        record,
        controller,
        dpo: await dpoOf(record.dpoId),
        refusals: r.refusals.map((x) => ({
          id: x.id,
          referenceCode: x.reference_code,
          rights: x.rights,
          legalGround: x.legal_ground,
          reasons: x.reasons,
          refused_dt: iso(x.refused_at),
        })),
        transfersAbroad: r.transfers,
      });
    }
    yield batch;
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = [last.name, last.id];
  }
}

/** Every activity of a report at once (the PDF lays out the whole register before its first byte). */
export async function reportActivities(q: Queryable, companyId: string, f: Filters, lang: Lang): Promise<ReportActivity[]> {
  const out: ReportActivity[] = [];
  for await (const batch of reportBatches(q, companyId, f, lang)) out.push(...batch);
  return out;
}

interface Names {
  categories: Map<string, { name: string; sensitive: boolean }>;
  subjects: Map<string, string>;
  purposes: Map<string, string>;
  notices: Map<string, string>;
  processors: { id: string; name: string; country: string; contract_date: string | null; contact: string }[];
}
export async function namesOf(q: Queryable, companyId: string): Promise<Names> {
  const c = [companyId];
  const cats = await q.query<{ id: string; name: string; sensitive: boolean }>(
    'select id, name, sensitive from data_categories where company_id = $1',
    c,
  );
  const pairs = async (sql: string) => new Map((await q.query<{ id: string; name: string }>(sql, c)).map((r) => [r.id, r.name]));
  return {
    categories: new Map(cats.map((r) => [r.id, r])),
    subjects: await pairs('select id, name from data_subject_categories where company_id = $1'),
    purposes: await pairs('select id, name from processing_purposes where company_id = $1'),
    notices: await pairs(`select id, coalesce(draft->'header'->>'projectName', '') as name from consent_forms where company_id = $1`),
    processors: await q.query(
      `select id, name, country, to_char(contract_date, 'YYYY-MM-DD') as contract_date, contact from processors where company_id = $1 order by name`,
      c,
    ),
  };
}

/** The register's columns in the PDPC template's order: controller details, s.39(1)–(8), then the columns beyond the law. */
function columnsOf(lang: Lang, names: Names) {
  const t = ropaTexts[lang].ropa;
  const ct = consentTexts[lang].consent.builder;
  const grounds = dsrTexts[lang].dsr.grounds as Record<string, string>;
  const rights = dsrTexts[lang].dsr.rights as Record<string, string>;
  const basis = (b: string) => (isSensitiveBasis(b) ? t.bases[b as keyof typeof t.bases] : (ct.bases as Record<string, string>)[b]) ?? b;
  const cat = (id: string) => names.categories.get(id)?.name ?? '';
  const list = (xs: string[]) => xs.filter(Boolean).join('\n');
  const cols: [string, (a: ReportActivity) => string][] = [
    [t.report.activity, (a) => a.name],
    [t.fields.role, (a) => t.roles[a.role]],
    [t.fields.state, (a) => t.states[a.state]],
    [
      t.fields.controller_name,
      (a) => (a.role === 'processor' ? `${a.controller.name}\n${t.fields.controllers}: ${a.record.controllers}` : a.controller.name),
    ],
    [t.fields.controller_address, (a) => a.controller.address],
    [t.fields.controller_contact, (a) => list([a.controller.phone, a.controller.email])],
    [t.report.dpo_contact, (a) => list([a.dpo.name, a.dpo.email, a.dpo.phone])],
    [
      t.items.data,
      (a) =>
        list(
          a.categoryIds.map((id) =>
            names.categories.get(id)?.sensitive ? `${cat(id)} (${datamapTexts[lang].datamap.systems.sensitive_mark})` : cat(id),
          ),
        ),
    ],
    [
      t.items.purposes,
      (a) =>
        list(
          a.record.purposes.map(
            (p) =>
              `${p.purposeId ? (names.purposes.get(p.purposeId) ?? '') : p.text}${p.categoryIds.length ? `: ${p.categoryIds.map(cat).join(', ')}` : ''}`,
          ),
        ),
    ],
    [t.items.retention, (a) => a.record.retention],
    [t.items.access, (a) => list([a.record.accessRights, a.record.accessConditions])],
    [t.items.disclosures, (a) => a.record.disclosures],
    [
      t.items.refusals,
      (a) =>
        list(
          a.refusals.map(
            (r) =>
              `${r.referenceCode} ${formatDate(r.refused_dt, lang)}: ${r.rights.map((x) => rights[x] ?? x).join(', ')} — ${grounds[r.legalGround] ?? r.legalGround}. ${r.reasons}`,
          ),
        ),
    ],
    [t.items.security, (a) => a.record.security],
    [
      t.items.basis,
      (a) =>
        list(a.record.purposes.map((p) => `${p.purposeId ? (names.purposes.get(p.purposeId) ?? '') : p.text}: ${p.bases.map(basis).join(', ')}`)),
    ],
    [t.items.subjects, (a) => a.record.subjectIds.map((id) => names.subjects.get(id) ?? '').join(', ')],
    [t.fields.source, (a) => a.record.source],
    [t.fields.department, (a) => a.department ?? ''],
    [
      t.fields.transfers,
      (a) =>
        list([
          ...a.transfersAbroad.map(
            (x) =>
              `${countryName(x.country, lang)} (${x.importer}): ${x.basis ? transferTexts[lang].transfers.bases[x.basis] : t.fields.no_mechanism}`,
          ),
          ...a.record.transfers.map(
            (x) =>
              `${x.country}${x.recipient ? ` (${x.recipient})` : ''}: ${x.mechanism ? (ct.mechanisms as Record<string, string>)[x.mechanism] : t.fields.no_mechanism}`,
          ),
        ]),
    ],
    [t.fields.notices, (a) => list(a.record.noticeIds.map((id) => names.notices.get(id) ?? ''))],
    [t.fields.review_date, (a) => formatDate(a.reviewDate, lang)],
    [t.fields.approved_by, (a) => (a.approvedBy ? `${a.approvedBy.name} ${formatDate(a.approved_dt, lang)}` : '')],
  ];
  return cols;
}

interface ReportInput {
  lang: Lang;
  company: string;
  generated: string;
  names: Names;
  /** the transfers abroad, for the workbook's sheet of them and the PDF's part */
  transfers?: () => AsyncIterable<TransferSheetRow[]>;
}

/**
 * The register as XLSX, written to `out` as the batches come (ExcelJS's streaming writer: each row is
 * committed and flushed, so memory stays flat however many activities there are); the processor sheet
 * (s.40) after, naming the activities that use each processor.
 */
export async function writeXlsx(
  { lang, company, generated, names, transfers }: ReportInput,
  batches: AsyncIterable<ReportActivity[]>,
  out: Writable,
  onProgress?: (done: number) => Promise<void> | void,
) {
  const t = ropaTexts[lang].ropa;
  const cols = columnsOf(lang, names);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = company;
  const ws = wb.addWorksheet(t.report.sheet, { views: [{ state: 'frozen', ySplit: 3, xSplit: 2 }] });
  ws.columns = [{ width: 6 }, ...cols.map(() => ({ width: 28 }))];
  const title = ws.addRow([`${t.preview.title} — ${company}`]);
  title.font = { bold: true, size: 14 };
  title.commit();
  ws.addRow([`${t.report.generated}: ${generated}`]).commit();
  const header = ws.addRow([t.report.number, ...cols.map(([name]) => name)]);
  header.font = { bold: true };
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
    c.alignment = { wrapText: true, vertical: 'top' };
  });
  header.commit();
  const usedBy = new Map<string, string[]>();
  let n = 0;
  for await (const batch of batches) {
    for (const a of batch) {
      const row = ws.addRow([++n, ...cols.map(([, value]) => value(a))]);
      row.alignment = { wrapText: true, vertical: 'top' };
      row.commit();
      for (const id of a.record.processorIds) usedBy.set(id, [...(usedBy.get(id) ?? []), a.name]);
    }
    await onProgress?.(n);
  }
  if (!n) ws.addRow(['', t.report.none]).commit();
  ws.commit();
  const ps = wb.addWorksheet(t.report.processor_sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ps.columns = [{ width: 6 }, ...Array.from({ length: 5 }, () => ({ width: 30 }))];
  const ph = ps.addRow([
    t.report.number,
    t.report.processor_name,
    t.report.processor_country,
    t.report.processor_contract,
    t.report.processor_contact,
    t.report.processor_activities,
  ]);
  ph.font = { bold: true };
  ph.commit();
  names.processors.forEach((p, i) => {
    const row = ps.addRow([
      i + 1,
      p.name,
      p.country,
      p.contract_date ? formatDate(p.contract_date, lang) : '',
      p.contact,
      (usedBy.get(p.id) ?? []).join('\n'),
    ]);
    row.alignment = { wrapText: true, vertical: 'top' };
    row.commit();
  });
  ps.commit();
  if (transfers) await writeTransferSheet(wb, transfers(), lang);
  await wb.commit();
}

/**
 * The register as PDF, streamed into `out`: one activity per page as `/ropa/preview` shows it (its
 * s.39 items as label and value), the company in every page's header with the day it was made
 * (Buddhist era), page numbers at the foot, Sarabun embedded. `onProgress` hears how many are written.
 */
export async function writePdf(
  { lang, company, generated, names, transfers }: ReportInput,
  activities: ReportActivity[],
  out: Writable,
  onProgress?: (done: number) => Promise<void> | void,
) {
  const t = ropaTexts[lang].ropa;
  const cols = columnsOf(lang, names).slice(1);
  const activity = (i: number): RegisterEntry => {
    const a = activities[i];
    return { heading: `${i + 1}. ${a.name}`, rows: cols.map(([label, value]) => [label, value(a) || t.fields.none]) };
  };
  // the transfers abroad after the activities (s.39 asks for them); a register without activities says so first
  const after: RegisterEntry[] = [];
  if (transfers) {
    if (!activities.length) after.push({ heading: t.report.none, rows: [] });
    after.push(await transferPdfEntry(transfers(), lang, ROPA_PDF_MAX));
  }
  await writeRegisterPdf(
    {
      title: `${t.preview.title} — ${company}`,
      generated: `${t.report.generated}: ${generated}`,
      creator: company,
      empty: t.report.none,
      count: activities.length + after.length,
      entry: (i) => (i < activities.length ? activity(i) : after[i - activities.length]),
      // the progress counts activities, as the export's total does
      onProgress: onProgress && ((done) => onProgress(Math.min(done, activities.length))),
    },
    out,
  );
}

/** The register's PDF as one buffer (for a caller that wants the bytes, not a stream). */
export async function renderPdf(input: ReportInput, activities: ReportActivity[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writePdf(input, activities, out);
  return Buffer.concat(chunks);
}

/**
 * `GET /ropa/report?format&departmentId&state&from&to&job`: the register as XLSX or PDF, both
 * streamed as they are written (the event loop gets a turn between batches and pages: the server
 * answers other calls meanwhile). The export is audited (the ids it covers) first. `X-Total-Count`
 * says how many activities the file holds before its first byte; with `job`, how many are written
 * so far is kept for `GET /ropa/report/progress?job=`.
 */
export const reportRoutes = [
  route({
    method: 'GET',
    url: '/ropa/report',
    access: { menuId: MENU.ropa.menuId },
    query: ropaReportQuery,
    handler: async ({ db, session, query, lang, req, reply }) => {
      const { format, job, ...filters } = query;
      const ids = await reportIds(db, session.companyId, filters);
      if (format === 'pdf' && ids.length > ROPA_PDF_MAX) throw new ApiError(409, 'ropa_pdf_too_many', { count: ids.length, max: ROPA_PDF_MAX });
      const progress = await startProgress(db, job, session.companyId, session.userId, ids.length);
      const input: ReportInput = {
        lang,
        company: (await controllerOf(db, session.companyId, lang)).name,
        generated: formatDate(new Date(), lang, true),
        names: await namesOf(db, session.companyId),
        transfers: () => transferSheetBatches(db, session.companyId),
      };
      await auditExport({ db, session, req }, 'ropa_activities', ids, { format, ...filters });
      reply
        .header('content-type', format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="ropa-register.${format}"`)
        .header('x-total-count', String(ids.length));
      const out = new PassThrough();
      reply.send(out);
      const write = async () => {
        if (format === 'pdf') await writePdf(input, await reportActivities(db, session.companyId, filters, lang), out, progress.tell);
        else await writeXlsx(input, reportBatches(db, session.companyId, filters, lang, 500), out, progress.tell);
        await progress.finish();
      };
      write().catch((err: unknown) => {
        req.log.error({ err }, 'ropa report failed while streaming');
        out.destroy(err as Error);
      });
      return undefined;
    },
  }),
];
