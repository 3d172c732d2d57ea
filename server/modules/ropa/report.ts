import ExcelJS from 'exceljs';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { bangkokDayStart, addDays } from '../../../contract/clock';
import { MENU } from '../../../contract/menus';
import { ropaReportQuery, isSensitiveBasis, type RopaDetail, type RopaReportQuery } from '../../../contract/ropa';
import consentTexts from '../../../i18n/consent';
import datamapTexts from '../../../i18n/datamap';
import { formatDate } from '../../../i18n/dates';
import dsrTexts from '../../../i18n/dsr';
import ropaTexts from '../../../i18n/ropa';
import type { Queryable } from '../../db/client';
import { route } from '../../http/route';
import { auditExport } from '../audit/record';
import { para, thaiPdfmake } from '../../pdf/thai';
import { controllerOf, loadActivity } from './rows';

type Lang = 'th' | 'en';

/** The activities a report covers: the company's, by department, state and days changed (Bangkok days). */
async function reportActivities(q: Queryable, companyId: string, f: Omit<RopaReportQuery, 'format'>, lang: Lang): Promise<RopaDetail[]> {
  const params: unknown[] = [companyId];
  const where = ['company_id = $1'];
  if (f.departmentId) where.push(`department_id = $${params.push(f.departmentId)}`);
  if (f.state) where.push(`state = $${params.push(f.state)}`);
  if (f.from) where.push(`updated_at >= $${params.push(bangkokDayStart(f.from).toISOString())}`);
  if (f.to) where.push(`updated_at < $${params.push(addDays(bangkokDayStart(f.to), 1).toISOString())}`);
  const ids = await q.query<{ id: string }>(`select id from ropa_activities where ${where.join(' and ')} order by name, id`, params);
  const out: RopaDetail[] = [];
  for (const { id } of ids) out.push(await loadActivity(q, companyId, id, lang));
  return out;
}

interface Names {
  categories: Map<string, { name: string; sensitive: boolean }>;
  subjects: Map<string, string>;
  purposes: Map<string, string>;
  notices: Map<string, string>;
  processors: { id: string; name: string; country: string; contract_date: string | null; contact: string }[];
}
async function namesOf(q: Queryable, companyId: string): Promise<Names> {
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
  const cols: [string, (a: RopaDetail) => string][] = [
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
        list(
          a.record.transfers.map(
            (x) =>
              `${x.country}${x.recipient ? ` (${x.recipient})` : ''}: ${x.mechanism ? (ct.mechanisms as Record<string, string>)[x.mechanism] : t.fields.no_mechanism}`,
          ),
        ),
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
  activities: RopaDetail[];
  names: Names;
}

async function renderXlsx({ lang, company, generated, activities, names }: ReportInput): Promise<Buffer> {
  const t = ropaTexts[lang].ropa;
  const cols = columnsOf(lang, names);
  const wb = new ExcelJS.Workbook();
  wb.creator = company;
  const ws = wb.addWorksheet(t.report.sheet, { views: [{ state: 'frozen', ySplit: 3, xSplit: 2 }] });
  ws.addRow([`${t.preview.title} — ${company}`]).font = { bold: true, size: 14 };
  ws.addRow([`${t.report.generated}: ${generated}`]);
  const header = ws.addRow([t.report.number, ...cols.map(([name]) => name)]);
  header.font = { bold: true };
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
    c.alignment = { wrapText: true, vertical: 'top' };
  });
  activities.forEach((a, i) => {
    const row = ws.addRow([i + 1, ...cols.map(([, value]) => value(a))]);
    row.alignment = { wrapText: true, vertical: 'top' };
  });
  if (!activities.length) ws.addRow(['', t.report.none]);
  ws.columns.forEach((c, i) => (c.width = i === 0 ? 6 : 28));
  const ps = wb.addWorksheet(t.report.processor_sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const ph = ps.addRow([
    t.report.number,
    t.report.processor_name,
    t.report.processor_country,
    t.report.processor_contract,
    t.report.processor_contact,
    t.report.processor_activities,
  ]);
  ph.font = { bold: true };
  names.processors.forEach((p, i) => {
    const used = activities.filter((a) => a.record.processorIds.includes(p.id)).map((a) => a.name);
    ps.addRow([i + 1, p.name, p.country, p.contract_date ? formatDate(p.contract_date, lang) : '', p.contact, used.join('\n')]).alignment = {
      wrapText: true,
      vertical: 'top',
    };
  });
  ps.columns.forEach((c, i) => (c.width = i === 0 ? 6 : 30));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function renderPdf({ lang, company, generated, activities, names }: ReportInput): Promise<Buffer> {
  thaiPdfmake();
  const t = ropaTexts[lang].ropa;
  const cols = columnsOf(lang, names);
  const line = { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => '#808080', vLineColor: () => '#808080' };
  // one activity per page, as an inspector reads the register: each item a row of label and value
  const content: Content[] = activities.flatMap((a, i): Content[] => [
    para(`${i + 1}. ${a.name}`, { fontSize: 14, bold: true, margin: [0, 0, 0, 6], pageBreak: i ? 'before' : undefined }),
    {
      table: {
        widths: [170, '*'],
        body: cols
          .slice(1)
          .map(([label, value]): TableCell[] => [{ ...para(label), bold: true, fillColor: '#EEEEEE' }, para(value(a) || t.fields.none)]),
      },
      layout: line,
    },
  ]);
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 60, 36, 40],
    info: { title: `${t.preview.title} — ${company}`, creator: company },
    defaultStyle: { font: 'SarabunLatin', fontSize: 9, lineHeight: 1.15 },
    header: () => ({
      margin: [36, 20, 36, 0],
      columns: [
        para(`${t.preview.title} — ${company}`, { fontSize: 11, bold: true }),
        para(`${t.report.generated}: ${generated}`, { fontSize: 9, alignment: 'right' }),
      ],
    }),
    footer: (page, pages) => para(`${page} / ${pages}`, { fontSize: 8, alignment: 'center' }),
    content: content.length ? content : [para(t.report.none)],
  };
  return pdfmake.createPdf(doc).getBuffer();
}

/** `GET /ropa/report?format&departmentId&state&from&to`: the register as XLSX or PDF. */
export const reportRoutes = [
  route({
    method: 'GET',
    url: '/ropa/report',
    access: { menuId: MENU.ropa.menuId },
    query: ropaReportQuery,
    handler: async ({ db, session, query, lang, req, reply }) => {
      const { format, ...filters } = query;
      const activities = await reportActivities(db, session.companyId, filters, lang);
      const input: ReportInput = {
        lang,
        company: (await controllerOf(db, session.companyId, lang)).name,
        generated: formatDate(new Date(), lang, true),
        activities,
        names: await namesOf(db, session.companyId),
      };
      const body = format === 'pdf' ? await renderPdf(input) : await renderXlsx(input);
      await auditExport(
        { db, session, req },
        'ropa_activities',
        activities.map((a) => a.id),
        { format, ...filters },
      );
      reply
        .header('content-type', format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="ropa-register.${format}"`)
        .send(body);
      return undefined;
    },
  }),
];
