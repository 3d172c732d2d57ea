-- Single sign-on with OpenID Connect (settings, menu 13): one provider per company.
create table sso_settings (
  company_id uuid primary key references companies(id) on delete cascade,
  enabled boolean not null default false,
  provider_name text not null default '',
  issuer text not null default '',
  client_id text not null default '',
  -- AES-256-GCM with the product's file key; never sent back to a browser
  client_secret_sealed text not null default '',
  user_claim text not null default 'email',
  allowed_domains text[] not null default '{}',
  -- a person not found by e-mail is created with this role; null: refused
  create_role_id uuid references roles(id) on delete set null,
  password_signin_off boolean not null default false,
  -- the one administrator who may still sign in with a password when it is off
  break_glass_user_id uuid references users(id) on delete set null,
  updated_at timestamptz not null default now()
);

-- A sign-in started at the provider: its state (hashed), nonce and PKCE verifier, kept on the server,
-- single use (deleted when the provider's answer comes back) and short lived.
create table sso_attempts (
  state_hash text primary key,
  company_id uuid not null references companies(id) on delete cascade,
  nonce text not null,
  code_verifier text not null,
  redirect_from text,
  expires_at timestamptz not null
);
create index sso_attempts_expiry_idx on sso_attempts (expires_at);

-- the attempts are short-lived secrets, not records anyone reviews
insert into audit_skip (table_name) values ('sso_attempts');
