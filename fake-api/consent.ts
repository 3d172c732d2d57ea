/**
 * Privacy notices and consent (menu 5) in the fake: server/modules/consent's calls with its shapes,
 * statuses and messages, in memory (items, notices, versions, records), with the same demo notice.
 */
import { randomUUID } from 'node:crypto';
import { displayName } from '../contract/people';
import {
  ADULT_AGE,
  GUARDIAN_SOLE_AGE,
  consentDraft,
  consentGiveBody,
  consentStaffGiveBody,
  consentStaffWithdrawBody,
  type ConsentGiveBody,
  type ConsentWithdrawBody,
  consentItemCreateBody,
  consentItemParams,
  consentItemUpdateBody,
  consentObjectQuery,
  consentRecordListQuery,
  consentStoreQuery,
  consentWithdrawBody,
  emptyDraft,
  formDetailQuery,
  formIdBody,
  formListQuery,
  formSaveBody,
  publicFormParams,
  publicPolicyParams,
  versionQuery,
  type ConsentDraft,
  type ConsentItemType,
  type PublishedNotice,
} from '../contract/consent';
import { MENU } from '../contract/menus';
import { th, en } from '../i18n';
import { serverMessage } from '../server/http/messages';
import { canonical, draftWithout, itemIdsOf, missingItems, newFormRef, purposeLabel, sha256, type NoticeContent } from '../server/modules/consent/notice';
import { consentCsvHead, consentCsvLine } from '../server/modules/consent/records';
import { Failure, now, route, type FakeData } from './routes';
import { recordFakeExport } from './audit';
import { AUDIT_ENTITY } from '../contract/audit';

const read = { menuId: MENU.consents.menuId } as const;
const write = { ...read, write: true } as const;
const notFound = () => new Failure(404, 'not_found');

interface Item { id: string; companyId: string; type: ConsentItemType; name: string; sensitive: boolean; status: boolean; createdAt: string }
interface Form { id: string; companyId: string; formRef: string; draft: ConsentDraft; updatedAt: string }
interface Version { id: string; formId: string; companyId: string; version: number; content: NoticeContent; textHash: string; publishedAt: string }
interface Rec {
  id: string; companyId: string; formId: string; versionId: string; version: number; textHash: string; purposeId: string; purposeHash: string;
  subjectId: string; email: string; name: string; action: 'given' | 'withdrawn'; explicit: boolean; channel: string; lang: string;
  guardian: { name: string; relation: string; sole: boolean } | null; age: number | null; createdAt: string;
  recordedBy: string | null; reference: string | null;
}
interface Store { items: Item[]; forms: Form[]; versions: Version[]; records: Rec[] }

const lower = (s: string) => s.toLowerCase();
const matches = (search: string | undefined, ...texts: string[]) => !search || texts.some((t) => lower(t).includes(lower(search)));
const newestFirst = <T extends { id: string }>(at: (r: T) => string) => (a: T, b: T) => at(b).localeCompare(at(a)) || b.id.localeCompare(a.id);
const pageOf = <T>(rows: T[], q: { currentPage: number; limit: number }) => rows.slice((q.currentPage - 1) * q.limit, q.currentPage * q.limit);
const toItem = (i: Item) => ({ _id: i.id, name: i.name, sensitive: i.sensitive, status: i.status, created_dt: i.createdAt });
const latest = (s: Store, formId: string) => s.versions.filter((v) => v.formId === formId).sort((a, b) => b.version - a.version)[0];

export function consentRoutes(fakeData: () => FakeData) {
  // this fake's own rows, made (with the demo notice) on first use
  let kept: Store | undefined;
  const store = (): Store => kept ?? seed(fakeData());
  const data = { get users() { return fakeData().users; }, get companies() { return fakeData().companies; } };

  function checkDraft(companyId: string, draft: ConsentDraft): ConsentDraft {
    const s = store();
    if (itemIdsOf(draft).some((id) => !s.items.some((i) => i.id === id && i.companyId === companyId))) throw new Failure(400, 'consent_unknown_item');
    const ids = draft.consent.purposes.map((p) => p._id);
    if (new Set(ids).size !== ids.length) throw new Failure(400, 'consent_duplicate_purpose');
    if (!draft.dpo._id) return { ...draft, dpo: { _id: '', name: '' } };
    const user = data.users.find((u) => u.id === draft.dpo._id && u.companyId === companyId && !u.disabled);
    if (!user) throw new Failure(400, 'consent_unknown_dpo');
    return { ...draft, dpo: { _id: user.id, name: displayName(user) } };
  }

  function buildNotice(companyId: string, draft: ConsentDraft): NoticeContent {
    const detail = (data.companies.find((c) => c.id === companyId)?.detail ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const dpoContact = (detail.dpoContact ?? {}) as Record<string, unknown>;
    const user = draft.dpo._id ? data.users.find((u) => u.id === draft.dpo._id) : undefined;
    const dpo = draft.dpo._id
      ? { name: draft.dpo.name, email: text(user?.email) || text(dpoContact.email), phone: text(dpoContact.phone) }
      : { name: text(dpoContact.name), email: text(dpoContact.email), phone: text(dpoContact.phone) };
    const controller = { name: text(detail.nameTh), nameEn: text(detail.nameEn), address: text(detail.address), email: text(detail.email), phone: text(detail.phone) };
    const ids = itemIdsOf(draft);
    const items = Object.fromEntries(
      store().items.filter((i) => i.companyId === companyId && ids.includes(i.id)).map((i) => [i.id, { _id: i.id, name: i.name, sensitive: i.sensitive }]),
    );
    const purposes = draft.consent.purposes.map((p) => {
      const explicit = p.data.some((i) => items[i]?.sensitive) || p.list.some((i) => items[i]?.sensitive);
      const meaning = { list: p.list.map((i) => items[i]?.name ?? ''), data: p.data.map((i) => items[i]?.name ?? ''), explicit };
      return { _id: p._id, explicit, hash: sha256(canonical(meaning)) };
    });
    return { controller, dpo, draft, items, purposes };
  }

  function publish(companyId: string, formId: string, lang: 'th' | 'en') {
    const s = store();
    const form = s.forms.find((f) => f.id === formId && f.companyId === companyId);
    if (!form) throw notFound();
    const draft = checkDraft(companyId, form.draft);
    const content = buildNotice(companyId, draft);
    const missing = missingItems(draft, content);
    if (missing.length) {
      const names = (lang === 'en' ? en : th).consent.s23;
      const msg = serverMessage(lang, 'consent_incomplete', { missing: missing.map((m) => names[m]).join(', ') });
      throw new Failure(400, 'consent_incomplete', {}, { status: 400, msg, missing });
    }
    const textHash = sha256(canonical(content));
    const last = latest(s, formId);
    if (last?.textHash === textHash) throw new Failure(409, 'consent_no_change');
    const v: Version = { id: randomUUID(), formId, companyId, version: (last?.version ?? 0) + 1, content: structuredClone(content), textHash, publishedAt: now() };
    s.versions.push(v);
    return { version: v.version, textHash, published_dt: v.publishedAt };
  }

  const toNotice = (v: Version): PublishedNotice => {
    const form = store().forms.find((f) => f.id === v.formId)!;
    return { formId: v.formId, formRef: form.formRef, companyId: v.companyId, version: v.version, textHash: v.textHash, published_dt: v.publishedAt, ...structuredClone(v.content) };
  };

  function itemList(companyId: string, type: ConsentItemType, q: { search?: string; active?: string; currentPage: number; limit: number }) {
    const rows = store()
      .items.filter((i) => i.companyId === companyId && i.type === type && matches(q.search, i.name) && (!q.active || String(i.status) === q.active))
      .sort(newestFirst((i) => i.createdAt));
    return { consents: pageOf(rows, q).map(toItem), totalDoc: rows.length };
  }

  const publishedByRef = (formRef: string, formId: string) => {
    const s = store();
    const form = s.forms.find((f) => f.id === formId && f.formRef === formRef);
    const v = form && latest(s, form.id);
    if (!v) throw notFound();
    return v;
  };

  const key = (r: Rec) => `${r.formId}|${r.subjectId}|${r.email}|${r.purposeId}`;
  function currentRows(companyId: string) {
    const s = store();
    const last = new Map<string, Rec>();
    for (const r of s.records.filter((x) => x.companyId === companyId).sort((a, b) => a.createdAt.localeCompare(b.createdAt))) last.set(key(r), r);
    return [...last.values()].map((r) => {
      const v = latest(s, r.formId);
      const current = v?.content.purposes.find((p) => p._id === r.purposeId);
      const state = r.action === 'withdrawn' ? 'withdrawn' : current?.hash === r.purposeHash ? 'given' : 'reconsent';
      return { r, state: state as 'given' | 'withdrawn' | 'reconsent', content: v?.content };
    });
  }
  const recordMatches = (r: Rec, q: { search?: string; formId?: string }) => matches(q.search, r.subjectId, r.email, r.name) && (!q.formId || r.formId === q.formId);
  const event = (r: Rec) => ({
    action: r.action, version: r.version, textHash: r.textHash, channel: r.channel, lang: r.lang, explicit: r.explicit,
    guardian: r.guardian ? { name: r.guardian.name, relation: r.guardian.relation } : null,
    recordedBy: recorderName(r), reference: r.reference, created_dt: r.createdAt,
  });
  const recorderName = (r: Rec) => {
    const u = r.recordedBy ? fakeData().users.find((x) => x.id === r.recordedBy) : undefined;
    return u ? displayName(u) : null;
  };
  type Through = { channel: string; recordedBy: string | null; reference: string | null };
  const WEB: Through = { channel: 'web', recordedBy: null, reference: null };
  const addRecord = (
    v: Version,
    p: { _id: string; hash: string; explicit: boolean },
    fields: Pick<Rec, 'subjectId' | 'email' | 'name' | 'action' | 'lang' | 'guardian' | 'age'>,
    through: Through = WEB,
  ) =>
    store().records.push({
      id: randomUUID(), companyId: v.companyId, formId: v.formId, versionId: v.id, version: v.version, textHash: v.textHash, purposeId: p._id,
      purposeHash: p.hash, explicit: p.explicit, createdAt: now(), ...fields, ...through,
    });
  /** The server's recordGiven (server/modules/consent/give.ts). */
  const recordGiven = (v: Version, body: ConsentGiveBody, through: Through) => {
    if (v.version !== body.version) throw new Failure(409, 'consent_version_changed');
    const purposes = new Map(v.content.purposes.map((p) => [p._id, p]));
    if (body.purposes.some((p) => !purposes.has(p._id))) throw new Failure(400, 'consent_unknown_purpose');
    const ticked = body.purposes.filter((p) => p.consent);
    if (!ticked.length) throw new Failure(400, 'consent_nothing_ticked');
    if (body.age < ADULT_AGE && !body.guardian) throw new Failure(400, 'consent_guardian_required');
    const guardian = body.guardian ? { name: body.guardian.name, relation: body.guardian.relation, sole: body.age < GUARDIAN_SOLE_AGE } : null;
    for (const p of ticked) addRecord(v, purposes.get(p._id)!, { subjectId: body.subjectId, email: body.email, name: body.name, action: 'given', lang: body.lang, guardian, age: body.age }, through);
    return { data: { given: ticked.map((p) => p._id), version: v.version, textHash: v.textHash } };
  };
  /** The server's recordWithdrawn. */
  const recordWithdrawn = (v: Version, body: ConsentWithdrawBody, through: Through) => {
    const purposes = new Map(v.content.purposes.map((p) => [p._id, p]));
    if (body.purposes.some((id) => !purposes.has(id))) throw new Failure(400, 'consent_unknown_purpose');
    const withdrawn: string[] = [];
    for (const id of new Set(body.purposes)) {
      const mine = store().records.filter((r) => r.formId === v.formId && r.subjectId === body.subjectId && r.email === body.email && r.purposeId === id);
      if (mine.at(-1)?.action !== 'given') continue;
      addRecord(v, purposes.get(id)!, { subjectId: body.subjectId, email: body.email, name: '', action: 'withdrawn', lang: body.lang, guardian: null, age: null }, through);
      withdrawn.push(id);
    }
    return { data: { withdrawn } };
  };
  /** The current version of one of the session's company's forms, or a 404. */
  const ownLatest = (companyId: string, formId: string) => {
    const s = store();
    const f = s.forms.find((x) => x.id === formId && x.companyId === companyId);
    const v = f && latest(s, f.id);
    if (!v) throw notFound();
    return v;
  };

  return [
    route({ method: 'get', url: '/consents/object', access: read, query: consentObjectQuery, handler: ({ session, query }) => itemList(session.user.companyId, query.type, query) }),
    route({ method: 'get', url: '/consents/list', access: read, query: consentStoreQuery, handler: ({ session, query }) => itemList(session.user.companyId, 'store', query) }),
    route({
      method: 'post',
      url: '/consents/object',
      access: write,
      body: consentItemCreateBody,
      handler: ({ session, body }) => {
        const item: Item = { id: randomUUID(), companyId: session.user.companyId, type: body.type, name: body.name, sensitive: body.sensitive, status: body.status, createdAt: now() };
        store().items.push(item);
        return { data: toItem(item) };
      },
    }),
    route({
      method: 'put',
      url: '/consents/object/:itemId',
      access: write,
      params: consentItemParams,
      body: consentItemUpdateBody,
      handler: ({ session, params, body }) => {
        const s = store();
        const item = s.items.find((i) => i.id === params.itemId && i.companyId === session.user.companyId);
        if (!item) throw notFound();
        Object.assign(item, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
        if (body.status === false) {
          for (const f of s.forms.filter((x) => x.companyId === item.companyId && itemIdsOf(x.draft).includes(item.id))) {
            f.draft = draftWithout(f.draft, item.id);
            f.updatedAt = now();
          }
        }
        return { data: toItem(item) };
      },
    }),
    route({
      method: 'delete',
      url: '/consents/object/:itemId',
      access: write,
      params: consentItemParams,
      handler: ({ session, params }) => {
        const s = store();
        const item = s.items.find((i) => i.id === params.itemId && i.companyId === session.user.companyId);
        if (!item) throw notFound();
        const used = s.forms.some((f) => f.companyId === item.companyId && JSON.stringify(f.draft).includes(item.id)) ||
          s.versions.some((v) => v.companyId === item.companyId && JSON.stringify(v.content).includes(item.id));
        if (used) throw new Failure(409, 'consent_item_in_use');
        s.items.splice(s.items.indexOf(item), 1);
        return {};
      },
    }),

    route({
      method: 'get',
      url: '/consents/form/list',
      access: read,
      query: formListQuery,
      handler: ({ session, query }) => {
        const s = store();
        const rows = s.forms
          .filter((f) => f.companyId === session.user.companyId && matches(query.search, f.draft.header.projectName))
          .sort(newestFirst((f) => f.updatedAt));
        return {
          formlist: pageOf(rows, query).map((f) => {
            const v = latest(s, f.id);
            return {
              _id: f.id, formRef: f.formRef, projectName: f.draft.header.projectName, dpo: f.draft.dpo.name, version: v?.version ?? null,
              published_dt: v?.publishedAt ?? null, changed: Boolean(v && canonical(v.content.draft) !== canonical(f.draft)), updated_dt: f.updatedAt,
            };
          }),
          totalItem: { count: rows.length },
        };
      },
    }),
    route({
      method: 'get',
      url: '/consents/form/detail',
      access: read,
      query: formDetailQuery,
      handler: ({ session, query }) => {
        const s = store();
        const f = s.forms.find((x) => x.id === query.formId && x.companyId === session.user.companyId);
        if (!f) throw notFound();
        const versions = s.versions.filter((v) => v.formId === f.id).sort((a, b) => b.version - a.version);
        return {
          data: { _id: f.id, formRef: f.formRef, companyId: f.companyId, draft: structuredClone(f.draft), versions: versions.map((v) => ({ version: v.version, textHash: v.textHash, published_dt: v.publishedAt })) },
        };
      },
    }),
    route({
      method: 'post',
      url: '/consents/form/save',
      access: write,
      body: formSaveBody,
      handler: ({ session, body }) => {
        const s = store();
        const draft = checkDraft(session.user.companyId, body.draft);
        if (!body.formId) {
          const f: Form = { id: randomUUID(), companyId: session.user.companyId, formRef: newFormRef(), draft, updatedAt: now() };
          s.forms.push(f);
          return { data: { _id: f.id, draft } };
        }
        const f = s.forms.find((x) => x.id === body.formId && x.companyId === session.user.companyId);
        if (!f) throw notFound();
        Object.assign(f, { draft, updatedAt: now() });
        return { data: { _id: f.id, draft } };
      },
    }),
    route({ method: 'post', url: '/consents/form/publish', access: write, body: formIdBody, handler: ({ session, body, lang }) => ({ data: publish(session.user.companyId, body.formId, lang) }) }),
    route({
      method: 'get',
      url: '/consents/form/version',
      access: read,
      query: versionQuery,
      handler: ({ session, query }) => {
        const v = store().versions.find((x) => x.formId === query.formId && x.companyId === session.user.companyId && x.version === query.version);
        if (!v) throw notFound();
        return { notice: toNotice(v) };
      },
    }),
    route({
      method: 'post',
      url: '/consents/form/delete',
      access: write,
      body: formIdBody,
      handler: ({ session, body }) => {
        const s = store();
        const f = s.forms.find((x) => x.id === body.formId && x.companyId === session.user.companyId);
        if (!f) throw notFound();
        if (latest(s, f.id)) throw new Failure(409, 'consent_form_published');
        s.forms.splice(s.forms.indexOf(f), 1);
        return {};
      },
    }),

    route({
      method: 'get',
      url: '/consents/manage/list',
      access: read,
      query: consentRecordListQuery,
      handler: ({ session, query }) => {
        const s = store();
        const rows = currentRows(session.user.companyId)
          .filter(({ r, state }) => recordMatches(r, query) && (!query.state || state === query.state))
          .sort((a, b) => b.r.createdAt.localeCompare(a.r.createdAt) || b.r.id.localeCompare(a.r.id));
        return {
          consentlist: pageOf(rows, query).map(({ r, state, content }) => {
            const history = s.records.filter((h) => key(h) === key(r)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
            const form = s.forms.find((f) => f.id === r.formId)!;
            return {
              _id: r.id, formId: r.formId, projectName: form.draft.header.projectName, subjectId: r.subjectId,
              name: history.filter((h) => h.name).at(-1)?.name ?? r.name, email: r.email, purposeId: r.purposeId,
              purpose: purposeLabel(content, r.purposeId), state, version: r.version, updated_dt: r.createdAt, history: history.map(event),
            };
          }),
          totalItem: { count: rows.length },
        };
      },
    }),
    route({
      method: 'get',
      url: '/consents/manage/export',
      access: read,
      query: consentRecordListQuery.omit({ state: true }),
      handler: ({ req, session, query, lang, res }) => {
        const s = store();
        recordFakeExport(fakeData(), { req, session }, AUDIT_ENTITY.consentRecords, [], { format: 'csv', filters: query });
        let csv = consentCsvHead(lang);
        for (const r of s.records.filter((x) => x.companyId === session.user.companyId && recordMatches(x, query)).sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
          const form = s.forms.find((f) => f.id === r.formId)!;
          const row = {
            created_at: r.createdAt, project_name: form.draft.header.projectName, version: r.version, text_hash: r.textHash, purpose_id: r.purposeId,
            subject_id: r.subjectId, name: r.name, email: r.email, action: r.action, explicit: r.explicit, channel: r.channel, lang: r.lang,
            guardian: r.guardian, age: r.age, recorded_by_name: recorderName(r), reference: r.reference,
          };
          csv += consentCsvLine(row, purposeLabel(latest(s, r.formId)?.content, r.purposeId), lang);
        }
        res.status(200);
        res.setHeader('content-type', 'text/csv; charset=utf-8');
        res.setHeader('content-disposition', 'attachment; filename="consent-records.csv"');
        res.end(csv);
        return undefined;
      },
    }),

    route({ method: 'get', url: '/consents/public/form/:formRef/:formId', access: 'public', params: publicFormParams, handler: ({ params }) => ({ notice: toNotice(publishedByRef(params.formRef, params.formId)) }) }),
    route({
      method: 'get',
      url: '/consents/public/policy/:companyId/:formId',
      access: 'public',
      params: publicPolicyParams,
      handler: ({ params }) => {
        const s = store();
        const f = s.forms.find((x) => x.id === params.formId && x.companyId === params.companyId);
        const v = f && latest(s, f.id);
        if (!v) throw notFound();
        return { notice: toNotice(v) };
      },
    }),
    route({
      method: 'post',
      url: '/consents/public/form/:formRef/:formId',
      access: 'public',
      params: publicFormParams,
      body: consentGiveBody,
      handler: ({ params, body }) => recordGiven(publishedByRef(params.formRef, params.formId), body, WEB),
    }),
    route({
      method: 'post',
      url: '/consents/public/withdraw/:formRef/:formId',
      access: 'public',
      params: publicFormParams,
      body: consentWithdrawBody,
      handler: ({ params, body }) => recordWithdrawn(publishedByRef(params.formRef, params.formId), body, WEB),
    }),
    route({
      method: 'post',
      url: '/consents/manage/give',
      access: write,
      body: consentStaffGiveBody,
      handler: ({ session, body }) =>
        recordGiven(ownLatest(session.user.companyId, body.formId), body, { channel: body.channel, recordedBy: session.user.id, reference: body.reference }),
    }),
    route({
      method: 'post',
      url: '/consents/manage/withdraw',
      access: write,
      body: consentStaffWithdrawBody,
      handler: ({ session, body }) =>
        recordWithdrawn(ownLatest(session.user.companyId, body.formId), body, { channel: body.channel, recordedBy: session.user.id, reference: body.reference }),
    }),
  ];

  /** The demo notice of server/modules/consent/demo.ts, for every company of db.json. */
  function seed(d: FakeData): Store {
    const s: Store = { items: [], forms: [], versions: [], records: [] };
    kept = s;
    const NAMES: [ConsentItemType, string, boolean][] = [
      ['source', 'แบบฟอร์มสมัครสมาชิกบนเว็บไซต์', false],
      ['objective', 'ส่งข่าวสารและสิทธิพิเศษทางอีเมล', false],
      ['objective', 'วิเคราะห์ความสนใจเพื่อแนะนำสินค้า', false],
      ['store', 'ชื่อ-นามสกุล', false],
      ['store', 'อีเมล', false],
      ['store', 'ประวัติการซื้อสินค้า', false],
    ];
    for (const company of d.companies) {
      const ids: Record<string, string> = {};
      for (const [type, name, sensitive] of NAMES) {
        const item: Item = { id: randomUUID(), companyId: company.id, type, name, sensitive, status: true, createdAt: now() };
        s.items.push(item);
        ids[name] = item.id;
      }
      const base = emptyDraft();
      const draft = consentDraft.parse({
        ...base,
        header: { projectName: 'สมาชิกร้านค้าออนไลน์', projectStatus: 'ดำเนินการ', projectActivity: 'สมัครสมาชิกและรับสิทธิพิเศษ' },
        forConsent: { active: true, remark: '' },
        objective: [ids['ส่งข่าวสารและสิทธิพิเศษทางอีเมล'], ids['วิเคราะห์ความสนใจเพื่อแนะนำสินค้า']],
        consent: {
          ...base.consent,
          form: [ids['แบบฟอร์มสมัครสมาชิกบนเว็บไซต์']],
          list: [ids['ชื่อ-นามสกุล'], ids['อีเมล'], ids['ประวัติการซื้อสินค้า']],
          purposes: [
            { _id: 'newsletter', data: [ids['ชื่อ-นามสกุล'], ids['อีเมล']], list: [ids['ส่งข่าวสารและสิทธิพิเศษทางอีเมล']] },
            { _id: 'profiling', data: [ids['ประวัติการซื้อสินค้า']], list: [ids['วิเคราะห์ความสนใจเพื่อแนะนำสินค้า']] },
          ],
        },
        security: { typeCount: 'ปี', number: 2, remark: '' },
      });
      const form: Form = { id: randomUUID(), companyId: company.id, formRef: newFormRef(), draft, updatedAt: now() };
      s.forms.push(form);
      publish(company.id, form.id, 'th');
      const v = latest(s, form.id);
      const p = (id: string) => v.content.purposes.find((x) => x._id === id)!;
      addRecord(v, p('newsletter'), { subjectId: 'CUST-0001', email: 'somchai@example.com', name: 'สมชาย ใจกว้าง', action: 'given', lang: 'th', guardian: null, age: null });
      addRecord(v, p('newsletter'), { subjectId: 'CUST-0002', email: 'suda@example.com', name: 'สุดา มีสุข', action: 'given', lang: 'th', guardian: null, age: null });
      addRecord(v, p('newsletter'), { subjectId: 'CUST-0002', email: 'suda@example.com', name: '', action: 'withdrawn', lang: 'th', guardian: null, age: null });
    }
    return s;
  }
}
