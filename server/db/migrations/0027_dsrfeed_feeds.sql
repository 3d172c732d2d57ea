-- The dashboard's DSR feeds without counting open requests one by one (issue 18, "Rules and speed").

-- Open requests (received, verifying, in review) per company, Bangkok day due and Bangkok day received:
-- "overdue" and "due within 7 days" are sums over a few of these rows plus the requests due today
-- (the day "now" falls in), counted on the partial index below.
create table dsr_open_due (
  company_id uuid not null,
  due_day date not null,
  received_day date not null,
  n bigint not null default 0,
  primary key (company_id, due_day, received_day)
);

-- One function keeps the three DSR roll-ups (dsr_daily, dsr_close_monthly of 0026 and dsr_open_due) in
-- the statement that changes the requests, so they are right under concurrent writes and across server
-- processes. An update nets its old rows (-1) against its new ones (+1): a change that moves no count
-- (a note, the assignee) writes no roll-up row, and the rows it does write are upserted in key order,
-- the same order in every transaction.
create function dsr_rollups() returns trigger language plpgsql as $$
declare
  src text := case tg_op
    when 'INSERT' then 'select a.*, 1 as sign from added a'
    when 'DELETE' then 'select r.*, -1 as sign from removed r'
    else 'select a.*, 1 as sign from added a union all select r.*, -1 as sign from removed r' end;
begin
  execute format($q$
    insert into dsr_daily (company_id, day, status_id, rights, on_time, n)
    select company_id, (received_at at time zone 'Asia/Bangkok')::date, status_id, rights,
           (case when answered_at is null then -1 when answered_at <= due_at then 1 else 0 end)::smallint, sum(sign)
      from (%s) d group by 1, 2, 3, 4, 5 having sum(sign) <> 0 order by 1, 2, 3, 4, 5
    on conflict (company_id, day, status_id, rights, on_time) do update set n = dsr_daily.n + excluded.n$q$, src);
  execute format($q$
    insert into dsr_close_monthly (company_id, month, close_days, n)
    select company_id, date_trunc('month', received_at at time zone 'Asia/Bangkok')::date,
           floor(extract(epoch from answered_at - received_at) / 86400)::int, sum(sign)
      from (%s) d where answered_at is not null group by 1, 2, 3 having sum(sign) <> 0 order by 1, 2, 3
    on conflict (company_id, month, close_days) do update set n = dsr_close_monthly.n + excluded.n$q$, src);
  execute format($q$
    insert into dsr_open_due (company_id, due_day, received_day, n)
    select company_id, (due_at at time zone 'Asia/Bangkok')::date, (received_at at time zone 'Asia/Bangkok')::date, sum(sign)
      from (%s) d where status_id in (1, 2, 3) group by 1, 2, 3 having sum(sign) <> 0 order by 1, 2, 3
    on conflict (company_id, due_day, received_day) do update set n = dsr_open_due.n + excluded.n$q$, src);
  return null;
end;
$$;

drop trigger dsr_requests_daily_a_update on dsr_requests;
drop trigger dsr_requests_daily_b_update on dsr_requests;
drop trigger dsr_requests_daily_delete on dsr_requests;
drop trigger dsr_requests_daily_insert on dsr_requests;
drop function dsr_daily_remove();
drop function dsr_daily_add();

create trigger dsr_requests_rollups_insert after insert on dsr_requests
  referencing new table as added for each statement execute function dsr_rollups();
create trigger dsr_requests_rollups_update after update on dsr_requests
  referencing old table as removed new table as added for each statement execute function dsr_rollups();
create trigger dsr_requests_rollups_delete after delete on dsr_requests
  referencing old table as removed for each statement execute function dsr_rollups();

insert into dsr_open_due (company_id, due_day, received_day, n)
select company_id, (due_at at time zone 'Asia/Bangkok')::date, (received_at at time zone 'Asia/Bangkok')::date, count(*)
  from dsr_requests where status_id in (1, 2, 3) group by 1, 2, 3;

-- the open requests in due order: the ten nearest (expire-dsr), today's few, the list's "overdue" filter
drop index dsr_requests_open_due_idx;
create index dsr_requests_open_idx on dsr_requests (company_id, due_at, id) include (received_at) where status_id in (1, 2, 3);

insert into audit_skip (table_name) values ('dsr_open_due');
