-- The beacon token's key (server/modules/cookie/token.ts): one per database, never leaves it.
insert into cookie_keys (id, secret) values (2, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

-- The consent log's daily seals (server/modules/cookie/digests.ts): each Bangkok day of a domain's log,
-- once it is over, gets its number of choices, the hash of its rows (sha256 over the sorted hashes of
-- its rows, each row's hash taken of cookie_log_line) and a hash chaining it to the day before:
--   hash = sha256(prev_hash | day | rows | rows_hash), prev_hash of the first day = sha256('pdpa-cookie-log|' || domain id)
-- so a row changed, added or removed afterwards, or a day's seal changed or removed, no longer
-- verifies; a copy of the seals kept elsewhere (the export) shows a chain recomputed from the start.
create table cookie_log_digests (
  domain_id uuid not null references cookie_domains (id) on delete cascade,
  day date not null,
  company_id uuid not null,
  rows bigint not null,
  rows_hash text not null,
  prev_hash text not null,
  hash text not null,
  sealed_at timestamptz not null default now(),
  primary key (domain_id, day)
);
create index cookie_log_digests_company_idx on cookie_log_digests (company_id, domain_id, day desc);

-- One choice as the text its hash is taken of: a JSON array of its fields (jsonb writes its keys in one
-- order, so the same choice always gives the same text). A visitor's receipt carries this hash.
create function cookie_log_line(created_at timestamptz, visitor_id uuid, version integer, method text, choices jsonb,
                                path text, lang text, gpc boolean, browser text, ip_hash text) returns text
language sql stable parallel safe as $$
  select jsonb_build_array(to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), visitor_id, version,
                           method, choices, path, lang, gpc, browser, ip_hash)::text
$$;

-- A day's rows of one domain: how many, and the hash over their hashes in order.
create function cookie_log_day(p_company uuid, p_domain uuid, p_day date, out rows bigint, out rows_hash text)
language sql stable parallel safe as $$
  select count(*), encode(sha256(convert_to(coalesce(string_agg(h, E'\n' order by h), ''), 'UTF8')), 'hex')
    from (select encode(sha256(convert_to(cookie_log_line(l.created_at, l.visitor_id, l.version, l.method, l.choices,
                                                          l.path, l.lang, l.gpc, l.browser, l.ip_hash), 'UTF8')), 'hex') as h
            from cookie_log l
           where l.company_id = p_company and l.domain_id = p_domain
             and l.created_at >= (p_day::timestamp at time zone 'Asia/Bangkok')
             and l.created_at < ((p_day + 1)::timestamp at time zone 'Asia/Bangkok')) x
$$;

-- The log and its seals are only ever added to: an update is refused (a month's rows still go whole
-- with their partition at the end of the retention, and a domain's with the domain).
create function cookie_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the cookie consent log and its seals are append-only' using errcode = 'P0001';
end;
$$;
create trigger cookie_log_append_only before update on cookie_log for each row execute function cookie_log_append_only();
create trigger cookie_log_digests_append_only before update on cookie_log_digests
  for each row execute function cookie_log_append_only();

insert into audit_skip (table_name) values ('cookie_log_digests');
select audit_attach_all();
