-- Cookie consent (menu 9): the sites a company runs, their banner settings and published versions,
-- and the consent log the banner writes to (the busiest write of the product: monthly partitions,
-- grouped multi-row inserts, statistics from a daily roll-up, never a count over the log).

create table cookie_domains (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  host text not null,
  include_subdomains boolean not null default true,
  name text not null default '',
  -- the settings being edited; publishing copies them into a version
  draft jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- a host once per company
create unique index cookie_domains_company_host_key on cookie_domains (company_id, host);

create table cookie_versions (
  domain_id uuid not null references cookie_domains (id) on delete cascade,
  version integer not null,
  company_id uuid not null references companies (id) on delete cascade,
  -- the version whose categories a stored choice must have been made under (a change of categories asks again)
  consent_version integer not null,
  settings jsonb not null,
  published_at timestamptz not null default now(),
  published_by text not null default '',
  primary key (domain_id, version)
);
create index cookie_versions_company_idx on cookie_versions (company_id, domain_id, version desc);

-- The consent log: one row per choice. No primary key (a partitioned table's key must hold the
-- partition key, and nothing refers to a row); rows are only ever added, and dropped with their month.
create table cookie_log (
  created_at timestamptz not null default now(),
  company_id uuid not null,
  domain_id uuid not null,
  visitor_id uuid not null,
  version integer not null,
  method text not null,
  choices jsonb not null,
  -- the categories accepted, for the "accepted category" filter
  accepted text[] not null,
  path text not null default '/',
  lang text not null default 'th',
  gpc boolean not null default false,
  browser text not null default '',
  -- a keyed hash of the address, never the address
  ip_hash text not null default ''
) partition by range (created_at);
create index cookie_log_domain_at_idx on cookie_log (company_id, domain_id, created_at desc);
create index cookie_log_company_at_idx on cookie_log (company_id, created_at desc);
create index cookie_log_visitor_idx on cookie_log (company_id, visitor_id, created_at desc);

-- Creates the month partitions from `months_back` months ago to `months_ahead` months ahead (Bangkok
-- months); called by the migration and by the timed work, so a month's partition exists before it starts.
create function cookie_log_ensure_partitions(months_back integer, months_ahead integer) returns integer language plpgsql as $$
declare
  first_month date := date_trunc('month', (now() at time zone 'Asia/Bangkok'))::date;
  m date;
  made integer := 0;
  name text;
begin
  for i in -months_back..months_ahead loop
    m := (first_month + make_interval(months => i))::date;
    name := 'cookie_log_' || to_char(m, 'YYYYMM');
    if to_regclass(name) is null then
      execute format(
        'create table %I partition of cookie_log for values from (%L) to (%L)',
        name,
        (m::timestamp at time zone 'Asia/Bangkok'),
        ((m + interval '1 month')::timestamp at time zone 'Asia/Bangkok')
      );
      made := made + 1;
    end if;
  end loop;
  return made;
end;
$$;

-- Drops the month partitions wholly older than `keep_months` months (retention): no delete, no vacuum.
create function cookie_log_drop_before(keep_months integer) returns integer language plpgsql as $$
declare
  cutoff date := (date_trunc('month', (now() at time zone 'Asia/Bangkok')) - make_interval(months => keep_months))::date;
  p record;
  dropped integer := 0;
begin
  for p in
    select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'cookie_log'::regclass and c.relname ~ '^cookie_log_\d{6}$'
  loop
    if to_date(substr(p.relname, 12), 'YYYYMM') < cutoff then
      execute format('drop table %I', p.relname);
      dropped := dropped + 1;
    end if;
  end loop;
  return dropped;
end;
$$;

select cookie_log_ensure_partitions(1, 3);

-- The statistics: per domain, Bangkok day and dimension ('total', 'method:<m>', 'cat:<key>' for a
-- category accepted), a count kept up to date in the same transaction as the log rows it counts.
create table cookie_stats_daily (
  company_id uuid not null,
  domain_id uuid not null references cookie_domains (id) on delete cascade,
  day date not null,
  dimension text not null,
  n bigint not null default 0,
  primary key (domain_id, day, dimension)
);
create index cookie_stats_company_idx on cookie_stats_daily (company_id, domain_id, day);

-- Cookie names the banner saw on a page that no category declares, for staff to sort.
create table cookie_undeclared (
  domain_id uuid not null references cookie_domains (id) on delete cascade,
  name text not null,
  company_id uuid not null,
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  seen bigint not null default 1,
  primary key (domain_id, name)
);
create index cookie_undeclared_company_idx on cookie_undeclared (company_id, domain_id, last_seen desc);

-- The key of the address hash (one per database, never leaves it).
create table cookie_keys (
  id integer primary key,
  secret text not null
);
insert into cookie_keys (id, secret) values (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

insert into audit_skip (table_name) values ('cookie_log'), ('cookie_stats_daily'), ('cookie_undeclared'), ('cookie_keys');
select audit_attach_all();
