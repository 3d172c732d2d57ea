-- Audit trail: an append-only log of who created, changed, deleted or exported which record, every
-- sign-in and failed sign-in. Row changes are written by triggers, so every module is covered
-- without code of its own; the API tells the triggers who is acting through the transaction-local
-- setting `pdpa.actor` (json: companyId, userId, username, ip). Writes with no actor (migrations,
-- the demo seed, bulk loads) are system work and are not logged.

create table audit_log (
  id bigserial primary key,
  -- no foreign keys: the history outlives the company, the person and the record
  company_id uuid,
  user_id uuid,
  username text,
  at timestamptz not null default now(),
  -- create | update | delete | export | signin | signin_failed
  action text not null,
  -- the table (or, for exports, the record type) the action touched
  entity text not null,
  record_id text,
  -- create: null; update: the changed fields' old values; delete: the whole row
  before jsonb,
  -- create: the whole row; update: the changed fields' new values; delete: null
  after jsonb,
  ip text
);
create index audit_log_company_at_idx on audit_log (company_id, at desc, id desc);

-- Append-only, in the database itself: the API runs as the table's owner (a superuser on PGlite),
-- so privileges alone cannot stop an UPDATE, DELETE or TRUNCATE; these triggers do.
create function audit_log_refuse() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % is not allowed', tg_op using errcode = '42501';
end;
$$;
create trigger audit_log_no_change before update or delete on audit_log
  for each row execute function audit_log_refuse();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_refuse();
revoke update, delete, truncate on audit_log from public;

-- Tables whose rows are not records anyone acts on: sessions, throttling, counters, one-time link
-- tokens and the mail outbox (their links must never land in a log nobody can delete), the log
-- itself. A later migration adds its own non-business tables here (caches, queues, tokens).
create table audit_skip (table_name text primary key);
insert into audit_skip (table_name) values
  ('audit_log'), ('audit_skip'), ('schema_migrations'), ('sessions'), ('signin_failures'),
  ('notifications'), ('notification_reads'), ('risk_counts'), ('account_tokens'), ('mail_outbox');

-- Column names whose values never enter the log (a change shows as '***').
create function audit_secret(field text) returns boolean language sql immutable as $$
  select field ~* '(password|token|secret|_hash$)'
$$;

-- A row as the log keeps it: without secrets, and without company_id (a column of the log itself).
create function audit_clean(row_json jsonb) returns jsonb language sql immutable as $$
  select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
    from jsonb_each(row_json)
   where key <> 'company_id' and not audit_secret(key)
$$;

-- One log row per created, changed or deleted row. The trigger's arguments name the columns that
-- identify a row (its primary key), joined with '/' into record_id.
create function audit_row() returns trigger language plpgsql as $$
declare
  actor jsonb := nullif(current_setting('pdpa.actor', true), '')::jsonb;
  old_row jsonb;
  new_row jsonb;
  row_json jsonb;
  before_row jsonb;
  after_row jsonb;
  field text;
  key_parts text[] := '{}';
begin
  if actor is null then
    return null;
  end if;
  if tg_op <> 'INSERT' then old_row := to_jsonb(old); end if;
  if tg_op <> 'DELETE' then new_row := to_jsonb(new); end if;
  row_json := coalesce(new_row, old_row);

  if tg_op = 'UPDATE' then
    before_row := '{}'::jsonb;
    after_row := '{}'::jsonb;
    for field in select key from jsonb_each(new_row) loop
      -- updated_at is the log's own `at`
      if field <> 'updated_at' and (new_row -> field) is distinct from (old_row -> field) then
        if audit_secret(field) then
          before_row := before_row || jsonb_build_object(field, '***');
          after_row := after_row || jsonb_build_object(field, '***');
        else
          before_row := before_row || jsonb_build_object(field, old_row -> field);
          after_row := after_row || jsonb_build_object(field, new_row -> field);
        end if;
      end if;
    end loop;
    if after_row = '{}'::jsonb then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    after_row := audit_clean(new_row);
  else
    before_row := audit_clean(old_row);
  end if;

  for i in 0 .. tg_nargs - 1 loop
    key_parts := key_parts || (row_json ->> tg_argv[i]);
  end loop;

  insert into audit_log (company_id, user_id, username, action, entity, record_id, before, after, ip)
  values (
    coalesce(
      (row_json ->> 'company_id')::uuid,
      case when tg_table_name = 'companies' then (row_json ->> 'id')::uuid end,
      (actor ->> 'companyId')::uuid
    ),
    (actor ->> 'userId')::uuid,
    actor ->> 'username',
    case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
    tg_table_name,
    nullif(array_to_string(key_parts, '/'), ''),
    before_row,
    after_row,
    actor ->> 'ip'
  );
  return null;
end;
$$;

-- Puts the audit trigger on every table of the schema that has none and is not skipped; returns
-- how many it attached. The migration runner calls it after each run, so a later module's tables
-- are audited without code of their own. The WHEN clause keeps writes without an actor (bulk
-- loads) from even calling the function.
create function audit_attach_all() returns integer language plpgsql as $$
declare
  t record;
  keys text[];
  attached integer := 0;
begin
  for t in
    select c.oid, n.nspname, c.relname
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
       and not exists (select 1 from audit_skip s where s.table_name = c.relname)
       and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'audit_row')
  loop
    select coalesce(array_agg(a.attname::text order by k.ord), '{}') into keys
      from pg_index i
      cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
     where i.indrelid = t.oid and i.indisprimary;
    -- company_id names the company, not the record, unless it is the whole key (the matrix)
    if array_length(array_remove(keys, 'company_id'), 1) > 0 then
      keys := array_remove(keys, 'company_id');
    end if;
    execute format(
      'create trigger audit_row after insert or update or delete on %I.%I for each row '
      'when (current_setting(''pdpa.actor'', true) <> '''') execute function audit_row(%s)',
      t.nspname, t.relname,
      array_to_string(array(select quote_literal(k) from unnest(keys) k), ', ')
    );
    attached := attached + 1;
  end loop;
  return attached;
end;
$$;

select audit_attach_all();
