import {
  isSensitiveBasis,
  missingItems,
  ropaRecordFields,
  type RopaBody,
  type RopaDetail,
  type RopaRecordFields,
  type RopaRow,
  type RopaWarning,
} from '../../../contract/ropa';
import type { Queryable } from '../../db/client';
import { dpoContactOf } from '../dpo/rows';
import { DILIGENCE_WARNINGS } from '../processors/rows';
import { transfersOfLinks } from '../transfers/rows';
import type { TransferRecord } from '../../../contract/transfers';
import { LIA_BASIS } from '../../../contract/assessments';
import { iso, userNameSql } from '../../db/rows';
import { notFound } from '../../http/errors';
import { selfApproval } from '../../http/approval';
import { MENU } from '../../../contract/menus';
import { informTasksOf } from './inform';

interface ActivityRow {
  id: string;
  name: string;
  role: RopaRow['role'];
  state: RopaRow['state'];
  department_id: string | null;
  department: string | null;
  review_date: string;
  missing_count: number;
  approved_by: string | null;
  approved_name: string | null;
  approved_at: Date | string | null;
  updated_at: Date | string;
  total?: number;
}
interface DetailRow extends ActivityRow {
  record: RopaRecordFields;
  created_by: string | null;
  created_name: string | null;
  created_at: Date | string;
  submitted_by: string | null;
  submitted_name: string | null;
  submitted_at: Date | string | null;
  archived_by: string | null;
  archived_name: string | null;
  archived_at: Date | string | null;
}

const name = userNameSql;
/** A user's shown name in SQL, `u` being the alias of the `users` row. */
export const USER_NAME = name;
export const ROW_SELECT = `
  select a.id, a.name, a.role, a.state, a.department_id, d.name as department, to_char(a.review_date, 'YYYY-MM-DD') as review_date,
         a.missing_count, a.approved_by, ${name('ua')} as approved_name, a.approved_at, a.updated_at`;
export const ROW_FROM = `
    from ropa_activities a
    left join departments d on d.id = a.department_id
    left join users ua on ua.id = a.approved_by`;

const person = (id: string | null, n: string | null) => (id ? { id, name: n ?? '' } : null);
const isoOrNull = (at: Date | string | null) => (at ? iso(at) : null);

export const toRow = (r: ActivityRow): RopaRow => ({
  id: r.id,
  name: r.name,
  role: r.role,
  state: r.state,
  departmentId: r.department_id,
  department: r.department,
  reviewDate: r.review_date,
  missingCount: r.missing_count,
  approvedBy: person(r.approved_by, r.approved_name),
  approved_dt: isoOrNull(r.approved_at),
  updated_dt: iso(r.updated_at),
});

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The controller's details (s.39(3)) from the company settings. */
export async function controllerOf(q: Queryable, companyId: string, lang: 'th' | 'en' = 'th') {
  const [c] = await q.query<{ code: string; detail: Record<string, unknown> }>('select code, detail from companies where id = $1', [companyId]);
  const d = c?.detail ?? {};
  return {
    name: (lang === 'en' ? str(d.nameEn) || str(d.nameTh) : str(d.nameTh)) || c?.code || '',
    address: str(d.address),
    email: str(d.email),
    phone: str(d.phone),
  };
}

/** The DPO (s.39(3)): the person picked from `/user/dpoList`'s source, else the company settings' DPO contact. */
/** The DPO the record names (an appointment from `/user/dpoList`), else the company's: the DPO module's one source. */
const dpoOf = async (q: Queryable, companyId: string, dpoId: string) => {
  const { name, email, phone } = await dpoContactOf(q, companyId, dpoId);
  return { name, email, phone };
};

/**
 * The warnings no anchor gives: a sensitive category whose purposes rest on no s.26 basis, a transfer
 * abroad with no mechanism, a category the activity collects that no system of the data map holds, a
 * category no retention rule covers (the retention schedule), a processor without a signed agreement in
 * force (s.40: the processors' due diligence, by its own rule).
 */
export async function warningsOf(
  q: Queryable,
  companyId: string,
  categoryIds: string[],
  record: RopaRecordFields,
  registerTransfers: readonly TransferRecord[] = [],
  activityId?: string,
) {
  const warnings: { code: RopaWarning; subject: string }[] = [];
  const used = [...new Set([...categoryIds, ...record.purposes.flatMap((p) => p.categoryIds)])];
  if (used.length) {
    const cats = await q.query<{ id: string; name: string; sensitive: boolean; mapped: boolean; retained: boolean }>(
      `select c.id, c.name, c.sensitive, exists (select 1 from datamap_system_categories sc where sc.category_id = c.id) as mapped,
              exists (select 1 from retention_rules r where r.company_id = c.company_id and r.category_id = c.id) as retained
         from data_categories c where c.company_id = $1 and c.id = any($2::uuid[]) order by c.name`,
      [companyId, used],
    );
    for (const c of cats.filter((c) => c.sensitive)) {
      const purposes = record.purposes.filter((p) => p.categoryIds.includes(c.id));
      const covered = purposes.length > 0 && purposes.every((p) => p.bases.some(isSensitiveBasis));
      if (!covered) warnings.push({ code: 'sensitive_without_basis', subject: c.name });
    }
    for (const c of cats.filter((c) => !c.mapped)) warnings.push({ code: 'category_not_in_map', subject: c.name });
    for (const c of cats.filter((c) => !c.retained)) warnings.push({ code: 'category_without_retention', subject: c.name });
  }
  for (const t of record.transfers) if (!t.mechanism) warnings.push({ code: 'transfer_without_mechanism', subject: t.country });
  for (const t of registerTransfers.filter((x) => x.state !== 'valid'))
    warnings.push({ code: 'transfer_basis', subject: `${t.importer} (${t.country})` });
  if (record.processorIds.length) {
    const processors = await q.query<{ name: string }>(
      `select p.name from processors p left join processor_diligence d on d.processor_id = p.id
        where p.company_id = $1 and p.id = any($2::uuid[]) and ${DILIGENCE_WARNINGS} && array['dpa_missing', 'dpa_expired']
        order by p.name`,
      [companyId, record.processorIds],
    );
    for (const p of processors) warnings.push({ code: 'processor_agreement', subject: p.name });
  }
  // legitimate interest (s.24(5)) asks for a signed legitimate-interest assessment (the assessments module, menu 20)
  const interest = record.purposes.filter((p) => p.bases.includes(LIA_BASIS));
  if (activityId && interest.length) {
    const [signed] = await q.query(
      `select 1 from assessments where company_id = $1 and activity_id = $2 and kind = 'lia' and state = 'signed' limit 1`,
      [companyId, activityId],
    );
    if (!signed) {
      const ids = interest.flatMap((p) => (p.purposeId ? [p.purposeId] : []));
      const named = new Map(
        ids.length
          ? (
              await q.query<{ id: string; name: string }>('select id, name from processing_purposes where company_id = $1 and id = any($2::uuid[])', [
                companyId,
                ids,
              ])
            ).map((r) => [r.id, r.name])
          : [],
      );
      const subject = interest.map((p) => (p.purposeId && named.get(p.purposeId)) || p.text).filter(Boolean);
      warnings.push({ code: 'lia_missing', subject: [...new Set(subject)].join(', ') });
    }
  }
  return warnings;
}

/** The items still missing, for a body about to be saved (kept in `missing_count`). */
export async function missingOf(q: Queryable, companyId: string, body: Pick<RopaBody, 'role' | 'categoryIds' | 'record'>) {
  return missingItems({ ...body, controller: await controllerOf(q, companyId) });
}

/** One activity with everything its form, preview and report show; 404 when not the company's. */
export async function loadActivity(q: Queryable, companyId: string, id: string, lang: 'th' | 'en' = 'th', viewerId?: string): Promise<RopaDetail> {
  const [r] = await q.query<
    DetailRow & { reviewer_id: string | null; reviewer_name: string | null; content_by: string | null; content_name: string | null }
  >(
    `${ROW_SELECT}, a.record, a.created_by, ${name('uc')} as created_name, a.created_at, a.submitted_by, ${name('us')} as submitted_name,
            a.submitted_at, a.archived_by, ${name('ux')} as archived_name, a.archived_at,
            a.reviewer_id, ${name('ur')} as reviewer_name, a.content_by, ${name('ue')} as content_name
     ${ROW_FROM}
       left join users uc on uc.id = a.created_by
       left join users us on us.id = a.submitted_by
       left join users ux on ux.id = a.archived_by
       left join users ur on ur.id = a.reviewer_id
       left join users ue on ue.id = a.content_by
      where a.company_id = $1 and a.id = $2`,
    [companyId, id],
  );
  if (!r) throw notFound();
  const record = ropaRecordFields.parse(r.record);
  const [links] = await q.query<{ systems: string[]; categories: string[]; forms: string[] }>(
    `select coalesce((select array_agg(system_id::text) from ropa_activity_systems where activity_id = $1), '{}') as systems,
            coalesce((select array_agg(category_id::text) from ropa_activity_categories where activity_id = $1), '{}') as categories,
            coalesce((select array_agg(id::text) from dsr_forms where ropa_activity_id = $1), '{}') as forms`,
    [id],
  );
  const refusals = await q.query<{
    id: string;
    reference_code: string;
    rights: string[];
    legal_ground: string;
    reasons: string;
    refused_at: Date | string;
  }>(
    `select f.id, f.reference_code, f.rights, f.legal_ground, f.reasons, f.refused_at
       from dsr_refusals f
       join dsr_requests r on r.id = f.request_id and r.company_id = f.company_id
       join dsr_forms df on df.id = r.form_id and df.company_id = r.company_id
      where f.company_id = $1 and df.ropa_activity_id = $2
      order by f.refused_at desc`,
    [companyId, id],
  );
  const versions = await q.query<{ version: number; approved_by: string | null; approved_name: string | null; approved_at: Date | string }>(
    `select v.version, v.approved_by, ${name('u')} as approved_name, v.approved_at from ropa_versions v left join users u on u.id = v.approved_by
      where v.company_id = $1 and v.activity_id = $2 order by v.version desc`,
    [companyId, id],
  );
  const controller = await controllerOf(q, companyId, lang);
  const categoryIds = links.categories;
  const registerTransfers = await transfersOfLinks(q, companyId, links.systems, record.processorIds);
  return {
    ...toRow(r),
    systemIds: links.systems,
    categoryIds,
    dsrFormIds: links.forms,
    record,
    controller,
    dpo: await dpoOf(q, companyId, record.dpoId),
    missing: missingItems({ role: r.role, categoryIds, record, controller }),
    warnings: await warningsOf(q, companyId, categoryIds, record, registerTransfers, id),
    refusals: refusals.map((f) => ({
      id: f.id,
      referenceCode: f.reference_code,
      rights: f.rights,
      legalGround: f.legal_ground,
      reasons: f.reasons,
      refused_dt: iso(f.refused_at),
    })),
    submittedBy: person(r.submitted_by, r.submitted_name),
    submitted_dt: isoOrNull(r.submitted_at),
    archivedBy: person(r.archived_by, r.archived_name),
    archived_dt: isoOrNull(r.archived_at),
    createdBy: person(r.created_by, r.created_name),
    created_dt: iso(r.created_at),
    versions: versions.map((v) => ({ version: v.version, approvedBy: person(v.approved_by, v.approved_name), approved_dt: iso(v.approved_at) })),
    reviewer: person(r.reviewer_id, r.reviewer_name),
    contentBy: person(r.content_by, r.content_name),
    selfApproval:
      viewerId && r.state === 'review'
        ? await selfApproval(q, { companyId, userId: viewerId, authors: activityAuthors(r), menuId: MENU.ropa.menuId })
        : 'none',
    inform: await informTasksOf(q, companyId, id),
    registerTransfers,
  };
}

/** An activity's authors (four eyes): who sent it for review and who last changed its content. */
export const activityAuthors = (r: { submitted_by: string | null; content_by: string | null }) => [r.submitted_by, r.content_by];
