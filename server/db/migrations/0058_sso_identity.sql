-- Single sign-on (security review): a person is bound to the provider's identity, not only to an e-mail.
-- The first sign-in matched by e-mail keeps the provider's (issuer, subject) for the person; later sign-ins
-- are matched by it first, and an e-mail match to a person bound to another subject is refused. An
-- administrator changing the person's e-mail (or the company changing its issuer) drops the binding.
create table sso_identities (
  user_id uuid primary key references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  issuer text not null,
  subject text not null,
  created_at timestamptz not null default now(),
  unique (company_id, issuer, subject)
);

-- The browser a sign-in was started in: the hash of a random value kept in its HttpOnly cookie, which
-- the provider's answer must come back with (a code handed to another browser is refused).
alter table sso_attempts add column browser_hash text;
