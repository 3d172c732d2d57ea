-- Data subject requests (PDPA s.30-36, s.19): request forms, requests with their 30-day clock,
-- their history, their files (encrypted, outside the web root), and the refusal log ROPA reads (s.39(7)).

create table dsr_forms (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  published boolean not null default true,
  rights text[] not null,
  identity_fields text[] not null default '{}',
  evidence_required boolean not null default true,
  evidence_note jsonb not null default '{}'::jsonb,
  texts jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);
create index dsr_forms_company_idx on dsr_forms (company_id, created_at desc, id desc);

-- the running number of each company's reference codes (<company code>-DSR-0001)
create table dsr_counters (
  company_id uuid primary key references companies (id) on delete cascade,
  last integer not null default 0
);

create table dsr_requests (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  form_id uuid not null,
  reference_code text not null,
  status_id smallint not null default 1 check (status_id between 1 and 7),
  rights text[] not null,
  requester_type text not null check (requester_type in ('subject', 'representative')),
  subject jsonb not null,
  email text not null,
  representative jsonb,
  details text not null default '',
  lang text not null default 'th',
  received_at timestamptz not null default now(),
  due_at timestamptz not null,
  extension_days integer,
  extension_reason text,
  refusal_ground text,
  refusal_reasons text,
  proof_text text,
  assignee_id uuid references users (id) on delete set null,
  due_notified_at timestamptz,
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, form_id) references dsr_forms (company_id, id)
);
create unique index dsr_requests_reference_key on dsr_requests (reference_code);
create index dsr_requests_company_idx on dsr_requests (company_id, received_at desc, id desc);
create index dsr_requests_status_idx on dsr_requests (company_id, status_id, due_at);

create table dsr_history (
  id bigint generated always as identity primary key,
  company_id uuid not null references companies (id) on delete cascade,
  request_id uuid not null,
  action text not null check (action in ('received', 'state', 'extend', 'assign', 'proof')),
  status_id smallint not null,
  note text not null default '',
  actor_id uuid references users (id) on delete set null,
  at timestamptz not null default now(),
  foreign key (company_id, request_id) references dsr_requests (company_id, id) on delete cascade
);
create index dsr_history_request_idx on dsr_history (request_id, at, id);

create table dsr_files (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  request_id uuid not null,
  kind text not null check (kind in ('identity', 'authority', 'proof')),
  name text not null,
  mime text not null,
  size integer not null,
  -- the file's name under DATA_DIR/private/dsr/<company>/ (AES-256-GCM, never served as is)
  stored_name text not null,
  created_at timestamptz not null default now(),
  foreign key (company_id, request_id) references dsr_requests (company_id, id) on delete cascade
);
create index dsr_files_request_idx on dsr_files (request_id);

-- every refusal, with its legal ground and reasons: the ROPA record shows them (s.39(7))
create table dsr_refusals (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  request_id uuid,
  reference_code text not null,
  rights text[] not null,
  legal_ground text not null,
  reasons text not null,
  refused_by uuid references users (id) on delete set null,
  refused_at timestamptz not null default now()
);
create index dsr_refusals_company_idx on dsr_refusals (company_id, refused_at desc);

-- the public pages' calls per address, for their rate limit
create table dsr_public_hits (
  key text not null,
  at timestamptz not null default now()
);
create index dsr_public_hits_key_idx on dsr_public_hits (key, at);

insert into audit_skip (table_name) values ('dsr_public_hits'), ('dsr_counters');
select audit_attach_all();
