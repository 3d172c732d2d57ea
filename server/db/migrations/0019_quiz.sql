-- Knowledge tests (PDPA awareness, the evidence the PDPC's security notification asks for): each company's
-- question bank, its tests (who must pass by when), the attempts and their answer sheets. Attempts and
-- answer sheets are append-only in the database itself: neither can be changed nor deleted.

create table quiz_questions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  topic text not null check (topic in ('lawful_basis', 'consent', 'dsr', 'breach', 'security')),
  kind text not null check (kind in ('single', 'multiple')),
  text jsonb not null,
  choices jsonb not null,
  correct smallint[] not null,
  explanation jsonb not null,
  reference text not null default '',
  active boolean not null default true,
  -- the bank's order: as shipped, then as added
  seq bigint generated always as identity,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);
create index quiz_questions_company_idx on quiz_questions (company_id, seq);

create table quiz_tests (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  title text not null,
  description text not null default '',
  topics text[] not null,
  question_count integer not null check (question_count between 1 and 100),
  time_limit_minutes integer not null check (time_limit_minutes between 1 and 240),
  pass_mark integer not null check (pass_mark between 1 and 100),
  due_date date not null,
  retake_days integer not null check (retake_days between 0 and 365),
  department_ids uuid[] not null default '{}',
  position_ids uuid[] not null default '{}',
  user_ids uuid[] not null default '{}',
  active boolean not null default true,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);
create index quiz_tests_company_idx on quiz_tests (company_id, created_at desc, id desc);

-- One row per attempt, written when it starts: the questions drawn (a copy, with the right answers, so
-- later edits of the bank never change a past result) and the server's own start and deadline.
create table quiz_attempts (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id),
  test_id uuid not null,
  user_id uuid not null references users (id),
  questions jsonb not null,
  pass_mark integer not null,
  started_at timestamptz not null default now(),
  deadline_at timestamptz not null,
  unique (company_id, id),
  foreign key (company_id, test_id) references quiz_tests (company_id, id)
);
create index quiz_attempts_test_user_idx on quiz_attempts (company_id, test_id, user_id, started_at desc);
-- one open attempt at a time per person and test is enforced by the API under a row lock on the test

-- The answer sheet: at most one per attempt (the primary key), written once.
create table quiz_submissions (
  attempt_id uuid primary key,
  company_id uuid not null references companies (id),
  answers jsonb not null,
  correct_count integer not null,
  score integer not null check (score between 0 and 100),
  passed boolean not null,
  -- a passing sheet's certificate: its verification code, unique across companies
  certificate_code text unique,
  submitted_at timestamptz not null default now(),
  foreign key (company_id, attempt_id) references quiz_attempts (company_id, id)
);
create index quiz_submissions_company_idx on quiz_submissions (company_id);

create function quiz_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: % is not allowed', tg_table_name, tg_op using errcode = '42501';
end;
$$;
create trigger quiz_attempts_no_change before update or delete on quiz_attempts
  for each row execute function quiz_append_only();
create trigger quiz_attempts_no_truncate before truncate on quiz_attempts
  for each statement execute function quiz_append_only();
create trigger quiz_submissions_no_change before update or delete on quiz_submissions
  for each row execute function quiz_append_only();
create trigger quiz_submissions_no_truncate before truncate on quiz_submissions
  for each statement execute function quiz_append_only();

-- The bell's reminders already sent (a week before the due date, on the day), one per test, person
-- and kind: the timed work inserts here and notifies in one statement, so several processes send once.
create table quiz_reminders (
  company_id uuid not null references companies (id) on delete cascade,
  test_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('week', 'due')),
  sent_at timestamptz not null default now(),
  primary key (test_id, user_id, kind),
  foreign key (company_id, test_id) references quiz_tests (company_id, id) on delete cascade
);

-- The knowledge tests' menu (19): every built-in staff role of every company has it, the contact role not.
insert into role_menus (role_id, menu_id, can_edit)
select r.id, 19, false from roles r where r.builtin is distinct from 'contact'
on conflict do nothing;

insert into audit_skip (table_name) values ('quiz_reminders');
select audit_attach_all();
