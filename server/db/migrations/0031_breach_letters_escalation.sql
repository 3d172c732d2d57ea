-- The breach log: the risk suggestion the server made kept beside the level decided; the
-- timeline's system-made parts kept as data (worded in the reader's language when read); numbered
-- letters with their signatory; the company acting as processor and its controller; the e-mail
-- escalation's day-10 stage; the built-in staff role without the breach log and the request list.

-- the level the factors suggested when the assessment was saved (server/modules/breach/risk.ts)
alter table breaches add column suggested_level text check (suggested_level in ('none', 'risk', 'high'));

-- the company processes the data for another controller (PDPA s.40(2)): it tells that controller
alter table breaches add column acting_as_processor boolean not null default false;
alter table breaches add column controller_name text not null default '';

-- what the system wrote into an entry, as data ({level}, {target, channel, late}, {waiver}): the reply
-- words it in the reader's language; `note` keeps only what a person typed
alter table breach_history add column detail jsonb not null default '{}'::jsonb;
alter table breach_history drop constraint if exists breach_history_action_check;
alter table breach_history add constraint breach_history_action_check
  check (action in ('created', 'updated', 'assessed', 'state', 'notice', 'note', 'file', 'letter', 'escalated'));

-- letters' numbers: per company and Buddhist-era year (<company code>-2569/0001), given once per breach
-- and kind, with the date and the signatory printed on it
create table breach_letter_counters (
  company_id uuid not null references companies (id) on delete cascade,
  year integer not null,
  last integer not null default 0,
  primary key (company_id, year)
);
create table breach_letters (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  breach_id uuid not null,
  kind text not null check (kind in ('office', 'subjects', 'controller')),
  number text not null,
  issued_at timestamptz not null default now(),
  signatory_name text not null,
  signatory_position text not null,
  created_by uuid references users (id) on delete set null,
  unique (company_id, breach_id, kind),
  unique (company_id, number),
  foreign key (company_id, breach_id) references breaches (company_id, id) on delete cascade
);

-- the clock's last warning may now be day 10 (240 hours), when a late notice nears the 15-day limit
drop index if exists breaches_clock_idx;
create index breaches_clock_idx on breaches (aware_at)
  where office_notified_at is null and clock_stage < 240 and status <> 'closed' and (risk_level is null or risk_level <> 'none');

-- a staff member takes the knowledge tests and keeps the ROPA and the data map of their work; the breach
-- log (menu 17) and the consents with the data subjects' requests (menu 5) hold other people's incidents
-- and requests, for the administrator, the DPO and the data stewards
delete from role_menus rm using roles r
 where rm.role_id = r.id and r.builtin = 'staff' and rm.menu_id in (5, 17);

insert into audit_skip (table_name) values ('breach_letter_counters');
select audit_attach_all();
