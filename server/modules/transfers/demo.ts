import { demoPdf, TRANSFER_DEMO } from '../../../demo/transfers';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { storeDocument } from './documents';

/** Writes a company's demo transfers abroad (demo/transfers.ts), linked to its data map and processors by name. */
export async function seedTransfersDemo(q: Queryable, companyId: string, companyCode: string) {
  const byName = async (table: string) =>
    new Map(
      (await q.query<{ id: string; name: string }>(`select id, name from ${table} where company_id = $1`, [companyId])).map((r) => [r.name, r.id]),
    );
  const systems = await byName('datamap_systems');
  const processors = await byName('processors');
  const categories = await byName('data_categories');
  for (const t of TRANSFER_DEMO[companyCode] ?? []) {
    const file = await storeDocument(q, companyId, { name: t.document, mime: 'application/pdf', bytes: demoPdf(t.evidenceTitle) });
    const [{ id }] = await q.query<{ id: string }>(
      `insert into transfers (company_id, system_id, processor_id, country, importer, basis, evidence_title, signed_on, expires_on, notes,
                              evidence_id, evidence_name, evidence_mime, evidence_size)
       values ($1, $2, $3, $4, $5, $6, $7, $8, (now() at time zone 'Asia/Bangkok')::date + $9::int, $10, $11, $12, $13, $14) returning id`,
      [
        companyId,
        systems.get(t.system) ?? null,
        t.processor ? (processors.get(t.processor) ?? null) : null,
        t.country,
        t.importer,
        t.basis,
        t.evidenceTitle,
        t.signedOn,
        t.expiresInDays,
        t.notes,
        file.id,
        file.name,
        file.mime,
        file.size,
      ],
    );
    const ids = t.categories.flatMap((n) => (categories.has(n) ? [categories.get(n)!] : []));
    await q.query('insert into transfer_categories (company_id, transfer_id, category_id) select $1, $2, unnest($3::uuid[])', [companyId, id, ids]);
  }
}

export default {
  // the transfers name the data map's systems, the processors and the data categories
  after: ['registers', 'datamap'],
  seed: (q, { company, companyId }) => seedTransfersDemo(q, companyId, company.code),
} satisfies ModuleDemo;
