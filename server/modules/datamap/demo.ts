import { ROPA_DEMO_DEPARTMENTS, ROPA_DEMO_SYSTEMS } from '../../../demo';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';

/** Writes a company's demo data map (demo/ropa.ts): its departments, and its systems with their data categories, subjects and processors. */
export async function seedDatamapDemo(q: Queryable, companyId: string, companyCode: string) {
  const byName = async (table: string) =>
    new Map(
      (await q.query<{ id: string; name: string }>(`select id, name from ${table} where company_id = $1`, [companyId])).map((r) => [r.name, r.id]),
    );
  for (const name of ROPA_DEMO_DEPARTMENTS[companyCode] ?? [])
    await q.query('insert into departments (company_id, name) values ($1, $2) on conflict do nothing', [companyId, name]);
  const departments = await byName('departments');
  const categories = await byName('data_categories');
  const subjects = await byName('data_subject_categories');
  const processors = await byName('processors');
  const ids = (names: string[], map: Map<string, string>) => names.flatMap((n) => (map.has(n) ? [map.get(n)!] : []));
  for (const s of ROPA_DEMO_SYSTEMS[companyCode] ?? []) {
    const [{ id }] = await q.query<{ id: string }>(
      // its transfers abroad are the register's (modules/transfers/demo.ts)
      `insert into datamap_systems (company_id, name, department_id, description, volume, storage_location, storage_country, retention, access, security)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        companyId,
        s.name,
        departments.get(s.department) ?? null,
        s.description,
        s.volume,
        s.storageLocation,
        s.storageCountry,
        s.retention,
        s.access,
        s.security,
      ],
    );
    await q.query('insert into datamap_system_categories (system_id, category_id) select $1, unnest($2::uuid[])', [
      id,
      ids(s.categories, categories),
    ]);
    await q.query('insert into datamap_system_subjects (system_id, subject_id) select $1, unnest($2::uuid[])', [id, ids(s.subjects, subjects)]);
    await q.query('insert into datamap_system_processors (system_id, processor_id) select $1, unnest($2::uuid[])', [
      id,
      ids(s.processors, processors),
    ]);
  }
}

export default {
  // the systems link the registers' data categories, subjects and processors
  after: ['registers'],
  seed: (q, { company, companyId }) => seedDatamapDemo(q, companyId, company.code),
} satisfies ModuleDemo;
