-- The activity list's search (GET /ropa/activity?filter={"search":…}) over name and description,
-- by the 4- and 8-character grams of 0007_risk_search.sql (pg_trgm finds no trigram in Thai under
-- some ctypes and is slow on long Thai words under others; PGlite may lack it). One key set per
-- activity, over its name and its description together: a term found in either has all its grams
-- there, and the server rechecks the substring in each (strpos), so results are exact.
create function ropa_activity_grams(name text, record jsonb) returns int[]
language sql immutable strict parallel safe as $$
  -- qualified: an index expression is evaluated with an empty search_path when a dump is restored
  select public.risk_name_grams(name || E'\n' || coalesce(record->>'description', ''))
$$;

create index ropa_activities_grams_idx on ropa_activities using gin (ropa_activity_grams(name, record)) with (fastupdate = off);

-- How far a long export is (GET /ropa/report?job= writes it, GET /ropa/report/progress?job= reads
-- it): a row per export, in the database so that any API process can answer the poll. A day old,
-- it is dropped by the next export.
create table export_progress (
  id uuid primary key,
  company_id uuid not null references companies (id) on delete cascade,
  user_id uuid not null,
  done integer not null default 0,
  total integer not null,
  finished boolean not null default false,
  created_at timestamptz not null default now()
);
create index export_progress_created_idx on export_progress (created_at);
insert into audit_skip (table_name) values ('export_progress');
