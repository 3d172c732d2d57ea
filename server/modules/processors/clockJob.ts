import { DPA_EXPIRY_WARNING_DAYS } from '../../../contract/processors';
import type { Queryable } from '../../db/client';
import { BANGKOK_TODAY as TODAY } from '../../db/rows';

/**
 * The hourly work: a processor whose signed agreement expires within 60 days, or whose review date has
 * passed, is notified once (the date notified is kept; a new expiry or review date notifies again).
 */
export async function raiseProcessorNotifications(q: Queryable, companyId: string) {
  const expiring = await q.query(
    `with marked as (
       update processor_diligence d set expiry_notified_for = d.dpa_expires_on
        where d.company_id = $1 and d.dpa_status = 'signed' and d.dpa_expires_on < ${TODAY} + ${DPA_EXPIRY_WARNING_DAYS}
          and d.expiry_notified_for is distinct from d.dpa_expires_on
       returning d.processor_id, d.dpa_expires_on
     )
     insert into notifications (company_id, kind, params, link)
     select $1, 'processor_dpa_expiring', jsonb_build_object('name', p.name, 'days', m.dpa_expires_on - ${TODAY}),
            '/data-manage/processor-diligence/' || p.id
       from marked m join processors p on p.id = m.processor_id returning id`,
    [companyId],
  );
  const overdue = await q.query(
    `with marked as (
       update processor_diligence d set review_notified_for = d.review_on
        where d.company_id = $1 and d.review_on < ${TODAY} and d.review_notified_for is distinct from d.review_on
       returning d.processor_id, d.review_on
     )
     insert into notifications (company_id, kind, params, link)
     select $1, 'processor_review_overdue', jsonb_build_object('name', p.name, 'days', ${TODAY} - m.review_on),
            '/data-manage/processor-diligence/' || p.id
       from marked m join processors p on p.id = m.processor_id returning id`,
    [companyId],
  );
  return { expiring: expiring.length, overdue: overdue.length };
}
