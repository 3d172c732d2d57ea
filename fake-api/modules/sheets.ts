/**
 * Document sheets (menu 7) by the REST convention: templates (the shipped ones from contract/ and the
 * company's own), documents with their versions and state history. The server's rules beyond the
 * shapes (sanitizing, filling variables from live data, PDF and DOCX) are not re-implemented: the
 * preview shows the text as saved, and the exports answer 404.
 */
import { randomUUID } from 'node:crypto';
import { MENU } from '../../contract/menus';
import { displayName } from '../../contract/people';
import { builtinTemplate, BUILTIN_TEMPLATES } from '../../contract/sheetTemplates';
import {
  actionsFrom,
  SHEET_ACTIONS,
  sheetActionBody,
  sheetCreateBody,
  sheetExportQuery,
  sheetIdParams,
  sheetListQuery,
  sheetTemplateBody,
  sheetTemplateListQuery,
  sheetTemplateParams,
  sheetUpdateBody,
  sheetVersionParams,
  type SheetState,
  type SheetTemplateRecord,
} from '../../contract/sheets';
import { unknownVariables, variablesIn } from '../../contract/sheetVariables';
import type { FakeDb, Row } from '../collections';
import { ownRow, ownRows } from '../crud';
import { Failure, now, route, type Call, type FakeRoute } from '../engine';

const read = { menuId: MENU.sheets.menuId } as const;
const write = { ...read, write: true } as const;

const userName = (db: FakeDb, id: string | null) => {
  const u = db.users.find((x) => x._id === id);
  return u ? displayName(u) : '';
};
const who = (db: FakeDb, id: string | null) => (id ? { id, name: userName(db, id) } : null);

const templateView = (t: Row<'sheetTemplates'>): SheetTemplateRecord => ({
  id: t._id,
  name: t.name,
  kind: t.kind,
  lang: t.lang,
  description: t.description,
  body: t.body,
  builtin: false,
  variables: variablesIn(t.body),
  updated_dt: t.updated_dt,
});
const builtinView = (id: string): SheetTemplateRecord | undefined => {
  const t = builtinTemplate(id);
  return t && { ...t, builtin: true, variables: variablesIn(t.body), updated_dt: null };
};
const checked = (html: string) => {
  const unknown = unknownVariables(html);
  if (unknown.length) throw new Failure(400, 'sheet_unknown_variables', { names: unknown.join(', ') });
  return html;
};

const recordOf = (d: Row<'sheetDocuments'>, db: FakeDb) => ({
  id: d._id,
  title: d.title,
  templateId: d.templateId,
  kind: d.kind,
  lang: d.lang,
  state: d.state,
  version: d.version,
  publishedVersion: d.publishedVersion,
  thaiDigits: d.thaiDigits,
  noticeId: d.noticeId,
  noticeName: db.consentForms.find((f) => f._id === d.noticeId && f.companyId === d.companyId)?.draft.header.projectName ?? null,
  ropaActivityId: d.ropaActivityId,
  breachId: d.breachId,
  stateBy: who(db, d.stateById),
  state_dt: d.state_dt,
  approvedBy: who(db, d.approvedById),
  approved_dt: d.approved_dt,
  created_dt: d.created_dt,
  updated_dt: d.updated_dt,
});
const detailOf = (d: Row<'sheetDocuments'>, db: FakeDb) => ({
  ...recordOf(d, db),
  body: d.versions.find((v) => v.version === d.version)?.body ?? '',
  versions: d.versions
    .toSorted((a, b) => b.version - a.version)
    .map((v) => ({ version: v.version, title: v.title, savedBy: who(db, v.savedBy), saved_dt: v.saved_dt, frozen: v.frozen })),
  events: d.events.toReversed().map((e) => ({ ...e, by: who(db, e.actorId), actorId: undefined })),
  actions: actionsFrom(d.state),
  // who may approve is the server's rule (approval by another person than the author): the fake never refuses
  selfApproval: 'none' as const,
});
const own = (call: Call<unknown, unknown, { id: string }>) => ownRow(call, 'sheetDocuments', call.params.id);
const checkNotice = (call: Call, noticeId: string | null) => {
  if (noticeId && !ownRows(call, 'consentForms').some((f) => f._id === noticeId)) throw new Failure(400, 'sheet_notice_not_found');
};
/** The notice, ROPA activity and breach a document is attached to: the company's own, or 400. */
const checkLinks = (call: Call, b: { noticeId: string | null; ropaActivityId: string | null; breachId: string | null }) => {
  checkNotice(call, b.noticeId);
  if (b.ropaActivityId && !ownRows(call, 'ropaActivities').some((a) => a._id === b.ropaActivityId)) throw new Failure(400, 'sheet_ropa_not_found');
  if (b.breachId && !ownRows(call, 'breaches').some((x) => x._id === b.breachId)) throw new Failure(400, 'sheet_breach_not_found');
};
const rangeHeader = (call: Call, name: string, from: number, shown: number, total: number) =>
  call.res.setHeader('Content-Range', shown ? `${name} ${from}-${from + shown - 1}/${total}` : `${name} */${total}`);

export const sheetRoutes: FakeRoute[] = [
  route({
    method: 'get',
    url: '/sheet-templates',
    access: read,
    query: sheetTemplateListQuery,
    handler: (call) => {
      const f = call.query.filter ?? {};
      const search = f.search?.trim().toLowerCase();
      const all = [...ownRows(call, 'sheetTemplates').map(templateView), ...BUILTIN_TEMPLATES.map((t) => builtinView(t.id)!)].filter(
        (t) =>
          (!f.kind || t.kind === f.kind) &&
          (!f.lang || t.lang === f.lang) &&
          (!search || `${t.name} ${t.description}`.toLowerCase().includes(search)),
      );
      const [from, to] = call.query.range;
      const shown = all.slice(from, to + 1).map(({ body: _body, ...t }) => t);
      rangeHeader(call, 'sheet-templates', from, shown.length, all.length);
      return { data: shown, total: all.length };
    },
  }),
  route({
    method: 'get',
    url: '/sheet-templates/:id',
    access: read,
    params: sheetTemplateParams,
    handler: (call) => {
      const builtin = builtinView(call.params.id);
      if (builtin) return { data: builtin };
      const t = ownRows(call, 'sheetTemplates').find((r) => r._id === call.params.id);
      if (!t) throw new Failure(404, 'sheet_template_not_found');
      return { data: templateView(t) };
    },
  }),
  route({
    method: 'post',
    url: '/sheet-templates',
    access: write,
    body: sheetTemplateBody,
    handler: (call) => {
      const row = { _id: randomUUID(), companyId: call.companyId, ...call.body, body: checked(call.body.body), updated_dt: now() };
      call.db.sheetTemplates.push(row);
      return { data: templateView(row) };
    },
  }),
  route({
    method: 'put',
    url: '/sheet-templates/:id',
    access: write,
    params: sheetTemplateParams,
    body: sheetTemplateBody,
    handler: (call) => {
      if (builtinTemplate(call.params.id)) throw new Failure(409, 'sheet_template_builtin');
      const t = ownRow(call, 'sheetTemplates', call.params.id);
      Object.assign(t, call.body, { body: checked(call.body.body), updated_dt: now() });
      return { data: templateView(t) };
    },
  }),
  route({
    method: 'delete',
    url: '/sheet-templates/:id',
    access: write,
    params: sheetTemplateParams,
    handler: (call) => {
      if (builtinTemplate(call.params.id)) throw new Failure(409, 'sheet_template_builtin');
      const t = ownRow(call, 'sheetTemplates', call.params.id);
      call.db.sheetTemplates.splice(call.db.sheetTemplates.indexOf(t), 1);
      return { data: templateView(t) };
    },
  }),

  route({
    method: 'get',
    url: '/sheets',
    access: read,
    query: sheetListQuery,
    handler: (call) => {
      const f = call.query.filter ?? {};
      const search = f.search?.trim().toLowerCase();
      const rows = ownRows(call, 'sheetDocuments')
        .filter(
          (d) =>
            (!search || d.title.toLowerCase().includes(search)) &&
            (!f.state || d.state === f.state) &&
            (!f.kind || d.kind === f.kind) &&
            (!f.noticeId || d.noticeId === f.noticeId) &&
            (!f.ropaActivityId || d.ropaActivityId === f.ropaActivityId) &&
            (!f.breachId || d.breachId === f.breachId),
        )
        .map((d) => recordOf(d, call.db));
      const [field, order] = call.query.sort ?? ['updated_dt', 'DESC'];
      const sorted = rows.toSorted((a, b) => (order === 'ASC' ? 1 : -1) * String(a[field]).localeCompare(String(b[field])));
      const [from, to] = call.query.range;
      const shown = sorted.slice(from, to + 1);
      rangeHeader(call, 'sheets', from, shown.length, rows.length);
      return { data: shown, total: rows.length };
    },
  }),
  route({ method: 'get', url: '/sheets/:id', access: read, params: sheetIdParams, handler: (call) => ({ data: detailOf(own(call), call.db) }) }),
  route({
    method: 'post',
    url: '/sheets',
    access: write,
    body: sheetCreateBody,
    handler: (call) => {
      const b = call.body;
      const template =
        builtinView(b.templateId) ??
        ownRows(call, 'sheetTemplates')
          .map(templateView)
          .find((t) => t.id === b.templateId);
      if (!template) throw new Failure(404, 'sheet_template_not_found');
      checkLinks(call, b);
      const at = now();
      const row: Row<'sheetDocuments'> = {
        _id: randomUUID(),
        companyId: call.companyId,
        title: b.title,
        templateId: template.id,
        kind: template.kind,
        lang: template.lang,
        state: 'draft',
        version: 1,
        publishedVersion: null,
        thaiDigits: b.thaiDigits,
        noticeId: b.noticeId,
        ropaActivityId: b.ropaActivityId,
        breachId: b.breachId,
        stateById: call.session.user._id,
        state_dt: at,
        approvedById: null,
        approved_dt: null,
        created_dt: at,
        updated_dt: at,
        versions: [{ version: 1, title: b.title, body: template.body, frozen: false, savedBy: call.session.user._id, saved_dt: at }],
        events: [{ action: 'created', fromState: null, toState: 'draft', version: 1, note: '', actorId: call.session.user._id, at }],
      };
      call.db.sheetDocuments.push(row);
      return { data: detailOf(row, call.db) };
    },
  }),
  route({
    method: 'put',
    url: '/sheets/:id',
    access: write,
    params: sheetIdParams,
    body: sheetUpdateBody,
    handler: (call) => {
      const d = own(call);
      if (d.state === 'published') throw new Failure(409, 'sheet_frozen');
      if (d.state !== 'draft') throw new Failure(409, 'sheet_not_draft', { state: d.state });
      checkLinks(call, call.body);
      const at = now();
      d.version += 1;
      d.versions.push({
        version: d.version,
        title: call.body.title,
        body: checked(call.body.body),
        frozen: false,
        savedBy: call.session.user._id,
        saved_dt: at,
      });
      Object.assign(d, {
        title: call.body.title,
        thaiDigits: call.body.thaiDigits,
        noticeId: call.body.noticeId,
        ropaActivityId: call.body.ropaActivityId,
        breachId: call.body.breachId,
        updated_dt: at,
      });
      return { data: detailOf(d, call.db) };
    },
  }),
  route({
    method: 'post',
    url: '/sheets/:id/state',
    access: write,
    params: sheetIdParams,
    body: sheetActionBody,
    handler: (call) => {
      const d = own(call);
      const rule = SHEET_ACTIONS[call.body.action];
      if (!(rule.from as readonly SheetState[]).includes(d.state))
        throw new Failure(409, 'sheet_transition', { from: d.state, action: call.body.action });
      const at = now();
      const current = d.versions.find((v) => v.version === d.version)!;
      if (call.body.action === 'approve') Object.assign(d, { approvedById: call.session.user._id, approved_dt: at });
      if (call.body.action === 'publish') {
        current.frozen = true;
        d.publishedVersion = d.version;
      }
      if (call.body.action === 'revise') {
        d.version += 1;
        d.versions.push({ ...current, version: d.version, frozen: false, savedBy: call.session.user._id, saved_dt: at });
        Object.assign(d, { approvedById: null, approved_dt: null });
      }
      d.events.push({
        action: call.body.action,
        fromState: d.state,
        toState: rule.to,
        version: d.version,
        note: call.body.note,
        actorId: call.session.user._id,
        at,
      });
      Object.assign(d, { state: rule.to, stateById: call.session.user._id, state_dt: at, updated_dt: at });
      return { data: detailOf(d, call.db) };
    },
  }),
  route({
    method: 'delete',
    url: '/sheets/:id',
    access: write,
    params: sheetIdParams,
    handler: (call) => {
      const d = own(call);
      if (d.publishedVersion !== null) throw new Failure(409, 'sheet_delete_published');
      call.db.sheetDocuments.splice(call.db.sheetDocuments.indexOf(d), 1);
      return { data: recordOf(d, call.db) };
    },
  }),
  route({
    method: 'get',
    url: '/sheets/:id/versions/:version',
    access: read,
    params: sheetVersionParams,
    handler: (call) => {
      const v = own(call).versions.find((x) => x.version === call.params.version);
      if (!v) throw new Failure(404, 'sheet_version_not_found', { version: call.params.version });
      return { data: { version: v.version, title: v.title, body: v.body, frozen: v.frozen } };
    },
  }),
  route({
    method: 'get',
    url: '/sheets/:id/preview',
    access: read,
    params: sheetIdParams,
    query: sheetExportQuery,
    handler: (call) => {
      const d = own(call);
      const v = d.versions.find((x) => x.version === (call.query.version ?? d.version));
      if (!v) throw new Failure(404, 'sheet_version_not_found', { version: call.query.version ?? d.version });
      return { data: { version: v.version, html: v.body, missing: [], pending: [] } };
    },
  }),
];
