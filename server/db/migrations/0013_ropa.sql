-- Records of processing (ROPA, PDPA s.39 and s.40) and the data map's systems and data sets.
-- The data map is entered once and picked by the ROPA records: systems link to the registers of
-- 0012 (data categories, processors) and two new ones (data subject categories, purposes).

create table data_subject_categories (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index data_subject_categories_company_name_key on data_subject_categories (company_id, lower(name));
create index data_subject_categories_company_created_idx on data_subject_categories (company_id, created_at desc);

create table processing_purposes (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index processing_purposes_company_name_key on processing_purposes (company_id, lower(name));
create index processing_purposes_company_created_idx on processing_purposes (company_id, created_at desc);

-- a system or data set of the data map (the breach module links to it by id)
create table datamap_systems (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  department_id uuid,
  description text not null default '',
  volume text not null default '',
  storage_location text not null default '',
  storage_country text not null default '',
  retention text not null default '',
  access text not null default '',
  security text not null default '',
  -- [{country, mechanism, recipient}]
  transfers jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, department_id) references departments (company_id, id) on delete set null (department_id)
);
create unique index datamap_systems_company_name_key on datamap_systems (company_id, lower(name));
create index datamap_systems_company_updated_idx on datamap_systems (company_id, updated_at desc, id);

-- what a system holds, about whom, and who processes it: a register row in use cannot be deleted (409)
create table datamap_system_categories (
  system_id uuid not null references datamap_systems (id) on delete cascade,
  category_id uuid not null references data_categories (id),
  primary key (system_id, category_id)
);
create index datamap_system_categories_category_idx on datamap_system_categories (category_id);
create table datamap_system_subjects (
  system_id uuid not null references datamap_systems (id) on delete cascade,
  subject_id uuid not null references data_subject_categories (id),
  primary key (system_id, subject_id)
);
create index datamap_system_subjects_subject_idx on datamap_system_subjects (subject_id);
create table datamap_system_processors (
  system_id uuid not null references datamap_systems (id) on delete cascade,
  processor_id uuid not null references processors (id),
  primary key (system_id, processor_id)
);
create index datamap_system_processors_processor_idx on datamap_system_processors (processor_id);

-- one processing activity: the s.39 items not kept in columns live in `record` (contract/ropa.ts)
create table ropa_activities (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  role text not null default 'controller' check (role in ('controller', 'processor')),
  state text not null default 'draft' check (state in ('draft', 'review', 'approved', 'archived')),
  department_id uuid,
  record jsonb not null default '{}'::jsonb,
  review_date date not null default ((now() at time zone 'Asia/Bangkok')::date + interval '1 year')::date,
  -- how many s.39 items are still missing (kept with every save, so lists and the dashboard need no recount)
  missing_count integer not null default 0,
  created_by uuid references users (id) on delete set null,
  submitted_by uuid references users (id) on delete set null,
  submitted_at timestamptz,
  approved_by uuid references users (id) on delete set null,
  approved_at timestamptz,
  archived_by uuid references users (id) on delete set null,
  archived_at timestamptz,
  review_notified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, department_id) references departments (company_id, id) on delete set null (department_id)
);
create index ropa_activities_company_updated_idx on ropa_activities (company_id, updated_at desc, id);
create index ropa_activities_company_state_idx on ropa_activities (company_id, state);
create index ropa_activities_review_idx on ropa_activities (company_id, review_date) where state <> 'archived';

-- the systems an activity uses: a system in use cannot be deleted (409)
create table ropa_activity_systems (
  company_id uuid not null,
  activity_id uuid not null,
  system_id uuid not null,
  primary key (activity_id, system_id),
  foreign key (company_id, activity_id) references ropa_activities (company_id, id) on delete cascade,
  foreign key (company_id, system_id) references datamap_systems (company_id, id)
);
create index ropa_activity_systems_system_idx on ropa_activity_systems (system_id);

-- the data categories an activity collects (s.39(1)): a category in use cannot be deleted (409)
create table ropa_activity_categories (
  activity_id uuid not null references ropa_activities (id) on delete cascade,
  category_id uuid not null references data_categories (id),
  primary key (activity_id, category_id)
);
create index ropa_activity_categories_category_idx on ropa_activity_categories (category_id);

-- every approved version of an activity, as it was approved (who, when, what)
create table ropa_versions (
  id bigint generated always as identity primary key,
  company_id uuid not null,
  activity_id uuid not null,
  version integer not null,
  snapshot jsonb not null,
  approved_by uuid references users (id) on delete set null,
  approved_at timestamptz not null default now(),
  unique (activity_id, version),
  foreign key (company_id, activity_id) references ropa_activities (company_id, id) on delete cascade
);

-- which activity a DSR form belongs to: its refusals are that activity's s.39(7) entries
alter table dsr_forms add column ropa_activity_id uuid;
alter table dsr_forms
  add constraint dsr_forms_ropa_activity_fk foreign key (company_id, ropa_activity_id) references ropa_activities (company_id, id)
  on delete set null (ropa_activity_id);
create index dsr_forms_ropa_activity_idx on dsr_forms (ropa_activity_id) where ropa_activity_id is not null;
