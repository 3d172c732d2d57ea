import { MENU } from '../../../contract/menus';
import {
  expireRopaQuery,
  expireRopaReply,
  relateConsentQuery,
  relateConsentReply,
  relateDepartmentReply,
  ropaChoicesReply,
  sumRopaReply,
} from '../../../contract/ropa';
import { pageOffset } from '../../db/paging';
import { route } from '../../http/route';
import type { Queryable } from '../../db/client';
import { BANGKOK_TODAY as TODAY } from '../../db/rows';

const read = { menuId: MENU.ropa.menuId } as const;
// today in Bangkok, as the database counts review dates
/** A live record past its review date, of the activities aliased `a` (the dashboards' "overdue", the list's filter). */
export const REVIEW_OVERDUE = `a.state <> 'archived' and a.review_date < ${TODAY}`;

/**
 * The records of processing by state and role, and their completeness (% of the live ones with no s.39
 * item missing): ROPA's dashboard and the company dashboard (server/modules/dashboard) read it.
 */
export async function ropaCounts(db: Queryable, companyId: string, departmentId?: string) {
  type Counts = Record<'total' | 'draft' | 'review' | 'approved' | 'archived' | 'complete' | 'live' | 'controller' | 'processor' | 'overdue', number>;
  const [s] = await db.query<Counts>(
    `select count(*)::int as total,
            count(*) filter (where state = 'draft')::int as draft,
            count(*) filter (where state = 'review')::int as review,
            count(*) filter (where state = 'approved')::int as approved,
            count(*) filter (where state = 'archived')::int as archived,
            count(*) filter (where state <> 'archived' and missing_count = 0)::int as complete,
            count(*) filter (where state <> 'archived')::int as live,
            count(*) filter (where role = 'controller')::int as controller,
            count(*) filter (where role = 'processor')::int as processor,
            count(*) filter (where ${REVIEW_OVERDUE})::int as overdue
       from ropa_activities a where company_id = $1 and ($2::uuid is null or department_id = $2)`,
    [companyId, departmentId ?? null],
  );
  const { live, overdue, ...counts } = s;
  return { counts: { ...counts, completeness: live ? Math.round((s.complete / live) * 1000) / 10 : 0 }, live, overdue };
}

/** The seed's dashboard calls (`/ropa/fetch/*`) and the form's choices. */
export const dashboardRoutes = [
  route({
    method: 'GET',
    url: '/ropa/fetch/sumropa',
    access: read,
    reply: sumRopaReply,
    handler: async ({ db, session }) => ({ sumropa: (await ropaCounts(db, session.companyId)).counts }),
  }),
  route({
    method: 'GET',
    url: '/ropa/fetch/expire-ropa',
    access: read,
    query: expireRopaQuery,
    reply: expireRopaReply,
    handler: async ({ db, session, query }) => {
      const rows = await db.query<{
        id: string;
        name: string;
        state: 'draft';
        department: string | null;
        review_date: string;
        days_left: number;
        total: number;
      }>(
        `select a.id, a.name, a.state, d.name as department, to_char(a.review_date, 'YYYY-MM-DD') as review_date,
                (a.review_date - ${TODAY})::int as days_left, count(*) over ()::int as total
           from ropa_activities a left join departments d on d.id = a.department_id
          where a.company_id = $1 and a.state <> 'archived' and a.review_date <= ${TODAY} + $2::int
          order by a.review_date, a.id limit $3 offset $4`,
        [session.companyId, query.days, query.limit, pageOffset(query)],
      );
      let totalDoc = rows[0]?.total;
      if (totalDoc === undefined)
        [{ totalDoc }] = await db.query<{ totalDoc: number }>(
          `select count(*)::int as "totalDoc" from ropa_activities a where a.company_id = $1 and a.state <> 'archived' and a.review_date <= ${TODAY} + $2::int`,
          [session.companyId, query.days],
        );
      return {
        expireRopa: rows.map((r) => ({
          id: r.id,
          name: r.name,
          state: r.state,
          department: r.department,
          reviewDate: r.review_date,
          daysLeft: r.days_left,
        })),
        totalDoc,
      };
    },
  }),
  route({
    method: 'GET',
    url: '/ropa/fetch/relate-department',
    access: read,
    reply: relateDepartmentReply,
    handler: async ({ db, session }) => {
      const rows = await db.query<{ department_id: string | null; department: string | null; total: number; approved: number }>(
        `select a.department_id, d.name as department, count(*)::int as total, count(*) filter (where a.state = 'approved')::int as approved
           from ropa_activities a left join departments d on d.id = a.department_id
          where a.company_id = $1 and a.state <> 'archived'
          group by a.department_id, d.name order by total desc, d.name nulls last`,
        [session.companyId],
      );
      return {
        relateDepartment: rows.map((r) => ({ departmentId: r.department_id, department: r.department, total: r.total, approved: r.approved })),
      };
    },
  }),
  route({
    method: 'GET',
    url: '/ropa/fetch/relate-consent',
    access: read,
    query: relateConsentQuery,
    reply: relateConsentReply,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId, query.limit, pageOffset(query)];
      const one = query.formId ? `and f.id = $${params.push(query.formId)}` : '';
      const rows = await db.query<{ form_id: string; project_name: string; activities: { id: string; name: string }[]; total_doc: number }>(
        `select f.id as form_id, coalesce(f.draft->'header'->>'projectName', '') as project_name,
                json_agg(json_build_object('id', a.id, 'name', a.name) order by a.name) as activities, count(*) over ()::int as total_doc
           from consent_forms f
           join ropa_activities a on a.company_id = f.company_id and a.state <> 'archived' and a.record->'noticeIds' ? f.id::text
          where f.company_id = $1 ${one}
          group by f.id order by count(*) desc, project_name, f.id limit $2 offset $3`,
        params,
      );
      return {
        relateConsent: rows.map((r) => ({ formId: r.form_id, projectName: r.project_name, total: r.activities.length, activities: r.activities })),
        totalDoc: rows[0]?.total_doc ?? 0,
      };
    },
  }),
  route({
    method: 'GET',
    url: '/ropa/choices',
    access: read,
    reply: ropaChoicesReply,
    handler: async ({ db, session }) => {
      const c = [session.companyId];
      const [departments, systems, categories, subjects, purposes, processors, notices, dsrForms] = await Promise.all([
        db.query('select id, name from departments where company_id = $1 order by name', c),
        db.query(
          `select s.id, s.name,
                  coalesce((select array_agg(category_id::text) from datamap_system_categories where system_id = s.id), '{}') as "categoryIds",
                  coalesce((select array_agg(subject_id::text) from datamap_system_subjects where system_id = s.id), '{}') as "subjectIds",
                  coalesce((select array_agg(processor_id::text) from datamap_system_processors where system_id = s.id), '{}') as "processorIds"
             from datamap_systems s where s.company_id = $1 order by s.name`,
          c,
        ),
        db.query('select id, name, sensitive from data_categories where company_id = $1 order by name', c),
        db.query('select id, name from data_subject_categories where company_id = $1 order by name', c),
        db.query('select id, name from processing_purposes where company_id = $1 order by name', c),
        db.query(
          `select id, name, country, to_char(contract_date, 'YYYY-MM-DD') as "contractDate" from processors where company_id = $1 order by name`,
          c,
        ),
        db.query(
          `select id, coalesce(nullif(draft->'header'->>'projectName', ''), id::text) as name from consent_forms where company_id = $1 order by 2`,
          c,
        ),
        db.query('select id, name, ropa_activity_id as "activityId" from dsr_forms where company_id = $1 order by name', c),
      ]);
      return { departments, systems, categories, subjects, purposes, processors, notices, dsrForms };
    },
  }),
];
