-- A person's saved filters of a list: a name and the list's filter values, per user and
-- list, offered in that list's filter row to that person alone. A preference, not a record of the
-- company: the audit trail leaves it out.
create table saved_filters (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  list text not null,
  name text not null,
  filter jsonb not null,
  created_at timestamptz not null default now()
);
create unique index saved_filters_name_idx on saved_filters (company_id, user_id, list, lower(name));
insert into audit_skip (table_name) values ('saved_filters');
