import {
  dpoIdParams,
  dpoReportInput,
  dpoReportListQuery,
  dpoReportReply,
  dpoReportsReply,
  type DpoReport,
  type DpoReportValues,
} from '../../../contract/dpo';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { iso } from '../../db/rows';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';

const read = { menuId: MENU.dpo.menuId } as const;
const write = { ...read, write: true } as const;

interface ReportRow {
  id: string;
  reported_on: string;
  subject: string;
  audience: DpoReport['audience'];
  audience_name: string;
  advice: string;
  outcome: string;
  file_url: string;
  created_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = `r.id, to_char(r.reported_on, 'YYYY-MM-DD') as reported_on, r.subject, r.audience, r.audience_name, r.advice, r.outcome,
  r.file_url, r.created_at, r.updated_at, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as created_by_name`;
const FROM = 'dpo_reports r left join users u on u.id = r.created_by';

const toReport = (r: ReportRow): DpoReport => ({
  _id: r.id,
  reportedOn: r.reported_on,
  subject: r.subject,
  audience: r.audience,
  audienceName: r.audience_name,
  advice: r.advice,
  outcome: r.outcome,
  fileUrl: r.file_url,
  createdBy: r.created_by_name,
  created_dt: iso(r.created_at),
  updated_dt: iso(r.updated_at),
});

const values = (b: DpoReportValues) => [b.reportedOn, b.subject, b.audience, b.audienceName, b.advice, b.outcome, b.fileUrl];

export async function loadReport(q: Queryable, companyId: string, id: string): Promise<DpoReport> {
  const [row] = await q.query<ReportRow>(`select ${SELECT} from ${FROM} where r.company_id = $1 and r.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return toReport(row);
}

/** The reports of a company, newest first (the board report and the PDFs read them too). */
export async function recentReports(q: Queryable, companyId: string, limit: number): Promise<DpoReport[]> {
  const rows = await q.query<ReportRow>(
    `select ${SELECT} from ${FROM} where r.company_id = $1 order by r.reported_on desc, r.created_at desc limit $2`,
    [companyId, limit],
  );
  return rows.map(toReport);
}

/** Saves one report (new, or the company's own by id); the audit trail records each change (migration 0031). */
export async function saveReport(q: Queryable, companyId: string, userId: string | null, b: DpoReportValues, id?: string) {
  if (id) {
    const rows = await q.query<{ id: string }>(
      `update dpo_reports set (reported_on, subject, audience, audience_name, advice, outcome, file_url) = ($3, $4, $5, $6, $7, $8, $9),
              updated_at = now()
        where company_id = $1 and id = $2 returning id`,
      [companyId, id, ...values(b)],
    );
    if (!rows.length) throw notFound();
    return id;
  }
  const [row] = await q.query<{ id: string }>(
    `insert into dpo_reports (company_id, reported_on, subject, audience, audience_name, advice, outcome, file_url, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [companyId, ...values(b), userId],
  );
  return row.id;
}

/** The DPO's reports and advice (s.42, menu 4): list (newest first, by audience), one, add, change, delete. */
export const dpoReportRoutes = [
  route({
    method: 'GET',
    url: '/dpo/reports',
    access: read,
    query: dpoReportListQuery,
    reply: dpoReportsReply,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 'r.company_id = $1';
      if (query.audience) {
        params.push(query.audience);
        where += ` and r.audience = $${params.length}`;
      }
      const { rows, total } = await pageOf<ReportRow>(db, {
        select: SELECT,
        from: FROM,
        where,
        order: 'r.reported_on desc, r.created_at desc, r.id',
        params,
        paging: query,
      });
      return { reports: rows.map(toReport), totalDoc: total };
    },
  }),
  route({
    method: 'GET',
    url: '/dpo/reports/:id',
    access: read,
    params: dpoIdParams,
    reply: dpoReportReply,
    handler: async ({ db, session, params }) => ({ data: await loadReport(db, session.companyId, params.id) }),
  }),
  route({
    method: 'POST',
    url: '/dpo/reports',
    access: write,
    body: dpoReportInput,
    reply: dpoReportReply,
    handler: async ({ db, session, body }) => {
      const id = await saveReport(db, session.companyId, session.userId, body);
      return { data: await loadReport(db, session.companyId, id) };
    },
  }),
  route({
    method: 'PUT',
    url: '/dpo/reports/:id',
    access: write,
    params: dpoIdParams,
    body: dpoReportInput,
    reply: dpoReportReply,
    handler: async ({ db, session, params, body }) => {
      await saveReport(db, session.companyId, session.userId, body, params.id);
      return { data: await loadReport(db, session.companyId, params.id) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/dpo/reports/:id',
    access: write,
    params: dpoIdParams,
    handler: async ({ db, session, params }) => {
      const rows = await db.query('delete from dpo_reports where company_id = $1 and id = $2 returning id', [session.companyId, params.id]);
      if (!rows.length) throw notFound();
      return {};
    },
  }),
];
