-- Consent recorded by staff (POST /consents/manage/give and /withdraw): a person who consented or
-- withdrew on a signed paper form, by phone, in person or by e-mail. The record keeps who recorded
-- it and where the proof is kept; `channel` says how it came (web | paper | phone | in_person | email).
alter table consent_records add column recorded_by uuid;
alter table consent_records add column reference text;
alter table consent_records add constraint consent_records_channel_check
  check (channel in ('web', 'paper', 'phone', 'in_person', 'email'));
alter table consent_records add constraint consent_records_staff_check
  check ((channel = 'web') = (recorded_by is null));
