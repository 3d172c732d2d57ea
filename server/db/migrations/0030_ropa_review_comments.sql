-- ROPA review: four eyes, a chosen reviewer, and a comment thread per activity.
-- Who last changed the content (the form's saves): with who sent it for review, the record's authors,
-- neither of whom may approve it (server/http/approval.ts).
alter table ropa_activities add column content_by uuid references users (id) on delete set null;
update ropa_activities set content_by = coalesce(submitted_by, created_by);
-- the person asked to review it (chosen when sending for review; notified through the bell)
alter table ropa_activities add column reviewer_id uuid references users (id) on delete set null;

-- the review's comments on an activity: who, when, what (audited by the row triggers like every table)
create table ropa_comments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  activity_id uuid not null,
  author_id uuid references users (id) on delete set null,
  body text not null check (length(body) between 1 and 4000),
  created_at timestamptz not null default now(),
  foreign key (company_id, activity_id) references ropa_activities (company_id, id) on delete cascade
);
create index ropa_comments_activity_idx on ropa_comments (activity_id, created_at);
