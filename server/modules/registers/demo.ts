import { registerColumn, registerTable } from '../../../contract/register';
import { REGISTERS } from '../../../contract/registers';
import { REGISTER_DEMO } from '../../../demo';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';

/** Writes a company's demo records of every register (demo/registers.ts). */
export async function seedRegistersDemo(q: Queryable, companyId: string, companyCode: string) {
  for (const r of REGISTERS) {
    const fields = Object.keys(r.fields);
    for (const record of REGISTER_DEMO[companyCode]?.[r.name] ?? []) {
      await q.query(
        `insert into ${registerTable(r)} (company_id, ${fields.map(registerColumn).join(', ')}) values ($1, ${fields.map((_, i) => `$${i + 2}`).join(', ')})`,
        [companyId, ...fields.map((f) => record[f] ?? null)],
      );
    }
  }
}

export default { seed: (q, { company, companyId }) => seedRegistersDemo(q, companyId, company.code) } satisfies ModuleDemo;
