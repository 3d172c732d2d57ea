-- The SME exemption wizard of the records of processing (PDPA s.39 para. 3, the PDPC's notification of
-- 2567): each round of answers with its result, date and who answered; the newest is the one in force.
create table ropa_sme_assessments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  answers jsonb not null,
  size text not null check (size in ('small', 'medium', 'large')),
  exempt boolean not null,
  must_record text[] not null default '{}',
  answered_by uuid references users (id) on delete set null,
  answered_at timestamptz not null default now()
);
create index ropa_sme_assessments_company_idx on ropa_sme_assessments (company_id, answered_at desc, id desc);

select audit_attach_all();
