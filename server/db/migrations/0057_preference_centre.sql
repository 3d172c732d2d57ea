-- The data subjects' preference centre: a one-time code e-mailed to the subject (kept as a keyed hash,
-- 5 tries), then a short-lived token (kept as its SHA-256) that shows the consents the subject gave
-- the company and withdraws them. Both are scoped by company; neither is a session.
create table preference_codes (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  email text not null,
  lang text not null default 'th',
  code_hash text not null,
  code_expires_at timestamptz not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now()
);
create index preference_codes_created_idx on preference_codes (created_at);

create table preference_tokens (
  token_hash text primary key,
  company_id uuid not null references companies (id) on delete cascade,
  email text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index preference_tokens_expires_idx on preference_tokens (expires_at);

-- the subject's consents found by e-mail (public forms) or by subject id (the consent API) in one company
create index consent_current_email_idx on consent_current (company_id, lower(email));
create index consent_current_subject_idx on consent_current (company_id, lower(subject_id));

insert into audit_skip (table_name) values ('preference_codes'), ('preference_tokens');
