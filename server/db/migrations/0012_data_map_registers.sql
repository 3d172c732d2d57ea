-- The data map's first vocabularies, simple registers (contract/registers/): the company's data
-- categories (sensitive under s.26 or not) and its processors (the s.40 register).

create table data_categories (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  sensitive boolean not null default false,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- a name once per company, letter case aside
create unique index data_categories_company_name_key on data_categories (company_id, lower(name));
create index data_categories_company_created_idx on data_categories (company_id, created_at desc);

create table processors (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  country text not null default '',
  contract_date date,
  contact text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index processors_company_name_key on processors (company_id, lower(name));
create index processors_company_created_idx on processors (company_id, created_at desc);
