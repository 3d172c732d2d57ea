-- API keys (settings, menu 13): the company's own apps call the API with `Authorization: Bearer
-- pdpa_live_<key_id>_<secret>`. Only the SHA-256 of the whole secret is kept (it is 32 random bytes:
-- no salt or slow hash is needed); `key_id` is the public part the server finds the key by. A key
-- is revoked, never deleted: the consent records it made name it.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  key_id text not null unique,
  secret_hash text not null,
  -- consent:write | consent:read | requests:write
  scopes text[] not null,
  -- calls per minute, counted in rate_limits across every server process
  rate_limit integer not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by uuid,
  -- kept to the minute: written at most once a minute per key and process, after the call
  last_used_at timestamptz
);
create index api_keys_page_idx on api_keys (company_id, created_at desc, id desc);
create unique index api_keys_name_idx on api_keys (company_id, lower(name)) where revoked_at is null;
