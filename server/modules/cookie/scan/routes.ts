import {
  cookieScanBody,
  cookieScanListQuery,
  cookieScanListReply,
  cookieScanParams,
  cookieScanReply,
  cookieScanReport,
  countsOf,
  type CookieScanReport,
  type CookieScanRow,
} from '../../../../contract/cookieScan';
import { MENU } from '../../../../contract/menus';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { ApiError, notFound } from '../../../http/errors';
import { isServerMessageKey, serverMessage, type Lang } from '../../../http/messages';
import { route } from '../../../http/route';
import { auditExport } from '../../audit/record';
import { scanReportPdf } from './pdf';
import { wakeScanWorker } from './runner';

const access = { menuId: MENU.cookie.menuId } as const;
const edit = { ...access, write: true } as const;

interface ScanRow {
  id: string;
  domain_id: string;
  host: string;
  status: CookieScanRow['status'];
  requested_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  requested_by_name: string | null;
  pages: number;
  error: string | null;
  report?: unknown;
}

const SELECT = `s.id, s.domain_id, d.host, s.status, s.requested_at, s.started_at, s.finished_at, s.pages, s.error,
  (select coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username) from users u where u.id = s.requested_by) as requested_by_name`;
const FROM = 'cookie_scans s join cookie_domains d on d.id = s.domain_id';
const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);

const toRow = (r: ScanRow, lang: Lang, report: CookieScanReport | null): CookieScanRow => ({
  _id: r.id,
  domainId: r.domain_id,
  host: r.host,
  status: r.status,
  requestedAt: iso(r.requested_at)!,
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
  requestedBy: r.requested_by_name,
  pages: r.pages,
  error: r.error ? (isServerMessageKey(r.error) ? serverMessage(lang, r.error) : r.error) : null,
  counts: report ? countsOf(report) : null,
});

/** A report as stored; one that no longer reads as today's contract is left out rather than half shown. */
const reportOf = (raw: unknown) => {
  const parsed = cookieScanReport.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

async function loadScan(q: Queryable, companyId: string, scanId: string) {
  const [row] = await q.query<ScanRow>(`select ${SELECT}, s.report from ${FROM} where s.company_id = $1 and s.id = $2`, [companyId, scanId]);
  if (!row) throw notFound();
  return row;
}

/** The cookie scanner's routes (menu 9): ask for a scan, the scans of a site, one scan's report, its PDF. */
export const cookieScanRoutes = [
  route({
    method: 'POST',
    url: '/cookie/scan',
    access: edit,
    body: cookieScanBody,
    reply: cookieScanReply,
    handler: async ({ db, session, body, lang }) => {
      const [domain] = await db.query<{ id: string }>('select id from cookie_domains where company_id = $1 and id = $2', [
        session.companyId,
        body.domainId,
      ]);
      if (!domain) throw new ApiError(404, 'cookie_domain_not_found');
      const rows = await db.query<{ id: string }>(
        `insert into cookie_scans (company_id, domain_id, requested_by) values ($1, $2, $3) on conflict do nothing returning id`,
        [session.companyId, body.domainId, session.userId],
      );
      if (!rows.length) throw new ApiError(409, 'cookie_scan_running');
      wakeScanWorker();
      return { data: toRow(await loadScan(db, session.companyId, rows[0]!.id), lang, null), report: null };
    },
  }),

  route({
    method: 'GET',
    url: '/cookie/scan/list',
    access,
    query: cookieScanListQuery,
    reply: cookieScanListReply,
    handler: async ({ db, session, query, lang }) => {
      const { rows, total } = await pageOf<ScanRow>(db, {
        select: `${SELECT}, s.report`,
        from: FROM,
        where: query.domainId ? 's.company_id = $1 and s.domain_id = $2' : 's.company_id = $1',
        order: 's.requested_at desc, s.id',
        params: query.domainId ? [session.companyId, query.domainId] : [session.companyId],
        paging: query,
      });
      return { scanList: rows.map((r) => toRow(r, lang, reportOf(r.report))), totalItem: total };
    },
  }),

  route({
    method: 'GET',
    url: '/cookie/scan/:scanId',
    access,
    params: cookieScanParams,
    reply: cookieScanReply,
    handler: async ({ db, session, params, lang }) => {
      const row = await loadScan(db, session.companyId, params.scanId);
      const report = reportOf(row.report);
      return { data: toRow(row, lang, report), report };
    },
  }),

  route({
    method: 'GET',
    url: '/cookie/scan/:scanId/pdf',
    access,
    params: cookieScanParams,
    handler: async ({ db, session, params, lang, req, reply }) => {
      const row = await loadScan(db, session.companyId, params.scanId);
      const report = reportOf(row.report);
      if (row.status !== 'done' || !report) throw new ApiError(409, 'cookie_scan_not_done');
      const [company] = await db.query<{ code: string; detail: unknown }>('select code, detail from companies where id = $1', [session.companyId]);
      const pdf = await scanReportPdf(toRow(row, lang, report), report, company!, lang);
      await auditExport({ db, session, req }, 'cookie_domains', [row.domain_id], { format: 'pdf', kind: 'cookie_scan' });
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="cookie-scan-${row.host.replace(/[^a-z0-9.-]/gi, '_')}.pdf"`)
        .send(pdf);
      return undefined;
    },
  }),
];
