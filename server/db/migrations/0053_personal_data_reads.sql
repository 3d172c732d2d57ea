-- Who read personal data (issue 31 §3; the PDPC's security notification B.E. 2565 asks for an audit
-- trail of access): one row a call of a route that shows a data subject's records, with the records'
-- ids. Written in batches by each API process (server/http/readLog.ts), kept READ_LOG_DAYS (365) days.
-- No foreign keys: like the audit trail, the history outlives the person and the record.
create table personal_data_reads (
  id bigserial primary key,
  company_id uuid not null,
  user_id uuid,
  username text not null,
  read_at timestamptz not null,
  entity text not null,
  record_ids text[] not null,
  route text not null,
  ip text not null default ''
);
create index personal_data_reads_company_at_idx on personal_data_reads (company_id, read_at desc, id desc);
create index personal_data_reads_user_idx on personal_data_reads (company_id, user_id, read_at desc);
create index personal_data_reads_records_idx on personal_data_reads using gin (record_ids);
-- a log of its own: its rows are not records anyone acts on
insert into audit_skip (table_name) values ('personal_data_reads');
