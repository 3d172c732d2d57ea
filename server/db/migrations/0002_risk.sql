-- Risk management: level names per category, risk events (type 1) and plans (type 2) with their
-- treatment text (RTP), the 5x5 matrix, evaluations and their rated items.

create extension if not exists pg_trgm;

create table risk_levels (
  company_id uuid not null references companies (id) on delete cascade,
  category text not null,
  level smallint not null check (level between 1 and 5),
  name text not null,
  primary key (company_id, category, level)
);

create table risk_master (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  type smallint not null check (type in (1, 2)),
  name text not null,
  confidentiality boolean not null default false,
  integrity boolean not null default false,
  availability boolean not null default false,
  -- the risk-treatment plan written for an event (RTP); null: no plan yet
  handle_risk text,
  handle_updated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- a page of a list is an index range scan: newest first, id breaking ties
create index risk_master_page_idx on risk_master (company_id, type, created_at desc, id desc);
-- substring search (Thai included) without a sequential scan
create index risk_master_name_trgm_idx on risk_master using gin (name gin_trgm_ops);

-- list totals kept as rows, so a page never pays for a count(*) over the company's rows
create table risk_counts (
  company_id uuid not null references companies (id) on delete cascade,
  type smallint not null,
  total bigint not null default 0,
  -- events with a treatment plan (RTP "has plan")
  handled bigint not null default 0,
  primary key (company_id, type)
);

create function risk_counts_maintain() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    insert into risk_counts (company_id, type, total, handled)
    values (new.company_id, new.type, 0, 0) on conflict do nothing;
  end if;
  if tg_op = 'INSERT' then
    update risk_counts set total = total + 1, handled = handled + (new.handle_risk is not null)::int
     where company_id = new.company_id and type = new.type;
  elsif tg_op = 'DELETE' then
    update risk_counts set total = total - 1, handled = handled - (old.handle_risk is not null)::int
     where company_id = old.company_id and type = old.type;
  elsif (old.handle_risk is null) <> (new.handle_risk is null) then
    update risk_counts set handled = handled + (new.handle_risk is not null)::int - (old.handle_risk is not null)::int
     where company_id = new.company_id and type = new.type;
  end if;
  return null;
end;
$$;

create trigger risk_counts_maintain after insert or delete or update of handle_risk on risk_master
  for each row execute function risk_counts_maintain();

create table risk_matrix (
  company_id uuid primary key references companies (id) on delete cascade,
  -- cells[likelihood - 1][impact - 1] = 'L' | 'M' | 'H' | 'VH'
  cells jsonb not null,
  updated_at timestamptz not null default now()
);

create table risk_evaluations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  status text not null default 'draft' check (status in ('draft', 'completed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);
create index risk_evaluations_page_idx on risk_evaluations (company_id, created_at desc, id desc);

create table risk_evaluation_items (
  evaluation_id uuid not null references risk_evaluations (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  position integer not null,
  -- an event rated in an evaluation cannot be deleted while the evaluation exists
  risk_id uuid not null references risk_master (id) on delete restrict,
  -- { "<category>": { "likelihood": 1-5, "impact": 1-5 } }
  ratings jsonb not null default '{}'::jsonb,
  -- the most severe code over the rated categories, from the company's matrix at the time
  code text,
  owner text,
  treatment text check (treatment in ('mitigate', 'accept', 'avoid', 'transfer')),
  plan_id uuid references risk_master (id) on delete restrict,
  plan_text text,
  due_date date,
  residual_likelihood smallint check (residual_likelihood between 1 and 5),
  residual_impact smallint check (residual_impact between 1 and 5),
  residual_code text,
  primary key (evaluation_id, risk_id)
);
create index risk_evaluation_items_risk_idx on risk_evaluation_items (risk_id);
create index risk_evaluation_items_plan_idx on risk_evaluation_items (plan_id);
