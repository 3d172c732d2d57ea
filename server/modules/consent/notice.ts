import { createHash, randomBytes } from 'node:crypto';
import { displayName } from '../../../contract/people';
import {
  LAWFUL_BASES,
  consentDraft,
  type ConsentDraft,
  type FrozenItem,
  type FrozenTransfer,
  type PublishedNotice,
  type S23Item,
  itemNameIn,
} from '../../../contract/consent';
import type { Queryable } from '../../db/client';
import { ApiError, fieldError } from '../../http/errors';

/** JSON with its keys sorted: the same content always gives the same text, hence the same hash. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** A version's text hash: the SHA-256 of its content's canonical text (keys absent stay absent). */
export const noticeHash = (content: unknown) => sha256(canonical(content));
/** The unguessable part of a public consent page's address. */
export const newFormRef = () => randomBytes(9).toString('base64url');

/** Every item id a draft names. */
export function itemIdsOf(draft: ConsentDraft): string[] {
  const c = draft.consent;
  return [...new Set([...draft.objective, ...c.form, ...c.list, ...c.purposes.flatMap((p) => [...p.data, ...p.list])])];
}

export interface ItemRow {
  id: string;
  name: string;
  name_en: string;
  sensitive: boolean;
}

/**
 * The items as a version freezes them, by id. The English name is frozen only when there is one: a
 * version of items without English is exactly what it was before items had English names, so the
 * versions published then still verify against their hash.
 */
export function freezeItems(rows: ItemRow[]): Record<string, FrozenItem> {
  return Object.fromEntries(
    rows.map((r) => [r.id, { _id: r.id, name: r.name, ...(r.name_en.trim() ? { name_en: r.name_en.trim() } : {}), sensitive: r.sensitive }]),
  );
}

/**
 * Checks the draft names only the company's own items and a DPO of the company (else 400), and
 * returns it with the DPO's name as the company knows it.
 */
export async function checkDraft(q: Queryable, companyId: string, draft: ConsentDraft): Promise<ConsentDraft> {
  const ids = itemIdsOf(draft);
  if (ids.length) {
    const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from consent_items where company_id = $1 and id = any($2::uuid[])', [
      companyId,
      ids,
    ]);
    if (n !== ids.length) throw new ApiError(400, 'consent_unknown_item');
  }
  const entries = draft.tranfer.entries ?? [];
  if (entries.length) {
    if (new Set(entries).size !== entries.length) throw fieldError('draft.tranfer.entries', 'consent_unknown_transfer');
    const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from transfers where company_id = $1 and id = any($2::uuid[])', [
      companyId,
      entries,
    ]);
    if (n !== entries.length) throw fieldError('draft.tranfer.entries', 'consent_unknown_transfer');
  }
  const purposeIds = draft.consent.purposes.map((p) => p._id);
  if (new Set(purposeIds).size !== purposeIds.length) throw new ApiError(400, 'consent_duplicate_purpose');
  if (!draft.dpo._id) return { ...draft, dpo: { _id: '', name: '' } };
  // the DPO is an appointment of the company (GET /user/dpoList, menu 4); drafts of old named a person
  const [appointment] = await q.query<{ name: string }>('select name from dpo_appointments where id::text = $1 and company_id = $2', [
    draft.dpo._id,
    companyId,
  ]);
  if (appointment) return { ...draft, dpo: { _id: draft.dpo._id, name: appointment.name } };
  const [dpo] = await q.query<{ firstname: string; lastname: string; username: string }>(
    'select firstname, lastname, username from users where id::text = $1 and company_id = $2 and not disabled',
    [draft.dpo._id, companyId],
  );
  if (!dpo) throw new ApiError(400, 'consent_unknown_dpo');
  return { ...draft, dpo: { _id: draft.dpo._id, name: displayName(dpo) } };
}

interface CompanyDetail {
  nameTh?: string;
  nameEn?: string;
  address?: string;
  email?: string;
  phone?: string;
  dpoContact?: { name?: string; email?: string; phone?: string };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * A draft's free text of a transfer (before the register) may stay or be cleared, never be newly typed:
 * a new transfer is chosen from the register, with its basis and evidence. `before` is the stored
 * draft (none for a new notice).
 */
export function refuseNewFreeTransfer(before: ConsentDraft | undefined, after: ConsentDraft) {
  const was = before?.tranfer;
  const now = after.tranfer;
  if (now.country.trim() && now.country.trim() !== was?.country.trim()) throw fieldError('draft.tranfer.country', 'transfers_free_text');
  if (now.mechanism && now.mechanism !== was?.mechanism) throw fieldError('draft.tranfer.mechanism', 'transfers_free_text');
  const en = after.en?.country.trim();
  if (en && en !== before?.en?.country.trim()) throw fieldError('draft.en.country', 'transfers_free_text');
}

/** The s.23 items the draft (with the company's contacts) still lacks, in S23_ITEMS order. */
export function missingItems(draft: ConsentDraft, notice: Pick<PublishedNotice, 'controller' | 'dpo' | 'transfers'>): S23Item[] {
  const missing: S23Item[] = [];
  const c = draft.consent;
  if (!draft.header.projectName.trim()) missing.push('projectName');
  if (!draft.objective.length || (draft.forConsent.active && (!c.purposes.length || c.purposes.some((p) => !p.list.length))))
    missing.push('purposes');
  if (!LAWFUL_BASES.some((b) => draft[b.key].active)) missing.push('basis');
  if (!c.list.length) missing.push('data');
  if (!draft.security.number) missing.push('retention');
  const d = draft.disclosure;
  if (d.active && !(d.thirdParty && d.thirdPartyRemark.some((r) => r.name.trim())) && !(d.public && d.publicRemark.some((r) => r.name.trim()))) {
    missing.push('recipients');
  }
  // told from the register (each with its basis), or by the free text of old (a country and a mechanism)
  const t = draft.tranfer;
  const registered = Boolean(notice.transfers?.length) && notice.transfers!.every((x) => x.basis);
  const free = Boolean(t.country.trim() && t.mechanism);
  if (t.active && !(notice.transfers?.length ? registered : free)) missing.push('transfer');
  const ctl = notice.controller;
  if (!ctl.name || !ctl.address || !(ctl.email || ctl.phone)) missing.push('controller');
  if (!notice.dpo.name || !(notice.dpo.email || notice.dpo.phone)) missing.push('dpo');
  return missing;
}

/**
 * The notice as publishing would freeze it: the draft, the names of its items as they are now,
 * the controller's and the DPO's contacts, and each purpose's hash (its meaning: the names of its
 * consent list and data, and whether it is explicit).
 */
export async function buildNotice(q: Queryable, companyId: string, draft: ConsentDraft) {
  const [company] = await q.query<{ detail: CompanyDetail }>('select detail from companies where id = $1', [companyId]);
  const detail = company?.detail ?? {};
  const dpoContact = detail.dpoContact ?? {};
  // the chosen appointment's contact for data subjects (menu 4); without a choice, the current appointment's
  const [appointment] = await q.query<{ name: string; contact_email: string; contact_phone: string }>(
    `select name, contact_email, contact_phone from dpo_appointments
      where company_id = $1 and (case when $2 = '' then ended_on is null else id::text = $2 end)`,
    [companyId, draft.dpo._id],
  );
  let dpo: { name: string; email: string; phone: string };
  if (appointment) {
    dpo = { name: appointment.name, email: text(appointment.contact_email), phone: text(appointment.contact_phone) };
  } else if (draft.dpo._id) {
    // a draft of old naming a person: their e-mail, else the company's DPO contact
    const [user] = await q.query<{ email: string | null }>('select email from users where id::text = $1 and company_id = $2', [
      draft.dpo._id,
      companyId,
    ]);
    dpo = { name: draft.dpo.name, email: text(user?.email) || text(dpoContact.email), phone: text(dpoContact.phone) };
  } else {
    dpo = { name: text(dpoContact.name), email: text(dpoContact.email), phone: text(dpoContact.phone) };
  }
  const controller = {
    name: text(detail.nameTh),
    nameEn: text(detail.nameEn),
    address: text(detail.address),
    email: text(detail.email),
    phone: text(detail.phone),
  };
  const ids = itemIdsOf(draft);
  const rows = ids.length
    ? await q.query<ItemRow>('select id, name, name_en, sensitive from consent_items where company_id = $1 and id = any($2::uuid[])', [
        companyId,
        ids,
      ])
    : [];
  const items = freezeItems(rows);
  const transfers = await freezeTransfers(q, companyId, draft);
  // a purpose's meaning is its Thai text: an English name added or reworded later asks nobody to consent again
  const purposes = draft.consent.purposes.map((p) => {
    const explicit = p.data.some((i) => items[i]?.sensitive) || p.list.some((i) => items[i]?.sensitive);
    const meaning = { list: p.list.map((i) => items[i]?.name ?? ''), data: p.data.map((i) => items[i]?.name ?? ''), explicit };
    return { _id: p._id, explicit, hash: sha256(canonical(meaning)) };
  });
  return { controller, dpo, draft, items, purposes, ...(transfers.length ? { transfers } : {}) };
}

/**
 * The register's transfers a draft names, as they stand, in the draft's order. Only when it tells of
 * transfers (switched on): a version that names none has no such key, so its hash is what it was.
 */
async function freezeTransfers(q: Queryable, companyId: string, draft: ConsentDraft): Promise<FrozenTransfer[]> {
  const ids = draft.tranfer.active ? (draft.tranfer.entries ?? []) : [];
  if (!ids.length) return [];
  const rows = await q.query<FrozenTransfer>('select id, country, importer, basis from transfers where company_id = $1 and id = any($2::uuid[])', [
    companyId,
    ids,
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: r.id, country: r.country, importer: r.importer, basis: r.basis }] : [];
  });
}

/** A transfer taken out of the register leaves every notice's draft that named it (the versions published keep it). */
export async function dropTransferFromDrafts(q: Queryable, companyId: string, transferId: string) {
  await q.query(
    `update consent_forms set draft = jsonb_set(draft, '{tranfer,entries}', (draft->'tranfer'->'entries') - $2::text)
      where company_id = $1 and draft->'tranfer'->'entries' ? $2::text`,
    [companyId, transferId],
  );
}
export type NoticeContent = Awaited<ReturnType<typeof buildNotice>>;

export interface VersionRow {
  id: string;
  form_id: string;
  form_ref: string;
  company_id: string;
  version: number;
  content: NoticeContent;
  text_hash: string;
  published_at: Date | string;
}

/** The reply's notice: the frozen content of one version. */
export const toNotice = (v: VersionRow): PublishedNotice => ({
  formId: v.form_id,
  formRef: v.form_ref,
  companyId: v.company_id,
  version: v.version,
  textHash: v.text_hash,
  published_dt: new Date(v.published_at).toISOString(),
  ...v.content,
  draft: consentDraft.parse(v.content.draft),
});

export const VERSION_COLUMNS = 'v.id, v.form_id, f.form_ref, v.company_id, v.version, v.content, v.text_hash, v.published_at';

/** The latest published version of a form, found by `where` over `consent_forms f`. */
export async function latestVersion(q: Queryable, where: string, params: unknown[]): Promise<VersionRow | undefined> {
  const [row] = await q.query<VersionRow>(
    `select ${VERSION_COLUMNS} from consent_forms f join consent_form_versions v on v.form_id = f.id and v.company_id = f.company_id
      where ${where} order by v.version desc limit 1`,
    params,
  );
  return row;
}

/** Publishes the form's draft as its next version (400 with the missing s.23 items; 409 when nothing changed). */
export async function publishForm(q: Queryable, companyId: string, formId: string, userId: string | null) {
  const [form] = await q.query<{ draft: unknown }>('select draft from consent_forms where id = $1 and company_id = $2 for update', [
    formId,
    companyId,
  ]);
  if (!form) return undefined;
  const draft = await checkDraft(q, companyId, consentDraft.parse(form.draft));
  const content = await buildNotice(q, companyId, draft);
  const missing = missingItems(draft, content);
  if (missing.length) throw new MissingItems(missing);
  const textHash = noticeHash(content);
  const latest = await latestVersion(q, 'f.id = $1 and f.company_id = $2', [formId, companyId]);
  if (latest?.text_hash === textHash) throw new ApiError(409, 'consent_no_change');
  const [row] = await q.query<{ version: number; published_at: Date }>(
    `insert into consent_form_versions (company_id, form_id, version, content, text_hash, published_by)
     values ($1, $2, $3, $4, $5, $6) returning version, published_at`,
    [companyId, formId, (latest?.version ?? 0) + 1, JSON.stringify(content), textHash, userId],
  );
  return { version: row.version, textHash, published_dt: new Date(row.published_at).toISOString() };
}

/** Publishing refused: which s.23 items are missing (the route words them in the reader's language). */
export class MissingItems extends Error {
  constructor(readonly missing: S23Item[]) {
    super('missing s.23 items');
  }
}

/** The draft without one item: the seed's rule for an item switched off (objective, source, consent list, purposes). */
export function draftWithout(draft: ConsentDraft, itemId: string): ConsentDraft {
  const keep = (ids: string[]) => ids.filter((i) => i !== itemId);
  return {
    ...draft,
    objective: keep(draft.objective),
    consent: {
      ...draft.consent,
      form: keep(draft.consent.form),
      list: keep(draft.consent.list),
      purposes: draft.consent.purposes.map((p) => ({ ...p, data: keep(p.data), list: keep(p.list) })),
    },
  };
}

/** A purpose's label: the names of its consent list, as the form's latest version has them. */
export function purposeLabel(content: NoticeContent | undefined, purposeId: string, lang: string = 'th'): string {
  const purpose = content?.draft.consent.purposes.find((p) => p._id === purposeId);
  if (!purpose) return purposeId;
  return (
    purpose.list
      .map((i) => itemNameIn(content!.items[i], lang))
      .filter(Boolean)
      .join(', ') || purposeId
  );
}
