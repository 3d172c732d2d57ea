-- The breach log (menu 17, PDPA s.37(4)): breaches with their 72-hour clock from `aware_at`, the risk
-- assessment, the notices sent to the PDPC Office and to the data subjects, the timeline, and the
-- attachments (encrypted like DSR evidence, outside the web root).

-- the running number of each company's breach codes (<company code>-BR-0001)
create table breach_counters (
  company_id uuid primary key references companies (id) on delete cascade,
  last integer not null default 0
);

create table breaches (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  code text not null,
  title text not null,
  discovery text not null default '',
  status text not null default 'discovered' check (status in ('discovered', 'assessing', 'notified', 'contained', 'closed')),
  aware_at timestamptz not null,
  occurred_at timestamptz,
  cia jsonb not null,
  -- the data map's categories as they were named when picked: [{_id, name, sensitive}]
  data_categories jsonb not null default '[]'::jsonb,
  sensitive_data boolean not null default false,
  subjects_count bigint,
  subjects_estimated boolean not null default false,
  records_count bigint,
  records_estimated boolean not null default false,
  vulnerable_groups text[] not null default '{}',
  -- names of the systems affected, until the data map's systems table can be referenced
  systems text[] not null default '{}',
  processor text not null default '',
  cause text not null default '',
  containment text not null default '',
  consequences text not null default '',
  risk_level text check (risk_level in ('none', 'risk', 'high')),
  risk_factors jsonb,
  risk_rationale text,
  assessed_at timestamptz,
  assessed_by uuid references users (id) on delete set null,
  office_notified_at timestamptz,
  subjects_notified_at timestamptz,
  subjects_waiver text,
  -- the last bell warning sent: 0 none, 48, 60, 72 (overdue); set in the statement that picks the breach
  clock_stage smallint not null default 0,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);
create unique index breaches_code_key on breaches (company_id, code);
create index breaches_company_idx on breaches (company_id, aware_at desc, id desc);
-- the clock job's pick (server/jobs.ts): only breaches whose clock still runs and has a warning left
create index breaches_clock_idx on breaches (aware_at)
  where office_notified_at is null and clock_stage < 72 and status <> 'closed' and (risk_level is null or risk_level <> 'none');

create table breach_notices (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  breach_id uuid not null,
  target text not null check (target in ('office', 'subjects')),
  sent_at timestamptz not null,
  channel text not null,
  reference text not null default '',
  late boolean not null default false,
  late_reasons text not null default '',
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (company_id, breach_id) references breaches (company_id, id) on delete cascade
);
create index breach_notices_breach_idx on breach_notices (breach_id, sent_at);

create table breach_history (
  id bigint generated always as identity primary key,
  company_id uuid not null references companies (id) on delete cascade,
  breach_id uuid not null,
  action text not null check (action in ('created', 'updated', 'assessed', 'state', 'notice', 'note', 'file')),
  status text not null,
  note text not null default '',
  actor_id uuid references users (id) on delete set null,
  at timestamptz not null default now(),
  foreign key (company_id, breach_id) references breaches (company_id, id) on delete cascade
);
create index breach_history_breach_idx on breach_history (breach_id, at, id);

create table breach_files (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  breach_id uuid not null,
  name text not null,
  mime text not null,
  size integer not null,
  -- the file's name under DATA_DIR/private/dsr/<company>/ (AES-256-GCM, never served as is)
  stored_name text not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (company_id, breach_id) references breaches (company_id, id) on delete cascade
);
create index breach_files_breach_idx on breach_files (breach_id);

insert into audit_skip (table_name) values ('breach_counters');
select audit_attach_all();
