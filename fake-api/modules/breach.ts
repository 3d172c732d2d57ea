/**
 * The breach log (menu 17), `breaches`: the REST list and record, the assessment, notices, states,
 * notes and attachments, each applied as asked. The server's rules (the legal next states, a late
 * notice's reasons, closing only what may be closed, what a file's bytes really are) and the PDF letters
 * are the server's: the fake offers the next states and answers the letters with 501.
 */
import { randomUUID } from 'node:crypto';
import {
  BREACH_TRANSITIONS,
  breachAssessmentBody,
  breachBody,
  breachClock,
  breachFileBody,
  breachFileParams,
  breachIdParams,
  breachLetterQuery,
  breachListQuery,
  breachNoteBody,
  breachNoticeBody,
  breachStateBody,
  breachWarnings,
  isLateOfficeNotice,
  type BreachStatus,
} from '../../contract/breach';
import { MENU } from '../../contract/menus';
import { displayName } from '../../contract/people';
import type { Row } from '../collections';
import { matches, ownRow, ownRows } from '../crud';
import { Failure, notFound, now, route, type Call } from '../engine';

const read = { menuId: MENU.dataBreach.menuId } as const;
const write = { ...read, write: true } as const;
type Stored = Row<'breaches'>;

const view = (call: Call, b: Stored) => {
  const { _id, companyId: _, files, ...rest } = b;
  return {
    ...rest,
    id: _id,
    affectedSystems: ownRows(call, 'datamapSystems')
      .filter((s) => b.systemIds.includes(s._id))
      .map((s) => ({ _id: s._id, name: s.name }))
      .toSorted((x, y) => x.name.localeCompare(y.name)),
    clock: breachClock({ awareAt: b.awareAt, riskLevel: b.riskLevel, officeNotifiedAt: b.officeNotifiedAt, closed: b.status === 'closed' }),
    dataCategoryIds: b.dataCategories.map((c) => c._id),
    files: files.map(({ contentBase64: __, ...f }) => f),
    warnings: breachWarnings({ ...b, subjectsWaiver: b.subjectsWaiver }),
    nextStatuses: [...BREACH_TRANSITIONS[b.status]],
  };
};
const own = (call: Call<unknown, unknown, { id: string }>) => ownRow(call, 'breaches', call.params.id);
const actor = (call: Call) => displayName(call.session.user);
const log = (call: Call, b: Stored, action: Stored['timeline'][number]['action'], note = '') => {
  b.timeline.push({ action, status: b.status, note, by: actor(call), at: now() });
  b.updated_dt = now();
};
/** Instants as the server answers them: ISO in UTC, whatever offset they were sent with. */
const instants = <T extends { awareAt: string; occurredAt: string | null }>(b: T) => ({
  ...b,
  awareAt: new Date(b.awareAt).toISOString(),
  occurredAt: b.occurredAt ? new Date(b.occurredAt).toISOString() : null,
});
/** The picked data map systems, each the company's own (400 otherwise), each once. */
const systemsOf = (call: Call, ids: string[]) => {
  const unique = [...new Set(ids)];
  for (const id of unique) ownRow(call, 'datamapSystems', id, undefined, () => new Failure(400, 'breach_system_unknown'));
  return unique;
};
const categoriesOf = (call: Call, ids: string[]) =>
  ids.map((id) => {
    const row = ownRow(
      call,
      'registerRows',
      id,
      (r) => r.register === 'data-categories',
      () => new Failure(400, 'breach_category_unknown'),
    );
    return { _id: row._id, name: String(row.name), sensitive: Boolean(row.sensitive) };
  });

export const breachRoutes = [
  route({
    method: 'get',
    url: '/databreach',
    access: read,
    query: breachListQuery,
    handler: (call) => {
      const [field, direction] = call.query.sort;
      const { q, status, open } = call.query.filter;
      const rows = ownRows(call, 'breaches')
        .filter((b) => matches(q, b.title, b.code) && (!status || b.status === status) && (!open || b.status !== 'closed'))
        .map((b) => view(call, b));
      const sorted = rows.toSorted((a, b) => (direction === 'DESC' ? -1 : 1) * String(a[field]).localeCompare(String(b[field])));
      const [from, to] = call.query.range;
      const shown = sorted
        .slice(from, to + 1)
        .map(({ id, code, title, status: s, awareAt, riskLevel, officeNotifiedAt, subjectsNotifiedAt, clock, created_dt }) => ({
          id,
          code,
          title,
          status: s,
          awareAt,
          riskLevel,
          officeNotifiedAt,
          subjectsNotifiedAt,
          clock,
          created_dt,
        }));
      call.res.setHeader(
        'Content-Range',
        shown.length ? `databreach ${from}-${from + shown.length - 1}/${rows.length}` : `databreach */${rows.length}`,
      );
      return { data: shown, total: rows.length };
    },
  }),
  route({
    method: 'get',
    url: '/databreach/options',
    access: read,
    handler: (call) => {
      const rows = ownRows(call, 'registerRows');
      return {
        dataCategories: rows
          .filter((r) => r.register === 'data-categories')
          .map((r) => ({ _id: r._id, name: String(r.name), sensitive: Boolean(r.sensitive) })),
        processors: rows.filter((r) => r.register === 'processors').map((r) => ({ _id: r._id, name: String(r.name) })),
        systems: ownRows(call, 'datamapSystems')
          .map((s) => ({ _id: s._id, name: s.name }))
          .toSorted((x, y) => x.name.localeCompare(y.name)),
      };
    },
  }),
  route({ method: 'get', url: '/databreach/:id', access: read, params: breachIdParams, handler: (call) => ({ data: view(call, own(call)) }) }),
  route({
    method: 'post',
    url: '/databreach',
    access: write,
    body: breachBody,
    handler: (call) => {
      const { dataCategoryIds, ...fields } = instants(call.body);
      const code = call.db.companies.find((c) => c._id === call.companyId)?.code ?? 'X';
      const n = ownRows(call, 'breaches').length + 1;
      const at = now();
      const row: Stored = {
        ...fields,
        _id: randomUUID(),
        companyId: call.companyId,
        code: `${code}-BR-${String(n).padStart(4, '0')}`,
        status: 'discovered',
        dataCategories: categoriesOf(call, dataCategoryIds),
        systemIds: systemsOf(call, fields.systemIds),
        riskLevel: null,
        assessment: null,
        officeNotifiedAt: null,
        subjectsNotifiedAt: null,
        subjectsWaiver: null,
        notices: [],
        timeline: [],
        files: [],
        created_dt: at,
        updated_dt: at,
      };
      log(call, row, 'created');
      call.db.breaches.push(row);
      return { data: view(call, row) };
    },
  }),
  route({
    method: 'put',
    url: '/databreach/:id',
    access: write,
    params: breachIdParams,
    body: breachBody,
    handler: (call) => {
      const b = own(call);
      const { dataCategoryIds, ...fields } = instants(call.body);
      Object.assign(b, fields, { dataCategories: categoriesOf(call, dataCategoryIds), systemIds: systemsOf(call, fields.systemIds) });
      log(call, b, 'updated');
      return { data: view(call, b) };
    },
  }),
  route({
    method: 'put',
    url: '/databreach/:id/assessment',
    access: write,
    params: breachIdParams,
    body: breachAssessmentBody,
    handler: (call) => {
      const b = own(call);
      b.riskLevel = call.body.level;
      b.assessment = { ...call.body, assessedAt: now(), assessedBy: actor(call) };
      if (b.status === 'discovered') b.status = 'assessing';
      log(call, b, 'assessed', call.body.rationale);
      return { data: view(call, b) };
    },
  }),
  route({
    method: 'post',
    url: '/databreach/:id/notices',
    access: write,
    params: breachIdParams,
    body: breachNoticeBody,
    handler: (call) => {
      const b = own(call);
      const late = call.body.target === 'office' && isLateOfficeNotice(b.awareAt, call.body.sentAt);
      const sentAt = new Date(call.body.sentAt).toISOString();
      b.notices.push({ _id: randomUUID(), ...call.body, sentAt, late, lateReasons: late ? call.body.lateReasons : '' });
      if (call.body.target === 'office') b.officeNotifiedAt ??= sentAt;
      else b.subjectsNotifiedAt ??= sentAt;
      if (b.status === 'discovered' || b.status === 'assessing') b.status = 'notified';
      log(call, b, 'notice', call.body.reference);
      return { data: view(call, b) };
    },
  }),
  route({
    method: 'post',
    url: '/databreach/:id/state',
    access: write,
    params: breachIdParams,
    body: breachStateBody,
    handler: (call) => {
      const b = own(call);
      b.status = call.body.status as BreachStatus;
      if (call.body.subjectsWaiver) b.subjectsWaiver = call.body.subjectsWaiver;
      log(call, b, 'state', call.body.note);
      return { data: view(call, b) };
    },
  }),
  route({
    method: 'post',
    url: '/databreach/:id/notes',
    access: write,
    params: breachIdParams,
    body: breachNoteBody,
    handler: (call) => {
      const b = own(call);
      log(call, b, 'note', call.body.note);
      return { data: view(call, b) };
    },
  }),
  route({
    method: 'post',
    url: '/databreach/:id/files',
    access: write,
    params: breachIdParams,
    body: breachFileBody,
    handler: (call) => {
      const b = own(call);
      const { name, contentBase64 } = call.body.file;
      b.files.push({ _id: randomUUID(), name, mime: 'application/octet-stream', size: Buffer.from(contentBase64, 'base64').length, contentBase64 });
      log(call, b, 'file', name);
      return { data: view(call, b) };
    },
  }),
  route({
    method: 'get',
    url: '/databreach/:id/files/:fileId',
    access: read,
    params: breachFileParams,
    handler: (call) => {
      const file = own(call).files.find((f) => f._id === call.params.fileId);
      if (!file) throw notFound();
      call.res.setHeader('content-type', file.mime);
      call.res.end(Buffer.from(file.contentBase64, 'base64'));
      return undefined;
    },
  }),
  route({
    method: 'get',
    url: '/databreach/:id/letter',
    access: read,
    params: breachIdParams,
    query: breachLetterQuery,
    handler: (call) => {
      own(call);
      const msg = call.lang === 'en' ? 'The fake-api makes no letters: use the server.' : 'fake-api ไม่สร้างหนังสือ: โปรดใช้เซิร์ฟเวอร์จริง';
      throw new Failure(501, 'internal', {}, { status: 501, msg });
    },
  }),
];
