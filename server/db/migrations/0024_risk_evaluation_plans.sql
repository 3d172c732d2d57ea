-- RTP "has plan" counts the plans chosen in evaluations too: an event for which an evaluation chose
-- a treatment plan (a type-2 plan or a plan's text) has a plan, written in the RTP or not.
--
-- risk_event_plans keeps, per event, how many evaluation items choose a plan for it (a trigger on
-- risk_evaluation_items), so the RTP tabs filter without reading the items, and risk_counts.handled
-- (the "has plan" total, 0002_risk.sql) counts an event once whichever way it has its plan.

create function risk_item_has_plan(plan_id uuid, plan_text text) returns boolean language sql immutable as $$
  select plan_id is not null or coalesce(plan_text, '') <> ''
$$;

create table risk_event_plans (
  risk_id uuid primary key references risk_master (id) on delete cascade,
  company_id uuid not null,
  -- evaluation items choosing a plan for the event
  n integer not null default 0 check (n >= 0)
);
-- a counter, derived from the evaluations (which the audit trail keeps)
insert into audit_skip (table_name) values ('risk_event_plans');

insert into risk_event_plans (risk_id, company_id, n)
  select risk_id, company_id, count(*) from risk_evaluation_items where risk_item_has_plan(plan_id, plan_text) group by risk_id, company_id;

-- one event's count of evaluation plans moved by `delta`; when that decides whether the event has a
-- plan (no RTP text of its own), the company's "has plan" total follows
create function risk_event_plans_move(event uuid, company uuid, delta integer) returns void language plpgsql as $$
declare
  after integer;
  own_text text;
begin
  insert into risk_event_plans (risk_id, company_id, n) values (event, company, 0) on conflict (risk_id) do nothing;
  update risk_event_plans set n = n + delta where risk_id = event returning n into after;
  if after is null or (after - delta > 0) = (after > 0) then
    return;
  end if;
  select handle_risk into own_text from risk_master where id = event;
  if found and own_text is null then
    update risk_counts set handled = handled + case when after > 0 then 1 else -1 end where company_id = company and type = 1;
  end if;
end;
$$;

create function risk_event_plans_maintain() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and risk_item_has_plan(old.plan_id, old.plan_text) then
    perform risk_event_plans_move(old.risk_id, old.company_id, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and risk_item_has_plan(new.plan_id, new.plan_text) then
    perform risk_event_plans_move(new.risk_id, new.company_id, 1);
  end if;
  return null;
end;
$$;
create trigger risk_event_plans_maintain after insert or update or delete on risk_evaluation_items
  for each row execute function risk_event_plans_maintain();

-- risk_counts.handled: an event has a plan by its RTP text or by an evaluation's plan
create or replace function risk_counts_maintain() returns trigger language plpgsql as $$
declare
  planned_in_evaluation boolean;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    insert into risk_counts (company_id, type, total, handled)
    values (new.company_id, new.type, 0, 0) on conflict do nothing;
  end if;
  if tg_op = 'INSERT' then
    update risk_counts set total = total + 1, handled = handled + (new.handle_risk is not null)::int
     where company_id = new.company_id and type = new.type;
  elsif tg_op = 'DELETE' then
    planned_in_evaluation := exists (select 1 from risk_event_plans p where p.risk_id = old.id and p.n > 0);
    update risk_counts set total = total - 1, handled = handled - (old.handle_risk is not null or planned_in_evaluation)::int
     where company_id = old.company_id and type = old.type;
  elsif (old.handle_risk is null) <> (new.handle_risk is null) then
    -- an evaluation's plan already counts the event: its own text changes nothing
    if not exists (select 1 from risk_event_plans p where p.risk_id = new.id and p.n > 0) then
      update risk_counts set handled = handled + (new.handle_risk is not null)::int - (old.handle_risk is not null)::int
       where company_id = new.company_id and type = new.type;
    end if;
  end if;
  return null;
end;
$$;

-- the totals as they now count
update risk_counts c set handled = (
  select count(*) from risk_master m
   where m.company_id = c.company_id and m.type = c.type
     and (m.handle_risk is not null or exists (select 1 from risk_event_plans p where p.risk_id = m.id and p.n > 0)))
 where c.type = 1;
