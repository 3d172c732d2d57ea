import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { dashboardQuery, type DashboardQuery } from '../../../contract/dashboard';
import { MENU } from '../../../contract/menus';
import dashboardTexts from '../../../i18n/dashboard';
import { formatDate } from '../../../i18n/dates';
import { bangkokDayStart } from '../../../contract/clock';
import { offThread } from '../../pdf/offThread';
import { para, thaiPdfmake } from '../../pdf/thai';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import { controllerOf } from '../ropa/rows';
import { FRAMEWORK_AREAS, type FrameworkSnapshot } from '../../../contract/framework';
import frameworkTexts from '../../../i18n/framework';
import { frameworkHistory, keptFramework, refreshFramework } from '../framework/snapshot';
import { hasOf, posture, sumStat } from './feeds';
import { periodOf } from './period';

const fmt = (value: number | null, kind: 'percent' | 'count') => (value === null ? '–' : kind === 'percent' ? `${value}%` : String(value));

/**
 * `GET /user/dashboard/board-report`: the dashboard's summary figures and compliance posture as a PDF for
 * management, with the company's name and the period in Buddhist-era dates; only the viewer's menus' figures.
 */
export const boardReportRoute = route({
  method: 'GET',
  url: '/user/dashboard/board-report',
  access: { menuId: MENU.dashboard.menuId },
  query: dashboardQuery,
  handler: async ({ db: primary, reader: db, session, query, lang, reply }) => {
    const period = periodOf(query as DashboardQuery);
    const has = hasOf(session.menus);
    const [company, stats, figures, history] = await Promise.all([
      controllerOf(db, session.companyId, lang),
      sumStat(db, session.companyId, period, has, lang),
      posture(db, session.companyId, period, has),
      frameworkHistory(db, session.companyId),
    ]);
    // this month's kept score, kept now if the month has none yet
    const current = history.at(-1)!;
    if (!current.snapshot) current.snapshot = (await keptFramework(db, session.companyId)) ?? (await refreshFramework(primary, session.companyId));
    const body = await boardReportPdf(lang, company.name, { from: period.from, to: period.to }, figures.data, stats.data, history);
    reply.header('content-type', 'application/pdf').header('content-disposition', 'attachment; filename="board-report.pdf"').send(body);
    return undefined;
  },
});

type Figures = Awaited<ReturnType<typeof posture>>['data'];
type Stats = Awaited<ReturnType<typeof sumStat>>['data'];

/** The report's pages, from the figures the viewer may see (on a PDF thread). */
export async function drawBoardReport(
  lang: Lang,
  companyName: string,
  period: { from: string; to: string },
  figures: Figures,
  stats: Stats,
  framework: { month: string; snapshot: FrameworkSnapshot | null }[] = [],
) {
  const t = dashboardTexts[lang].dashboard;
  const line = { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => '#808080', vLineColor: () => '#808080' };
  const head = (texts: string[]): TableCell[] => texts.map((x) => ({ ...para(x), bold: true, fillColor: '#EEEEEE' }));
  const content: Content[] = [
    para(t.report.title, { fontSize: 16, bold: true, margin: [0, 0, 0, 4] }),
    para(companyName, { fontSize: 13, bold: true }),
    para(
      t.report.period
        .replace('%{from}', formatDate(bangkokDayStart(period.from), lang))
        .replace('%{to}', formatDate(bangkokDayStart(period.to), lang)),
      {
        margin: [0, 2, 0, 12],
      },
    ),
  ];
  // a viewer with none of the modules' menus gets the header alone (pdfmake refuses an empty table)
  if (figures.length)
    content.push(para(t.posture.title, { fontSize: 13, bold: true, margin: [0, 0, 0, 4] }), {
      table: {
        widths: ['*', 70, 70, 80],
        body: [
          head([t.report.figure, t.report.value, t.report.target, t.report.previous]),
          ...figures.map((f): TableCell[] => [
            para(
              f.key === 'dpo' && f.detail
                ? `${t.posture.keys.dpo}: ${f.detail.appointed ? t.posture.yes : t.posture.no}, ${f.detail.officeInformed ? t.posture.informed : t.posture.not_informed}`
                : t.posture.keys[f.key],
            ),
            para(fmt(f.value, f.kind)),
            para(f.kind === 'count' ? `≤ ${f.target}` : `${f.target}%`),
            para(fmt(f.previous, f.kind)),
          ]),
        ],
      },
      layout: line,
    });
  if (stats.length)
    content.push(para(t.report.summary, { fontSize: 13, bold: true, margin: [0, 14, 0, 4] }), {
      table: {
        widths: ['*', 120],
        body: stats.map((s): TableCell[] => [para(s.text), para(s.total === null ? String(s.stat) : `${s.stat} / ${s.total}`)]),
      },
      layout: line,
    });
  content.push(...frameworkPages(lang, framework, line, head));
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 40],
    info: { title: `${t.report.title} — ${companyName}`, creator: companyName },
    defaultStyle: { font: 'SarabunLatin', fontSize: 11, lineHeight: 1.2 },
    header: () => ({
      margin: [40, 20, 40, 0],
      columns: [
        para(companyName, { fontSize: 9 }),
        para(t.report.printed.replace('%{at}', formatDate(new Date(), lang, true)), { fontSize: 9, alignment: 'right' }),
      ],
    }),
    footer: (page, pages) => para(`${page} / ${pages}`, { fontSize: 8, alignment: 'center' }),
    content,
  };
  return thaiPdfmake().createPdf(doc).getBuffer();
}

/**
 * A page per area of the PDPA framework: the area's score for each of the last 12 months kept (a row a
 * month, with a bar), then its requirements' scores now.
 */
function frameworkPages(
  lang: Lang,
  history: { month: string; snapshot: FrameworkSnapshot | null }[],
  line: object,
  head: (texts: string[]) => TableCell[],
): Content[] {
  const now = history.at(-1)?.snapshot;
  if (!now) return [];
  const f = frameworkTexts[lang].framework;
  const monthName = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'th-TH-u-ca-buddhist', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const score = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${n}%`);
  return FRAMEWORK_AREAS.flatMap((area): Content[] => [
    para(f.report.area_page.replace('%{area}', f.areas[area]), { fontSize: 14, bold: true, margin: [0, 0, 0, 2], pageBreak: 'before' }),
    para(`${f.title} · ${f.score} ${score(now.score)}`, { fontSize: 10, margin: [0, 0, 0, 8] }),
    {
      table: {
        widths: [110, 50, '*'],
        body: [
          head([f.report.month, f.report.area_score, '']),
          ...history.map((h): TableCell[] => {
            const s = h.snapshot?.areas.find((a) => a.area === area)?.score ?? null;
            return [
              para(monthName.format(new Date(`${h.month}T00:00:00Z`))),
              para(score(s)),
              s === null ? para('') : { canvas: [{ type: 'rect', x: 0, y: 3, w: Math.max(1, s * 2.5), h: 9, color: '#4F7FBF' }] },
            ];
          }),
        ],
      },
      layout: line,
    },
    {
      table: {
        widths: ['*', 70, 60],
        body: [
          head([f.report.requirement, f.law, f.report.now]),
          ...now.requirements
            .filter((r) => r.area === area)
            .map((r): TableCell[] => [
              para(`${f.requirements[r.id]}${r.stale ? ` (${f.evidence_stale})` : ''}`),
              para(r.law),
              para(`${score(r.score)} ${f.states[r.state]}`),
            ]),
        ],
      },
      layout: line,
      margin: [0, 12, 0, 0],
    },
  ]);
}

const boardReportPdf = offThread(import.meta.url, 'drawBoardReport', drawBoardReport);
