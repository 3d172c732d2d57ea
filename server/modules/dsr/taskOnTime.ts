import type { DsrTaskOnTime } from '../../../contract/dsrTasks';
import type { Queryable } from '../../db/client';

interface OnTimeRow {
  name: string;
  on_time: number;
  late: number;
}
const toRows = (rows: OnTimeRow[]) =>
  rows.map((r) => ({
    name: r.name,
    onTime: r.on_time,
    late: r.late,
    rate: r.on_time + r.late ? Math.round((100 * r.on_time) / (r.on_time + r.late)) : null,
  }));

/**
 * The on-time rate of the tasks due in [start, end): a task finished by its date is on time; one
 * finished after it, or still to do past it, is late (one still to do before its date counts not yet).
 * Per system and per department (the department filter of the dashboard narrows both).
 */
export async function taskOnTime(
  q: Queryable,
  companyId: string,
  start: Date,
  end: Date,
  departmentId?: string,
): Promise<Omit<DsrTaskOnTime, 'status'>> {
  const params: unknown[] = [companyId, start.toISOString(), end.toISOString()];
  let where = `t.company_id = $1 and t.due_at >= $2 and t.due_at < $3 and (t.state <> 'to_do' or t.due_at < now())`;
  if (departmentId) {
    params.push(departmentId);
    where += ` and t.department_id = $${params.length}`;
  }
  const by = (key: string) =>
    q.query<OnTimeRow>(
      `select ${key} as name,
              count(*) filter (where t.state <> 'to_do' and t.closed_at <= t.due_at)::int as on_time,
              count(*) filter (where not (t.state <> 'to_do' and t.closed_at <= t.due_at))::int as late
         from dsr_tasks t left join departments d on d.company_id = t.company_id and d.id = t.department_id
        where ${where} group by 1 order by 1 limit 20`,
      params,
    );
  const [systems, departments] = await Promise.all([by('t.system_name'), by(`coalesce(d.name, '-')`)]);
  return { systems: toRows(systems), departments: toRows(departments) };
}
