-- E-mails may carry files (an access pack's letter and data): the development outbox keeps what was
-- attached — each file's name, type, size and SHA-256 — not the bytes.
alter table mail_outbox add column attachments jsonb not null default '[]'::jsonb;
