-- The dashboard (server/modules/dashboard): roll-ups and indexes so that each of its feeds is one
-- aggregate over an index, never a scan of a company's million consent records.

-- When a request was answered (fulfilled, partly fulfilled, refused or closed, whichever came first):
-- the DSR on-time rate and the median days to close read it. Kept by a trigger, so every path that
-- moves a request (the list, the drawer, scripts) keeps it.
alter table dsr_requests add column answered_at timestamptz;
update dsr_requests r set answered_at = h.at
  from (select request_id, min(at) as at from dsr_history where action = 'state' and status_id in (4, 5, 6, 7) group by request_id) h
 where h.request_id = r.id and r.status_id in (4, 5, 6, 7);
update dsr_requests set answered_at = updated_at where status_id in (4, 5, 6, 7) and answered_at is null;

create function dsr_requests_answered_at() returns trigger language plpgsql as $$
begin
  if new.status_id in (4, 5, 6, 7) then
    if new.answered_at is null then new.answered_at := now(); end if;
  else
    new.answered_at := null;
  end if;
  return new;
end;
$$;
create trigger dsr_requests_answered_at before insert or update of status_id on dsr_requests
  for each row execute function dsr_requests_answered_at();

-- the dashboard's DSR aggregates over a period: index-only over (company, received) with what they count
create index dsr_requests_dashboard_idx on dsr_requests (company_id, received_at)
  include (status_id, due_at, answered_at, rights);

-- Consent records per company, notice, purpose, Bangkok day and action: the graph, the counts by purpose
-- and the retention ends read these few rows instead of the records. Kept by a statement trigger on the
-- append-only records (one upsert per statement, so the public page's grouped commits stay one write).
create table consent_daily (
  company_id uuid not null,
  form_id uuid not null,
  purpose_id text not null,
  day date not null,
  action text not null,
  n bigint not null default 0,
  primary key (company_id, day, form_id, purpose_id, action)
);

create function consent_daily_bump() returns trigger language plpgsql as $$
begin
  insert into consent_daily (company_id, form_id, purpose_id, day, action, n)
  select company_id, form_id, purpose_id, (created_at at time zone 'Asia/Bangkok')::date, action, count(*)
    from added group by 1, 2, 3, 4, 5
  on conflict (company_id, day, form_id, purpose_id, action) do update set n = consent_daily.n + excluded.n;
  return null;
end;
$$;
create trigger consent_records_daily after insert on consent_records
  referencing new table as added for each statement execute function consent_daily_bump();

insert into consent_daily (company_id, form_id, purpose_id, day, action, n)
select company_id, form_id, purpose_id, (created_at at time zone 'Asia/Bangkok')::date, action, count(*)
  from consent_records group by 1, 2, 3, 4, 5;

-- open breaches for the dashboard's clock list
create index breaches_open_idx on breaches (company_id, aware_at) where status <> 'closed';
-- the top risks: the rated items by company and code
create index risk_evaluation_items_code_idx on risk_evaluation_items (company_id, code) where code in ('H', 'VH');
