-- The data protection officer (PDPA s.41-42, menu 4): the company's appointments (a staff member, an
-- outside person, a firm or a board), one current at a time, kept as history; and the answers of the
-- "Do we need a DPO?" questionnaire (s.41) with their date.

create table dpo_appointments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  kind text not null check (kind in ('staff', 'external', 'firm', 'board')),
  -- staff: the person appointed (the name below is theirs when appointed)
  user_id uuid references users (id) on delete set null,
  name text not null,
  representative text not null default '',
  -- board: [{userId, name, position}]
  members jsonb not null default '[]'::jsonb,
  -- the contact shown to data subjects
  contact_email text not null default '',
  contact_phone text not null default '',
  contact_address text not null default '',
  appointed_on date not null,
  term_ends_on date,
  office_informed_on date,
  order_no text not null default '',
  duties text not null default '',
  -- null while current
  ended_on date,
  end_reason text not null default '',
  -- the bell's "term ends within 30 days" was raised (picked and marked in one statement)
  term_notified_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (term_ends_on is null or term_ends_on > appointed_on),
  check (ended_on is null or ended_on >= appointed_on)
);
-- one current appointment per company, whatever the API does
create unique index dpo_appointments_one_current on dpo_appointments (company_id) where ended_on is null;
create index dpo_appointments_company_idx on dpo_appointments (company_id, appointed_on desc, created_at desc);
-- the timed work's pick: current appointments whose term end was not yet announced
create index dpo_appointments_term_due_idx on dpo_appointments (term_ends_on) where ended_on is null and term_notified_at is null;

create table dpo_assessments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  answers jsonb not null,
  required boolean not null,
  reasons text[] not null default '{}',
  answered_by uuid,
  answered_at timestamptz not null default now(),
  -- the bell's "a DPO is required and none is appointed" was raised for these answers
  missing_notified_at timestamptz
);
create index dpo_assessments_company_idx on dpo_assessments (company_id, answered_at desc, id desc);

select audit_attach_all();
