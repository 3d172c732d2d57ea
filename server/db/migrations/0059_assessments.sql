-- Assessments (menu 20): data protection impact assessments (DPIA) and legitimate-interest assessments
-- (LIA, s.24(5)) of the ROPA's activities. Templates are data; a template in use changes by a new
-- version (same family); the built-in templates live in the code (server/modules/assessments/builtin.ts).
-- An assessment keeps a copy of its template's sections; once signed it never changes.

create table assessment_templates (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  family_id uuid not null,
  version int not null default 1 check (version >= 1),
  kind text not null check (kind in ('dpia', 'lia')),
  name text not null,
  name_en text not null,
  sections jsonb not null,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, family_id, version)
);
create index assessment_templates_company_idx on assessment_templates (company_id, kind, family_id, version desc);

-- the triggers no ROPA field shows, set by hand per activity
create table assessment_flags (
  activity_id uuid primary key references ropa_activities (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  large_scale boolean not null default false,
  monitoring boolean not null default false,
  new_technology boolean not null default false,
  automated_decisions boolean not null default false,
  updated_at timestamptz not null default now()
);
create index assessment_flags_company_idx on assessment_flags (company_id);

create table assessments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  kind text not null check (kind in ('dpia', 'lia')),
  activity_id uuid not null references ropa_activities (id) on delete cascade,
  round int not null default 1 check (round >= 1),
  previous_id uuid references assessments (id) on delete set null,
  state text not null default 'draft' check (state in ('draft', 'signed')),
  -- the template's version (a company's row, or a built-in's fixed id) and a copy of its sections
  template_id uuid not null,
  template_version int not null,
  template_name text not null,
  template_name_en text not null,
  sections jsonb not null,
  answers jsonb not null default '{}',
  risks jsonb not null default '[]',
  measures text not null default '',
  tests jsonb not null default '{"purpose": null, "necessity": null, "balancing": null}',
  conclusion text check (conclusion in ('proceed', 'proceedWithMeasures', 'doNotProceed')),
  summary text not null default '',
  score int,
  risk_code text,
  residual_code text,
  lia_result text check (lia_result in ('legitimate', 'notLegitimate')),
  dpo_opinion text not null default '',
  dpo_opinion_by uuid references users (id),
  dpo_opinion_at timestamptz,
  -- everyone who made or changed it (four eyes: none of them signs it)
  authors uuid[] not null default '{}',
  created_by uuid references users (id),
  signed_by uuid references users (id),
  signed_at timestamptz,
  -- the completed risk evaluation a signed DPIA wrote
  evaluation_id uuid references risk_evaluations (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((state = 'signed') = (signed_at is not null)),
  unique (company_id, activity_id, kind, round)
);
create index assessments_page_idx on assessments (company_id, updated_at desc, id desc);
create index assessments_activity_idx on assessments (company_id, activity_id, kind, round desc);
-- one draft at a time per activity and kind
create unique index assessments_one_draft_key on assessments (company_id, activity_id, kind) where state = 'draft';

-- a signed assessment never changes (the server answers 409 first; this keeps it so whatever writes)
create function assessment_immutable() returns trigger language plpgsql as $$
begin
  -- (the links to a previous round and to the risk evaluation may empty themselves when those rows go: on delete set null)
  if old.state = 'signed' and (to_jsonb(new) - 'evaluation_id' - 'previous_id' - 'updated_at')
                               is distinct from (to_jsonb(old) - 'evaluation_id' - 'previous_id' - 'updated_at') then
    raise exception 'a signed assessment is immutable' using errcode = '23514';
  end if;
  return new;
end $$;
create trigger assessment_immutable before update on assessments
  for each row execute function assessment_immutable();
create function assessment_keep_signed() returns trigger language plpgsql as $$
begin
  if old.state = 'signed' and pg_trigger_depth() = 1 then
    raise exception 'a signed assessment is kept' using errcode = '23514';
  end if;
  return old;
end $$;
create trigger assessment_keep_signed before delete on assessments
  for each row execute function assessment_keep_signed();

-- the menu: administrators and DPOs edit, the view-only roles read
insert into role_menus (role_id, menu_id, can_edit)
select r.id, 20, r.builtin in ('admin', 'dpo') from roles r where r.builtin in ('admin', 'dpo', 'viewer')
on conflict do nothing;

select audit_attach_all();
