import type { Queryable } from '../../db/client';
import { BANGKOK_TODAY } from '../../db/rows';

/**
 * The overdue warning of the due-for-deletion queue: an open item past its due day tells, once, the
 * system's owner named on the item and every DPO of the company (the bell, `retention_overdue`); with
 * neither, everyone holding the data map. The item is marked in the statement that picks it, so two
 * server processes warn once. Runs in the hourly timed work for every company at once
 * (`retention_items_overdue_idx`).
 */
export async function raiseRetentionOverdue(q: Queryable, companyId?: string) {
  const params: unknown[] = companyId ? [companyId] : [];
  return q.query<{ id: string; company_id: string }>(
    `with marked as (
       update retention_items set overdue_notified_at = now()
        where status = 'open' and overdue_notified_at is null and due_on < ${BANGKOK_TODAY}
          ${companyId ? 'and company_id = $1' : ''}
       returning id, company_id, owner_id, label, category_name, system_name, due_on
     ), readers as (
       select m.id, m.owner_id as user_id from marked m where m.owner_id is not null
       union
       select m.id, u.id from marked m join users u on u.company_id = m.company_id and not u.disabled
         join roles r on r.id = u.role_id and r.builtin = 'dpo'
     ), targets as (
       select m.*, rd.user_id from marked m join readers rd on rd.id = m.id
       union all
       select m.*, null::uuid from marked m where not exists (select 1 from readers rd where rd.id = m.id)
     ), bell as (
       insert into notifications (company_id, user_id, kind, params, link)
       select company_id, user_id, 'retention_overdue',
              jsonb_build_object('category', category_name, 'system', system_name, 'label', label,
                                 'days', (${BANGKOK_TODAY} - due_on)),
              '/retention/due?state=overdue'
         from targets
     )
     select id, company_id from marked`,
    params,
  );
}
