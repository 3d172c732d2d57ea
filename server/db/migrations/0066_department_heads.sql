-- A department's head (issue 25: the knowledge tests' list for managers): a staff member of the same company, who
-- sees their department's standing in the knowledge tests. A person removed leaves the department without a head.
create unique index users_company_id_key on users (company_id, id);
alter table departments add column head_user_id uuid;
alter table departments add constraint departments_head_fkey
  foreign key (company_id, head_user_id) references users (company_id, id) on delete set null (head_user_id);
create index departments_head_idx on departments (company_id, head_user_id) where head_user_id is not null;
