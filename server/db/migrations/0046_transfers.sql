-- Transfers abroad (s.28-29): each a system or a processor of the company sending data to an importer
-- in another country, the categories sent, the basis and its evidence (a document checked by its
-- content, its signing date and expiry).

-- The evidence documents of transfers and processors (kept apart: the audit trail records the name,
-- type and size on the record that points here, never the bytes).
create table evidence_documents (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  mime text not null,
  size int not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index evidence_documents_company_idx on evidence_documents (company_id);
insert into audit_skip (table_name) values ('evidence_documents');

create table transfers (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  system_id uuid references datamap_systems (id),
  processor_id uuid references processors (id),
  country text not null check (country ~ '^[A-Z]{2}$'),
  importer text not null,
  basis text check (basis in ('adequacy', 'bcr', 'standard_clauses', 'certification', 'law', 'consent', 'contract',
                              'contract_for_subject', 'vital_interest', 'public_interest')),
  evidence_title text not null default '',
  signed_on date,
  expires_on date,
  notes text not null default '',
  evidence_name text,
  evidence_mime text,
  evidence_size int,
  evidence_id uuid references evidence_documents (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (system_id is not null or processor_id is not null),
  check (expires_on is null or signed_on is null or expires_on >= signed_on)
);
create index transfers_company_updated_idx on transfers (company_id, updated_at desc, id);
create index transfers_company_country_idx on transfers (company_id, country, id);
create index transfers_company_expires_idx on transfers (company_id, expires_on);
create index transfers_system_idx on transfers (system_id) where system_id is not null;
create index transfers_processor_idx on transfers (processor_id) where processor_id is not null;

create table transfer_categories (
  company_id uuid not null references companies (id) on delete cascade,
  transfer_id uuid not null references transfers (id) on delete cascade,
  category_id uuid not null references data_categories (id),
  primary key (transfer_id, category_id)
);
create index transfer_categories_category_idx on transfer_categories (category_id);
