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

-- open and overdue requests counted index-only (the dashboard's "open", "overdue" and "due in 7 days")
create index dsr_requests_open_due_idx on dsr_requests (company_id, status_id, due_at) include (received_at);

-- Requests per company, Bangkok day received, state, rights and outcome (on time: 1, late: 0, open: -1),
-- and the answered ones per month received and whole days to answer: the graph, the summary, the on-time
-- rate and the median read these rows. Kept by statement triggers with the changed rows (an update takes a
-- request out of its old rows and adds it to its new ones).
create table dsr_daily (
  company_id uuid not null,
  day date not null,
  status_id smallint not null,
  rights text[] not null,
  on_time smallint not null,
  n bigint not null default 0,
  primary key (company_id, day, status_id, rights, on_time)
);
create table dsr_close_monthly (
  company_id uuid not null,
  month date not null,
  close_days integer not null,
  n bigint not null default 0,
  primary key (company_id, month, close_days)
);

-- the same statements over the rows taken out (counted negative) and the rows put in
create function dsr_daily_remove() returns trigger language plpgsql as $$
begin
  insert into dsr_daily (company_id, day, status_id, rights, on_time, n)
  select company_id, (received_at at time zone 'Asia/Bangkok')::date, status_id, rights,
         (case when answered_at is null then -1 when answered_at <= due_at then 1 else 0 end)::smallint, -count(*)
    from removed group by 1, 2, 3, 4, 5
  on conflict (company_id, day, status_id, rights, on_time) do update set n = dsr_daily.n + excluded.n;
  insert into dsr_close_monthly (company_id, month, close_days, n)
  select company_id, date_trunc('month', received_at at time zone 'Asia/Bangkok')::date,
         floor(extract(epoch from answered_at - received_at) / 86400)::int, -count(*)
    from removed where answered_at is not null group by 1, 2, 3
  on conflict (company_id, month, close_days) do update set n = dsr_close_monthly.n + excluded.n;
  return null;
end;
$$;
create function dsr_daily_add() returns trigger language plpgsql as $$
begin
  insert into dsr_daily (company_id, day, status_id, rights, on_time, n)
  select company_id, (received_at at time zone 'Asia/Bangkok')::date, status_id, rights,
         (case when answered_at is null then -1 when answered_at <= due_at then 1 else 0 end)::smallint, count(*)
    from added group by 1, 2, 3, 4, 5
  on conflict (company_id, day, status_id, rights, on_time) do update set n = dsr_daily.n + excluded.n;
  insert into dsr_close_monthly (company_id, month, close_days, n)
  select company_id, date_trunc('month', received_at at time zone 'Asia/Bangkok')::date,
         floor(extract(epoch from answered_at - received_at) / 86400)::int, count(*)
    from added where answered_at is not null group by 1, 2, 3
  on conflict (company_id, month, close_days) do update set n = dsr_close_monthly.n + excluded.n;
  return null;
end;
$$;
-- one event per trigger (a transition table allows no more); an update takes the rows out of their old
-- counts (a) and adds them to their new ones (b), triggers firing in the order of their names
create trigger dsr_requests_daily_a_update after update on dsr_requests
  referencing old table as removed for each statement execute function dsr_daily_remove();
create trigger dsr_requests_daily_b_update after update on dsr_requests
  referencing new table as added for each statement execute function dsr_daily_add();
create trigger dsr_requests_daily_delete after delete on dsr_requests
  referencing old table as removed for each statement execute function dsr_daily_remove();
create trigger dsr_requests_daily_insert after insert on dsr_requests
  referencing new table as added for each statement execute function dsr_daily_add();

insert into dsr_daily (company_id, day, status_id, rights, on_time, n)
select company_id, (received_at at time zone 'Asia/Bangkok')::date, status_id, rights,
       (case when answered_at is null then -1 when answered_at <= due_at then 1 else 0 end)::smallint, count(*)
  from dsr_requests group by 1, 2, 3, 4, 5;
insert into dsr_close_monthly (company_id, month, close_days, n)
select company_id, date_trunc('month', received_at at time zone 'Asia/Bangkok')::date,
       floor(extract(epoch from answered_at - received_at) / 86400)::int, count(*)
  from dsr_requests where answered_at is not null group by 1, 2, 3;

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

-- roll-ups kept by triggers: derived counts, not records anyone acts on (the audit trail skips them)
insert into audit_skip (table_name) values ('consent_daily'), ('dsr_daily'), ('dsr_close_monthly');
