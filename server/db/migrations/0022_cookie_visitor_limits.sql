-- The consent log's per-visitor limit (30 choices a minute), counted in the database so every server
-- process on it agrees: the grouped write (server/modules/cookie/writer.ts) counts a group's visitors
-- with one `insert … on conflict do update … returning` in the same statement as the log rows, so
-- the count and the check are one atomic step and cost no extra round trip.
-- UNLOGGED: no WAL for a counter that only lives a minute (the write path's cost stays low); after a
-- crash of the database server the table starts empty, so a visitor may get one more minute's worth.
create unlogged table cookie_visitor_hits (
  visitor_id uuid primary key,
  -- when the visitor's current minute began (its first counted choice); no index: the writers'
  -- prune (every 20 s) scans this small table rather than every write keeping a second index
  window_start timestamptz not null default now(),
  hits integer not null default 0
);
insert into audit_skip (table_name) values ('cookie_visitor_hits');

-- Left behind by the rate limits' move to rate_limits (0020): nothing reads or writes them any more.
drop table signin_failures;
drop table dsr_public_hits;
delete from audit_skip where table_name in ('signin_failures', 'dsr_public_hits');
