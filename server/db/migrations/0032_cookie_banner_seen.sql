-- When each domain's banner was last seen loading (its configuration fetched by a visitor's browser): the
-- staff list shows it and warns when a published site goes silent. Machine upkeep, not audited.
create table cookie_banner_seen (
  domain_id uuid primary key references cookie_domains (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  last_seen_at timestamptz not null
);
insert into audit_skip (table_name) values ('cookie_banner_seen');
