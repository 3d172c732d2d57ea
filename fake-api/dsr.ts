/**
 * Data subject requests in the fake: server/modules/dsr's calls with its shapes, statuses and
 * messages, in memory (files are kept as bytes, not encrypted: the fake is for testers only).
 */
import { randomUUID } from 'node:crypto';
import { displayName } from '../contract/people';
import type { Handler } from 'json-server';
import {
  DSR_ADD_BODY_LIMIT,
  DSR_ANSWERED,
  DSR_DUE_DAYS,
  DSR_STATUS,
  DSR_STATUS_KEYS,
  DSR_TRANSITIONS,
  addDays,
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
  statusKeyOf,
  type DsrAddBody,
  type DsrFormInput,
  type DsrRequestDetail,
  type DsrStatusId,
} from '../contract/dsr';
import { MENU } from '../contract/menus';
import { th, en } from '../i18n';
import { ApiError } from '../server/http/errors';
import type { Lang } from '../server/http/messages';
import { checkFile, type CheckedFile } from '../server/modules/dsr/files';
import { parseDsr } from '../server/modules/dsr/input';
import { dsrCsv } from '../server/modules/dsr/csv';
import { toRequestDetail, toRequestRow, type RequestRow } from '../server/modules/dsr/rows';
import { Failure, now, route, type FakeData } from './routes';
import { recordFakeExport } from './audit';

const read = { menuId: MENU.consents.menuId } as const;
const write = { ...read, write: true } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server's ApiError as the fake's Failure. */
async function asFailure<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw new Failure(err.statusCode, err.msgKey, err.params);
    throw err;
  }
}

interface FakeForm extends DsrFormInput {
  id: string;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}
interface FakeFile {
  id: string;
  kind: 'identity' | 'authority' | 'proof';
  name: string;
  mime: string;
  bytes: Buffer;
}
interface FakeRequest extends RequestRow {
  companyId: string;
  files: FakeFile[];
  history: DsrRequestDetail['history'];
}

/** The public add and the proof of fulfilment carry files in base64: read them past the fake's 1 MB JSON limit. */
export const DSR_LARGE_BODY_PATHS = ['/consents/datasubject/add', '/consents/datasubject/state'];
export const readLargeDsrBody: Handler = (req, _res, next) => {
  const path = (req.url ?? '').split('?')[0];
  if (req.method !== 'POST' || !DSR_LARGE_BODY_PATHS.includes(path) || !/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    return next();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > DSR_ADD_BODY_LIMIT) refused = true;
    else chunks.push(chunk);
  });
  req.on('end', () => {
    if (refused) return next(new Failure(413, 'too_large'));
    try {
      req.body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      // body-parser leaves a read body alone
      (req as unknown as { _body: boolean })._body = true;
      next();
    } catch {
      next(new Failure(400, 'malformed_json'));
    }
  });
};

export function dsrRoutes(data: () => FakeData) {
  const forms: FakeForm[] = [];
  const requests: FakeRequest[] = [];
  const counters = new Map<string, number>();
  seed();

  function companyOf(companyId: string) {
    return data().companies.find((c) => c.id === companyId)!;
  }
  function userName(userId: string | null) {
    const u = data().users.find((x) => x.id === userId);
    return u ? displayName(u) : null;
  }
  const toForm = (f: FakeForm) => ({
    _id: f.id,
    name: f.name,
    status: f.status,
    rights: f.rights,
    identityFields: f.identityFields,
    evidenceRequired: f.evidenceRequired,
    evidenceNote: f.evidenceNote,
    texts: f.texts,
    publicLink: publicFormLink(f.id),
    requestCount: requests.filter((r) => r.form_id === f.id).length,
    created_dt: f.createdAt,
    updated_dt: f.updatedAt,
  });
  const withAssignee = (r: FakeRequest): FakeRequest => ({ ...r, assignee_name: userName(r.assignee_id), form_name: forms.find((f) => f.id === r.form_id)?.name ?? '' });
  const detail = (r: FakeRequest): DsrRequestDetail =>
    toRequestDetail(withAssignee(r), r.files.map((f) => ({ ...f, size: f.bytes.length })), r.history);
  const own = (companyId: string, requestId: string) => {
    const r = requests.find((x) => x.companyId === companyId && x.id === requestId);
    if (!r) throw new Failure(404, 'not_found');
    return r;
  };
  const stateName = (lang: Lang, id: number) => (lang === 'en' ? en : th).dsr.status[statusKeyOf(id)!];
  const publicForm = (formId: string) => {
    const f = UUID.test(formId) ? forms.find((x) => x.id === formId && x.status) : undefined;
    if (!f) throw new Failure(404, 'dsr_form_not_found');
    const detail = companyOf(f.companyId).detail as { nameTh?: string; nameEn?: string };
    return {
      f,
      form: {
        _id: f.id,
        controller: { nameTh: detail.nameTh ?? '', nameEn: detail.nameEn ?? detail.nameTh ?? '' },
        rights: f.rights,
        identityFields: f.identityFields,
        evidenceRequired: f.evidenceRequired,
        evidenceNote: f.evidenceNote,
        texts: f.texts,
      },
    };
  };
  const matches = (r: FakeRequest, q: { search?: string; statusId?: number; overdue?: string }) => {
    if (q.statusId && r.status_id !== q.statusId) return false;
    if (q.overdue === 'true' && !toRequestRow(withAssignee(r)).overdue) return false;
    if (q.search) {
      const s = q.search.toLowerCase();
      const name = `${r.subject.firstname} ${r.subject.lastname}`.toLowerCase();
      if (!r.reference_code.toLowerCase().includes(s) && !r.email.toLowerCase().includes(s) && !name.includes(s)) return false;
    }
    return true;
  };
  const sorted = (companyId: string) =>
    requests.filter((r) => r.companyId === companyId).sort((a, b) => String(b.received_at).localeCompare(String(a.received_at)));
  function notify(companyId: string, kind: string, params: Record<string, string | number>) {
    data().notifications.push({
      id: randomUUID(),
      companyId,
      userId: null,
      kind,
      params,
      link: '/consents/datasubject/list',
      hoursAgo: 0,
      createdAt: now(),
    });
  }
  function newRequest(companyId: string, formId: string, body: Pick<DsrAddBody, 'rights' | 'requesterType' | 'subject' | 'representative' | 'details' | 'lang'>, receivedAt: Date): FakeRequest {
    const code = companyOf(companyId).code.toUpperCase();
    const n = (counters.get(companyId) ?? 0) + 1;
    counters.set(companyId, n);
    const rep = body.requesterType === 'representative' && body.representative ? body.representative : null;
    const r: FakeRequest = {
      id: randomUUID(),
      companyId,
      reference_code: `${code}-DSR-${String(n).padStart(4, '0')}`,
      form_id: formId,
      form_name: '',
      status_id: 1,
      rights: body.rights,
      requester_type: body.requesterType,
      subject: body.subject,
      email: rep ? rep.email : body.subject.email,
      representative: rep,
      details: body.details,
      lang: body.lang,
      received_at: receivedAt.toISOString(),
      due_at: addDays(receivedAt, DSR_DUE_DAYS).toISOString(),
      extension_days: null,
      extension_reason: null,
      refusal_ground: null,
      refusal_reasons: null,
      proof_text: null,
      assignee_id: null,
      assignee_name: null,
      files: [],
      history: [{ action: 'received', statusId: 1, note: '', by: null, at: receivedAt.toISOString() }],
    };
    requests.push(r);
    return r;
  }
  function seed() {
    for (const c of data().companies) {
      const f: FakeForm = {
        id: randomUUID(),
        companyId: c.id,
        name: 'แบบฟอร์มคำขอใช้สิทธิของลูกค้า',
        status: true,
        rights: ['access', 'portability', 'objection', 'erasure', 'restriction', 'rectification', 'withdrawal'],
        identityFields: ['phone', 'idNumber'],
        evidenceRequired: true,
        evidenceNote: { th: 'สำเนาบัตรประจำตัวประชาชนพร้อมลงลายมือชื่อรับรองสำเนาถูกต้อง', en: 'A signed copy of your national ID card or passport' },
        texts: {
          th: { title: 'แบบฟอร์มคำขอใช้สิทธิของเจ้าของข้อมูลส่วนบุคคล', intro: 'บริษัทจะตอบภายใน 30 วันนับแต่วันที่ได้รับคำขอ', consentText: 'ข้าพเจ้ายินยอมให้บริษัทใช้ข้อมูลในแบบฟอร์มนี้เพื่อดำเนินการตามคำขอเท่านั้น' },
          en: { title: 'Data subject request form', intro: 'We answer within 30 days of receiving your request.', consentText: 'I consent to the company using this data only to handle my request.' },
        },
        createdAt: now(),
        updatedAt: now(),
      };
      forms.push(f);
      const staff = data().users.find((u) => u.companyId === c.id && !u.subId)?.id ?? null;
      const demo: [number, number, DsrAddBody['rights'], string, string, string][] = [
        [2, 26, ['access'], 'สมชาย', 'ใจดี', 'somchai@example.com'],
        [3, 35, ['erasure'], 'สมหญิง', 'รักสงบ', 'somying@example.com'],
        [4, 20, ['rectification'], 'วิชัย', 'มั่นคง', 'wichai@example.com'],
        [6, 15, ['erasure', 'objection'], 'มานะ', 'อดทน', 'mana@example.com'],
        [1, 2, ['portability'], 'ปิติ', 'ยินดี', 'piti@example.com'],
      ];
      for (const [statusId, age, rights, firstname, lastname, email] of demo) {
        const received = new Date(Date.now() - age * 86_400_000);
        const r = newRequest(c.id, f.id, { rights, requesterType: 'subject', subject: { firstname, lastname, email, phone: '081-234-5678', idNumber: '1100100000001' }, details: 'ขอใช้สิทธิเกี่ยวกับข้อมูลที่ให้ไว้เมื่อสมัครสมาชิก', lang: 'th' }, received);
        r.status_id = statusId;
        r.assignee_id = statusId > 1 ? staff : null;
        if (statusId === 4) r.proof_text = 'แก้ไขที่อยู่ในระบบลูกค้าแล้ว และแจ้งผลทางอีเมลเมื่อวันที่ดำเนินการ';
        if (statusId === 6) {
          r.refusal_ground = 's33_retention';
          r.refusal_reasons = 'ต้องเก็บข้อมูลการซื้อขายไว้ 5 ปีตามกฎหมายบัญชี จึงลบได้หลังครบกำหนด';
        }
        for (let s = 2; s <= Math.min(statusId, 3); s++) r.history.push({ action: 'state', statusId: s, note: '', by: userName(staff), at: addDays(received, s - 1).toISOString() });
        if (statusId >= 4) r.history.push({ action: 'state', statusId, note: r.proof_text ?? r.refusal_reasons ?? '', by: userName(staff), at: addDays(received, 3).toISOString() });
      }
    }
  }

  return [
    route({
      method: 'get',
      url: '/consents/datasubject/fetch/list',
      access: read,
      query: dsrFormListQuery,
      handler: ({ session, query }) => {
        const all = forms
          .filter((f) => f.companyId === session.user.companyId && (!query.search || f.name.toLowerCase().includes(query.search.toLowerCase())))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        const start = (query.currentPage - 1) * query.limit;
        return { formList: all.slice(start, start + query.limit).map(toForm), totalItem: all.length };
      },
    }),
    route({
      method: 'get',
      url: '/consents/datasubject/fetch/:formId',
      access: read,
      params: dsrPublicFormParams,
      handler: ({ session, params }) => {
        const f = forms.find((x) => x.id === params.formId && x.companyId === session.user.companyId);
        if (!f) throw new Failure(404, 'not_found');
        return { data: toForm(f) };
      },
    }),
    route({
      method: 'post',
      url: '/consents/datasubject/form',
      access: write,
      body: dsrFormCreateBody,
      handler: ({ session, body }) => {
        const f: FakeForm = { ...body, id: randomUUID(), companyId: session.user.companyId, createdAt: now(), updatedAt: now() };
        forms.push(f);
        return { data: toForm(f) };
      },
    }),
    route({
      method: 'put',
      url: '/consents/datasubject/form',
      access: write,
      body: dsrFormUpdateBody,
      handler: ({ session, body }) => {
        const f = forms.find((x) => x.id === body.dataId && x.companyId === session.user.companyId);
        if (!f) throw new Failure(404, 'not_found');
        const { dataId: _, ...input } = body;
        Object.assign(f, input, { updatedAt: now() });
        return { data: toForm(f) };
      },
    }),
    route({
      method: 'delete',
      url: '/consents/datasubject/form',
      access: write,
      query: dsrFormDeleteQuery,
      handler: ({ session, query }) => {
        const i = forms.findIndex((x) => x.id === query.dataId && x.companyId === session.user.companyId);
        if (i < 0) throw new Failure(404, 'not_found');
        const count = requests.filter((r) => r.form_id === query.dataId).length;
        if (count) throw new Failure(409, 'dsr_form_in_use', { count });
        forms.splice(i, 1);
        return {};
      },
    }),
    route({
      method: 'get',
      url: '/consents/datasubject/public/:formId',
      access: 'public',
      params: dsrPublicFormParams,
      handler: ({ params }) => ({ form: publicForm(params.formId).form }),
    }),
    route({
      method: 'post',
      url: '/consents/datasubject/add',
      access: 'public',
      handler: ({ req, lang }) =>
        asFailure(async () => {
          const body = parseDsr(dsrAddBody, req.body, lang);
          const { f } = publicForm(body.formId);
          if (body.rights.some((r) => !f.rights.includes(r))) throw new Failure(400, 'dsr_right_not_offered');
          for (const field of f.identityFields) {
            if (!body.subject[field]) throw new Failure(400, 'dsr_identity_field_required', { field: (lang === 'en' ? en : th).dsr.identity[field] });
          }
          if (f.evidenceRequired && !body.identityEvidence) throw new Failure(400, 'dsr_evidence_required');
          const files: [FakeFile['kind'], CheckedFile][] = [];
          if (body.identityEvidence) files.push(['identity', await checkFile(body.identityEvidence)]);
          if (body.requesterType === 'representative' && body.authorityProof) files.push(['authority', await checkFile(body.authorityProof)]);
          const r = newRequest(f.companyId, f.id, body, new Date(now()));
          r.files = files.map(([kind, file]) => ({ id: randomUUID(), kind, name: file.name, mime: file.mime, bytes: file.bytes }));
          notify(f.companyId, 'dsr_new', { ref: r.reference_code });
          return { referenceCode: r.reference_code, receivedAt: String(r.received_at), dueAt: String(r.due_at) };
        }),
    }),
    route({
      method: 'post',
      url: '/consents/datasubject/tracking',
      access: 'public',
      handler: ({ req, lang }) =>
        asFailure(() => {
          const body = parseDsr(dsrTrackingBody, req.body, lang);
          const r = requests.find(
            (x) => x.reference_code.toUpperCase() === body.referenceCode.toUpperCase() && x.email.toLowerCase() === body.email.toLowerCase(),
          );
          if (!r) throw new Failure(404, 'dsr_tracking_not_found');
          return {
            referenceCode: r.reference_code,
            statusId: r.status_id,
            history: r.history.filter((h) => h.action === 'received' || h.action === 'state').map((h) => ({ statusId: h.statusId, at: h.at })),
          };
        }),
    }),
    route({
      method: 'get',
      url: '/consents/datasubject/list',
      access: read,
      query: dsrListQuery,
      handler: ({ session, query }) => {
        const all = sorted(session.user.companyId).filter((r) => matches(r, query));
        const start = (query.currentPage - 1) * query.limit;
        return { requestList: all.slice(start, start + query.limit).map((r) => toRequestRow(withAssignee(r))), totalItem: all.length };
      },
    }),
    route({
      method: 'get',
      url: '/consents/datasubject/state',
      access: read,
      query: dsrStateQuery,
      handler: ({ session, query }) => ({
        stateList: DSR_STATUS_KEYS.map((key) => ({ statusId: DSR_STATUS[key], key, next: [...DSR_TRANSITIONS[DSR_STATUS[key]]] })),
        ...(query.requestId ? { request: detail(own(session.user.companyId, query.requestId)) } : {}),
      }),
    }),
    route({
      method: 'post',
      url: '/consents/datasubject/state',
      access: write,
      handler: ({ session, req, lang }) =>
        asFailure(async () => {
          const body = parseDsr(dsrStateChangeBody, req.body, lang);
          const file = body.proof?.file ? await checkFile(body.proof.file) : undefined;
          const r = own(session.user.companyId, body.requestId);
          if (!DSR_TRANSITIONS[r.status_id as DsrStatusId].includes(body.statusId as DsrStatusId)) {
            throw new Failure(409, 'dsr_transition', { from: stateName(lang, r.status_id), to: stateName(lang, body.statusId) });
          }
          r.status_id = body.statusId;
          const refusal = body.statusId === DSR_STATUS.refused ? body.refusal : undefined;
          const proof = body.statusId === DSR_STATUS.fulfilled || body.statusId === DSR_STATUS.partial ? body.proof : undefined;
          if (refusal) {
            r.refusal_ground = refusal.legalGround;
            r.refusal_reasons = refusal.reasons;
          }
          if (proof) r.proof_text = proof.text;
          if (file) r.files.push({ id: randomUUID(), kind: 'proof', name: file.name, mime: file.mime, bytes: file.bytes });
          r.history.push({ action: 'state', statusId: body.statusId, note: refusal?.reasons ?? proof?.text ?? body.note, by: userName(session.user.id), at: now() });
          return { request: detail(r) };
        }),
    }),
    route({
      method: 'delete',
      url: '/consents/datasubject/state',
      access: write,
      query: dsrStateDeleteQuery,
      handler: ({ session, query }) => {
        const r = own(session.user.companyId, query.requestId);
        if (r.status_id !== DSR_STATUS.received || r.extension_days !== null) throw new Failure(409, 'dsr_delete_worked');
        requests.splice(requests.indexOf(r), 1);
        return {};
      },
    }),
    route({
      method: 'post',
      url: '/consents/datasubject/extend',
      access: write,
      handler: ({ session, req, lang }) =>
        asFailure(() => {
          const body = parseDsr(dsrExtendBody, req.body, lang);
          const r = own(session.user.companyId, body.requestId);
          if (DSR_ANSWERED.includes(r.status_id)) throw new Failure(409, 'dsr_closed');
          if (r.extension_days !== null) throw new Failure(409, 'dsr_already_extended');
          r.extension_days = body.days;
          r.extension_reason = body.reason;
          r.due_at = addDays(new Date(r.due_at), body.days).toISOString();
          r.history.push({ action: 'extend', statusId: r.status_id, note: body.reason, by: userName(session.user.id), at: now() });
          return { request: detail(r) };
        }),
    }),
    route({
      method: 'put',
      url: '/consents/datasubject/assign',
      access: write,
      body: dsrAssignBody,
      handler: ({ session, body }) => {
        const r = own(session.user.companyId, body.requestId);
        if (body.assigneeId && !data().users.some((u) => u.id === body.assigneeId && u.companyId === session.user.companyId && !u.disabled && !u.subId)) {
          throw new Failure(400, 'dsr_assignee_unknown');
        }
        r.assignee_id = body.assigneeId;
        r.history.push({ action: 'assign', statusId: r.status_id, note: userName(body.assigneeId) ?? '-', by: userName(session.user.id), at: now() });
        return { request: detail(r) };
      },
    }),
    route({
      method: 'get',
      url: '/consents/datasubject/assignees',
      access: read,
      handler: ({ session }) => ({
        assignees: data()
          .users.filter((u) => u.companyId === session.user.companyId && !u.disabled && !u.subId)
          .map((u) => ({ _id: u.id, name: userName(u.id) ?? u.username })),
      }),
    }),
    route({
      method: 'get',
      url: '/consents/datasubject/export',
      access: read,
      query: dsrExportQuery,
      handler: ({ req, session, query, res, lang }) => {
        const rows = sorted(session.user.companyId).filter((r) => matches(r, query)).map(withAssignee);
        recordFakeExport(data(), { req, session }, 'dsr_requests', rows.map((r) => r.id), { format: 'csv', filters: query });
        res.setHeader('content-type', 'text/csv; charset=utf-8');
        res.setHeader('content-disposition', 'attachment; filename="data-subject-requests.csv"');
        res.end(dsrCsv(rows, lang));
        return undefined;
      },
    }),
    route({
      method: 'get',
      url: '/consents/datasubject/file',
      access: read,
      query: dsrFileQuery,
      handler: ({ req, session, query, res }) => {
        const r = own(session.user.companyId, query.requestId);
        const f = r.files.find((x) => x.id === query.fileId);
        if (!f) throw new Failure(404, 'not_found');
        recordFakeExport(data(), { req, session }, 'dsr_files', [f.id], { requestId: query.requestId, name: f.name });
        res.setHeader('content-type', f.mime);
        res.setHeader('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`);
        res.end(f.bytes);
        return undefined;
      },
    }),
  ];
}

