-- The access pack (s.30, s.31): the answer to an access or portability request, one per request. A draft
-- keeps the facts as built (`content`, server/modules/dsr/pack.ts) and may be built again; once sent it keeps
-- who sent it, when, how, and the files as sent with their SHA-256 (encrypted under
-- DATA_DIR/private/dsr/<company>/), and the database refuses any change to it.
create table dsr_access_packs (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  request_id uuid not null,
  lang text not null check (lang in ('th', 'en')),
  content jsonb not null,
  built_by uuid references users (id) on delete set null,
  built_at timestamptz not null default now(),
  sent_at timestamptz,
  sent_by uuid references users (id) on delete set null,
  channel text check (channel in ('email', 'post', 'in_person')),
  -- the Bangkok day it was posted, handed over or e-mailed
  sent_on date,
  sent_to text not null default '',
  note text not null default '',
  -- [{name, mime, size, sha256, storedName}]
  files jsonb not null default '[]'::jsonb,
  unique (company_id, request_id),
  check ((sent_at is null) = (channel is null) and (sent_at is null) = (sent_on is null)),
  foreign key (company_id, request_id) references dsr_requests (company_id, id) on delete cascade
);

-- a sent pack is proof of the answer: never changed, and deleted only with its request
create function dsr_access_pack_refuse_change() returns trigger language plpgsql as $$
begin
  if old.sent_at is not null and (tg_op = 'UPDATE' or exists (select 1 from dsr_requests r where r.id = old.request_id)) then
    raise exception 'a sent access pack cannot be changed' using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger dsr_access_packs_sent_no_change before update or delete on dsr_access_packs
  for each row execute function dsr_access_pack_refuse_change();
