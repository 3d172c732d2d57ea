-- Consent recorded by the company's own apps through the consent API: the record names the API key
-- (`api_key_id`) and its channel is the key's name, as the public page's is `web`.
alter table consent_records add column api_key_id uuid references api_keys (id);
alter table consent_records drop constraint consent_records_channel_check;
alter table consent_records add constraint consent_records_channel_check
  check (api_key_id is not null or channel in ('web', 'paper', 'phone', 'in_person', 'email'));
alter table consent_records drop constraint consent_records_staff_check;
alter table consent_records add constraint consent_records_staff_check
  check ((channel = 'web' or api_key_id is not null) = (recorded_by is null));

-- The consent API's check ("may we use this purpose for this subject?"), its hot path: the subject's
-- latest record per notice and purpose, newest first, found in one index descent.
create index consent_current_check_idx on consent_current (company_id, subject_id, form_id, purpose_id, created_at desc, record_id desc);
