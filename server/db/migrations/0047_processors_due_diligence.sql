-- Processors' due diligence (s.40, s.37(2)): each processor's data processing agreement, its
-- sub-processors, the breach-notice time it promised, its review date; and the questionnaires sent
-- to it as a one-time link (only the token's hash is kept; the answers never change once given).
create table processor_diligence (
  processor_id uuid primary key references processors (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  dpa_status text not null default 'none' check (dpa_status in ('none', 'negotiating', 'signed', 'terminated')),
  dpa_signed_on date,
  dpa_expires_on date,
  dpa_file_id uuid references evidence_documents (id),
  dpa_file_name text,
  dpa_file_mime text,
  dpa_file_size int,
  breach_notice_hours int check (breach_notice_hours between 1 and 720),
  review_on date,
  subprocessors jsonb not null default '[]',
  -- the day a warning was last notified: the hourly work tells once per expiry and per review date
  expiry_notified_for date,
  review_notified_for date,
  updated_at timestamptz not null default now(),
  check (dpa_expires_on is null or dpa_signed_on is null or dpa_expires_on >= dpa_signed_on)
);
create index processor_diligence_company_idx on processor_diligence (company_id);

create table processor_questionnaires (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  processor_id uuid not null references processors (id) on delete cascade,
  token_hash text not null unique,
  lang text not null default 'th' check (lang in ('th', 'en')),
  sent_to text not null,
  sent_by uuid references users (id),
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  answered_at timestamptz,
  respondent_name text,
  answers jsonb,
  score int,
  risk_code text,
  risk_event_id uuid,
  check ((answered_at is null) = (answers is null))
);
create index processor_questionnaires_processor_idx on processor_questionnaires (company_id, processor_id, sent_at desc);

-- answers are kept as given: once answered, a questionnaire's answers, its respondent and its score never change
create function processor_questionnaire_immutable() returns trigger language plpgsql as $$
begin
  if old.answered_at is not null and (new.answers is distinct from old.answers or new.respondent_name is distinct from old.respondent_name
      or new.answered_at is distinct from old.answered_at or new.score is distinct from old.score) then
    raise exception 'questionnaire answers are immutable' using errcode = '23514';
  end if;
  return new;
end $$;
create trigger processor_questionnaire_immutable before update on processor_questionnaires
  for each row execute function processor_questionnaire_immutable();
