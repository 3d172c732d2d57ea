import { syncInformTask } from './inform';
import { addDays, bangkokDayStart, inBangkok } from '../../../contract/clock';
import { formatDate } from '../../../i18n/dates';
import { iso } from '../../db/rows';
import { format } from 'date-fns';
import { MENU } from '../../../contract/menus';
import {
  ROPA_MOVES,
  ropaBody,
  ropaDetail,
  ropaListQuery,
  ropaListReply,
  ropaParams,
  ropaStateBody,
  ropaVersionQuery,
  ropaVersionReply,
  missingItems,
  type RopaBody,
} from '../../../contract/ropa';
import type { Queryable } from '../../db/client';
import { containsSearch } from '../../db/search';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { serverMessage, type Lang } from '../../http/messages';
import { route } from '../../http/route';
import ropaTexts from '../../../i18n/ropa';
import { REVIEW_OVERDUE } from './dashboard';
import { checkOwnIds, replaceLinks } from './links';
import { refuseNewFreeTransfers } from '../transfers/rows';
import { refuseSelfApproval } from '../../http/approval';
import { activityAuthors, controllerOf, loadActivity, missingOf, ROW_FROM, ROW_SELECT, toRow, USER_NAME } from './rows';
import { randomUUID } from 'node:crypto';

const read = { menuId: MENU.ropa.menuId } as const;
const write = { ...read, write: true } as const;

/** A year from today in Bangkok: the default review date. */
export const defaultReviewDate = (now = new Date()) => format(inBangkok(addDays(now, 365)), 'yyyy-MM-dd');

/** Every record the activities link to is the company's (one statement a table for all of them), or a 400 naming the field. */
async function checkActivityLinks(q: Queryable, companyId: string, bodies: readonly RopaBody[]) {
  const all = (pick: (b: RopaBody) => readonly string[]) => bodies.flatMap(pick);
  const checks: [table: string, ids: string[], field: string][] = [
    ['departments', all((b) => (b.departmentId ? [b.departmentId] : [])), 'departmentId'],
    ['datamap_systems', all((b) => b.systemIds), 'systemIds'],
    ['data_categories', all((b) => b.categoryIds), 'categoryIds'],
    ['data_categories', all((b) => b.record.purposes.flatMap((p) => p.categoryIds)), 'purposes'],
    ['processing_purposes', all((b) => b.record.purposes.flatMap((p) => (p.purposeId ? [p.purposeId] : []))), 'purposes'],
    ['data_subject_categories', all((b) => b.record.subjectIds), 'subjectIds'],
    ['processors', all((b) => b.record.processorIds), 'processorIds'],
    ['consent_forms', all((b) => b.record.noticeIds), 'noticeIds'],
    ['dsr_forms', all((b) => b.dsrFormIds), 'dsrFormIds'],
  ];
  for (const [table, ids, field] of checks) await checkOwnIds(q, companyId, table, ids, field);
}

/**
 * New activities in bulk (an import): what `saveActivity` checks and writes for a new record, each statement once for
 * all of them — every link checked per table, the records in one insert, each link table in one — so 5,000 rows
 * cost a handful of statements, not 75,000. The rare parts (a day of indirect collection, request forms) go row by row.
 */
export async function insertActivities(q: Queryable, companyId: string, userId: string | null, bodies: RopaBody[]): Promise<string[]> {
  if (!bodies.length) return [];
  for (const b of bodies) refuseNewFreeTransfers([], b.record.transfers, 'record.transfers');
  await checkActivityLinks(q, companyId, bodies);
  const controller = await controllerOf(q, companyId);
  const rows = bodies.map((b) => {
    const categoryIds = [...new Set(b.categoryIds)];
    return {
      id: randomUUID(),
      name: b.name,
      role: b.role,
      department_id: b.departmentId,
      record: b.record,
      review_date: b.reviewDate ?? defaultReviewDate(),
      missing_count: missingItems({ ...b, categoryIds, controller }).length,
      systems: [...new Set(b.systemIds)],
      categories: categoryIds,
    };
  });
  await q.query(
    `insert into ropa_activities (id, company_id, name, role, department_id, record, review_date, missing_count, created_by, content_by)
     select r.id, $1, r.name, r.role, r.department_id, r.record, r.review_date, r.missing_count, $3, $3
       from jsonb_to_recordset($2::jsonb) as r(id uuid, name text, role text, department_id uuid, record jsonb, review_date date, missing_count int)`,
    [companyId, JSON.stringify(rows.map(({ systems: _s, categories: _c, ...row }) => row)), userId],
  );
  const pairs = (pick: (r: (typeof rows)[number]) => string[]) => {
    const owners = rows.flatMap((r) => pick(r).map(() => r.id));
    return [owners, rows.flatMap(pick)];
  };
  const [systemOwners, systems] = pairs((r) => r.systems);
  if (systems.length)
    await q.query(
      `insert into ropa_activity_systems (company_id, activity_id, system_id) select $1, a, s from unnest($2::uuid[], $3::uuid[]) as x(a, s)`,
      [companyId, systemOwners, systems],
    );
  const [categoryOwners, categories] = pairs((r) => r.categories);
  if (categories.length)
    await q.query(`insert into ropa_activity_categories (activity_id, category_id) select a, c from unnest($1::uuid[], $2::uuid[]) as x(a, c)`, [
      categoryOwners,
      categories,
    ]);
  for (const [i, b] of bodies.entries()) {
    if (b.record.otherSourceOn) await syncInformTask(q, companyId, rows[i].id, b.record.otherSourceOn);
    if (b.dsrFormIds.length)
      await q.query('update dsr_forms set ropa_activity_id = $2 where company_id = $1 and id = any($3::uuid[])', [
        companyId,
        rows[i].id,
        b.dsrFormIds,
      ]);
  }
  return rows.map((r) => r.id);
}

/** Checks every link belongs to the company, then writes the record (a new one, or a change), its links and its missing count. */
export async function saveActivity(q: Queryable, companyId: string, userId: string | null, body: RopaBody, id?: string): Promise<string> {
  // a new record is the bulk insert's one row: the same checks, counts and links by construction
  if (!id) return (await insertActivities(q, companyId, userId, [body]))[0];
  const r = body.record;
  // another company's record is a 404 before anything of the body is looked at
  const [current] = await q.query<{ state: string; transfers: RopaBody['record']['transfers'] | null }>(
    `select state, record->'transfers' as transfers from ropa_activities where company_id = $1 and id = $2 for update`,
    [companyId, id],
  );
  if (!current) throw notFound();
  if (current.state === 'archived') throw conflict('ropa_archived');
  refuseNewFreeTransfers(current.transfers ?? [], r.transfers, 'record.transfers');
  await checkActivityLinks(q, companyId, [body]);
  const [systems, categories, forms] = [body.systemIds, body.categoryIds, body.dsrFormIds].map((ids) => [...new Set(ids)]);
  const missing = (await missingOf(q, companyId, { ...body, categoryIds: categories })).length;
  const review = body.reviewDate ?? defaultReviewDate();
  // a change to an approved record is a new draft: the approved version stays in ropa_versions
  // who saved it last is an author of what a reviewer approves (four eyes)
  await q.query(
    `update ropa_activities set name = $3, role = $4, department_id = $5, record = $6, review_date = $7, missing_count = $8,
            state = case when state = 'approved' then 'draft' else state end, review_notified_at = null, updated_at = now(),
            content_by = $9
      where company_id = $1 and id = $2`,
    [companyId, id, body.name, body.role, body.departmentId, JSON.stringify(r), review, missing, userId],
  );
  await syncInformTask(q, companyId, id, r.otherSourceOn);
  await replaceLinks(q, 'ropa_activity_systems', ['activity_id', id], 'system_id', systems, ['company_id', companyId]);
  await replaceLinks(q, 'ropa_activity_categories', ['activity_id', id], 'category_id', categories);
  await q.query('update dsr_forms set ropa_activity_id = null where company_id = $1 and ropa_activity_id = $2 and id <> all($3::uuid[])', [
    companyId,
    id,
    forms,
  ]);
  if (forms.length)
    await q.query('update dsr_forms set ropa_activity_id = $2 where company_id = $1 and id = any($3::uuid[])', [companyId, id, forms]);
  return id;
}

/**
 * Moves a record along draft → review → approved → archived; only a complete record is approved (its version kept).
 * Sending for review may name the reviewer (`reviewerId`: another active person of the company with ROPA edit
 * rights), who is told through the bell. Approval is refused to the record's authors — who sent it for review
 * and who last changed its content — while someone else could approve (four eyes, `http/approval.ts`).
 */
export async function moveActivity(
  q: Queryable,
  companyId: string,
  userId: string | null,
  id: string,
  to: string,
  lang: Lang = 'th',
  reviewerId?: string | null,
) {
  const [lock] = await q.query('select 1 from ropa_activities where company_id = $1 and id = $2 for update', [companyId, id]);
  if (!lock) throw notFound();
  const detail = await loadActivity(q, companyId, id);
  const allowed = ROPA_MOVES[detail.state] as readonly string[];
  if (!allowed.includes(to)) throw new ApiError(409, 'ropa_bad_move', { from: detail.state, to });
  // a reviewer gets only what could be approved: an incomplete record is refused on the way to review as on approval,
  // the reply naming the missing s.39 items in the reader's language (and their keys, for a client to point at them)
  if ((to === 'review' || to === 'approved') && detail.missing.length) {
    const key = to === 'review' ? 'ropa_incomplete_review' : 'ropa_incomplete';
    const params = { items: detail.missing.map((m) => ropaTexts[lang].ropa.items[m]).join(', ') };
    throw new ApiError(409, key, params, { status: 409, msg: serverMessage(lang, key, params), missing: detail.missing });
  }
  if (to === 'approved' && userId)
    await refuseSelfApproval(q, {
      companyId,
      userId,
      authors: activityAuthors({ submitted_by: detail.submittedBy?.id ?? null, content_by: detail.contentBy?.id ?? null }),
      menuId: MENU.ropa.menuId,
    });
  if (to === 'review' && reviewerId) {
    const reviewers = await reviewersOf(q, companyId, userId);
    if (!reviewers.some((r) => r.id === reviewerId)) throw badRequest('ropa_reviewer_invalid');
  }
  const set =
    to === 'review'
      ? 'submitted_by = $3, submitted_at = now(), reviewer_id = $5'
      : to === 'approved'
        ? 'approved_by = $3, approved_at = now()'
        : to === 'archived'
          ? 'archived_by = $3, archived_at = now()'
          : 'submitted_by = null, submitted_at = null, reviewer_id = null';
  await q.query(`update ropa_activities set state = $4, ${set}, updated_at = now() where company_id = $1 and id = $2`, [
    companyId,
    id,
    userId,
    to,
    ...(to === 'review' ? [reviewerId ?? null] : []),
  ]);
  if (to === 'review' && reviewerId) {
    const [by] = userId ? await q.query<{ name: string }>(`select ${USER_NAME('u')} as name from users u where u.id = $1`, [userId]) : [];
    await q.query('insert into notifications (company_id, user_id, kind, params, link) values ($1, $2, $3, $4, $5)', [
      companyId,
      reviewerId,
      'ropa_review_assigned',
      JSON.stringify({ name: detail.name, by: by?.name ?? '' }),
      `/ropa/activity/create/${id}`,
    ]);
  }
  if (to === 'approved') {
    const snapshot = await loadActivity(q, companyId, id);
    await q.query(
      `insert into ropa_versions (company_id, activity_id, version, snapshot, approved_by)
       values ($1, $2, coalesce((select max(version) from ropa_versions where activity_id = $2), 0) + 1, $3, $4)`,
      [companyId, id, JSON.stringify({ ...snapshot, versions: [] }), userId],
    );
  }
}

/** Who may be asked to review: the company's active people with edit rights on ROPA (menu 11), `except` (the sender) left out. */
export async function reviewersOf(q: Queryable, companyId: string, except: string | null) {
  return q.query<{ id: string; name: string }>(
    `select u.id, ${USER_NAME('u')} as name from users u join role_menus rm on rm.role_id = u.role_id and rm.menu_id = $2 and rm.can_edit
      where u.company_id = $1 and not u.disabled and u.id is distinct from $3::uuid
      order by 2, u.id`,
    [companyId, MENU.ropa.menuId, except],
  );
}

/** "name or description contains `search`", narrowed by the grams index of 0029 (`containsSearch`). */
const activitySearch = (params: unknown[], search: string) =>
  containsSearch(params, search, ['a.name', `coalesce(a.record->>'description', '')`], { grams: 'ropa_activity_grams(a.name, a.record)' });

/** The activities (menu 11), by the REST convention: `/ropa/activity`. */
export const activityRoutes = [
  route({
    method: 'GET',
    url: '/ropa/activity',
    access: read,
    query: ropaListQuery,
    reply: ropaListReply,
    handler: async ({ db, session, query, reply }) => {
      const params: unknown[] = [session.companyId];
      const where = ['a.company_id = $1'];
      const f = query.filter;
      if (f.search?.trim()) where.push(activitySearch(params, f.search.trim()));
      if (f.state) where.push(`a.state = $${params.push(f.state)}`);
      if (f.role) where.push(`a.role = $${params.push(f.role)}`);
      if (f.departmentId) where.push(`a.department_id = $${params.push(f.departmentId)}`);
      if (f.incomplete !== undefined) where.push(`a.missing_count ${f.incomplete ? '>' : '='} 0`);
      if (f.overdue !== undefined) where.push(f.overdue ? REVIEW_OVERDUE : `not (${REVIEW_OVERDUE})`);
      const [field, direction] = query.sort;
      const column = { name: 'a.name', updated_dt: 'a.updated_at', reviewDate: 'a.review_date', state: 'a.state' }[field];
      const [from, to] = query.range;
      const n = params.length;
      const rows = await db.query<Parameters<typeof toRow>[0]>(
        `${ROW_SELECT}, count(*) over ()::int as total ${ROW_FROM} where ${where.join(' and ')}
          order by ${column} ${direction === 'DESC' ? 'desc' : 'asc'}, a.id limit $${n + 1} offset $${n + 2}`,
        [...params, to - from + 1, from],
      );
      let total = rows[0]?.total;
      if (total === undefined)
        [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total ${ROW_FROM} where ${where.join(' and ')}`, params);
      reply.header('Content-Range', rows.length ? `ropa-activities ${from}-${from + rows.length - 1}/${total}` : `ropa-activities */${total}`);
      return { data: rows.map(toRow), total };
    },
  }),
  route({
    method: 'GET',
    url: '/ropa/activity/:id',
    access: read,
    params: ropaParams,
    reply: ropaDetail,
    handler: async ({ db, session, params, lang }) => ({ data: await loadActivity(db, session.companyId, params.id, lang, session.userId) }),
  }),
  route({
    method: 'GET',
    url: '/ropa/activity/:id/version',
    access: read,
    params: ropaParams,
    query: ropaVersionQuery,
    reply: ropaVersionReply,
    handler: async ({ db, session, params, query, lang }) => {
      if ((query.version === undefined) === (query.on === undefined)) throw badRequest('ropa_version_pick');
      await loadActivity(db, session.companyId, params.id);
      // by number, or the newest approved before the next Bangkok day began
      const [v] = await db.query<{
        snapshot: Record<string, unknown>;
        version: number;
        approved_by: string | null;
        approved_name: string | null;
        approved_at: Date | string;
      }>(
        `select v.snapshot, v.version, v.approved_by, ${USER_NAME('u')} as approved_name, v.approved_at
           from ropa_versions v left join users u on u.id = v.approved_by
          where v.company_id = $1 and v.activity_id = $2 and ${query.on ? 'v.approved_at < $3' : 'v.version = $3'}
          order by v.version desc limit 1`,
        [session.companyId, params.id, query.on ? addDays(bangkokDayStart(query.on), 1).toISOString() : query.version],
      );
      if (!v)
        throw query.on ? new ApiError(404, 'ropa_version_none_on', { date: formatDate(query.on, lang) }) : new ApiError(404, 'ropa_version_unknown');
      return {
        data: v.snapshot,
        version: v.version,
        approvedBy: v.approved_by ? { id: v.approved_by, name: v.approved_name ?? '' } : null,
        approved_dt: iso(v.approved_at),
      };
    },
  }),
  route({
    method: 'POST',
    url: '/ropa/activity',
    access: write,
    body: ropaBody,
    handler: async ({ db, session, body }) => {
      const id = await saveActivity(db, session.companyId, session.userId, body);
      return { data: await loadActivity(db, session.companyId, id, 'th', session.userId) };
    },
  }),
  route({
    method: 'PUT',
    url: '/ropa/activity/:id',
    access: write,
    params: ropaParams,
    body: ropaBody,
    handler: async ({ db, session, params, body }) => {
      await saveActivity(db, session.companyId, session.userId, body, params.id);
      return { data: await loadActivity(db, session.companyId, params.id, 'th', session.userId) };
    },
  }),
  route({
    method: 'POST',
    url: '/ropa/activity/:id/state',
    access: write,
    params: ropaParams,
    body: ropaStateBody,
    handler: async ({ db, session, params, body, lang }) => {
      await moveActivity(db, session.companyId, session.userId, params.id, body.state, lang, body.reviewerId);
      return { data: await loadActivity(db, session.companyId, params.id, lang, session.userId) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/ropa/activity/:id',
    access: write,
    params: ropaParams,
    handler: async ({ db, session, params }) => {
      const detail = await loadActivity(db, session.companyId, params.id);
      if (detail.state !== 'draft' || detail.versions.length) throw conflict('ropa_delete_state');
      await db.query('update dsr_forms set ropa_activity_id = null where company_id = $1 and ropa_activity_id = $2', [session.companyId, params.id]);
      await db.query('delete from ropa_activities where company_id = $1 and id = $2', [session.companyId, params.id]);
      return { data: detail };
    },
  }),
];
