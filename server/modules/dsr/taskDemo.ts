import { DSR_DEMO_TASKS } from '../../../demo/dsrTasks';
import type { Queryable } from '../../db/client';

/** Writes the tasks of one company's demo requests (demo/dsrTasks.ts) on its data map's systems. */
export async function seedDsrTaskDemo(q: Queryable, companyId: string, code: string, staffId: string) {
  const systems = await q.query<{ id: string; name: string; department_id: string | null }>(
    'select id, name, department_id from datamap_systems where company_id = $1 order by name, id',
    [companyId],
  );
  for (const t of DSR_DEMO_TASKS) {
    const system = typeof t.system === 'number' ? systems[t.system] : null;
    if (typeof t.system === 'number' && !system) continue;
    const ref = `${code}-DSR-${String(t.request + 1).padStart(4, '0')}`;
    await q.query(
      `insert into dsr_tasks (company_id, request_id, system_id, system_name, department_id, owner_id, due_at, state, reason, note,
                              created_by, created_at, closed_by, closed_at)
       select $1, r.id, $3, $4, $5, $6, r.received_at + make_interval(days => $7), $8, $9, $10,
              $11, r.received_at + interval '2 days', case when $12::int is null then null else $11::uuid end,
              r.received_at + make_interval(days => $12::int)
         from dsr_requests r where r.company_id = $1 and r.reference_code = $2`,
      [
        companyId,
        ref,
        system?.id ?? null,
        system?.name ?? (t.system as { handMade: string }).handMade,
        system?.department_id ?? null,
        t.owned ? staffId : null,
        t.dueDay,
        t.state,
        t.reason ?? '',
        t.note ?? '',
        staffId,
        t.closedDay ?? null,
      ],
    );
  }
}
