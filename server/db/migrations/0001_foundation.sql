-- The foundation: companies, roles and their menus, people, sessions, sign-in throttling, notifications.
-- Every business row carries company_id; every query filters by the session's company.

create table companies (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  detail jsonb not null default '{}'::jsonb,
  logo text,
  created_at timestamptz not null default now()
);
create unique index companies_code_key on companies (upper(code));

create table roles (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  -- admin | dpo | staff | viewer | contact for the built-in roles, null for a company's own
  builtin text,
  created_at timestamptz not null default now(),
  unique (company_id, name)
);

create table role_menus (
  role_id uuid not null references roles (id) on delete cascade,
  menu_id integer not null,
  can_edit boolean not null default true,
  primary key (role_id, menu_id)
);

create table users (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  username text not null,
  password_hash text not null,
  firstname text not null default '',
  lastname text not null default '',
  email text,
  -- set for contact users (sub-accounts), who sign in at /contact-login
  sub_id text,
  role_id uuid references roles (id),
  disabled boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index users_company_username_key on users (company_id, lower(username));

create table sessions (
  id uuid primary key default gen_random_uuid(),
  -- SHA-256 of the bearer token; the token itself is never stored
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id);

create table signin_failures (
  id bigserial primary key,
  -- 'user:<COMPANY>/<username>' or 'ip:<address>'
  key text not null,
  at timestamptz not null default now()
);
create index signin_failures_key_at_idx on signin_failures (key, at);

create table notifications (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  -- null: for everyone in the company
  user_id uuid references users (id) on delete cascade,
  kind text not null,
  params jsonb not null default '{}'::jsonb,
  link text,
  created_at timestamptz not null default now()
);
create index notifications_company_created_idx on notifications (company_id, created_at desc);

create table notification_reads (
  notification_id uuid not null references notifications (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (notification_id, user_id)
);
