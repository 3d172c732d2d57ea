-- Connectors: a data-map system linked to the company's own PostgreSQL or MySQL/MariaDB database, so that
-- a data subject request's access and erasure run there, with proof. The password is kept encrypted with
-- the product's file key (AES-256-GCM, as the requests' identity documents) and never leaves the server.

create table connector_settings (
  company_id uuid not null,
  system_id uuid not null,
  kind text not null check (kind in ('postgres', 'mysql')),
  host text not null,
  port integer not null check (port between 1 and 65535),
  database_name text not null,
  username text not null,
  -- iv | tag | ciphertext, base64 ('' when the database asks for no password); the audit trail masks it
  password_secret text not null default '',
  timeout_seconds integer not null default 10 check (timeout_seconds between 1 and 120),
  -- per table: its identity columns and their kind, the columns returned, the erasure action per column
  tables jsonb not null default '[]'::jsonb,
  updated_at timestamptz not null default now(),
  primary key (company_id, system_id),
  foreign key (company_id, system_id) references datamap_systems (company_id, id) on delete cascade
);

-- One run on one system for one request: an access, or an erasure (a dry run waiting for a second
-- person's approval, then executed in one transaction on that system).
create table connector_runs (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  request_id uuid not null,
  system_id uuid not null,
  kind text not null check (kind in ('access', 'erasure')),
  status text not null check (status in ('done', 'failed', 'awaiting_approval', 'erased', 'cancelled')),
  -- rows per table: found (access, dry run), then erased
  counts jsonb not null default '{}'::jsonb,
  -- per table, what the erasure did: delete_row, update (set null or hashed), none
  actions jsonb not null default '{}'::jsonb,
  -- the database it ran on, as the certificate names it (kind, host, database)
  database_label text not null default '',
  -- SHA-256 of the keys of the rows touched (erasure)
  keys_digest text,
  error text,
  requested_by uuid references users (id) on delete set null,
  requested_at timestamptz not null default now(),
  approved_by uuid references users (id) on delete set null,
  approved_at timestamptz,
  finished_at timestamptz,
  certificate_number text,
  unique (company_id, id),
  foreign key (company_id, request_id) references dsr_requests (company_id, id) on delete cascade,
  foreign key (company_id, system_id) references datamap_systems (company_id, id) on delete cascade
);
create index connector_runs_request_idx on connector_runs (company_id, request_id, requested_at desc);
create unique index connector_runs_certificate_key on connector_runs (certificate_number);

-- the running number of each company's erasure certificates per Buddhist-era year
create table connector_certificate_counters (
  company_id uuid not null references companies (id) on delete cascade,
  year integer not null,
  last integer not null default 0,
  primary key (company_id, year)
);

-- The rows an access run found, kept with the request for its access pack. Personal data copied from
-- the company's systems: kept out of the audit trail (the run itself is logged).
create table connector_results (
  company_id uuid not null,
  run_id uuid not null,
  rows jsonb not null,
  primary key (company_id, run_id),
  foreign key (company_id, run_id) references connector_runs (company_id, id) on delete cascade
);

insert into audit_skip (table_name) values ('connector_results'), ('connector_certificate_counters');
