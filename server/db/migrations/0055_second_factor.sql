-- Issue 31 §2: a second factor at sign-in (an authenticator app's TOTP, with recovery codes).

-- a role whose members must use a second factor; they enrol at their next sign-in
alter table roles add column require_second_factor boolean not null default false;

-- one authenticator per person: its secret sealed with the file key (AES-256-GCM), enabled once a first
-- code proved the app holds it; the last time step used (a code is good once); recovery codes as SHA-256
create table user_totp (
  user_id uuid primary key references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  secret_sealed text not null,
  enabled_at timestamptz,
  last_step bigint not null default 0,
  recovery_secrets text[] not null default '{}',
  created_at timestamptz not null default now()
);
create index user_totp_company on user_totp (company_id);

-- the step between a right password and the second factor: a single-use token, kept as its SHA-256, minutes long
create table signin_challenges (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  enrol boolean not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index signin_challenges_user on signin_challenges (user_id);
create index signin_challenges_expiry on signin_challenges (expires_at);
insert into audit_skip (table_name) values ('signin_challenges');

-- passkeys (WebAuthn) as a second factor: the credential's id (base64url), its public key (COSE), the
-- authenticator's signature counter; added by the signed-in person, each with a name of their choosing
create table user_passkeys (
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index user_passkeys_user on user_passkeys (user_id);

-- the WebAuthn challenge a passkey must sign: of an addition (one per person at a time), or of a sign-in's second step
create table passkey_challenges (
  user_id uuid primary key references users (id) on delete cascade,
  challenge text not null,
  expires_at timestamptz not null
);
alter table signin_challenges add column webauthn_challenge text;
insert into audit_skip (table_name) values ('passkey_challenges');

select audit_attach_all();
