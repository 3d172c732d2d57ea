import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { companyDetail } from '../../../contract/company';
import connectorTexts from '../../../i18n/connectors';
import { formatDate } from '../../../i18n/dates';
import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { offThread } from '../../pdf/offThread';
import { para, thaiPdfmake } from '../../pdf/thai';
import type { RunRow } from './runs';

const fill = (template: string, params: Record<string, string>) => template.replace(/%\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
const beYear = (at: Date) => Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'Asia/Bangkok' }).format(at)) + 543;

/** Numbers an executed erasure's certificate: per company and Buddhist-era year, `DEMO-ER-2569/0001`. */
export async function numberCertificate(q: Queryable, companyId: string, at: Date): Promise<string> {
  const year = beYear(at);
  const [{ last }] = await q.query<{ last: number }>(
    `insert into connector_certificate_counters (company_id, year, last) values ($1, $2, 1)
     on conflict (company_id, year) do update set last = connector_certificate_counters.last + 1 returning last`,
    [companyId, year],
  );
  const [{ code }] = await q.query<{ code: string }>('select code from companies where id = $1', [companyId]);
  return `${code}-ER-${year}/${String(last).padStart(4, '0')}`;
}

/**
 * The erasure certificate of one system (A4, Sarabun, Buddhist-era dates): the request, the system and its
 * database, who ran the dry run and who approved, when it was carried out, the rows per table and the action,
 * the digest of the keys touched, and the notices the PDPC's rules ask for (one transaction, anonymisation,
 * backups).
 */
export async function erasureCertificate(q: Queryable, companyId: string, run: RunRow, lang: Lang) {
  if (run.status !== 'erased' || !run.certificate_number || !run.finished_at) throw new ApiError(409, 'connector_certificate_not_done');
  const [company] = await q.query<{ code: string; detail: unknown }>('select code, detail from companies where id = $1', [companyId]);
  const detail = companyDetail.parse(company.detail);
  const companyName = (lang === 'en' ? detail.nameEn || detail.nameTh : detail.nameTh) || company.code;
  const [request] = await q.query<{ reference_code: string }>('select reference_code from dsr_requests where company_id = $1 and id = $2', [
    companyId,
    run.request_id,
  ]);
  return certificatePdf(run, companyName, request?.reference_code ?? '', lang);
}

/** The certificate's page, from the run and what the database said of its company and request (on a PDF thread). */
export async function drawCertificate(run: RunRow, companyName: string, reference: string, lang: Lang): Promise<Buffer> {
  const C = connectorTexts[lang].connectors.certificate;
  const date = (at: string | Date | null) => (at ? formatDate(at, lang, true) : '—');
  const actionOf = (label: string) => C.actions[run.actions[label] ?? 'none'];
  const anonymised = Object.values(run.actions).includes('update');
  const counts = Object.entries(run.counts);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const cell = (text: string, bold = false) => para(text, { bold });
  const line = (label: string, value: string) => para(`${label}: ${value}`, { margin: [0, 1, 0, 1] });
  const content: Content[] = [
    para(companyName, { bold: true, fontSize: 13 }),
    {
      columns: [
        para(`${C.number} ${run.certificate_number}`),
        para(fill(C.date, { date: formatDate(run.finished_at, lang) }), { alignment: 'right' }),
      ],
      margin: [0, 6, 0, 6],
    },
    para(C.title, { bold: true, fontSize: 14, alignment: 'center', margin: [0, 0, 0, 8] }),
    para(fill(C.intro, { company: companyName, reference, system: run.system_name }), { margin: [0, 0, 0, 6] }),
    line(C.system, run.system_name),
    line(C.database, run.database_label),
    line(C.requested, `${run.requested_by_name ?? '—'} (${date(run.requested_at)})`),
    line(C.approved, `${run.approved_by_name ?? '—'} (${date(run.approved_at)})`),
    line(C.executed, date(run.finished_at)),
    {
      table: {
        headerRows: 1,
        widths: ['*', 'auto', 'auto'],
        body: [
          [cell(C.table, true), cell(C.action, true), cell(C.rows, true)],
          ...counts.map(([label, n]) => [cell(label), cell(actionOf(label)), para(n.toLocaleString('th-TH'), { alignment: 'right' })]),
          [cell(C.total, true), cell(''), para(total.toLocaleString('th-TH'), { alignment: 'right', bold: true })],
        ],
      },
      margin: [0, 8, 0, 8],
    },
    line(C.digest, ''),
    para(run.keys_digest ?? '—', { fontSize: 8 }),
    para(C.digest_note, { fontSize: 9, margin: [0, 0, 0, 6] }),
    para(`• ${C.one_transaction}`),
    ...(anonymised ? [para(`• ${C.anonymised}`)] : []),
    para(`• ${C.backups}`),
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 40],
    info: { title: `${C.title} ${run.certificate_number}` },
    defaultStyle: { font: 'SarabunLatin', fontSize: 10, lineHeight: 1.15 },
    footer: (page, pages) => para(`${run.certificate_number} · ${page} / ${pages}`, { fontSize: 7, alignment: 'center' }),
    content,
  };
  return thaiPdfmake().createPdf(doc).getBuffer();
}

const certificatePdf = offThread(import.meta.url, 'drawCertificate', drawCertificate);
