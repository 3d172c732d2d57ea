-- Issue 15/17 (links): a breach's affected systems become references to the data map's systems
-- (menu 16) instead of names, and documents (menu 7) reference the ROPA activity and the breach they
-- are attached to.

-- the data map's systems a breach touched: a system in use by a breach cannot be deleted (409), like
-- one used by a ROPA activity; both ends are the same company's (composite keys)
create table breach_systems (
  company_id uuid not null,
  breach_id uuid not null,
  system_id uuid not null,
  primary key (breach_id, system_id),
  foreign key (company_id, breach_id) references breaches (company_id, id) on delete cascade,
  foreign key (company_id, system_id) references datamap_systems (company_id, id)
);
create index breach_systems_system_idx on breach_systems (company_id, system_id);

comment on column breaches.systems is
  'systems affected that the data map does not list, by name (free text); the listed ones are rows of breach_systems';

-- Moves the names in `breaches.systems` that match a system of the same company's data map
-- (case-insensitive, trimmed) to `breach_systems`; unmatched names stay as free text. Returns how many
-- links were made (of one company, or of all). Run once below for the breaches recorded before this migration; kept so the
-- contract tests can prove it on a breach written the old way.
create function breach_systems_from_names(only_company uuid default null) returns integer language plpgsql as $$
declare
  linked integer;
begin
  insert into breach_systems (company_id, breach_id, system_id)
    select distinct b.company_id, b.id, s.id
      from breaches b
      cross join lateral unnest(b.systems) as n(name)
      join datamap_systems s on s.company_id = b.company_id and lower(s.name) = lower(trim(n.name))
     where only_company is null or b.company_id = only_company
    on conflict do nothing;
  get diagnostics linked = row_count;
  update breaches b
     set systems = coalesce((
           select array_agg(n.name order by n.ord)
             from unnest(b.systems) with ordinality as n(name, ord)
            where not exists (select 1 from datamap_systems s where s.company_id = b.company_id and lower(s.name) = lower(trim(n.name)))
         ), '{}')
   where cardinality(b.systems) > 0
     and (only_company is null or b.company_id = only_company)
     and exists (
           select 1 from unnest(b.systems) as n(name)
             join datamap_systems s on s.company_id = b.company_id and lower(s.name) = lower(trim(n.name)));
  return linked;
end;
$$;
select breach_systems_from_names();

-- documents' links to a ROPA activity and to a breach: read by the variables `ropa.*` and `breach.*`;
-- the document stays (unlinked) when the record goes
update sheet_documents d set ropa_activity_id = null
 where ropa_activity_id is not null and not exists (select 1 from ropa_activities a where a.company_id = d.company_id and a.id = d.ropa_activity_id);
update sheet_documents d set breach_id = null
 where breach_id is not null and not exists (select 1 from breaches b where b.company_id = d.company_id and b.id = d.breach_id);
alter table sheet_documents
  add constraint sheet_documents_ropa_activity_fkey foreign key (company_id, ropa_activity_id)
    references ropa_activities (company_id, id) on delete set null (ropa_activity_id),
  add constraint sheet_documents_breach_fkey foreign key (company_id, breach_id)
    references breaches (company_id, id) on delete set null (breach_id);
create index sheet_documents_ropa_idx on sheet_documents (company_id, ropa_activity_id) where ropa_activity_id is not null;
create index sheet_documents_breach_idx on sheet_documents (company_id, breach_id) where breach_id is not null;

-- the built-in role "staff" takes its knowledge tests under menu 19; managing the tests and approving
-- documents (menu 7) is for the administrator and the DPO (spec/product.md)
delete from role_menus rm using roles r
 where rm.role_id = r.id and r.builtin = 'staff' and rm.menu_id = 7;

select audit_attach_all();
