-- Data collected from other sources (PDPA s.25): an activity that receives personal data from someone
-- other than the data subject (its record's `otherSourceOn`, the day received) has a task to inform those
-- subjects within 30 days of collection, closed as informed (the day and the way) or as exempt (s.25's
-- exception and why). One row per collection day; the closed ones stay as the activity's proof.
create table ropa_inform_tasks (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  activity_id uuid not null,
  collected_on date not null,
  due_on date not null,
  state text not null default 'to_do' check (state in ('to_do', 'done', 'exempt')),
  informed_on date,
  method text check (method in ('letter', 'email', 'sms', 'first_contact', 'website', 'other')),
  exemption text check (exemption in ('already_knows', 'impossible', 'urgent_law', 'confidential')),
  note text not null default '' check (length(note) <= 2000),
  closed_by uuid references users (id) on delete set null,
  closed_at timestamptz,
  due_notified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  check (due_on >= collected_on),
  check ((state = 'to_do') = (closed_at is null)),
  check (state <> 'done' or (informed_on is not null and method is not null)),
  check (state <> 'exempt' or (exemption is not null and note <> '')),
  foreign key (company_id, activity_id) references ropa_activities (company_id, id) on delete cascade
);
-- one open task per activity; one task per collection day
create unique index ropa_inform_tasks_open_key on ropa_inform_tasks (company_id, activity_id) where state = 'to_do';
create unique index ropa_inform_tasks_day_key on ropa_inform_tasks (company_id, activity_id, collected_on);
create index ropa_inform_tasks_due_idx on ropa_inform_tasks (company_id, due_on) where state = 'to_do';

select audit_attach_all();
