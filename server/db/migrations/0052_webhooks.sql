-- Webhooks (settings, menu 13): the endpoints a company registers, and every delivery (a transactional
-- outbox: a delivery is written in the same transaction as the event's record, then sent by the worker).
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies(id) on delete cascade,
  url text not null,
  description text not null default '',
  events text[] not null,
  active boolean not null default true,
  -- AES-256-GCM with the product's file key: the worker signs with it, nobody reads it back
  secret_sealed text not null,
  secret_hint text not null,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_endpoints_company_idx on webhook_endpoints (company_id, created_at desc);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies(id) on delete cascade,
  webhook_id uuid not null references webhook_endpoints(id) on delete cascade,
  event text not null,
  payload jsonb not null,
  state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
  attempts int not null default 0,
  next_at timestamptz,
  -- a worker sending it now holds it until then (a process that dies leaves it to the next after this)
  leased_until timestamptz,
  -- "send again" by a person: its 24 hours and its backoff count from then
  retried_at timestamptz,
  retry_base int not null default 0,
  last_status int,
  last_reply text not null default '',
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
-- the worker's queue: due deliveries, oldest first
create index webhook_deliveries_due_idx on webhook_deliveries (next_at) where state = 'pending';
create index webhook_deliveries_webhook_idx on webhook_deliveries (company_id, webhook_id, created_at desc);
create index webhook_deliveries_company_idx on webhook_deliveries (company_id, created_at desc);

-- deleting an endpoint deletes its deliveries, waiting or past (the log is the endpoint's)
-- a delivery log changes on every attempt: the trail records the endpoints, not each attempt
insert into audit_skip (table_name) values ('webhook_deliveries');
