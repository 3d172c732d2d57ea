import { BREACH_NOTIFY_HOURS } from '../../../contract/breachClock';
import type { FrameworkRequirementId } from '../../../contract/framework';
import { MENU } from '../../../contract/menus';
import frameworkTexts from '../../../i18n/framework';
import type { Queryable } from '../../db/client';
import { BANGKOK_TODAY as TODAY, userNameSql } from '../../db/rows';
import type { Lang } from '../../http/messages';
import { ASSESSMENTS_DUE_FROM } from '../assessments/rows';
import { AWAITING_OFFICE_NOTICE } from '../breach/clockJob';
import { DILIGENCE_WARNINGS } from '../processors/rows';
import { ASSIGNED, IN_ROUND } from '../quiz/tests';
import { TRANSFER_STATE } from '../transfers/rows';
import { BASES_GIVEN, filled } from './measures';

/** At most this many records a drill-down shows; the links open the whole list. */
export const RECORDS_SHOWN = 20;

type Reason = keyof (typeof frameworkTexts)['th']['framework']['reasons'];
interface Row {
  label: string;
  reason: Reason;
  path: string;
}

const ropa = (where: string, reason: Reason) =>
  `select a.name as label, '${reason}' as reason, '/ropa/activity/create/' || a.id as path
     from ropa_activities a where a.company_id = $1 and a.state <> 'archived' and ${where} order by a.name, a.id limit ${RECORDS_SHOWN}`;

/** Per automatic requirement: the records that keep it from 100 %, each with its reason and where it is. */
const QUERIES: Partial<Record<FrameworkRequirementId, string>> = {
  ropa_complete: ropa('a.missing_count > 0', 'ropa_incomplete'),
  ropa_reviewed: ropa(`a.review_date < ${TODAY}`, 'ropa_review_overdue'),
  dpia_high_risk: `select a.name as label, case when n.dpia_missing then 'dpia_unsigned' else 'lia_unsigned' end as reason,
                         '/assessments/candidates' as path
                    from ${ASSESSMENTS_DUE_FROM} and (n.dpia_missing or n.lia_missing)
                   order by a.name, a.id limit ${RECORDS_SHOWN}`,
  lawful_bases: ropa(`not (${BASES_GIVEN})`, 'basis_missing'),
  use_disclosure: ropa(`not ${filled('disclosures')}`, 'disclosures_missing'),
  security_measures: ropa(`not ${filled('security')}`, 'security_missing'),
  notices_published: `select coalesce(nullif(f.draft #>> '{header,projectName}', ''), f.form_ref) as label, 'notice_unpublished' as reason,
                             '/consents/create/' || f.id as path
                        from consent_forms f where f.company_id = $1
                         and not exists (select 1 from consent_form_versions v where v.company_id = f.company_id and v.form_id = f.id)
                       order by 1 limit ${RECORDS_SHOWN}`,
  indirect_collection: `select a.name as label, 'inform_late' as reason, '/ropa/activity/create/' || a.id as path
                          from ropa_inform_tasks t join ropa_activities a on a.company_id = t.company_id and a.id = t.activity_id
                         where t.company_id = $1 and (t.state = 'to_do' and t.due_on < ${TODAY}
                               or t.state <> 'to_do' and (t.closed_at at time zone 'Asia/Bangkok')::date > t.due_on)
                         order by t.due_on limit ${RECORDS_SHOWN}`,
  transfers_basis: `select concat_ws(' · ', t.importer, t.country) as label, 'transfer_' || ${TRANSFER_STATE} as reason,
                           '/data-manage/transfers?warning=true' as path
                      from transfers t where t.company_id = $1 and ${TRANSFER_STATE} not in ('valid', 'expiring')
                     order by t.importer, t.id limit ${RECORDS_SHOWN}`,
  processor_agreements: `select p.name as label, 'processor_' || (${DILIGENCE_WARNINGS})[1] as reason,
                                '/data-manage/processor-diligence?warning=true' as path
                           from processors p left join processor_diligence d on d.processor_id = p.id and d.company_id = p.company_id
                          where p.company_id = $1 and cardinality(${DILIGENCE_WARNINGS}) > 0 order by p.name, p.id limit ${RECORDS_SHOWN}`,
  dsr_on_time: `select reference_code as label, case when answered_at is null then 'dsr_overdue' else 'dsr_late' end as reason,
                       '/consents/datasubject/list' as path
                  from dsr_requests where company_id = $1 and received_at > now() - interval '12 months'
                   and (answered_at > due_at or answered_at is null and due_at < now())
                 order by due_at limit ${RECORDS_SHOWN}`,
  dsr_tasks_on_time: `select t.system_name as label, 'task_late' as reason, '/consents/datasubject/list' as path
                        from dsr_tasks t where t.company_id = $1 and t.due_at > now() - interval '12 months' and t.due_at < now()
                         and not (t.state <> 'to_do' and t.closed_at <= t.due_at)
                       order by t.due_at limit ${RECORDS_SHOWN}`,
  least_privilege: `select ${userNameSql('u')} as label, 'may_change_rights' as reason, '/settings/contacts/list' as path
                      from users u where u.company_id = $1 and not u.disabled
                       and exists (select 1 from role_menus m where m.role_id = u.role_id and m.menu_id = ${MENU.settings.menuId} and m.can_edit)
                     order by 1 limit ${RECORDS_SHOWN}`,
  retention_on_time: `select concat_ws(' · ', category_name, system_name, label) as label, 'deletion_overdue' as reason,
                             '/retention/due?state=overdue' as path
                        from retention_items where company_id = $1 and status = 'open' and due_on < ${TODAY}
                       order by due_on limit ${RECORDS_SHOWN}`,
  breach_72h: `select concat_ws(' ', code, title) as label,
                      case when office_notified_at is null then 'breach_not_notified' else 'breach_late' end as reason,
                      '/databreach/' || id as path
                 from breaches where company_id = $1 and aware_at > now() - interval '12 months'
                  and (office_notified_at > aware_at + make_interval(hours => ${BREACH_NOTIFY_HOURS})
                       or ${AWAITING_OFFICE_NOTICE} and aware_at <= now() - make_interval(hours => ${BREACH_NOTIFY_HOURS}))
                order by aware_at limit ${RECORDS_SHOWN}`,
  staff_awareness: `select distinct on (u.id) ${userNameSql('u')} as label, 'test_not_passed' as reason,
                           '/knowledge/manage/standing?state=not_passed' as path
                      from quiz_tests t join users u on ${ASSIGNED}
                     where t.company_id = $1 and t.active
                       and not exists (select 1 from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
                                        where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and s.passed and ${IN_ROUND})
                     order by u.id limit ${RECORDS_SHOWN}`,
};

/** The records behind a requirement's shortfall, the reasons in the reader's language. */
export async function recordsOf(q: Queryable, companyId: string, id: FrameworkRequirementId, lang: Lang) {
  const sql = QUERIES[id];
  if (!sql) return [];
  const reasons = frameworkTexts[lang].framework.reasons;
  const rows = await q.query<Row>(sql, [companyId]);
  return rows.map((r) => ({ label: r.label, reason: reasons[r.reason] ?? r.reason, path: r.path }));
}
