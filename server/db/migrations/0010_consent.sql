-- Privacy notices and consent (menu 5): consent items (sources, objectives, stores), notices with
-- their editable draft, immutable published versions, and append-only consent records.

create table consent_items (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  -- source | objective | store
  type text not null check (type in ('source', 'objective', 'store')),
  name text not null,
  sensitive boolean not null default false,
  status boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index consent_items_page_idx on consent_items (company_id, type, created_at desc, id desc);

create table consent_forms (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  -- the unguessable part of the public consent page's address (/consent/form/{formRef}/{formId})
  form_ref text not null unique,
  -- the seed's "Consent form detail draft"; item ids refer to consent_items
  draft jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index consent_forms_page_idx on consent_forms (company_id, updated_at desc, id desc);

-- A published version is what a data subject was shown: never changed, never deleted.
create table consent_form_versions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  form_id uuid not null references consent_forms (id),
  version integer not null,
  -- the notice as published: the draft with every item's name frozen, the controller and DPO contacts
  content jsonb not null,
  -- SHA-256 (hex) of the content's canonical text
  text_hash text not null,
  published_at timestamptz not null default now(),
  published_by uuid,
  unique (form_id, version)
);

-- Proof of consent: one row per given or withdrawn consent to one purpose. Append-only.
create table consent_records (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  form_id uuid not null references consent_forms (id),
  version_id uuid not null references consent_form_versions (id),
  version integer not null,
  text_hash text not null,
  purpose_id text not null,
  -- the purpose's own hash in that version: a different one in a later version asks for consent again
  purpose_hash text not null,
  subject_id text not null,
  email text not null,
  name text not null default '',
  -- given | withdrawn
  action text not null check (action in ('given', 'withdrawn')),
  explicit boolean not null default false,
  -- web (the public page) | staff
  channel text not null,
  lang text not null,
  -- {name, relation} of the holder of parental responsibility (s.20), or null
  guardian jsonb,
  age integer,
  ip text,
  created_at timestamptz not null default now()
);
create index consent_records_subject_idx on consent_records (company_id, form_id, subject_id, email, purpose_id, created_at);
create index consent_records_company_idx on consent_records (company_id, created_at desc);

create function consent_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: % is not allowed', tg_table_name, tg_op using errcode = '42501';
end;
$$;
create trigger consent_versions_no_change before update or delete on consent_form_versions
  for each row execute function consent_refuse_change();
create trigger consent_versions_no_truncate before truncate on consent_form_versions
  for each statement execute function consent_refuse_change();
create trigger consent_records_no_change before update or delete on consent_records
  for each row execute function consent_refuse_change();
create trigger consent_records_no_truncate before truncate on consent_records
  for each statement execute function consent_refuse_change();
revoke update, delete, truncate on consent_form_versions, consent_records from public;

-- the consent records are proof of their own: the audit trail would only repeat each of them
insert into audit_skip (table_name) values ('consent_records');
