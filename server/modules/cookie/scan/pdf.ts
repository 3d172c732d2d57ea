import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { companyDetail } from '../../../../contract/company';
import type { CookieScanReport, CookieScanRow } from '../../../../contract/cookieScan';
import cookieTexts from '../../../../i18n/cookie';
import { formatDate } from '../../../../i18n/dates';
import type { Lang } from '../../../http/messages';
import { offThread } from '../../../pdf/offThread';
import { para, thaiPdfmake } from '../../../pdf/thai';

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/%\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/** The scan report's pages (A4 landscape, Sarabun, Buddhist-era dates in Thai): the summary, what was found, the hosts, the pages. */
export async function drawScanReport(scan: CookieScanRow, report: CookieScanReport, companyName: string, lang: Lang): Promise<Buffer> {
  const T = cookieTexts[lang].cookie.scan;
  const R = T.report;
  const category = (key: string | null) => (key ? ((T.categories as Record<string, string>)[key] ?? key) : '—');
  const cell = (text: string, bold = false) => para(text, { bold, fontSize: 8 });
  const line = (label: string, value: string) => para(`${label}: ${value}`, { margin: [0, 1, 0, 1] });
  const counts = scan.counts;
  const content: Content[] = [
    para(companyName, { bold: true, fontSize: 13 }),
    para(R.title, { bold: true, fontSize: 15, margin: [0, 4, 0, 6] }),
    line(R.site, `${scan.host} (${report.startUrl})`),
    line(T.finishedAt, scan.finishedAt ? formatDate(scan.finishedAt, lang, true) : '—'),
    line(T.requestedBy, scan.requestedBy ?? T.schedule),
    line(R.version, report.version ? String(report.version) : R.noVersion),
    para(report.consentGiven ? R.consentGiven : R.consentNotGiven, { margin: [0, 2, 0, 2] }),
    ...(report.stoppedBy ? [para(R.stoppedBy[report.stoppedBy])] : []),
    ...(counts
      ? [
          para(
            `${T.pages} ${report.pages.length} · ${T.cookies} ${counts.cookies} · ${T.firedEarly} ${counts.firedEarly} · ${T.undeclared} ${counts.undeclared} · ${T.hosts} ${counts.hosts}`,
            { bold: true, margin: [0, 4, 0, 8] },
          ),
        ]
      : []),
    para(R.findings, { bold: true, fontSize: 12, margin: [0, 4, 0, 4] }),
    report.findings.length
      ? {
          table: {
            headerRows: 1,
            widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
            body: [
              [
                cell(R.name, true),
                cell(R.domain, true),
                cell(R.provider, true),
                cell(R.declared, true),
                cell(R.proposed, true),
                cell(R.expires, true),
                cell(R.when, true),
              ],
              ...report.findings.map((f) => [
                cell(`${f.name}\n${R.kind[f.kind]}${f.setBy ? ` · ${R.setBy[f.setBy]}` : ''} · ${f.firstParty ? R.party.first : R.party.third}`),
                cell(f.domain),
                cell(f.provider ?? R.unknown),
                cell(f.declared ? category(f.declared) : R.notDeclared),
                cell(category(f.proposed)),
                cell(f.kind !== 'cookie' ? '—' : f.expiresDays === null ? R.session : fill(R.days, { n: f.expiresDays })),
                cell(f.firedEarly ? `${R.earlyFlag}` : f.beforeConsent ? R.beforeConsent : R.afterConsent, f.firedEarly),
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
        }
      : para(R.none),
    para(R.hostsTitle, { bold: true, fontSize: 12, margin: [0, 10, 0, 4] }),
    report.hosts.length
      ? {
          table: {
            headerRows: 1,
            widths: ['*', 'auto', 'auto', 'auto', 'auto'],
            body: [
              [cell(R.domain, true), cell(R.provider, true), cell(R.proposed, true), cell(R.requests, true), cell(R.when, true)],
              ...report.hosts.map((h) => [
                cell(h.host),
                cell(h.provider ?? R.unknown),
                cell(category(h.proposed)),
                cell(String(h.requests)),
                cell(h.firedEarly ? R.earlyFlag : h.beforeConsent ? R.beforeConsent : R.afterConsent, h.firedEarly),
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
        }
      : para(R.none),
    para(R.pagesTitle, { bold: true, fontSize: 12, margin: [0, 10, 0, 4] }),
    ...report.pages.map((p) => para(p, { fontSize: 8 })),
    ...(report.offSite ? [para(fill(R.offSite, { n: report.offSite }), { fontSize: 8, margin: [0, 4, 0, 0] })] : []),
    ...(report.failed.length
      ? [para(R.failedPages, { bold: true, margin: [0, 6, 0, 2] }), ...report.failed.map((f) => para(`${f.url} — ${f.reason}`, { fontSize: 8 }))]
      : []),
    ...(report.refused.length ? [para(`${R.refused}: ${report.refused.join(', ')}`, { fontSize: 8, margin: [0, 6, 0, 0] })] : []),
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [32, 32, 32, 36],
    info: { title: `${R.title} ${scan.host}` },
    defaultStyle: { font: 'SarabunLatin', fontSize: 10, lineHeight: 1.15 },
    footer: (page, pages) => para(`${R.title} · ${scan.host} · ${page} / ${pages}`, { fontSize: 7, alignment: 'center' }),
    content,
  };
  return thaiPdfmake().createPdf(doc).getBuffer();
}

const drawOffThread = offThread(import.meta.url, 'drawScanReport', drawScanReport);

/** The report of a finished scan as a PDF, under the company's name in the reader's language. */
export function scanReportPdf(scan: CookieScanRow, report: CookieScanReport, company: { code: string; detail: unknown }, lang: Lang) {
  const detail = companyDetail.parse(company.detail);
  const companyName = (lang === 'en' ? detail.nameEn || detail.nameTh : detail.nameTh) || company.code;
  return drawOffThread(scan, report, companyName, lang);
}
