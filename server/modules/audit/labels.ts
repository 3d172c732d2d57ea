/**
 * Names for the audit trail, resolved in the list's own SQL (one statement a page, no query per
 * row): the record an entry concerns, by its table (`record_label`), and the records and people its
 * changed fields point at (`names`: id -> name). A record deleted since is named from the entry's
 * own snapshot. The ids stay in the entry; the screen shows them in a tooltip.
 */
import { AUDIT_ENTITY } from '../../../contract/audit';
import auditTexts from '../../../i18n/audit';
import type { Lang } from '../../http/messages';

const UUID_RE = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** The n-th part of a record id (a composite key is joined with '/'), as a uuid or null. */
const part = (n: number) => `split_part(a.record_id, '/', ${n})`;
const uuid = (n = 1) => `(case when ${part(n)} ~* '${UUID_RE}' then ${part(n)}::uuid end)`;
const int = (n = 1) => `(case when ${part(n)} ~ '^[0-9]{1,9}$' then ${part(n)}::int end)`;
const bigint = (n = 1) => `(case when ${part(n)} ~ '^[0-9]{1,18}$' then ${part(n)}::bigint end)`;

let aliases = 0;
/**
 * An expression over the company's row of `table` whose id is `id` (`expr` gets the row's alias:
 * each subquery has its own, so one may nest in another).
 */
const column = (table: string, expr: (r: string) => string, id: string, key = 'id') => {
  const r = `r${++aliases}`;
  return `(select ${expr(r)} from ${table} ${r} where ${r}.${key} = ${id} and ${r}.company_id = a.company_id)`;
};
const nameOf = (table: string, id: string) => column(table, (r) => `${r}.name`, id);
/** A person by id: their name, or their username when they gave none. */
const person = (id: string) => column('users', (u) => `coalesce(nullif(trim(concat_ws(' ', ${u}.firstname, ${u}.lastname)), ''), ${u}.username)`, id);
const joined = (...parts: string[]) => `nullif(concat_ws(' · ', ${parts.join(', ')}), '')`;
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The label of a record of each table, from its id (a version's label names its number in the reader's language). */
function recordLabels(lang: Lang): Record<string, string> {
  const version = (n: string) => `${quote(auditTexts[lang].audit.label.version)} || ' ' || ${n}`;
  const breach = (id: string) => column('breaches', (r) => `concat_ws(' ', ${r}.code, ${r}.title)`, id);
  const request = (id: string) => column('dsr_requests', (r) => `${r}.reference_code`, id);
  const activity = (id: string) => nameOf('ropa_activities', id);
  const system = (id: string) => nameOf('datamap_systems', id);
  const document = (id: string) => column('sheet_documents', (r) => `${r}.title`, id);
  const test = (id: string) => column('quiz_tests', (r) => `${r}.title`, id);
  const notice = (id: string) => column('consent_forms', (r) => `${r}.draft #>> '{header,projectName}'`, id);
  const attempt = (id: string) => column('quiz_attempts', (r) => joined(test(`${r}.test_id`), person(`${r}.user_id`)), id);
  const cookieDomain = (r: string) => `coalesce(nullif(${r}.name, ''), ${r}.host)`;
  const named = (table: string) => nameOf(table, uuid());
  return {
    companies: `(select c.detail->>'nameTh' from companies c where c.id = ${uuid()} and c.id = a.company_id)`,
    users: person(uuid()),
    roles: named('roles'),
    role_menus: named('roles'),
    departments: named('departments'),
    positions: named('positions'),
    risk_levels: `(select l.name from risk_levels l where l.company_id = a.company_id and l.category = ${part(1)} and l.level = ${int(2)})`,
    risk_master: named('risk_master'),
    risk_matrix: 'null',
    risk_evaluations: named('risk_evaluations'),
    risk_evaluation_items: joined(nameOf('risk_evaluations', uuid(1)), nameOf('risk_master', uuid(2))),
    dsr_forms: named('dsr_forms'),
    dsr_requests: request(uuid()),
    dsr_history: column('dsr_history', (r) => request(`${r}.request_id`), bigint()),
    dsr_files: column('dsr_files', (r) => `${r}.name`, uuid()),
    dsr_refusals: column('dsr_refusals', (r) => `${r}.reference_code`, uuid()),
    dsr_tasks: column('dsr_tasks', (r) => `${r}.system_name`, uuid()),
    dsr_task_files: column('dsr_task_files', (r) => `${r}.name`, uuid()),
    dsr_access_packs: column('dsr_access_packs', (r) => request(`${r}.request_id`), uuid()),
    consent_items: named('consent_items'),
    consent_forms: notice(uuid()),
    consent_form_versions: column('consent_form_versions', (r) => joined(notice(`${r}.form_id`), version(`${r}.version`)), uuid()),
    [AUDIT_ENTITY.consentRecords]: 'null',
    [AUDIT_ENTITY.auditLog]: 'null',
    data_categories: named('data_categories'),
    data_subject_categories: named('data_subject_categories'),
    processing_purposes: named('processing_purposes'),
    processors: named('processors'),
    datamap_systems: named('datamap_systems'),
    datamap_system_categories: joined(system(uuid(1)), nameOf('data_categories', uuid(2))),
    datamap_system_processors: joined(system(uuid(1)), nameOf('processors', uuid(2))),
    datamap_system_subjects: joined(system(uuid(1)), nameOf('data_subject_categories', uuid(2))),
    ropa_activities: activity(uuid()),
    ropa_activity_categories: joined(activity(uuid(1)), nameOf('data_categories', uuid(2))),
    ropa_activity_systems: joined(activity(uuid(1)), system(uuid(2))),
    ropa_versions: column('ropa_versions', (r) => joined(activity(`${r}.activity_id`), version(`${r}.version`)), bigint()),
    breaches: breach(uuid()),
    breach_files: column('breach_files', (r) => `${r}.name`, uuid()),
    breach_history: column('breach_history', (r) => breach(`${r}.breach_id`), bigint()),
    breach_notices: column('breach_notices', (r) => breach(`${r}.breach_id`), uuid()),
    breach_letters: column('breach_letters', (r) => joined(`${r}.number`, breach(`${r}.breach_id`)), uuid()),
    ropa_comments: column('ropa_comments', (r) => activity(`${r}.activity_id`), uuid()),
    ropa_inform_tasks: column('ropa_inform_tasks', (r) => activity(`${r}.activity_id`), uuid()),
    dpo_appointments: named('dpo_appointments'),
    dpo_assessments: column('dpo_assessments', (r) => person(`${r}.answered_by`), uuid()),
    dpo_reports: column('dpo_reports', (r) => `${r}.subject`, uuid()),
    cookie_domains: column('cookie_domains', cookieDomain, uuid()),
    cookie_versions: column('cookie_domains', (r) => joined(cookieDomain(r), version(`${int(2)}::text`)), uuid(1)),
    sheet_templates: named('sheet_templates'),
    sheet_documents: document(uuid()),
    sheet_versions: column('sheet_versions', (r) => joined(`${r}.title`, version(`${r}.version`)), uuid()),
    sheet_events: column('sheet_events', (r) => document(`${r}.document_id`), uuid()),
    quiz_questions: column('quiz_questions', (r) => `coalesce(nullif(${r}.text->>${quote(lang)}, ''), ${r}.text->>'th')`, uuid()),
    quiz_tests: test(uuid()),
    quiz_results: test(uuid()),
    quiz_attempts: attempt(uuid()),
    quiz_submissions: attempt(uuid()),
    breach_systems: joined(breach(uuid(1)), system(uuid(2))),
    ropa_sme_assessments: column('ropa_sme_assessments', (r) => person(`${r}.answered_by`), uuid()),
    transfers: column('transfers', (r) => `concat_ws(' · ', ${r}.importer, ${r}.country)`, uuid()),
    processor_diligence: named('processors'),
    assessments: column('assessments', (r) => joined(`upper(${r}.kind) || ' #' || ${r}.round`, activity(`${r}.activity_id`)), uuid()),
    assessment_templates: column('assessment_templates', (r) => joined(`${r}.name`, version(`${r}.version`)), uuid()),
    assessment_flags: activity(uuid()),
    processor_questionnaires: column('processor_questionnaires', (r) => joined(nameOf('processors', `${r}.processor_id`), `${r}.sent_to`), uuid()),
    transfer_categories: joined(
      column('transfers', (r) => `concat_ws(' · ', ${r}.importer, ${r}.country)`, uuid(1)),
      nameOf('data_categories', uuid(2)),
    ),
    retention_rules: column('retention_rules', (r) => joined(nameOf('data_categories', `${r}.category_id`), system(`${r}.system_id`)), uuid()),
    retention_items: column('retention_items', (r) => joined(`${r}.category_name`, `${r}.system_name`, `${r}.label`), uuid()),
    api_keys: named('api_keys'),
    webhook_endpoints: column('webhook_endpoints', (r) => `${r}.url`, uuid()),
    // a person's authenticator app is keyed by the person; a passkey by its credential id (text)
    user_totp: person(uuid()),
    user_passkeys: column('user_passkeys', (r) => joined(`${r}.name`, person(`${r}.user_id`)), 'a.record_id'),
    sso_settings: column('sso_settings', (r) => `${r}.provider_name`, uuid(), 'company_id'),
    // a binding is keyed by the person it binds
    sso_identities: person(uuid()),
    connector_settings: system(uuid()),
    framework_evidence: column('framework_evidence', (r) => joined(`${r}.requirement_id`, `to_char(${r}.evidenced_on, 'YYYY-MM-DD')`), uuid()),
    connector_runs: column('connector_runs', (r) => joined(request(`${r}.request_id`), system(`${r}.system_id`)), uuid()),
  };
}

/** The record types the labels cover (every table the triggers watch, and the API's own record types). */
export const LABELLED_ENTITIES = Object.keys(recordLabels('th'));

/** A record's name from the entry's own snapshot (a created or deleted row, or a changed name). */
const SNAPSHOT = `(select coalesce(j->>'name', j->>'title', j->>'reference_code', j #>> '{header,projectName}', j #>> '{draft,header,projectName}',
    nullif(trim(concat_ws(' ', j->>'firstname', j->>'lastname')), ''), j->>'username', j->>'host', j->>'code')
  from (select coalesce(a.before, '{}'::jsonb) || coalesce(a.after, '{}'::jsonb) as j) s)`;

/** Fields that point at a person. */
const PERSON_FIELDS = [
  'user_id',
  'assignee_id',
  'created_by',
  'answered_by',
  'assessed_by',
  'approved_by',
  'submitted_by',
  'archived_by',
  'state_by',
  'saved_by',
  'refused_by',
  'actor_id',
  'published_by',
];
/** Fields that point at a record of another table, with that record's label. */
const RECORD_FIELDS: Record<string, (id: string) => string> = {
  role_id: (id) => nameOf('roles', id),
  department_id: (id) => nameOf('departments', id),
  position_id: (id) => nameOf('positions', id),
  risk_id: (id) => nameOf('risk_master', id),
  plan_id: (id) => nameOf('risk_master', id),
  evaluation_id: (id) => nameOf('risk_evaluations', id),
  form_id: (id) => `coalesce(${column('consent_forms', (r) => `${r}.draft #>> '{header,projectName}'`, id)}, ${nameOf('dsr_forms', id)})`,
  request_id: (id) => column('dsr_requests', (r) => `${r}.reference_code`, id),
  breach_id: (id) => column('breaches', (r) => `concat_ws(' ', ${r}.code, ${r}.title)`, id),
  notice_id: (id) => column('consent_forms', (r) => `${r}.draft #>> '{header,projectName}'`, id),
  ropa_activity_id: (id) => nameOf('ropa_activities', id),
  activity_id: (id) => nameOf('ropa_activities', id),
  system_id: (id) => nameOf('datamap_systems', id),
  document_id: (id) => column('sheet_documents', (r) => `${r}.title`, id),
  test_id: (id) => column('quiz_tests', (r) => `${r}.title`, id),
  category_id: (id) => nameOf('data_categories', id),
  processor_id: (id) => nameOf('processors', id),
  subject_id: (id) => nameOf('data_subject_categories', id),
};

/** The name of the record or person a field's uuid value `v.id` points at. */
const FIELD_NAME = `case ${[
  ...PERSON_FIELDS.map((field) => `when v.key = '${field}' then ${person('v.id')}`),
  ...Object.entries(RECORD_FIELDS).map(([field, label]) => `when v.key = '${field}' then ${label('v.id')}`),
].join('\n    ')} end`;
const FIELD_KEYS = [...PERSON_FIELDS, ...Object.keys(RECORD_FIELDS)].map(quote).join(', ');

/** The names of the uuids the entry's changed fields hold, before and after: `{ id: name }`. */
const NAMES = `(select jsonb_object_agg(v.id::text, n.name) from (
    select distinct on (f.value) f.value::uuid as id, f.key from (
      select key, value from jsonb_each_text(coalesce(a.before, '{}'::jsonb))
      union all select key, value from jsonb_each_text(coalesce(a.after, '{}'::jsonb))
    ) f where f.key in (${FIELD_KEYS}) and f.value ~* '${UUID_RE}'
  ) v cross join lateral (select ${FIELD_NAME} as name) n
  where n.name is not null)`;

/**
 * The columns `record_label` and `names` of an entry `a` (an `audit_log` row), for a select list.
 * The label names the record as it is now; a record deleted since, as the entry saw it.
 */
const columnsByLang = new Map<Lang, string>();
export function labelColumns(lang: Lang): string {
  const cached = columnsByLang.get(lang);
  if (cached) return cached;
  const byEntity = Object.entries(recordLabels(lang))
    .map(([entity, label]) => `when '${entity}' then ${label}`)
    .join('\n      ');
  const live = `case a.entity\n      ${byEntity}\n    end`;
  const columns = `case when a.record_id is null then null else coalesce(${live}, ${SNAPSHOT}) end as record_label,
    coalesce(${NAMES}, '{}'::jsonb) as names`;
  columnsByLang.set(lang, columns);
  return columns;
}
