-- Data subject requests taken by staff (the channel they came by, who recorded them, scans of the
-- letter) and the public form's e-mail verification (a request is filed only once its one-time code
-- is given; an unverified one is reminded once and dropped after 7 days, nothing of it kept).

alter table dsr_requests add column channel text not null default 'web'
  check (channel in ('web', 'email', 'phone', 'post', 'in_person'));
alter table dsr_requests add column recorded_by uuid references users (id) on delete set null;

alter table dsr_files drop constraint dsr_files_kind_check;
alter table dsr_files add constraint dsr_files_kind_check check (kind in ('identity', 'authority', 'proof', 'letter'));

-- a public submission waiting for its code: the checked body (its files apart), the code's keyed hash
create table dsr_pending (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  form_id uuid not null,
  email text not null,
  lang text not null default 'th',
  body jsonb not null,
  code_hash text not null,
  code_expires_at timestamptz not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  reminded_at timestamptz,
  foreign key (company_id, form_id) references dsr_forms (company_id, id) on delete cascade
);
create index dsr_pending_company_idx on dsr_pending (company_id, created_at);

-- its files, encrypted (AES-256-GCM with the file key) until the code is given; gone with the row
create table dsr_pending_files (
  id bigint generated always as identity primary key,
  company_id uuid not null references companies (id) on delete cascade,
  pending_id uuid not null references dsr_pending (id) on delete cascade,
  kind text not null check (kind in ('identity', 'authority')),
  name text not null,
  mime text not null,
  sealed bytea not null
);
create index dsr_pending_files_pending_idx on dsr_pending_files (pending_id);

-- nobody acts on a pending submission, and nothing of a dropped one may stay in the trail
insert into audit_skip (table_name) values ('dsr_pending'), ('dsr_pending_files');
select audit_attach_all();
