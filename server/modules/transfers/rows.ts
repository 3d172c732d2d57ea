import { TRANSFER_EXPIRY_WARNING_DAYS, type TransferRecord } from '../../../contract/transfers';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { containsSearch } from '../../db/search';
import type { TransferAbroad } from '../../../contract/datamap';
import { fieldError, notFound } from '../../http/errors';

/** Today in Bangkok: an evidence expires at the end of its expiry day there. */
const TODAY = `(now() at time zone 'Asia/Bangkok')::date`;

/** Where a transfer stands (`TRANSFER_STATES`), in SQL over the alias `t`. */
export const TRANSFER_STATE = `(case when t.basis is null then 'no_basis'
  when t.evidence_name is null then 'no_evidence'
  when t.expires_on is not null and t.expires_on < ${TODAY} then 'expired'
  when t.expires_on is not null and t.expires_on < ${TODAY} + ${TRANSFER_EXPIRY_WARNING_DAYS} then 'expiring'
  else 'valid' end)`;

interface TransferRow {
  id: string;
  system_id: string | null;
  system: string | null;
  processor_id: string | null;
  processor: string | null;
  country: string;
  importer: string;
  basis: TransferRecord['basis'];
  evidence_title: string;
  signed_on: string | null;
  expires_on: string | null;
  notes: string;
  evidence_name: string | null;
  evidence_mime: string | null;
  evidence_size: number | null;
  evidence_id: string | null;
  state: TransferRecord['state'];
  categories: { id: string; name: string }[];
  created_at: Date | string;
  updated_at: Date | string;
  total?: number;
}

/** One statement a page: the transfer, its system's and processor's names, its categories; never the document's bytes. */
export const transferSelect = (extra = '') => `
  select t.id, t.system_id, s.name as system, t.processor_id, p.name as processor, t.country, t.importer, t.basis, t.evidence_title,
         to_char(t.signed_on, 'YYYY-MM-DD') as signed_on, to_char(t.expires_on, 'YYYY-MM-DD') as expires_on, t.notes,
         t.evidence_name, t.evidence_mime, t.evidence_size, t.evidence_id, ${TRANSFER_STATE} as state, t.created_at, t.updated_at${extra},
         coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
                     from transfer_categories tc join data_categories c on c.id = tc.category_id where tc.transfer_id = t.id), '[]') as categories
    from transfers t
    left join datamap_systems s on s.id = t.system_id
    left join processors p on p.id = t.processor_id`;

export const toTransfer = (r: TransferRow): TransferRecord => ({
  id: r.id,
  systemId: r.system_id,
  system: r.system,
  processorId: r.processor_id,
  processor: r.processor,
  country: r.country,
  importer: r.importer,
  categoryIds: r.categories.map((c) => c.id),
  categories: r.categories,
  basis: r.basis,
  evidenceTitle: r.evidence_title,
  signedOn: r.signed_on,
  expiresOn: r.expires_on,
  notes: r.notes,
  evidence: r.evidence_name ? { name: r.evidence_name, mime: r.evidence_mime ?? '', size: r.evidence_size ?? 0 } : null,
  state: r.state,
  created_dt: iso(r.created_at),
  updated_dt: iso(r.updated_at),
});

export async function loadTransfer(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<TransferRow>(`${transferSelect()} where t.company_id = $1 and t.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return toTransfer(row);
}

export type { TransferRow };

/**
 * The condition (over `t`) of transfers found by a search: in the importer or the evidence's title (by
 * their grams), or of a system or processor so named (the company's few hundred, found first, then
 * their transfers by index). Its values are pushed onto `params`.
 */
export async function transferSearch(q: Queryable, companyId: string, search: string, params: unknown[]) {
  const named = (table: string) => {
    const own: unknown[] = [companyId];
    return q.query<{ id: string }>(`select id from ${table} where company_id = $1 and ${containsSearch(own, search, ['name'])}`, own);
  };
  const [systems, processors] = [(await named('datamap_systems')).map((r) => r.id), (await named('processors')).map((r) => r.id)];
  const own = containsSearch(params, search, ['t.importer', 't.evidence_title'], { grams: 'transfer_grams(t.importer, t.evidence_title)' });
  params.push(systems, processors);
  return `((${own}) or t.system_id = any($${params.length - 1}::uuid[]) or t.processor_id = any($${params.length}::uuid[]))`;
}

/**
 * The free text of transfers abroad written before the register (a ROPA activity's, a data map system's)
 * may stay or go, never grow: a new transfer is an entry of the register, with its basis and evidence.
 * `field` names the list on the form (`record.transfers`, `transfers`).
 */
export function refuseNewFreeTransfers(before: readonly TransferAbroad[], after: readonly TransferAbroad[], field: string) {
  const key = (t: TransferAbroad) => JSON.stringify([t.country, t.recipient ?? '', t.mechanism ?? null]);
  const kept = new Set(before.map(key));
  if (after.some((t) => !kept.has(key(t)))) throw fieldError(field, 'transfers_free_text');
}

/** The register's transfers of these systems or these processors: what a ROPA activity using them transfers abroad. */
export async function transfersOfLinks(q: Queryable, companyId: string, systemIds: readonly string[], processorIds: readonly string[]) {
  if (!systemIds.length && !processorIds.length) return [];
  const rows = await q.query<TransferRow>(
    `${transferSelect()} where t.company_id = $1 and (t.system_id = any($2::uuid[]) or t.processor_id = any($3::uuid[]))
      order by t.country, t.importer, t.id`,
    [companyId, systemIds, processorIds],
  );
  return rows.map(toTransfer);
}

/** How many transfers warn, by state (the dashboard's posture). */
export async function transferWarningCounts(q: Queryable, companyId: string) {
  const rows = await q.query<{ state: string; n: number }>(
    `select ${TRANSFER_STATE} as state, count(*)::int as n from transfers t where t.company_id = $1 group by 1`,
    [companyId],
  );
  return rows.filter((r) => r.state !== 'valid').reduce((sum, r) => sum + r.n, 0);
}
