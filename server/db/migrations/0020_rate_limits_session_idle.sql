-- Hardening (issue 12): limits counted in one atomic statement, sessions' idle timeout.

-- Every rate limit and sign-in throttle: one row per key, counted by one
-- `insert … on conflict do update … returning` (server/http/rateLimit.ts), so a burst of any size,
-- on any number of server processes, is checked against the limit one call at a time.
create table rate_limits (
  -- '<limit name>:<who>' (e.g. 'signin-user:DEMO/admin', 'dsr-add:203.0.113.9')
  key text primary key,
  -- when the current window began (the first counted call)
  window_start timestamptz not null default now(),
  hits integer not null default 0
);
create index rate_limits_window_idx on rate_limits (window_start);

-- the last time a session was used (idle timeout, SESSION_IDLE_HOURS)
alter table sessions add column last_seen_at timestamptz not null default now();

insert into audit_skip (table_name) values ('rate_limits');
select audit_attach_all();
