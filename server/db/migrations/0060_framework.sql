-- The PDPA control framework (dashboard, menu 2): the evidence an officer attaches to a requirement the
-- modules' data cannot score, and the framework's score kept per company and month (the dashboard and
-- its page read the kept row; the hourly timed work and the page's "refresh" write it; the board report
-- draws the last 12 months from it).

create table framework_evidence (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  -- an id of contract/framework.ts's catalogue
  requirement_id text not null,
  note text not null check (length(note) between 1 and 2000),
  -- a document's name, number or address (the file kept elsewhere)
  reference text not null default '' check (length(reference) <= 500),
  -- the day the evidence shows the requirement met; over a year old it is stale
  evidenced_on date not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index framework_evidence_latest_idx on framework_evidence (company_id, requirement_id, evidenced_on desc, created_at desc);

create table framework_snapshots (
  company_id uuid not null references companies (id) on delete cascade,
  -- the first day of the Bangkok month
  month date not null,
  score numeric(5, 1),
  -- contract/framework.ts's frameworkSnapshot
  result jsonb not null,
  computed_at timestamptz not null default now(),
  primary key (company_id, month)
);
-- a cache of figures every module already audits: not a record anyone acts on
insert into audit_skip (table_name) values ('framework_snapshots');

select audit_attach_all();
