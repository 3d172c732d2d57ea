-- A choice the banner sends again (its beacon failed, or the page went before the answer came) carries
-- the submission id it was first sent with; the writer stores a submission once (server/modules/cookie/writer.ts).
-- The ids of the last two days are kept (the banner gives up on a choice after a day) and the upkeep drops
-- older ones; nothing refers to them, and the log itself never holds them (its rows' hashes are sealed).
create table cookie_submissions (
  domain_id uuid not null,
  submission_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (domain_id, submission_id)
);
create index cookie_submissions_at_idx on cookie_submissions (created_at);

insert into audit_skip (table_name) values ('cookie_submissions');
select audit_attach_all();
