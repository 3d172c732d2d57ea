-- Document sheets (menu 7): the company's own templates (the shipped ones live in
-- contract/sheetTemplates.ts), documents made from them, every saved version, and who moved a
-- document through draft -> review -> approved -> published -> archived, and when.

create table sheet_templates (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  kind text not null,
  lang text not null check (lang in ('th', 'en')),
  description text not null default '',
  -- sanitized HTML with {{variables}}
  body text not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sheet_templates_company_idx on sheet_templates (company_id, updated_at desc, id);

create table sheet_documents (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  title text not null,
  -- a shipped template's id (std-...) or one of sheet_templates; kept when the template goes
  template_id text,
  kind text not null,
  lang text not null check (lang in ('th', 'en')),
  state text not null default 'draft' check (state in ('draft', 'review', 'approved', 'published', 'archived')),
  -- the latest saved version
  version integer not null default 1,
  published_version integer,
  thai_digits boolean not null default false,
  -- what the document is attached to; ROPA activities and breaches are read once their modules exist
  notice_id uuid references consent_forms (id) on delete set null,
  ropa_activity_id uuid,
  breach_id uuid,
  state_by uuid,
  state_at timestamptz not null default now(),
  approved_by uuid,
  approved_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sheet_documents_company_idx on sheet_documents (company_id, updated_at desc, id);
create index sheet_documents_notice_idx on sheet_documents (company_id, notice_id) where notice_id is not null;

-- Every saved text of a document. Never changed, but for the frozen text written once when it is published.
create table sheet_versions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  document_id uuid not null references sheet_documents (id) on delete cascade,
  version integer not null,
  title text not null,
  -- sanitized HTML with {{variables}}
  body text not null,
  -- published: the text with its variables filled as they were then (what the PDF and DOCX print)
  frozen_html text,
  -- who approved this version's text, and when (the footer of its PDF says so)
  approved_by uuid,
  approved_at timestamptz,
  saved_by uuid,
  saved_at timestamptz not null default now(),
  unique (document_id, version)
);
create index sheet_versions_company_idx on sheet_versions (company_id, document_id, version desc);

-- Who moved a document, from and to which state, at which version. Append-only.
create table sheet_events (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  document_id uuid not null references sheet_documents (id) on delete cascade,
  action text not null,
  from_state text,
  to_state text not null,
  version integer not null,
  note text not null default '',
  actor_id uuid,
  at timestamptz not null default now()
);
create index sheet_events_document_idx on sheet_events (company_id, document_id, at);
