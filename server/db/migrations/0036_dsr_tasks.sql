-- The work behind a data subject request: one task per data-map system that holds the request's data
-- categories (made when the request is accepted, or by hand for a system the data map lacks), each with
-- its owner, its due date inside the request's clock, its state and evidence.

create table dsr_tasks (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  request_id uuid not null,
  -- null: made by hand for a system the data map lacks (or a system since deleted: its name stays)
  system_id uuid,
  system_name text not null,
  department_id uuid,
  owner_id uuid references users (id) on delete set null,
  due_at timestamptz not null,
  state text not null default 'to_do' check (state in ('to_do', 'done', 'not_held', 'failed')),
  reason text not null default '',
  note text not null default '',
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  closed_by uuid references users (id) on delete set null,
  closed_at timestamptz,
  due_notified_at timestamptz,
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  check (state <> 'failed' or reason <> ''),
  check ((state = 'to_do') = (closed_at is null)),
  foreign key (company_id, request_id) references dsr_requests (company_id, id) on delete cascade,
  foreign key (company_id, system_id) references datamap_systems (company_id, id) on delete set null (system_id),
  foreign key (company_id, department_id) references departments (company_id, id) on delete set null (department_id)
);
-- accepting a request twice makes no second task for a system
create unique index dsr_tasks_request_system_key on dsr_tasks (company_id, request_id, system_id) where system_id is not null;
create index dsr_tasks_request_idx on dsr_tasks (company_id, request_id, created_at);
create index dsr_tasks_owner_idx on dsr_tasks (company_id, owner_id, due_at) where state = 'to_do';
create index dsr_tasks_department_idx on dsr_tasks (company_id, department_id, due_at) where state = 'to_do';
create index dsr_tasks_due_idx on dsr_tasks (company_id, due_at) where state = 'to_do' and due_notified_at is null;

-- a task's evidence: checked by content, encrypted like the request's files (DATA_DIR/private/dsr/<company>/)
create table dsr_task_files (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  task_id uuid not null,
  name text not null,
  mime text not null,
  size integer not null,
  stored_name text not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (company_id, task_id) references dsr_tasks (company_id, id) on delete cascade
);
create index dsr_task_files_task_idx on dsr_task_files (task_id);

select audit_attach_all();
