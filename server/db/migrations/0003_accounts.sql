-- Accounts: e-mail verification of self-registered administrators, one-time tokens of the e-mail
-- links (verify the address, reset the password), and the development outbox of e-mails.

-- false only for an administrator who registered a company themselves and has not yet opened the
-- verification link; everyone else (the seed, users an administrator creates) is verified
alter table users add column email_verified boolean not null default true;

create table account_tokens (
  id uuid primary key default gen_random_uuid(),
  -- SHA-256 of the token in the link; the token itself is never stored
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  purpose text not null check (purpose in ('verify_email', 'reset_password')),
  expires_at timestamptz not null,
  -- set when the link is used (or replaced by a newer one): a token works once
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_tokens_user_idx on account_tokens (user_id, purpose, created_at);

-- e-mails written here instead of sent when no SMTP server is configured (development, tests)
create table mail_outbox (
  id bigserial primary key,
  to_address text not null,
  template text not null,
  lang text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index mail_outbox_to_idx on mail_outbox (lower(to_address), id desc);
