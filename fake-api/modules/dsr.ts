/**
 * Data subject requests (menu 5): request forms (`dsrForms`), requests (`dsrRequests`), the public
 * form, tracking, and working a request. Files are kept in memory, unchecked and unencrypted. The
 * server's rules (the legal transitions, the 30-day clock and its one extension, what a file's bytes
 * really are, the refusal log) are tested on the server; the fake offers the legal next states.
 */
import { randomUUID } from 'node:crypto';
import {
  DSR_ADD_BODY_LIMIT,
  DSR_ANSWERED,
  DSR_DUE_DAYS,
  DSR_STATUS,
  DSR_STATUS_KEYS,
  DSR_TRANSITIONS,
  addDays,
  bangkokDaysBetween,
  dsrAddBody,
  dsrAssignBody,
  dsrExportQuery,
  dsrExtendBody,
  dsrFileQuery,
  dsrFormCreateBody,
  dsrFormDeleteQuery,
  dsrFormListQuery,
  dsrFormUpdateBody,
  dsrListQuery,
  dsrPublicFormParams,
  dsrStateChangeBody,
  dsrStateDeleteQuery,
  dsrStateQuery,
  dsrTrackingBody,
  publicFormLink,
  type DsrFileInput,
  type DsrStatusId,
} from '../../contract/dsr';
import { MENU } from '../../contract/menus';
import { displayName } from '../../contract/people';
import type { FakeDb, Row } from '../collections';
import { create, csv, list, matches, one, ownRow, ownRows, remove, update } from '../crud';
import { Failure, notFound, now, route, type Call, type RawBody } from '../engine';

const read = { menuId: MENU.consents.menuId } as const;
const write = { ...read, write: true } as const;
/** the public add and the proof of fulfilment carry files in base64, past the 1 MB JSON limit */
export const dsrRawBody: RawBody = { paths: ['/consents/datasubject/add', '/consents/datasubject/state'], limit: DSR_ADD_BODY_LIMIT, kind: 'json' };

const formView = (f: Row<'dsrForms'>, call: Call) => {
  const { companyId: _, ...form } = f;
  return { ...form, publicLink: publicFormLink(f._id), requestCount: ownRows(call, 'dsrRequests').filter((r) => r.formId === f._id).length };
};
const userName = (db: FakeDb, id: string | null) => {
  const u = db.users.find((x) => x._id === id);
  return u ? displayName(u) : null;
};
const requestRow = (r: Row<'dsrRequests'>, db: FakeDb) => {
  const daysLeft = bangkokDaysBetween(new Date(), new Date(r.dueAt));
  const open = !DSR_ANSWERED.includes(r.statusId);
  return {
    _id: r._id,
    referenceCode: r.referenceCode,
    formId: r.formId,
    formName: db.dsrForms.find((f) => f._id === r.formId)?.name ?? '',
    statusId: r.statusId,
    rights: r.rights,
    requesterType: r.requesterType,
    subjectName: r.subjectName,
    email: r.email,
    receivedAt: r.receivedAt,
    dueAt: r.dueAt,
    daysLeft,
    overdue: open && daysLeft < 0,
    extended: r.extension !== null,
    assignee: r.assigneeId ? { _id: r.assigneeId, name: userName(db, r.assigneeId) ?? '' } : null,
  };
};
const requestDetail = (r: Row<'dsrRequests'>, db: FakeDb) => ({
  ...requestRow(r, db),
  subject: r.subject,
  representative: r.representative,
  details: r.details,
  lang: r.lang,
  extension: r.extension,
  refusal: r.refusal,
  proofText: r.proofText,
  files: r.files.map(({ contentBase64: _, ...f }) => f),
  history: r.history,
  nextStatusIds: [...DSR_TRANSITIONS[r.statusId as DsrStatusId]],
});
const fileOf = (kind: 'identity' | 'authority' | 'proof', f: DsrFileInput) => {
  const bytes = Buffer.from(f.contentBase64, 'base64');
  const mime = bytes.subarray(0, 4).toString('latin1') === '%PDF' ? 'application/pdf' : bytes[0] === 0xff ? 'image/jpeg' : 'image/png';
  return { _id: randomUUID(), kind, name: f.name, mime, size: bytes.length, contentBase64: f.contentBase64 };
};
const publishedForm = (db: FakeDb, formId: string) => {
  const f = db.dsrForms.find((x) => x._id === formId && x.status);
  if (!f) throw new Failure(404, 'dsr_form_not_found');
  return f;
};
const history = (call: Call, r: Row<'dsrRequests'>, action: Row<'dsrRequests'>['history'][number]['action'], note: string) =>
  r.history.push({ action, statusId: r.statusId, note, by: userName(call.db, call.session.user._id), at: now() });
const requestMatches = (r: Row<'dsrRequests'>, q: { search?: string; statusId?: number; overdue?: string }, db: FakeDb) =>
  (!q.statusId || r.statusId === q.statusId) &&
  (q.overdue !== 'true' || requestRow(r, db).overdue) &&
  matches(q.search, r.referenceCode, r.email, r.subjectName);

export const dsrRoutes = [
  // ---- request forms
  list({
    url: '/consents/datasubject/fetch/list',
    access: read,
    query: dsrFormListQuery,
    collection: 'dsrForms',
    view: formView,
    search: (f) => [f.name],
    reply: (formList, totalItem) => ({ formList, totalItem }),
  }),
  one({
    url: '/consents/datasubject/fetch/:formId',
    access: read,
    params: dsrPublicFormParams,
    collection: 'dsrForms',
    id: (c) => c.params.formId,
    view: formView,
    reply: (data) => ({ data }),
  }),
  create({
    method: 'post',
    url: '/consents/datasubject/form',
    access: write,
    body: dsrFormCreateBody,
    collection: 'dsrForms',
    view: formView,
    make: ({ body }) => ({ ...body, updated_dt: now() }),
    reply: (data) => ({ data }),
  }),
  update({
    method: 'put',
    url: '/consents/datasubject/form',
    access: write,
    body: dsrFormUpdateBody,
    collection: 'dsrForms',
    view: formView,
    id: (c) => c.body.dataId,
    patch: ({ body: { dataId: _, ...input } }) => ({ ...input, updated_dt: now() }),
    reply: (data) => ({ data }),
  }),
  remove({
    method: 'delete',
    url: '/consents/datasubject/form',
    access: write,
    query: dsrFormDeleteQuery,
    collection: 'dsrForms',
    id: (c) => c.query.dataId,
  }),

  // ---- the public form and tracking (no sign-in)
  route({
    method: 'get',
    url: '/consents/datasubject/public/:formId',
    access: 'public',
    params: dsrPublicFormParams,
    handler: ({ db, params }) => {
      const f = publishedForm(db, params.formId);
      const detail = db.companies.find((c) => c._id === f.companyId)!.detail;
      const { rights, identityFields, evidenceRequired, evidenceNote, texts } = f;
      return {
        form: {
          _id: f._id,
          controller: { nameTh: detail.nameTh, nameEn: detail.nameEn || detail.nameTh },
          rights,
          identityFields,
          evidenceRequired,
          evidenceNote,
          texts,
        },
      };
    },
  }),
  route({
    method: 'post',
    url: '/consents/datasubject/add',
    access: 'public',
    body: dsrAddBody,
    handler: ({ db, body }) => {
      const f = publishedForm(db, body.formId);
      const company = db.companies.find((c) => c._id === f.companyId)!;
      const n = db.dsrRequests.filter((r) => r.companyId === f.companyId).length + 1;
      const receivedAt = now();
      const rep = body.requesterType === 'representative' ? (body.representative ?? null) : null;
      const r: Row<'dsrRequests'> = {
        _id: randomUUID(),
        companyId: f.companyId,
        referenceCode: `${company.code}-DSR-${String(n).padStart(4, '0')}`,
        formId: f._id,
        statusId: DSR_STATUS.received,
        rights: body.rights,
        requesterType: body.requesterType,
        subjectName: displayName(body.subject),
        email: rep ? rep.email : body.subject.email,
        receivedAt,
        dueAt: addDays(new Date(receivedAt), DSR_DUE_DAYS).toISOString(),
        subject: body.subject,
        representative: rep,
        details: body.details,
        lang: body.lang,
        extension: null,
        refusal: null,
        proofText: null,
        assigneeId: null,
        files: [
          ...(body.identityEvidence ? [fileOf('identity', body.identityEvidence)] : []),
          ...(rep && body.authorityProof ? [fileOf('authority', body.authorityProof)] : []),
        ],
        history: [{ action: 'received', statusId: DSR_STATUS.received, note: '', by: null, at: receivedAt }],
      };
      db.dsrRequests.push(r);
      return { referenceCode: r.referenceCode, receivedAt: r.receivedAt, dueAt: r.dueAt };
    },
  }),
  route({
    method: 'post',
    url: '/consents/datasubject/tracking',
    access: 'public',
    body: dsrTrackingBody,
    handler: ({ db, body }) => {
      const r = db.dsrRequests.find(
        (x) => x.referenceCode.toUpperCase() === body.referenceCode.toUpperCase() && x.email.toLowerCase() === body.email.toLowerCase(),
      );
      if (!r) throw new Failure(404, 'dsr_tracking_not_found');
      return {
        referenceCode: r.referenceCode,
        statusId: r.statusId,
        history: r.history.filter((h) => h.action === 'received' || h.action === 'state').map((h) => ({ statusId: h.statusId, at: h.at })),
      };
    },
  }),

  // ---- working a request
  list({
    url: '/consents/datasubject/list',
    access: read,
    query: dsrListQuery,
    collection: 'dsrRequests',
    at: (r) => r.receivedAt,
    where: (r, c) => requestMatches(r, c.query, c.db),
    view: (r, c) => requestRow(r, c.db),
    reply: (requestList, totalItem) => ({ requestList, totalItem }),
  }),
  route({
    method: 'get',
    url: '/consents/datasubject/state',
    access: read,
    query: dsrStateQuery,
    handler: (call) => ({
      stateList: DSR_STATUS_KEYS.map((key) => ({ statusId: DSR_STATUS[key], key, next: [...DSR_TRANSITIONS[DSR_STATUS[key]]] })),
      ...(call.query.requestId ? { request: requestDetail(ownRow(call, 'dsrRequests', call.query.requestId), call.db) } : {}),
    }),
  }),
  route({
    method: 'post',
    url: '/consents/datasubject/state',
    access: write,
    body: dsrStateChangeBody,
    handler: (call) => {
      const r = ownRow(call, 'dsrRequests', call.body.requestId);
      const { statusId, refusal, proof } = call.body;
      r.statusId = statusId;
      if (statusId === DSR_STATUS.refused && refusal) r.refusal = refusal;
      if (proof) r.proofText = proof.text;
      if (proof?.file) r.files.push(fileOf('proof', proof.file));
      history(call, r, 'state', refusal?.reasons ?? proof?.text ?? call.body.note);
      return { request: requestDetail(r, call.db) };
    },
  }),
  remove({
    method: 'delete',
    url: '/consents/datasubject/state',
    access: write,
    query: dsrStateDeleteQuery,
    collection: 'dsrRequests',
    id: (c) => c.query.requestId,
  }),
  route({
    method: 'post',
    url: '/consents/datasubject/extend',
    access: write,
    body: dsrExtendBody,
    handler: (call) => {
      const r = ownRow(call, 'dsrRequests', call.body.requestId);
      r.extension = { days: call.body.days, reason: call.body.reason };
      r.dueAt = addDays(new Date(r.dueAt), call.body.days).toISOString();
      history(call, r, 'extend', call.body.reason);
      return { request: requestDetail(r, call.db) };
    },
  }),
  route({
    method: 'put',
    url: '/consents/datasubject/assign',
    access: write,
    body: dsrAssignBody,
    handler: (call) => {
      const r = ownRow(call, 'dsrRequests', call.body.requestId);
      if (call.body.assigneeId)
        ownRow(
          call,
          'users',
          call.body.assigneeId,
          (u) => !u.disabled && !u.subId,
          () => new Failure(400, 'dsr_assignee_unknown'),
        );
      r.assigneeId = call.body.assigneeId;
      history(call, r, 'assign', userName(call.db, call.body.assigneeId) ?? '-');
      return { request: requestDetail(r, call.db) };
    },
  }),
  route({
    method: 'get',
    url: '/consents/datasubject/assignees',
    access: read,
    handler: (call) => ({
      assignees: ownRows(call, 'users')
        .filter((u) => !u.disabled && !u.subId)
        .map((u) => ({ _id: u._id, name: displayName(u) })),
    }),
  }),
  csv({
    url: '/consents/datasubject/export',
    access: read,
    query: dsrExportQuery,
    file: 'data-subject-requests.csv',
    rows: (call) =>
      ownRows(call, 'dsrRequests')
        .filter((r) => requestMatches(r, call.query, call.db))
        .map((r) => {
          const { assignee, ...row } = requestRow(r, call.db);
          return { ...row, assignee: assignee?.name ?? '' };
        }),
  }),
  route({
    method: 'get',
    url: '/consents/datasubject/file',
    access: read,
    query: dsrFileQuery,
    handler: (call) => {
      const f = ownRow(call, 'dsrRequests', call.query.requestId).files.find((x) => x._id === call.query.fileId);
      if (!f) throw notFound();
      call.res.setHeader('content-type', f.mime);
      call.res.setHeader('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`);
      call.res.end(Buffer.from(f.contentBase64, 'base64'));
      return undefined;
    },
  }),
];
