-- The cookie scanner: a crawl of a registered site in headless Chromium (server/modules/cookie/scan/).
-- A scan is asked for by a person (requested_by) or by the weekly schedule (null), claimed by one
-- server process (for update skip locked), and ends done (report) or failed (error: a message key).
create table cookie_scans (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  domain_id uuid not null references cookie_domains (id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  requested_by uuid references users (id) on delete set null,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  pages integer not null default 0,
  error text,
  report jsonb
);
-- one scan waiting or running per site: a second ask is refused, and the schedule adds none
create unique index cookie_scans_active_idx on cookie_scans (domain_id) where status in ('queued', 'running');
create index cookie_scans_domain_idx on cookie_scans (company_id, domain_id, requested_at desc);
create index cookie_scans_queue_idx on cookie_scans (requested_at) where status = 'queued';

-- an observation of a public web site, not a record of the company's processing: the row itself says
-- who asked and when; its report (up to tens of KB) stays out of the trail
insert into audit_skip (table_name) values ('cookie_scans');
select audit_attach_all();
