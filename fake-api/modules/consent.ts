/**
 * Privacy notices and consent (menu 5): consent items, notices (drafts and published versions),
 * consent records, and the public pages. Publishing freezes the draft as the next version; the
 * server's rules (the s.23 items, an item in use, append-only records) are tested on the server.
 */
import { randomUUID } from 'node:crypto';
import {
  consentPublicGiveBody,
  consentItemCreateBody,
  consentItemParams,
  consentItemUpdateBody,
  consentObjectQuery,
  consentRecordListQuery,
  consentRecordExportQuery,
  listsRecordsMade,
  exportsListedRecords,
  periodEnd,
  itemNameIn,
  noticePeriod,
  consentStaffGiveBody,
  consentStaffWithdrawBody,
  consentStoreQuery,
  consentWithdrawBody,
  formDetailQuery,
  formIdBody,
  formListQuery,
  formSaveBody,
  publicFormParams,
  publicPolicyParams,
  versionQuery,
  type ConsentGiveBody,
  type ConsentWithdrawBody,
} from '../../contract/consent';
import { MENU } from '../../contract/menus';
import { CONSENT_EXPIRE_DAYS } from '../../contract/dashboard';
import { displayName } from '../../contract/people';
import type { FakeDb, Row } from '../collections';
import { create, csv, list, matches, one, ownRow, ownRows, page, remove, update } from '../crud';
import { notFound, now, route, type Call } from '../engine';
import { newFormRef, noticeContent, textHash } from './consentNotice';

const read = { menuId: MENU.consents.menuId } as const;
const write = { ...read, write: true } as const;

const itemView = (i: Row<'consentItems'>) => ({
  _id: i._id,
  name: i.name,
  name_en: i.name_en,
  sensitive: i.sensitive,
  status: i.status,
  created_dt: i.created_dt,
});
const versionsOf = (db: FakeDb, formId: string) => db.consentVersions.filter((v) => v.formId === formId).toSorted((a, b) => b.version - a.version);
const noticeView = (v: Row<'consentVersions'>) => {
  const { _id: _, ...notice } = v;
  return notice;
};
const formRow = (f: Row<'consentForms'>, call: Call) => {
  const latest = versionsOf(call.db, f._id)[0];
  return {
    _id: f._id,
    formRef: f.formRef,
    projectName: f.draft.header.projectName,
    dpo: f.draft.dpo.name,
    version: latest?.version ?? null,
    published_dt: latest?.published_dt ?? null,
    changed: Boolean(latest && JSON.stringify(latest.draft) !== JSON.stringify(f.draft)),
    updated_dt: f.updated_dt,
  };
};

/** The published version a public page names (its formRef and form id), or a 404. */
const published = (db: FakeDb, formId: string, formRef?: string) => {
  const form = db.consentForms.find((f) => f._id === formId && (formRef === undefined || f.formRef === formRef));
  const latest = form && versionsOf(db, form._id)[0];
  if (!latest) throw notFound();
  return latest;
};

type Through = { channel: string; recordedBy: string | null; reference: string | null };
const WEB: Through = { channel: 'web', recordedBy: null, reference: null };
const record = (
  db: FakeDb,
  v: Row<'consentVersions'>,
  purposeId: string,
  fields: Pick<Row<'consentRecords'>, 'subjectId' | 'email' | 'name' | 'action' | 'lang' | 'guardian'>,
  through: Through,
) =>
  db.consentRecords.push({
    _id: randomUUID(),
    companyId: v.companyId,
    formId: v.formId,
    version: v.version,
    textHash: v.textHash,
    purposeId,
    created_dt: now(),
    explicit: v.purposes.find((p) => p._id === purposeId)?.explicit ?? false,
    ...fields,
    ...through,
  });
const give = (db: FakeDb, v: Row<'consentVersions'>, body: ConsentGiveBody, through: Through) => {
  const given = body.purposes.filter((p) => p.consent && v.purposes.some((x) => x._id === p._id)).map((p) => p._id);
  const guardian = body.guardian ? { name: body.guardian.name, relation: body.guardian.relation } : null;
  for (const id of given)
    record(db, v, id, { subjectId: body.subjectId, email: body.email, name: body.name, action: 'given', lang: body.lang, guardian }, through);
  return { data: { given, version: v.version, textHash: v.textHash } };
};
const withdraw = (db: FakeDb, v: Row<'consentVersions'>, body: ConsentWithdrawBody, through: Through) => {
  const withdrawn = [...new Set(body.purposes)].filter((id) => v.purposes.some((p) => p._id === id));
  for (const id of withdrawn)
    record(db, v, id, { subjectId: body.subjectId, email: body.email, name: '', action: 'withdrawn', lang: body.lang, guardian: null }, through);
  return { data: { withdrawn } };
};

/** A moment's Bangkok calendar day. */
const bangkokDayOf = (at: string) => new Date(Date.parse(at) + 7 * 3600_000).toISOString().slice(0, 10);

/** Each subject's records per notice and purpose, oldest first (the last is the consent's state). */
function historiesOf(call: Call) {
  const key = (r: Row<'consentRecords'>) => `${r.formId}|${r.subjectId}|${r.email}|${r.purposeId}`;
  const histories = new Map<string, Row<'consentRecords'>[]>();
  for (const r of ownRows(call, 'consentRecords').toSorted((a, b) => a.created_dt.localeCompare(b.created_dt))) {
    histories.set(key(r), [...(histories.get(key(r)) ?? []), r]);
  }
  return histories;
}

/** The Bangkok days a consent given under its version ends its retention and falls due for re-consent. */
function consentDates(db: FakeDb, r: Row<'consentRecords'>) {
  const draft = versionsOf(db, r.formId).find((v) => v.version === r.version)?.draft;
  const day = bangkokDayOf(r.created_dt);
  return r.action === 'given' && draft ? { retainUntil: periodEnd(day, draft.security), reconsentOn: periodEnd(day, draft.reconsent) } : null;
}
/** What the dashboard's expire-consent counts of a subject's latest record: in force, its days within the 30 days. */
function expiringDays(db: FakeDb, r: Row<'consentRecords'>) {
  const dates = consentDates(db, r);
  const today = bangkokDayOf(now());
  const until = bangkokDayOf(new Date(Date.parse(now()) + CONSENT_EXPIRE_DAYS * 86_400_000).toISOString());
  const within = (day: string | null) => Boolean(day && day >= today && day < until);
  return dates && { retention: within(dates.retainUntil), reconsent: within(dates.reconsentOn) };
}
const isExpiring = (db: FakeDb, r: Row<'consentRecords'>) => {
  const days = expiringDays(db, r);
  return Boolean(days && (days.retention || days.reconsent));
};

/** The dashboard's `expire-consent`: the consents in force due within the 30 days, by notice. */
export function expiringConsents(call: Call) {
  const byForm = new Map<string, { n: number; retentionEnds: number; reconsentDue: number }>();
  for (const history of historiesOf(call).values()) {
    const r = history.at(-1)!;
    const days = expiringDays(call.db, r);
    if (!days || !(days.retention || days.reconsent)) continue;
    const f = byForm.get(r.formId) ?? { n: 0, retentionEnds: 0, reconsentDue: 0 };
    f.n += 1;
    f.retentionEnds += Number(days.retention);
    f.reconsentDue += Number(days.reconsent);
    byForm.set(r.formId, f);
  }
  const data = [...byForm].map(([formId, f]) => {
    const draft = versionsOf(call.db, formId)[0]?.draft;
    return {
      formId,
      projectName: draft?.header.projectName ?? '',
      retention: noticePeriod(draft?.security),
      reconsent: noticePeriod(draft?.reconsent),
      ...f,
    };
  });
  const sum = (key: 'n' | 'retentionEnds' | 'reconsentDue') => data.reduce((a, r) => a + r[key], 0);
  return { total: sum('n'), retentionEnds: sum('retentionEnds'), reconsentDue: sum('reconsentDue'), data: data.toSorted((a, b) => b.n - a.n) };
}

/** The consent list's rows: each subject's latest record per form and purpose, with its history. */
function consentRows(
  call: Call<{ search?: string; formId?: string; state?: string; action?: string; from?: string; to?: string; expiring?: string }>,
) {
  const histories = historiesOf(call);
  const userName = (id: string | null) => {
    const u = call.db.users.find((x) => x._id === id);
    return u ? displayName(u) : null;
  };
  const q = call.query;
  // each subject's latest record, or (the dashboard's figures) every record made on the days asked
  const shown: [Row<'consentRecords'>, Row<'consentRecords'>[]][] = listsRecordsMade(q)
    ? [...histories.values()].flatMap((history) =>
        history
          .filter(
            (r) =>
              (!q.action || r.action === q.action) &&
              (!q.from || bangkokDayOf(r.created_dt) >= q.from) &&
              (!q.to || bangkokDayOf(r.created_dt) <= q.to),
          )
          .map((r): [Row<'consentRecords'>, Row<'consentRecords'>[]] => [r, history]),
      )
    : [...histories.values()].flatMap((history): [Row<'consentRecords'>, Row<'consentRecords'>[]][] =>
        q.expiring !== 'true' || isExpiring(call.db, history.at(-1)!) ? [[history.at(-1)!, history]] : [],
      );
  return shown
    .map(([last, history]) => {
      const latest = versionsOf(call.db, last.formId)[0];
      const hash = (version: number) =>
        versionsOf(call.db, last.formId)
          .find((v) => v.version === version)
          ?.purposes.find((p) => p._id === last.purposeId)?.hash;
      const state = last.action === 'withdrawn' ? 'withdrawn' : hash(last.version) === hash(latest?.version ?? 0) ? 'given' : 'reconsent';
      return {
        _id: last._id,
        formId: last.formId,
        projectName: latest?.draft.header.projectName ?? '',
        subjectId: last.subjectId,
        name: history.filter((h) => h.name).at(-1)?.name ?? '',
        email: last.email,
        purposeId: last.purposeId,
        purpose: purposeNameOf(call.db, last.formId, last.purposeId, call.lang),
        state,
        version: last.version,
        updated_dt: last.created_dt,
        history: history.map((h) => ({
          action: h.action,
          version: h.version,
          textHash: h.textHash,
          channel: h.channel,
          lang: h.lang,
          explicit: h.explicit,
          guardian: h.guardian,
          recordedBy: userName(h.recordedBy),
          reference: h.reference,
          created_dt: h.created_dt,
        })),
      };
    })
    .filter(
      (r) =>
        matches(call.query.search, r.subjectId, r.email, r.name) &&
        (!call.query.formId || r.formId === call.query.formId) &&
        (!call.query.state || r.state === call.query.state),
    );
}

export const consentRoutes = [
  // ---- items: sources and objectives, stores
  list({
    url: '/consents/object',
    access: read,
    query: consentObjectQuery,
    collection: 'consentItems',
    view: itemView,
    where: (i, c) => i.type === c.query.type && (!c.query.active || String(i.status) === c.query.active),
    search: (i) => [i.name, i.name_en],
    reply: (consents, totalDoc) => ({ consents, totalDoc }),
  }),
  list({
    url: '/consents/list',
    access: read,
    query: consentStoreQuery,
    collection: 'consentItems',
    view: itemView,
    where: (i, c) => i.type === 'store' && (!c.query.active || String(i.status) === c.query.active),
    search: (i) => [i.name, i.name_en],
    reply: (consents, totalDoc) => ({ consents, totalDoc }),
  }),
  create({
    method: 'post',
    url: '/consents/object',
    access: write,
    body: consentItemCreateBody,
    collection: 'consentItems',
    view: itemView,
    make: ({ body }) => ({ type: body.type, name: body.name, name_en: body.name_en, sensitive: body.sensitive, status: body.status }),
    reply: (data) => ({ data }),
  }),
  update({
    method: 'put',
    url: '/consents/object/:itemId',
    access: write,
    params: consentItemParams,
    body: consentItemUpdateBody,
    collection: 'consentItems',
    view: itemView,
    id: (c) => c.params.itemId,
    patch: ({ body }) => body,
    reply: (data) => ({ data }),
  }),
  remove({
    method: 'delete',
    url: '/consents/object/:itemId',
    access: write,
    params: consentItemParams,
    collection: 'consentItems',
    id: (c) => c.params.itemId,
  }),

  // ---- notices
  list({
    url: '/consents/form/list',
    access: read,
    query: formListQuery,
    collection: 'consentForms',
    view: formRow,
    at: (f) => f.updated_dt,
    search: (f) => [f.draft.header.projectName],
    reply: (formlist, count) => ({ formlist, totalItem: { count } }),
  }),
  one({
    url: '/consents/form/detail',
    access: read,
    query: formDetailQuery,
    collection: 'consentForms',
    id: (c) => c.query.formId,
    view: (f, call) => ({
      _id: f._id,
      formRef: f.formRef,
      companyId: f.companyId,
      draft: f.draft,
      versions: versionsOf(call.db, f._id).map((v) => ({ version: v.version, textHash: v.textHash, published_dt: v.published_dt })),
    }),
    reply: (data) => ({ data }),
  }),
  route({
    method: 'post',
    url: '/consents/form/save',
    access: write,
    body: formSaveBody,
    handler: (call) => {
      // the DPO is an appointment of the company (menu 4); drafts of old named a person
      const dpoId = call.body.draft.dpo._id;
      const appointment = dpoId ? ownRows(call, 'dpoAppointments').find((a) => a._id === dpoId) : undefined;
      const dpo = appointment ?? (dpoId ? ownRow(call, 'users', dpoId) : undefined);
      const draft = {
        ...call.body.draft,
        dpo: appointment
          ? { _id: appointment._id, name: appointment.name }
          : dpo && 'username' in dpo
            ? { _id: dpo._id, name: displayName(dpo) }
            : { _id: '', name: '' },
      };
      const form = call.body.formId
        ? Object.assign(ownRow(call, 'consentForms', call.body.formId), { draft, updated_dt: now() })
        : { _id: randomUUID(), companyId: call.companyId, formRef: newFormRef(), draft, updated_dt: now() };
      if (!call.body.formId) call.db.consentForms.push(form);
      return { data: { _id: form._id, draft } };
    },
  }),
  route({
    method: 'post',
    url: '/consents/form/publish',
    access: write,
    body: formIdBody,
    handler: (call) => {
      const form = ownRow(call, 'consentForms', call.body.formId);
      const content = noticeContent(call.db, call.companyId, form.draft);
      const version = (versionsOf(call.db, form._id)[0]?.version ?? 0) + 1;
      const row = {
        _id: randomUUID(),
        companyId: call.companyId,
        formId: form._id,
        formRef: form.formRef,
        version,
        textHash: textHash(content),
        published_dt: now(),
        ...content,
      };
      call.db.consentVersions.push(row);
      return { data: { version, textHash: row.textHash, published_dt: row.published_dt } };
    },
  }),
  route({
    method: 'get',
    url: '/consents/form/version',
    access: read,
    query: versionQuery,
    handler: (call) => {
      const v = ownRows(call, 'consentVersions').find((x) => x.formId === call.query.formId && x.version === call.query.version);
      if (!v) throw notFound();
      return { notice: noticeView(v) };
    },
  }),
  remove({ method: 'post', url: '/consents/form/delete', access: write, body: formIdBody, collection: 'consentForms', id: (c) => c.body.formId }),

  // ---- consent records
  route({
    method: 'get',
    url: '/consents/manage/list',
    access: read,
    query: consentRecordListQuery,
    handler: (call) => {
      const rows = consentRows(call);
      return { consentlist: page(rows, call.query, (r) => r.updated_dt), totalItem: { count: rows.length } };
    },
  }),
  csv({
    url: '/consents/manage/export',
    access: read,
    query: consentRecordExportQuery,
    file: 'consent-records.csv',
    rows: (call) => {
      // every record of the search and notice, or the records the list shows (contract: consentRecordExportQuery)
      const listed = exportsListedRecords(call.query) ? new Set(consentRows(call).map((r) => r._id)) : undefined;
      return ownRows(call, 'consentRecords')
        .filter((r) =>
          listed
            ? listed.has(r._id)
            : matches(call.query.search, r.subjectId, r.email, r.name) && (!call.query.formId || r.formId === call.query.formId),
        )
        .map(({ companyId: _, ...r }) => r);
    },
  }),
  route({
    method: 'post',
    url: '/consents/manage/give',
    access: write,
    body: consentStaffGiveBody,
    handler: (call) =>
      give(call.db, published(call.db, ownRow(call, 'consentForms', call.body.formId)._id), call.body, {
        channel: call.body.channel,
        recordedBy: call.session.user._id,
        reference: call.body.reference,
      }),
  }),
  route({
    method: 'post',
    url: '/consents/manage/withdraw',
    access: write,
    body: consentStaffWithdrawBody,
    handler: (call) =>
      withdraw(call.db, published(call.db, ownRow(call, 'consentForms', call.body.formId)._id), call.body, {
        channel: call.body.channel,
        recordedBy: call.session.user._id,
        reference: call.body.reference,
      }),
  }),

  // ---- the public pages (no sign-in)
  route({
    method: 'get',
    url: '/consents/public/form/:formRef/:formId',
    access: 'public',
    params: publicFormParams,
    handler: ({ db, params }) => ({ notice: noticeView(published(db, params.formId, params.formRef)) }),
  }),
  route({
    method: 'get',
    url: '/consents/public/policy/:companyId/:formId',
    access: 'public',
    params: publicPolicyParams,
    handler: ({ db, params }) => {
      const v = published(db, params.formId);
      if (v.companyId !== params.companyId) throw notFound();
      return { notice: noticeView(v) };
    },
  }),
  route({
    method: 'post',
    url: '/consents/public/form/:formRef/:formId',
    access: 'public',
    params: publicFormParams,
    body: consentPublicGiveBody,
    handler: ({ db, params, body }) => give(db, published(db, params.formId, params.formRef), body, WEB),
  }),
  route({
    method: 'post',
    url: '/consents/public/withdraw/:formRef/:formId',
    access: 'public',
    params: publicFormParams,
    body: consentWithdrawBody,
    handler: ({ db, params, body }) => withdraw(db, published(db, params.formId, params.formRef), body, WEB),
  }),
];

/** A purpose as its notice's latest version names it: its items in the reader's language (Thai when an item has no English), else its id. */
export function purposeNameOf(db: Call['db'], formId: string, purposeId: string, lang: Call['lang']) {
  const latest = versionsOf(db, formId)[0];
  const purpose = latest?.draft.consent.purposes.find((p) => p._id === purposeId);
  return (
    purpose?.list
      .map((i) => itemNameIn(latest!.items[i], lang))
      .filter(Boolean)
      .join(', ') || purposeId
  );
}
