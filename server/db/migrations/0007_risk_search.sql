-- Substring search over risk names (GET /datarisk/list?search=) by 4- and 8-character grams.
--
-- Why not pg_trgm (0002's risk_master_name_trgm_idx): pg_trgm splits text into words at every
-- character the database's ctype does not count as alphanumeric and makes trigrams only inside
-- words. Under a plain "C" ctype Thai letters are not alphanumeric, so a Thai name has no trigram
-- at all; under C.UTF-8 / en_US.UTF-8 (PGlite and our PostgreSQL) they are, but then a search
-- such as 'เวชระเบียนผู้ป่วย สาขาเชียงใหม่' needs every one of its ~30 trigrams, each common (all
-- inside one word, none spanning the space), so GIN decodes and intersects posting lists of
-- hundreds of thousands of rows: ~60 ms over 1,000,000 events.
--
-- Here every run of 4 and of 8 characters of the lower-cased name is a key, whatever the
-- characters are (Thai, Latin, digits, spaces, punctuation), so no ctype can hide them, and keys
-- spanning a space are as specific as the phrase. A search asks the index only for a cover of its
-- term: 8-character pieces starting every 8 characters and the last one (terms of 8 characters or
-- more), else 4-character pieces every 4 (terms of 4 to 7): a few long, rare keys instead of ~30
-- short, common ones. Keys are hashed to int4: a collision only lets a row through to the recheck,
-- and the server always rechecks the substring itself (strpos, over lower-cased text when the
-- term has cased letters: what ILIKE '%term%' compares), so results are exactly the substring
-- matches. Terms shorter than 4 characters are not indexed (the server rechecks every row).

create function risk_name_grams(name text) returns int[]
language plpgsql immutable strict parallel safe as $$
declare
  l text := lower(name);
  n integer := char_length(l);
  grams int[] := '{}';
begin
  for i in 1 .. n - 3 loop
    grams := grams || hashtext(substr(l, i, 4));
    if i <= n - 7 then
      grams := grams || hashtext(substr(l, i, 8));
    end if;
  end loop;
  return grams;
end;
$$;

-- The keys one search asks for: a cover of the lower-cased term, at most 8 keys.
create function risk_search_grams(term text) returns int[]
language plpgsql immutable strict parallel safe as $$
declare
  l text := lower(term);
  size integer := case when char_length(l) >= 8 then 8 else 4 end;
  last integer := char_length(l) - size + 1;
  step integer := greatest(size, ceil((last - 1) / 7.0)::integer);
  grams int[] := '{}';
  i integer := 1;
begin
  if last < 1 then
    return grams;
  end if;
  while i < last loop
    grams := grams || hashtext(substr(l, i, size));
    i := i + step;
  end loop;
  return grams || hashtext(substr(l, last, size));
end;
$$;

-- fastupdate off: every insert goes straight into the index, so a search never has to read a
-- pending list of recent inserts (which PGlite, without autovacuum, would let grow to 4 MB).
create index risk_master_name_grams_idx on risk_master using gin (risk_name_grams(name)) with (fastupdate = off);
drop index risk_master_name_trgm_idx;
