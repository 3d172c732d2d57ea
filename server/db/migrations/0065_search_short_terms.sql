-- Short search terms over risk names (GET /datarisk/list?search=): every run of 1, 2 and 3 characters.
--
-- 0007's keys are runs of 4 and 8 characters, so a term of 1 to 3 characters ("ภัย", "VPN", "42") was
-- not narrowed by any index: the server checked every row of the company, and a rare short term (or
-- one matching nothing) read all of them. Here every run of 1, 2 and 3 characters of the lower-cased
-- name is a key (hashed to int4 as in 0007: a collision only lets a row through to the server's own
-- substring check), and a short term asks for exactly one key, its whole lower-cased self. A common
-- term never needs it: the list walks its newest rows first (server/modules/risk/riskPage.ts).
-- Its cost: about three keys per character of each name written (fastupdate off, as 0007), and the
-- index is built here over the existing events, in the migration's transaction: some 20 s per 100,000
-- events on the development machine, during which events cannot be written.

-- (A loop: about ten times faster than the same keys made by generate_series in SQL, which counts when
-- the index is built over a large register. Repeated keys are left in: GIN keeps each once.)
create function search_short_keys(t text) returns int[]
language plpgsql immutable strict parallel safe as $$
declare
  l text := lower(t);
  n integer := char_length(l);
  keys int[] := '{}';
begin
  for i in 1 .. n loop
    keys := keys || hashtext(substr(l, i, 1));
    if i < n then
      keys := keys || hashtext(substr(l, i, 2));
    end if;
    if i < n - 1 then
      keys := keys || hashtext(substr(l, i, 3));
    end if;
  end loop;
  return keys;
end;
$$;

create index risk_master_name_short_idx on risk_master using gin (search_short_keys(name)) with (fastupdate = off);

-- What the planner is told about the key functions. Computing a text's keys is costly (a loop over
-- every character, far more than the default cost of 100 operators), so a plan that would compute
-- them row by row as a filter instead of asking their index must look as costly as it is. And they
-- are parallel restricted: a list's search is one of many small statements at once, for which
-- starting parallel workers costs more than it saves (a search plan would otherwise launch them even
-- for a branch that never runs).
alter function risk_name_grams(text) cost 10000 parallel restricted;
alter function search_short_keys(text) cost 10000 parallel restricted;
alter function risk_search_grams(text) parallel restricted;
