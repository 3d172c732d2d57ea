-- One consent submission of the public page (or of staff) is recorded once, however often it is sent:
-- the page sends a key made when it was loaded (one per distinct submission), and the key is unique
-- per form. A second send of the same key — a double click, a retry after a lost reply, the same
-- request in parallel — waits for the first one's transaction and gets its reply; nothing is
-- recorded twice. The same key with another body is refused (409).
create table consent_submissions (
  form_id uuid not null references consent_forms (id),
  submission_id uuid not null,
  company_id uuid not null,
  -- sha-256 of the submitted body (without the key), to tell a retry from another submission
  body_digest text not null,
  -- the first send's reply, returned to every later send of the key
  reply jsonb,
  created_at timestamptz not null default now(),
  primary key (form_id, submission_id)
);
create index consent_submissions_created_idx on consent_submissions (created_at);

-- a technical table: the consent records themselves are the proof
insert into audit_skip (table_name) values ('consent_submissions');
