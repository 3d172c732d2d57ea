/**
 * The data map's systems (menu 16) and the records of processing (menu 11), the REST convention and
 * the seed's dashboard calls, over the `datamapSystems` and `ropaActivities` collections. Shapes
 * only, though the rules' shapes are answered as the server words them: the incomplete record's 409 on
 * review and approval, the warnings, the refusals (s.39(7)) of its forms' requests, the approved versions
 * (by number and by date), the SME wizard, and `/ropa/report` (a short XLSX, a one-page PDF, the PDF's 409).
 */
import ExcelJS from 'exceljs';
import { addDays, bangkokDayStart, inBangkok } from '../../contract/clock';
import { format } from 'date-fns';
import { idParams, systemBody, systemListQuery, systemChoicesReply, type SystemBody } from '../../contract/datamap';
import { MENU } from '../../contract/menus';
import {
  ROPA_MOVES,
  ROPA_PDF_MAX,
  expireRopaQuery,
  isSensitiveBasis,
  missingItems,
  relateConsentQuery,
  ropaBody,
  ropaListQuery,
  ropaParams,
  ropaReportProgressQuery,
  ropaReportQuery,
  ropaStateBody,
  ropaVersionQuery,
  type RopaBody,
  type RopaState,
  type RopaWarning,
} from '../../contract/ropa';
import { smeAnswers, smeListQuery, smeResult, type SmeAssessment } from '../../contract/ropaSme';
import { formatDate } from '../../i18n/dates';
import { serverMessage } from '../../i18n/messages';
import ropaTexts from '../../i18n/ropa';
import { ROPA_DEMO_ACTIVITIES, ROPA_DEMO_DEPARTMENTS, ROPA_DEMO_SME, ROPA_DEMO_SYSTEMS } from '../../demo';
import type { FakeDb, Row } from '../collections';
import { matches, ownRow, ownRows } from '../crud';
import { Failure, now, route, type Call } from '../engine';

const dataManage = { menuId: MENU.dataManage.menuId } as const;
const ropa = { menuId: MENU.ropa.menuId } as const;
type System = Row<'datamapSystems'>;
type Activity = Row<'ropaActivities'>;

const registerNamed = (call: Call, register: string) =>
  ownRows(call, 'registerRows')
    .filter((r) => r.register === register)
    .map((r) => ({
      id: r._id,
      name: String(r.name),
      sensitive: Boolean(r.sensitive),
      country: String(r.country ?? ''),
      contractDate: (r.contractDate as string | null) ?? null,
    }));
const departmentsOf = (call: Call) => ownRows(call, 'departments').map((d) => ({ id: d._id, name: d.name }));
const byName = <T extends { name: string }>(rows: T[]) => rows.toSorted((a, b) => a.name.localeCompare(b.name));

/** Refuses (400) ids that are not the company's, as the server does. */
function checkOwn(ids: readonly string[], own: { id: string }[], field: string) {
  const known = new Set(own.map((o) => o.id));
  if (ids.some((id) => !known.has(id))) throw new Failure(400, 'ropa_unknown_link', { field });
}

/** The breaches that named a system, newest first. */
const breachesOf = (call: Call, systemId: string) =>
  ownRows(call, 'breaches')
    .filter((b) => b.systemIds.includes(systemId))
    .toSorted((x, y) => y.awareAt.localeCompare(x.awareAt))
    .map((b) => ({ id: b._id, code: b.code, title: b.title, status: b.status, awareAt: b.awareAt }));

function systemView(call: Call, s: System) {
  const cats = registerNamed(call, 'data-categories');
  const subjects = registerNamed(call, 'data-subject-categories');
  const processors = registerNamed(call, 'processors');
  const pick = <T extends { id: string }>(rows: T[], ids: string[]) => rows.filter((r) => ids.includes(r.id));
  return {
    id: s._id,
    ...(Object.fromEntries(Object.keys(systemBody.shape).map((k) => [k, s[k as keyof SystemBody]])) as SystemBody),
    department: departmentsOf(call).find((d) => d.id === s.departmentId)?.name ?? null,
    categories: pick(cats, s.categoryIds).map(({ id, name, sensitive }) => ({ id, name, sensitive })),
    subjects: pick(subjects, s.subjectIds).map(({ id, name }) => ({ id, name })),
    processors: pick(processors, s.processorIds).map(({ id, name }) => ({ id, name })),
    activities: ownRows(call, 'ropaActivities').filter((a) => a.systemIds.includes(s._id)).length,
    breaches: call.session.rights.has(MENU.dataBreach.menuId) ? breachesOf(call, s._id) : [],
    created_dt: s.created_dt,
    updated_dt: s.updated_dt,
  };
}

function checkSystem(call: Call, body: SystemBody) {
  if (body.departmentId) checkOwn([body.departmentId], departmentsOf(call), 'departmentId');
  checkOwn(body.categoryIds, registerNamed(call, 'data-categories'), 'categoryIds');
  checkOwn(body.subjectIds, registerNamed(call, 'data-subject-categories'), 'subjectIds');
  checkOwn(body.processorIds, registerNamed(call, 'processors'), 'processorIds');
}

const controllerOf = (call: Call) => {
  const d = call.db.companies.find((c) => c._id === call.companyId)!.detail;
  return { name: d.nameTh ?? '', address: d.address ?? '', email: d.email ?? '', phone: d.phone ?? '' };
};
const person = (call: Call, id: string | null) => {
  const u = id ? call.db.users.find((x) => x._id === id) : undefined;
  return u ? { id: u._id, name: `${u.firstname} ${u.lastname}`.trim() || u.username } : null;
};

function activityRow(call: Call, a: Activity) {
  return {
    id: a._id,
    name: a.name,
    role: a.role,
    state: a.state,
    departmentId: a.departmentId,
    department: departmentsOf(call).find((d) => d.id === a.departmentId)?.name ?? null,
    reviewDate: a.reviewDate,
    missingCount: missingItems({ ...a, controller: controllerOf(call) }).length,
    approvedBy: person(call, a.approvedBy),
    approved_dt: a.approved_dt,
    updated_dt: a.updated_dt,
  };
}
function activityDetail(call: Call, a: Activity) {
  const controller = controllerOf(call);
  const dpo = call.db.companies.find((c) => c._id === call.companyId)!.detail.dpoContact ?? { name: '', email: '', phone: '' };
  return {
    ...activityRow(call, a),
    systemIds: a.systemIds,
    categoryIds: a.categoryIds,
    dsrFormIds: a.dsrFormIds,
    record: a.record,
    controller,
    dpo: { name: dpo.name ?? '', email: dpo.email ?? '', phone: dpo.phone ?? '' },
    missing: missingItems({ ...a, controller }),
    warnings: warningsOf(call, a),
    refusals: refusalsOf(call, a),
    submittedBy: person(call, a.submittedBy),
    submitted_dt: a.submitted_dt,
    archivedBy: person(call, a.archivedBy),
    archived_dt: a.archived_dt,
    createdBy: person(call, a.createdBy),
    created_dt: a.created_dt,
    versions: (versionsOf(call).get(a._id) ?? []).toReversed().map(({ version, approvedBy, approved_dt }) => ({ version, approvedBy, approved_dt })),
  };
}

/** The warnings as the server gives them: sensitive data without an s.26 basis, a transfer without a mechanism, a category in no system. */
function warningsOf(call: Call, a: Activity) {
  const cats = registerNamed(call, 'data-categories');
  const mapped = new Set(ownRows(call, 'datamapSystems').flatMap((s) => s.categoryIds));
  const used = [...new Set([...a.categoryIds, ...a.record.purposes.flatMap((p) => p.categoryIds)])];
  const named = cats.filter((c) => used.includes(c.id)).toSorted((x, y) => x.name.localeCompare(y.name));
  const warnings: { code: RopaWarning; subject: string }[] = [];
  for (const c of named.filter((c) => c.sensitive)) {
    const purposes = a.record.purposes.filter((p) => p.categoryIds.includes(c.id));
    if (!(purposes.length && purposes.every((p) => p.bases.some(isSensitiveBasis))))
      warnings.push({ code: 'sensitive_without_basis', subject: c.name });
  }
  for (const c of named.filter((c) => !mapped.has(c.id))) warnings.push({ code: 'category_not_in_map', subject: c.name });
  for (const t of a.record.transfers) if (!t.mechanism) warnings.push({ code: 'transfer_without_mechanism', subject: t.country });
  return warnings;
}

/** The refusals (s.39(7)) of the requests made on the activity's DSR forms, newest first. */
function refusalsOf(call: Call, a: Activity) {
  return ownRows(call, 'dsrRequests')
    .filter((r) => r.refusal && a.dsrFormIds.includes(r.formId))
    .map((r) => ({
      id: r._id,
      referenceCode: r.referenceCode,
      rights: r.rights,
      legalGround: r.refusal!.legalGround,
      reasons: r.refusal!.reasons,
      refused_dt: r.history.findLast((h) => h.action === 'state')?.at ?? r.receivedAt,
    }))
    .toSorted((x, y) => y.refused_dt.localeCompare(x.refused_dt));
}

interface FakeVersion {
  version: number;
  snapshot: Record<string, unknown>;
  approvedBy: { id: string; name: string } | null;
  approved_dt: string;
}
// the approved versions, per fake instance (its collections hold the current rows only)
const VERSIONS = new WeakMap<FakeDb, Map<string, FakeVersion[]>>();
const versionsOf = (call: Call) => {
  if (!VERSIONS.has(call.db)) VERSIONS.set(call.db, new Map());
  return VERSIONS.get(call.db)!;
};
// the SME wizard's rounds, per fake instance
const SME = new WeakMap<FakeDb, (SmeAssessment & { companyId: string })[]>();
const smeOf = (call: Call) => {
  if (!SME.has(call.db)) SME.set(call.db, []);
  return SME.get(call.db)!;
};

/** Today's Bangkok calendar day. */
const bangkokToday = () => format(inBangkok(new Date()), 'yyyy-MM-dd');
// each export followed under the caller's key: the fake writes its files at once, so done = total
const JOBS = new WeakMap<FakeDb, Map<string, { companyId: string; userId: string; total: number }>>();
const jobsOf = (call: Call) => {
  if (!JOBS.has(call.db)) JOBS.set(call.db, new Map());
  return JOBS.get(call.db)!;
};

const yearAhead = () => format(inBangkok(addDays(new Date(), 365)), 'yyyy-MM-dd');
function checkActivity(call: Call, body: RopaBody) {
  if (body.departmentId) checkOwn([body.departmentId], departmentsOf(call), 'departmentId');
  checkOwn(
    body.systemIds,
    ownRows(call, 'datamapSystems').map((s) => ({ id: s._id })),
    'systemIds',
  );
  checkOwn([...body.categoryIds, ...body.record.purposes.flatMap((p) => p.categoryIds)], registerNamed(call, 'data-categories'), 'categoryIds');
  checkOwn(body.record.subjectIds, registerNamed(call, 'data-subject-categories'), 'subjectIds');
}

const restReply = (call: Call, name: string, rows: unknown[], from: number, total: number) => {
  call.res.setHeader('Content-Range', rows.length ? `${name} ${from}-${from + rows.length - 1}/${total}` : `${name} */${total}`);
  return { data: rows, total };
};

export const ropaRoutes = [
  route({
    method: 'get',
    url: '/datamap-choices',
    access: dataManage,
    handler: (call) =>
      systemChoicesReply.parse({
        departments: byName(departmentsOf(call)),
        categories: byName(registerNamed(call, 'data-categories')).map(({ id, name, sensitive }) => ({ id, name, sensitive })),
        subjects: byName(registerNamed(call, 'data-subject-categories')).map(({ id, name }) => ({ id, name })),
        processors: byName(registerNamed(call, 'processors')).map(({ id, name }) => ({ id, name })),
      }),
  }),
  route({
    method: 'get',
    url: '/datamap-systems',
    access: dataManage,
    query: systemListQuery,
    handler: (call) => {
      const f = call.query.filter;
      const cats = registerNamed(call, 'data-categories');
      const found = ownRows(call, 'datamapSystems')
        .filter((s) => matches(f.search?.trim(), s.name, s.description, s.storageLocation, s.storageCountry))
        .filter((s) => !f.departmentId || s.departmentId === f.departmentId)
        .filter((s) => !f.categoryId || s.categoryIds.includes(f.categoryId))
        .filter((s) => f.sensitive === undefined || s.categoryIds.some((id) => cats.find((c) => c.id === id)?.sensitive) === f.sensitive)
        .filter((s) => f.abroad === undefined || s.transfers.length > 0 === f.abroad);
      const [field, direction] = call.query.sort;
      const key = field === 'name' ? 'name' : field;
      const sorted = found.toSorted((a, b) => (direction === 'DESC' ? -1 : 1) * String(a[key as 'name']).localeCompare(String(b[key as 'name'])));
      const [from, to] = call.query.range;
      return restReply(
        call,
        'datamap-systems',
        sorted.slice(from, to + 1).map((s) => systemView(call, s)),
        from,
        found.length,
      );
    },
  }),
  route({
    method: 'get',
    url: '/datamap-systems/:id',
    access: dataManage,
    params: idParams,
    handler: (call) => ({ data: systemView(call, ownRow(call, 'datamapSystems', call.params.id)) }),
  }),
  route({
    method: 'post',
    url: '/datamap-systems',
    access: { ...dataManage, write: true },
    body: systemBody,
    handler: (call) => {
      checkSystem(call, call.body);
      const at = now();
      const row: System = { _id: crypto.randomUUID(), companyId: call.companyId, created_dt: at, updated_dt: at, ...call.body };
      call.db.datamapSystems.push(row);
      return { data: systemView(call, row) };
    },
  }),
  route({
    method: 'put',
    url: '/datamap-systems/:id',
    access: { ...dataManage, write: true },
    params: idParams,
    body: systemBody,
    handler: (call) => {
      const row = ownRow(call, 'datamapSystems', call.params.id);
      checkSystem(call, call.body);
      Object.assign(row, call.body, { updated_dt: now() });
      return { data: systemView(call, row) };
    },
  }),
  route({
    method: 'delete',
    url: '/datamap-systems/:id',
    access: { ...dataManage, write: true },
    params: idParams,
    handler: (call) => {
      const row = ownRow(call, 'datamapSystems', call.params.id);
      const view = systemView(call, row);
      if (view.activities > 0) throw new Failure(409, 'datamap_system_in_use');
      if (breachesOf(call, row._id).length > 0) throw new Failure(409, 'datamap_system_in_breach');
      call.db.datamapSystems.splice(call.db.datamapSystems.indexOf(row), 1);
      return { data: view };
    },
  }),
  route({
    method: 'get',
    url: '/ropa/choices',
    access: ropa,
    handler: (call) => ({
      departments: byName(departmentsOf(call)),
      systems: byName(
        ownRows(call, 'datamapSystems').map((s) => ({
          id: s._id,
          name: s.name,
          categoryIds: s.categoryIds,
          subjectIds: s.subjectIds,
          processorIds: s.processorIds,
        })),
      ),
      categories: byName(registerNamed(call, 'data-categories')).map(({ id, name, sensitive }) => ({ id, name, sensitive })),
      subjects: byName(registerNamed(call, 'data-subject-categories')).map(({ id, name }) => ({ id, name })),
      purposes: byName(registerNamed(call, 'processing-purposes')).map(({ id, name }) => ({ id, name })),
      processors: byName(registerNamed(call, 'processors')).map(({ id, name, country, contractDate }) => ({ id, name, country, contractDate })),
      notices: ownRows(call, 'consentForms').map((f) => ({ id: f._id, name: f.draft.header.projectName || f._id })),
      dsrForms: ownRows(call, 'dsrForms').map((f) => ({
        id: f._id,
        name: f.name,
        activityId: ownRows(call, 'ropaActivities').find((a) => a.dsrFormIds.includes(f._id))?._id ?? null,
      })),
    }),
  }),
  route({
    method: 'get',
    url: '/ropa/activity',
    access: ropa,
    query: ropaListQuery,
    handler: (call) => {
      const f = call.query.filter;
      const controller = controllerOf(call);
      const found = ownRows(call, 'ropaActivities')
        .filter((a) => matches(f.search?.trim(), a.name, a.record.description))
        .filter((a) => (!f.state || a.state === f.state) && (!f.role || a.role === f.role) && (!f.departmentId || a.departmentId === f.departmentId))
        .filter((a) => f.incomplete === undefined || missingItems({ ...a, controller }).length > 0 === f.incomplete)
        .filter((a) => f.overdue === undefined || (a.state !== 'archived' && a.reviewDate < bangkokToday()) === f.overdue);
      const [field, direction] = call.query.sort;
      const key = (a: Activity) =>
        field === 'updated_dt' ? a.updated_dt : field === 'reviewDate' ? a.reviewDate : field === 'state' ? a.state : a.name;
      const sorted = found.toSorted((a, b) => (direction === 'DESC' ? -1 : 1) * key(a).localeCompare(key(b)));
      const [from, to] = call.query.range;
      return restReply(
        call,
        'ropa-activities',
        sorted.slice(from, to + 1).map((a) => activityRow(call, a)),
        from,
        found.length,
      );
    },
  }),
  route({
    method: 'get',
    url: '/ropa/activity/:id',
    access: ropa,
    params: ropaParams,
    handler: (call) => ({ data: activityDetail(call, ownRow(call, 'ropaActivities', call.params.id)) }),
  }),
  route({
    method: 'post',
    url: '/ropa/activity',
    access: { ...ropa, write: true },
    body: ropaBody,
    handler: (call) => {
      checkActivity(call, call.body);
      const at = now();
      const { reviewDate, ...body } = call.body;
      const row: Activity = {
        _id: crypto.randomUUID(),
        companyId: call.companyId,
        ...body,
        reviewDate: reviewDate ?? yearAhead(),
        state: 'draft',
        createdBy: call.session.user._id,
        submittedBy: null,
        submitted_dt: null,
        approvedBy: null,
        approved_dt: null,
        archivedBy: null,
        archived_dt: null,
        created_dt: at,
        updated_dt: at,
      };
      call.db.ropaActivities.push(row);
      return { data: activityDetail(call, row) };
    },
  }),
  route({
    method: 'put',
    url: '/ropa/activity/:id',
    access: { ...ropa, write: true },
    params: ropaParams,
    body: ropaBody,
    handler: (call) => {
      const row = ownRow(call, 'ropaActivities', call.params.id);
      if (row.state === 'archived') throw new Failure(409, 'ropa_archived');
      checkActivity(call, call.body);
      const { reviewDate, ...body } = call.body;
      Object.assign(row, body, {
        reviewDate: reviewDate ?? row.reviewDate,
        updated_dt: now(),
        state: row.state === 'approved' ? 'draft' : row.state,
      });
      return { data: activityDetail(call, row) };
    },
  }),
  route({
    method: 'post',
    url: '/ropa/activity/:id/state',
    access: { ...ropa, write: true },
    params: ropaParams,
    body: ropaStateBody,
    handler: (call) => {
      const row = ownRow(call, 'ropaActivities', call.params.id);
      const to: RopaState = call.body.state;
      if (!(ROPA_MOVES[row.state] as readonly string[]).includes(to)) throw new Failure(409, 'ropa_bad_move', { from: row.state, to });
      const missing = missingItems({ ...row, controller: controllerOf(call) });
      if ((to === 'review' || to === 'approved') && missing.length) {
        const key = to === 'review' ? 'ropa_incomplete_review' : 'ropa_incomplete';
        const params = { items: missing.map((m) => ropaTexts[call.lang].ropa.items[m]).join(', ') };
        throw new Failure(409, key, params, { status: 409, msg: serverMessage(call.lang, key, params), missing });
      }
      const at = now();
      row.state = to;
      if (to === 'review') Object.assign(row, { submittedBy: call.session.user._id, submitted_dt: at });
      if (to === 'approved') Object.assign(row, { approvedBy: call.session.user._id, approved_dt: at });
      if (to === 'archived') Object.assign(row, { archivedBy: call.session.user._id, archived_dt: at });
      row.updated_dt = at;
      if (to === 'approved') {
        const kept = versionsOf(call).get(row._id) ?? [];
        kept.push({
          version: kept.length + 1,
          snapshot: { ...activityDetail(call, row), versions: [] },
          approvedBy: person(call, row.approvedBy),
          approved_dt: at,
        });
        versionsOf(call).set(row._id, kept);
      }
      return { data: activityDetail(call, row) };
    },
  }),
  route({
    method: 'delete',
    url: '/ropa/activity/:id',
    access: { ...ropa, write: true },
    params: ropaParams,
    handler: (call) => {
      const row = ownRow(call, 'ropaActivities', call.params.id);
      const detail = activityDetail(call, row);
      call.db.ropaActivities.splice(call.db.ropaActivities.indexOf(row), 1);
      return { data: detail };
    },
  }),
  route({
    method: 'get',
    url: '/ropa/fetch/sumropa',
    access: ropa,
    handler: (call) => {
      const rows = ownRows(call, 'ropaActivities');
      const controller = controllerOf(call);
      const live = rows.filter((a) => a.state !== 'archived');
      const complete = live.filter((a) => missingItems({ ...a, controller }).length === 0).length;
      const count = (p: (a: Activity) => boolean) => rows.filter(p).length;
      return {
        sumropa: {
          total: rows.length,
          draft: count((a) => a.state === 'draft'),
          review: count((a) => a.state === 'review'),
          approved: count((a) => a.state === 'approved'),
          archived: count((a) => a.state === 'archived'),
          complete,
          completeness: live.length ? Math.round((complete / live.length) * 1000) / 10 : 0,
          controller: count((a) => a.role === 'controller'),
          processor: count((a) => a.role === 'processor'),
        },
      };
    },
  }),
  route({
    method: 'get',
    url: '/ropa/fetch/expire-ropa',
    access: ropa,
    query: expireRopaQuery,
    handler: (call) => {
      const today = format(inBangkok(new Date()), 'yyyy-MM-dd');
      const days = (d: string) => Math.round((Date.parse(d) - Date.parse(today)) / 86_400_000);
      const due = ownRows(call, 'ropaActivities')
        .filter((a) => a.state !== 'archived' && days(a.reviewDate) <= call.query.days)
        .toSorted((a, b) => a.reviewDate.localeCompare(b.reviewDate));
      const start = (call.query.currentPage - 1) * call.query.limit;
      return {
        expireRopa: due.slice(start, start + call.query.limit).map((a) => ({
          id: a._id,
          name: a.name,
          state: a.state,
          department: departmentsOf(call).find((d) => d.id === a.departmentId)?.name ?? null,
          reviewDate: a.reviewDate,
          daysLeft: days(a.reviewDate),
        })),
        totalDoc: due.length,
      };
    },
  }),
  route({
    method: 'get',
    url: '/ropa/fetch/relate-department',
    access: ropa,
    handler: (call) => {
      const live = ownRows(call, 'ropaActivities').filter((a) => a.state !== 'archived');
      const ids = [...new Set(live.map((a) => a.departmentId))];
      return {
        relateDepartment: ids
          .map((id) => ({
            departmentId: id,
            department: departmentsOf(call).find((d) => d.id === id)?.name ?? null,
            total: live.filter((a) => a.departmentId === id).length,
            approved: live.filter((a) => a.departmentId === id && a.state === 'approved').length,
          }))
          .toSorted((a, b) => b.total - a.total),
      };
    },
  }),
  route({
    method: 'get',
    url: '/ropa/fetch/relate-consent',
    access: ropa,
    query: relateConsentQuery,
    handler: (call) => {
      const live = ownRows(call, 'ropaActivities').filter((a) => a.state !== 'archived');
      const rows = ownRows(call, 'consentForms')
        .filter((f) => !call.query.formId || f._id === call.query.formId)
        .map((f) => ({
          formId: f._id,
          projectName: f.draft.header.projectName,
          activities: live.filter((a) => a.record.noticeIds.includes(f._id)).map((a) => ({ id: a._id, name: a.name })),
        }))
        .filter((r) => r.activities.length)
        .map((r) => ({ ...r, total: r.activities.length }))
        .toSorted((a, b) => b.total - a.total);
      const start = (call.query.currentPage - 1) * call.query.limit;
      return { relateConsent: rows.slice(start, start + call.query.limit), totalDoc: rows.length };
    },
  }),
  route({
    method: 'get',
    url: '/ropa/activity/:id/version',
    access: ropa,
    params: ropaParams,
    query: ropaVersionQuery,
    handler: (call) => {
      const { version, on } = call.query;
      if ((version === undefined) === (on === undefined)) throw new Failure(400, 'ropa_version_pick');
      const row = ownRow(call, 'ropaActivities', call.params.id);
      const kept = versionsOf(call).get(row._id) ?? [];
      const end = on ? addDays(bangkokDayStart(on), 1).toISOString() : '';
      const v = on ? kept.filter((k) => k.approved_dt < end).at(-1) : kept.find((k) => k.version === version);
      if (!v) throw on ? new Failure(404, 'ropa_version_none_on', { date: formatDate(on, call.lang) }) : new Failure(404, 'ropa_version_unknown');
      return { data: v.snapshot, version: v.version, approvedBy: v.approvedBy, approved_dt: v.approved_dt };
    },
  }),
  route({
    method: 'get',
    url: '/ropa/report',
    access: ropa,
    query: ropaReportQuery,
    handler: async (call) => {
      const { format: kind, departmentId, state, from, to, job } = call.query;
      const found = ownRows(call, 'ropaActivities')
        .filter((a) => (!departmentId || a.departmentId === departmentId) && (!state || a.state === state))
        .filter(
          (a) =>
            (!from || a.updated_dt >= bangkokDayStart(from).toISOString()) && (!to || a.updated_dt < addDays(bangkokDayStart(to), 1).toISOString()),
        )
        .toSorted((a, b) => a.name.localeCompare(b.name));
      if (kind === 'pdf' && found.length > ROPA_PDF_MAX) throw new Failure(409, 'ropa_pdf_too_many', { count: found.length, max: ROPA_PDF_MAX });
      if (job) {
        if (jobsOf(call).has(job)) throw new Failure(409, 'ropa_job_taken');
        jobsOf(call).set(job, { companyId: call.companyId, userId: call.session.user._id, total: found.length });
      }
      const t = ropaTexts[call.lang].ropa;
      let bytes: Buffer;
      if (kind === 'xlsx') {
        // shapes only: the register's sheet (number, activity, state) and the processor sheet's header; the server's has every s.39 column
        const wb = new ExcelJS.Workbook();
        const ws = wb.addWorksheet(t.report.sheet);
        ws.addRow([t.preview.title]);
        ws.addRow([t.report.generated]);
        ws.addRow([t.report.number, t.report.activity, t.fields.state]);
        found.forEach((a, i) => ws.addRow([i + 1, a.name, t.states[a.state]]));
        wb.addWorksheet(t.report.processor_sheet).addRow([t.report.number, t.report.processor_name]);
        bytes = Buffer.from(await wb.xlsx.writeBuffer());
      } else bytes = Buffer.from(FAKE_PDF, 'latin1');
      call.res.setHeader('content-type', kind === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      call.res.setHeader('content-disposition', `attachment; filename="ropa-register.${kind}"`);
      call.res.setHeader('x-total-count', String(found.length));
      call.res.end(bytes);
      return undefined;
    },
  }),
  route({
    method: 'get',
    url: '/ropa/report/progress',
    access: ropa,
    query: ropaReportProgressQuery,
    handler: (call) => {
      const job = jobsOf(call).get(call.query.job);
      if (!job || job.companyId !== call.companyId || job.userId !== call.session.user._id) throw new Failure(404, 'ropa_job_unknown');
      return { done: job.total, total: job.total, finished: true };
    },
  }),
  route({
    method: 'get',
    url: '/ropa/sme',
    access: ropa,
    query: smeListQuery,
    handler: (call) => {
      const all = smeOf(call)
        .filter((r) => r.companyId === call.companyId)
        .toSorted((a, b) => b.answeredAt.localeCompare(a.answeredAt));
      const start = (call.query.currentPage - 1) * call.query.limit;
      return { assessments: all.slice(start, start + call.query.limit).map(({ companyId: _, ...r }) => r), totalDoc: all.length };
    },
  }),
  route({
    method: 'post',
    url: '/ropa/sme',
    access: { ...ropa, write: true },
    body: smeAnswers,
    handler: (call) => {
      const r = smeResult(call.body);
      const who = person(call, call.session.user._id);
      const row = { _id: crypto.randomUUID(), companyId: call.companyId, answers: call.body, ...r, answeredBy: who?.name ?? null, answeredAt: now() };
      smeOf(call).push(row);
      const { companyId: _, ...data } = row;
      return { data };
    },
  }),
];

/** A one-page PDF saying it is the fake's (the server's is the register in Sarabun). */
const FAKE_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
  '4 0 obj << /Length 58 >> stream',
  'BT /F1 18 Tf 72 760 Td (ROPA register - fake-api) Tj ET',
  'endstream endobj',
  '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');

/** The demo data map and records (demo/ropa.ts) of one company, as the server's seed writes them (states set directly). */
export function ropaFixtures(db: FakeDb, companyId: string, code: string, nextId: () => string, at: string) {
  for (const name of ROPA_DEMO_DEPARTMENTS[code] ?? [])
    if (!db.departments.some((d) => d.companyId === companyId && d.name === name))
      db.departments.push({ _id: nextId(), companyId, name, created_dt: at });
  const idOf = (rows: { _id: string; companyId: string; name?: unknown }[]) => (name: string) =>
    rows.find((r) => r.companyId === companyId && r.name === name)?._id;
  const ids = (names: string[], find: (n: string) => string | undefined) => names.flatMap((n) => (find(n) ? [find(n)!] : []));
  const register = (r: string) => idOf(db.registerRows.filter((x) => x.register === r));
  const department = idOf(db.departments);
  for (const s of ROPA_DEMO_SYSTEMS[code] ?? [])
    db.datamapSystems.push({
      _id: nextId(),
      companyId,
      name: s.name,
      departmentId: department(s.department) ?? null,
      description: s.description,
      categoryIds: ids(s.categories, register('data-categories')),
      subjectIds: ids(s.subjects, register('data-subject-categories')),
      processorIds: ids(s.processors, register('processors')),
      volume: s.volume,
      storageLocation: s.storageLocation,
      storageCountry: s.storageCountry,
      retention: s.retention,
      access: s.access,
      security: s.security,
      transfers: s.transfers,
      created_dt: at,
      updated_dt: at,
    });
  const system = idOf(db.datamapSystems);
  const notice = (name: string) => db.consentForms.find((f) => f.companyId === companyId && f.draft.header.projectName === name)?._id;
  const form = db.dsrForms.find((f) => f.companyId === companyId)?._id;
  const user = db.users.find((u) => u.companyId === companyId)?._id ?? null;
  for (const a of ROPA_DEMO_ACTIVITIES[code] ?? []) {
    const reached = (s: RopaState) =>
      ['draft', 'review', 'approved', 'archived'].indexOf(a.state) >= ['draft', 'review', 'approved', 'archived'].indexOf(s);
    db.ropaActivities.push({
      _id: nextId(),
      companyId,
      name: a.name,
      role: a.role,
      state: a.state,
      departmentId: department(a.department) ?? null,
      systemIds: ids(a.systems, system),
      categoryIds: ids(a.categories, register('data-categories')),
      dsrFormIds: a.dsrForm && form ? [form] : [],
      reviewDate: format(inBangkok(addDays(new Date(), a.reviewInDays)), 'yyyy-MM-dd'),
      record: {
        description: a.description,
        purposes: a.purposes.map((p) => ({
          purposeId: register('processing-purposes')(p.purpose) ?? null,
          text: '',
          categoryIds: ids(p.categories, register('data-categories')),
          bases: p.bases,
        })),
        subjectIds: ids(a.subjects, register('data-subject-categories')),
        dpoId: '',
        controllers: a.controllers ?? '',
        retention: a.retention,
        accessRights: a.accessRights,
        accessConditions: a.accessConditions,
        disclosures: a.disclosures,
        security: a.security,
        source: a.source,
        transfers: a.transfers,
        noticeIds: ids(a.notices, notice),
        processorIds: ids(a.processors, register('processors')),
      },
      createdBy: user,
      submittedBy: reached('review') ? user : null,
      submitted_dt: reached('review') ? at : null,
      approvedBy: reached('approved') ? user : null,
      approved_dt: reached('approved') ? at : null,
      archivedBy: reached('archived') ? user : null,
      archived_dt: reached('archived') ? at : null,
      created_dt: at,
      updated_dt: at,
    });
  }
  const answeredBy = db.users.find((u) => u.companyId === companyId && u.username === 'admin');
  if (!SME.has(db)) SME.set(db, []);
  for (const { answers, daysAgo } of ROPA_DEMO_SME[code] ?? [])
    SME.get(db)!.push({
      _id: nextId(),
      companyId,
      answers,
      ...smeResult(answers),
      answeredBy: answeredBy ? `${answeredBy.firstname} ${answeredBy.lastname}`.trim() || answeredBy.username : null,
      answeredAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    });
}
