-- People: the company's departments and positions, and each person's department and position.
-- Foreign keys carry company_id, so a person can only be placed in their own company's department
-- and position, and a position in its own company's department, whatever the code does.

create table departments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now(),
  unique (company_id, id)
);
-- a name once per company, letter case aside
create unique index departments_company_name_key on departments (company_id, lower(name));

create table positions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  department_id uuid not null,
  name text not null,
  created_at timestamptz not null default now(),
  unique (company_id, department_id, id),
  -- a department with positions cannot be deleted (the API says so first, with its own message)
  foreign key (company_id, department_id) references departments (company_id, id)
);
-- a name once per department: every department may have its own "ผู้จัดการ"
create unique index positions_department_name_key on positions (department_id, lower(name));
create index positions_company_idx on positions (company_id, created_at desc);

alter table users add column department_id uuid;
alter table users add column position_id uuid;
-- a position belongs to the person's department
alter table users add constraint users_position_needs_department check (position_id is null or department_id is not null);
alter table users add constraint users_department_fkey
  foreign key (company_id, department_id) references departments (company_id, id);
alter table users add constraint users_position_fkey
  foreign key (company_id, department_id, position_id) references positions (company_id, department_id, id);
create index users_department_idx on users (company_id, department_id) where department_id is not null;
create index users_position_idx on users (company_id, position_id) where position_id is not null;
-- the people list: newest first
create index users_company_created_idx on users (company_id, created_at desc, id desc);
-- a contact user's sub-account id, once per company
create unique index users_company_sub_id_key on users (company_id, lower(sub_id)) where sub_id is not null;
