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

-- ---- consents: the retention end and the re-consent date ---------------------------------------
-- A notice may ask for consent again every so often (its draft's `reconsent` {number, typeCount}, next to
-- `security`, the retention). A consent given carries the Bangkok day its retention ends and the day it
-- must be asked again, computed once from the version it was given under (what the subject read);
-- null when that version sets no such period, and on a withdrawal.
alter table consent_records add column retain_until date, add column reconsent_on date;

-- `day` plus a period {number, typeCount: วัน | เดือน | ปี}; null without a positive number
create function consent_period_end(day date, period jsonb) returns date language sql immutable as $$
  select case when coalesce((period->>'number')::int, 0) <= 0 then null
              else (day + case period->>'typeCount' when 'ปี' then make_interval(years => (period->>'number')::int)
                                                    when 'เดือน' then make_interval(months => (period->>'number')::int)
                                                    else make_interval(days => (period->>'number')::int) end)::date end
$$;

create function consent_records_dates() returns trigger language plpgsql as $$
declare
  d jsonb;
  day date := (new.created_at at time zone 'Asia/Bangkok')::date;
begin
  if new.action = 'given' then
    select content->'draft' into d from consent_form_versions where id = new.version_id;
    new.retain_until := consent_period_end(day, d->'security');
    new.reconsent_on := consent_period_end(day, d->'reconsent');
  else
    new.retain_until := null;
    new.reconsent_on := null;
  end if;
  return new;
end;
$$;
create trigger consent_records_dates before insert on consent_records for each row execute function consent_records_dates();

alter table consent_records disable trigger consent_records_no_change;
update consent_records r
   set retain_until = consent_period_end((r.created_at at time zone 'Asia/Bangkok')::date, v.content->'draft'->'security'),
       reconsent_on = consent_period_end((r.created_at at time zone 'Asia/Bangkok')::date, v.content->'draft'->'reconsent')
  from consent_form_versions v
 where v.id = r.version_id and r.action = 'given';
alter table consent_records enable trigger consent_records_no_change;

-- Each subject's latest record per notice and purpose (as the records list orders them: created_at, then
-- id), with its dates; `was_*` keep what the row held before its last change, so the trigger below
-- learns the old state from the same upsert that locks the row (no read before it that could be stale).
create table consent_current (
  company_id uuid not null,
  form_id uuid not null,
  subject_id text not null,
  email text not null,
  purpose_id text not null,
  record_id uuid not null,
  created_at timestamptz not null,
  given boolean not null,
  retain_until date,
  reconsent_on date,
  was_given boolean,
  was_retain_until date,
  was_reconsent_on date,
  primary key (company_id, form_id, subject_id, email, purpose_id)
);

-- The consents in force (latest record "given") per company, notice, retention end and re-consent day
-- ('infinity': none): "retention or re-consent within 30 days" sums a few of these rows.
create table consent_due (
  company_id uuid not null,
  retain_until date not null,
  reconsent_on date not null,
  form_id uuid not null,
  n bigint not null default 0,
  primary key (company_id, retain_until, reconsent_on, form_id)
);
create index consent_due_reconsent_idx on consent_due (company_id, reconsent_on);

-- Per insert statement (the public page's grouped commits stay one write each): each key's newest record
-- of the statement replaces the current one if newer; the consent it replaces leaves consent_due, the
-- new one, if given, joins it. Upserts in key order.
create function consent_due_bump() returns trigger language plpgsql as $$
begin
  with latest as (
    select distinct on (company_id, form_id, subject_id, email, purpose_id) *
      from added order by company_id, form_id, subject_id, email, purpose_id, created_at desc, id desc
  ), moved as (
    insert into consent_current as c (company_id, form_id, subject_id, email, purpose_id, record_id, created_at, given, retain_until, reconsent_on)
    select company_id, form_id, subject_id, email, purpose_id, id, created_at, action = 'given', retain_until, reconsent_on
      from latest order by company_id, form_id, subject_id, email, purpose_id
    on conflict (company_id, form_id, subject_id, email, purpose_id) do update
       set record_id = excluded.record_id, created_at = excluded.created_at, given = excluded.given,
           retain_until = excluded.retain_until, reconsent_on = excluded.reconsent_on,
           was_given = c.given, was_retain_until = c.retain_until, was_reconsent_on = c.reconsent_on
     where (excluded.created_at, excluded.record_id) > (c.created_at, c.record_id)
    returning c.company_id, c.form_id, c.given, c.retain_until, c.reconsent_on, c.was_given, c.was_retain_until, c.was_reconsent_on
  ), delta as (
    select company_id, form_id, coalesce(retain_until, 'infinity') as retain_until, coalesce(reconsent_on, 'infinity') as reconsent_on, 1 as sign
      from moved where given
    union all
    select company_id, form_id, coalesce(was_retain_until, 'infinity'), coalesce(was_reconsent_on, 'infinity'), -1
      from moved where was_given
  )
  insert into consent_due (company_id, retain_until, reconsent_on, form_id, n)
  select company_id, retain_until, reconsent_on, form_id, sum(sign) from delta
   group by 1, 2, 3, 4 having sum(sign) <> 0 order by 1, 2, 3, 4
  on conflict (company_id, retain_until, reconsent_on, form_id) do update set n = consent_due.n + excluded.n;
  return null;
end;
$$;
create trigger consent_records_due after insert on consent_records
  referencing new table as added for each statement execute function consent_due_bump();

insert into consent_current (company_id, form_id, subject_id, email, purpose_id, record_id, created_at, given, retain_until, reconsent_on)
select distinct on (company_id, form_id, subject_id, email, purpose_id)
       company_id, form_id, subject_id, email, purpose_id, id, created_at, action = 'given', retain_until, reconsent_on
  from consent_records order by company_id, form_id, subject_id, email, purpose_id, created_at desc, id desc;
insert into consent_due (company_id, retain_until, reconsent_on, form_id, n)
select company_id, coalesce(retain_until, 'infinity'), coalesce(reconsent_on, 'infinity'), form_id, count(*)
  from consent_current where given group by 1, 2, 3, 4;

insert into audit_skip (table_name) values ('consent_current'), ('consent_due');
