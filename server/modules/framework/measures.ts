import { BREACH_NOTIFY_HOURS } from '../../../contract/breachClock';
import type { FrameworkRequirementId } from '../../../contract/framework';
import { MENU } from '../../../contract/menus';
import { sideBySide, type Queryable } from '../../db/client';
import { BANGKOK_TODAY as TODAY } from '../../db/rows';
import { ASSESSMENTS_DUE_FROM } from '../assessments/rows';
import { AWAITING_OFFICE_NOTICE } from '../breach/clockJob';
import { DILIGENCE_WARNINGS } from '../processors/rows';
import { staffPassCounts } from '../quiz/passRate';
import { TRANSFER_STATE } from '../transfers/rows';
import { dpoScore, leastPrivilegeScore, type Measure } from './scoring';

type Measures = Partial<Record<FrameworkRequirementId, Measure>>;
const pw = (part: number, whole: number): Measure => ({ part, whole });

/** A live ROPA activity (not archived) whose purposes all name a basis (s.24/s.26), in SQL over `a`. */
export const BASES_GIVEN = `jsonb_array_length(coalesce(a.record->'purposes', '[]')) > 0
  and not exists (select 1 from jsonb_array_elements(a.record->'purposes') p where jsonb_array_length(coalesce(p->'bases', '[]')) = 0)`;
export const filled = (item: string) => `coalesce(a.record->>'${item}', '') <> ''`;

/**
 * Every automatic requirement's figures for one company, each one aggregate over its module's table or
 * roll-up (no record is loaded into Node): the framework's score reads them; run side by side.
 */
export async function measureFramework(q: Queryable, companyId: string): Promise<Measures> {
  const one =
    <T>(sql: string, params: unknown[] = [companyId]) =>
    () =>
      q.query<T>(sql, params).then((r) => r[0]);
  const [ropa, assessed, notices, inform, transfers, processors, dsr, tasks, privilege, audit, staff, retention, breach, dpo] = await sideBySide(q, [
    one<{ live: number; complete: number; current: number; bases: number; disclosures: number; security: number }>(
      `select count(*)::int as live, count(*) filter (where missing_count = 0)::int as complete,
              count(*) filter (where a.review_date >= ${TODAY})::int as current,
              count(*) filter (where ${BASES_GIVEN})::int as bases,
              count(*) filter (where ${filled('disclosures')})::int as disclosures,
              count(*) filter (where ${filled('security')})::int as security
         from ropa_activities a where a.company_id = $1 and a.state <> 'archived'`,
    ),
    // the live activities that call for a DPIA (a trigger) or an LIA (legitimate interest), and those with each one signed
    one<{ due: number; done: number }>(
      `select count(*)::int as due, count(*) filter (where not (n.dpia_missing or n.lia_missing))::int as done from ${ASSESSMENTS_DUE_FROM}`,
    ),
    one<{ forms: number; published: number }>(
      `select count(*)::int as forms,
              count(*) filter (where exists (select 1 from consent_form_versions v where v.company_id = f.company_id and v.form_id = f.id))::int as published
         from consent_forms f where f.company_id = $1`,
    ),
    one<{ due: number; in_time: number }>(
      `select count(*) filter (where state <> 'to_do' or due_on < ${TODAY})::int as due,
              count(*) filter (where state <> 'to_do' and (closed_at at time zone 'Asia/Bangkok')::date <= due_on)::int as in_time
         from ropa_inform_tasks where company_id = $1`,
    ),
    one<{ all: number; valid: number }>(
      `select count(*)::int as all, count(*) filter (where ${TRANSFER_STATE} in ('valid', 'expiring'))::int as valid
         from transfers t where t.company_id = $1`,
    ),
    one<{ all: number; fine: number }>(
      `select count(*)::int as all, count(*) filter (where cardinality(${DILIGENCE_WARNINGS}) = 0)::int as fine
         from processors p left join processor_diligence d on d.processor_id = p.id and d.company_id = p.company_id where p.company_id = $1`,
    ),
    // the requests received in the last 12 months and answered, from the roll-up
    one<{ answered: number; on_time: number }>(
      `select coalesce(sum(n) filter (where on_time >= 0), 0)::int as answered, coalesce(sum(n) filter (where on_time = 1), 0)::int as on_time
         from dsr_daily where company_id = $1 and day > ${TODAY} - interval '12 months'`,
    ),
    one<{ on_time: number; late: number }>(
      `select count(*) filter (where state <> 'to_do' and closed_at <= due_at)::int as on_time,
              count(*) filter (where not (state <> 'to_do' and closed_at <= due_at))::int as late
         from dsr_tasks where company_id = $1 and due_at > now() - interval '12 months' and (state <> 'to_do' or due_at < now())`,
    ),
    one<{ staff: number; admins: number }>(
      `select count(*)::int as staff,
              count(*) filter (where exists (select 1 from role_menus m where m.role_id = u.role_id and m.menu_id = $2 and m.can_edit))::int as admins
         from users u join roles r on r.id = u.role_id where u.company_id = $1 and not u.disabled and coalesce(r.builtin, '') <> 'contact'`,
      [companyId, MENU.settings.menuId],
    ),
    // the trail's trigger on every table that is not a cache (the same for every company: it is the database's)
    one<{ tables: number; watched: number }>(
      `select count(*)::int as tables,
              count(*) filter (where exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'audit_row'))::int as watched
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
          and not exists (select 1 from audit_skip s where s.table_name = c.relname)`,
      [],
    ),
    () => staffPassCounts(q, companyId),
    one<{ due: number; done: number }>(
      `select count(*)::int as due, count(*) filter (where status = 'done')::int as done
         from retention_items where company_id = $1 and due_on < ${TODAY}`,
    ),
    // breaches of the last 12 months whose 72 hours have run and that needed the Office told
    one<{ due: number; in_time: number }>(
      `select count(*)::int as due,
              count(*) filter (where office_notified_at <= aware_at + make_interval(hours => $2))::int as in_time
         from breaches where company_id = $1 and aware_at > now() - interval '12 months'
          and (office_notified_at is not null or (${AWAITING_OFFICE_NOTICE} and aware_at <= now() - make_interval(hours => $2)))`,
      [companyId, BREACH_NOTIFY_HOURS],
    ),
    one<{ required: boolean | null; appointed: boolean; informed: boolean }>(
      `select (select required from dpo_assessments where company_id = $1 order by answered_at desc, id desc limit 1) as required,
              exists (select 1 from dpo_appointments where company_id = $1 and ended_on is null) as appointed,
              exists (select 1 from dpo_appointments where company_id = $1 and ended_on is null and office_informed_on is not null) as informed`,
    ),
  ]);
  return {
    dpo_in_office: {
      part: (dpo.appointed ? 1 : 0) + (dpo.informed ? 1 : 0),
      whole: 2,
      score: dpoScore(dpo.required, dpo.appointed, dpo.informed),
    },
    ropa_complete: pw(ropa.complete, ropa.live),
    ropa_reviewed: pw(ropa.current, ropa.live),
    dpia_high_risk: pw(assessed.done, assessed.due),
    notices_published: pw(notices.published, notices.forms),
    lawful_bases: pw(ropa.bases, ropa.live),
    indirect_collection: pw(inform.in_time, inform.due),
    use_disclosure: pw(ropa.disclosures, ropa.live),
    transfers_basis: pw(transfers.valid, transfers.all),
    processor_agreements: pw(processors.fine, processors.all),
    dsr_on_time: pw(dsr.on_time, dsr.answered),
    dsr_tasks_on_time: pw(tasks.on_time, tasks.on_time + tasks.late),
    security_measures: pw(ropa.security, ropa.live),
    least_privilege: { part: privilege.admins, whole: privilege.staff, score: leastPrivilegeScore(privilege.admins, privilege.staff) },
    audit_trail: pw(audit.watched, audit.tables),
    staff_awareness: pw(staff.passed, staff.assigned),
    retention_on_time: pw(retention.done, retention.due),
    breach_72h: pw(breach.in_time, breach.due),
  };
}

/** The latest evidence day of each requirement (YYYY-MM-DD). */
export async function latestEvidence(q: Queryable, companyId: string) {
  const rows = await q.query<{ requirement_id: FrameworkRequirementId; day: string }>(
    `select requirement_id, to_char(max(evidenced_on), 'YYYY-MM-DD') as day from framework_evidence where company_id = $1 group by 1`,
    [companyId],
  );
  return Object.fromEntries(rows.map((r) => [r.requirement_id, r.day])) as Partial<Record<FrameworkRequirementId, string>>;
}
