-- The transfers list's search (GET /transfers?filter={"search":…}) over the importer and the evidence's
-- title, by the 4- and 8-character grams of 0007_risk_search.sql, as 0029 does for ROPA activities: one
-- key set per transfer over both texts; the server rechecks the substring in each (strpos), and finds the
-- systems and processors whose name matches apart (a few hundred rows), then their transfers by index.
create function transfer_grams(importer text, evidence_title text) returns int[]
language sql immutable strict parallel safe as $$
  -- qualified: an index expression is evaluated with an empty search_path when a dump is restored
  select public.risk_name_grams(importer || E'\n' || evidence_title)
$$;

create index transfers_grams_idx on transfers using gin (transfer_grams(importer, evidence_title)) with (fastupdate = off);
