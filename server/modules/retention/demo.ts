import { RETENTION_DEMO } from '../../../demo/retention';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { raiseRetentionOverdue } from './overdueJob';
import { dueFrom } from './rows';

/** Writes a company's retention schedule and its queue (demo/retention.ts), after the data map whose categories and systems it names. */
export async function seedRetentionDemo(q: Queryable, companyId: string, code: string, users: { username: string; id: string }[]) {
  const demo = RETENTION_DEMO[code];
  if (!demo) return;
  const byName = async (table: string) =>
    new Map(
      (await q.query<{ id: string; name: string }>(`select id, name from ${table} where company_id = $1`, [companyId])).map((r) => [r.name, r.id]),
    );
  const categories = await byName('data_categories');
  const systems = await byName('datamap_systems');
  for (const r of demo.rules)
    await q.query(
      `insert into retention_rules (company_id, category_id, system_id, period, unit, start_event, law, legal_reason, end_action)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        companyId,
        categories.get(r.category),
        r.system ? systems.get(r.system) : null,
        r.period,
        r.unit,
        r.startEvent,
        r.law,
        r.legalReason,
        r.endAction,
      ],
    );
  const userId = (name: string | null) => users.find((u) => u.username === name)?.id ?? null;
  for (const i of demo.items) {
    const done = i.done;
    await q.query(
      `insert into retention_items (company_id, rule_id, system_id, label, category_name, system_name, end_action, started_on, due_on, owner_id,
                                    status, completed_at, completed_by, note, deleted_count, backups_expire_on, overdue_notified_at)
       select r.company_id, r.id, s.id, $4, c.name, s.name, r.end_action, d.started_on, ${dueFrom('d.started_on')}, $6,
              $7, now() - make_interval(days => $8::int), case when $7 = 'done' then $6::uuid end, $9, $10,
              (now() at time zone 'Asia/Bangkok')::date + $11::int, case when $7 = 'done' then now() end
         from retention_rules r join data_categories c on c.id = r.category_id
         join datamap_systems s on s.company_id = r.company_id and s.id = $3
         cross join (select (now() at time zone 'Asia/Bangkok')::date - $5::int as started_on) d
        where r.company_id = $1 and r.category_id = $2 and (r.system_id = $3 or r.system_id is null)
        order by r.system_id nulls last limit 1`,
      [
        companyId,
        categories.get(i.category),
        systems.get(i.system),
        i.label,
        i.startedDaysAgo,
        userId(i.owner),
        done ? 'done' : 'open',
        done?.daysAgo ?? null,
        done?.note ?? null,
        done?.deletedCount ?? null,
        done?.backupsExpireInDays ?? null,
      ],
    );
  }
  // the overdue item's warning, as the hourly work would give it
  await raiseRetentionOverdue(q, companyId);
}

export default {
  after: ['datamap', 'registers'],
  seed: (q, { company, companyId, userIds }) =>
    seedRetentionDemo(
      q,
      companyId,
      company.code,
      company.users.map((u, n) => ({ username: u.username, id: userIds[n] })),
    ),
} satisfies ModuleDemo;
