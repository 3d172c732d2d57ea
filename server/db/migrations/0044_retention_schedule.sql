-- The retention schedule (menu 16): a rule per data category, for every system holding it or for one
-- system, and the due-for-deletion queue with the evidence of each deletion.

create table retention_rules (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  category_id uuid not null references data_categories (id) on delete cascade,
  -- null: the category in every system that holds it
  system_id uuid,
  period integer not null check (period > 0),
  unit text not null check (unit in ('days', 'months', 'years')),
  start_event text not null,
  law text,
  legal_reason text not null,
  end_action text not null check (end_action in ('delete', 'anonymise', 'review')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  check ((unit = 'days' and period <= 36525) or (unit = 'months' and period <= 1200) or (unit = 'years' and period <= 100)),
  foreign key (company_id, system_id) references datamap_systems (company_id, id) on delete cascade
);
-- one rule per category and system (or per category for every system)
create unique index retention_rules_scope_key
  on retention_rules (company_id, category_id, coalesce(system_id, '00000000-0000-0000-0000-000000000000'::uuid));
create index retention_rules_company_system_idx on retention_rules (company_id, system_id);

-- One system's data of a rule's category: when its start event last happened, the day it falls due,
-- and once done, the evidence. The names are kept as they were, so a deletion record outlives its rule.
create table retention_items (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  rule_id uuid,
  system_id uuid,
  label text not null,
  category_name text not null,
  system_name text not null,
  end_action text not null check (end_action in ('delete', 'anonymise', 'review')),
  started_on date not null,
  due_on date not null,
  owner_id uuid references users (id) on delete set null,
  status text not null default 'open' check (status in ('open', 'done')),
  completed_at timestamptz,
  completed_by uuid references users (id) on delete set null,
  note text,
  deleted_count bigint,
  backups_expire_on date,
  file_name text,
  file_mime text,
  file_size integer,
  file_stored text,
  -- the overdue warning went to the owner and the DPO (once per item)
  overdue_notified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  check (status = 'open' or (completed_at is not null and note is not null and deleted_count is not null and backups_expire_on is not null)),
  foreign key (company_id, rule_id) references retention_rules (company_id, id) on delete set null (rule_id),
  foreign key (company_id, system_id) references datamap_systems (company_id, id) on delete set null (system_id)
);
create index retention_items_due_idx on retention_items (company_id, status, due_on, id);
create index retention_items_rule_idx on retention_items (company_id, rule_id) where status = 'open';
create index retention_items_overdue_idx on retention_items (due_on) where status = 'open' and overdue_notified_at is null;
