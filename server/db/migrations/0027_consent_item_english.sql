-- Consent items (sources, purposes, data) get an English name for the English public pages; blank
-- (the default, and every item made before) means the English pages show the Thai name. Publishing
-- freezes it into the version only when it is not blank, so versions published before keep their hash.
alter table consent_items add column name_en text not null default '';
