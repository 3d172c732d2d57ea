-- The DPO (PDPA s.41-42):
-- s.41 para. 2: one DPO shared by a group of affiliated companies. Each company keeps its own appointment
-- (and sees only its own rows); the appointment records that it is a group appointment, the group and the
-- other companies naming the same person.
alter table dpo_appointments
  add column shared_with_group boolean not null default false,
  add column group_name text not null default '',
  add column group_companies text not null default '',
  add constraint dpo_appointments_group_named check (not shared_with_group or group_name <> '');

-- s.42: the DPO's reports and advice to the company (its board, management, a department): when, about
-- what, to whom, the advice, what came of it and a link to the file; audited like every table.
create table dpo_reports (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  reported_on date not null,
  subject text not null check (subject <> ''),
  audience text not null check (audience in ('board', 'management', 'department', 'staff', 'other')),
  audience_name text not null default '',
  advice text not null check (advice <> ''),
  outcome text not null default '',
  file_url text not null default '',
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index dpo_reports_company_idx on dpo_reports (company_id, reported_on desc, created_at desc);

select audit_attach_all();
