-- Yearly knowledge tests: a test may recur every year. When a yearly test's due date has passed, the
-- timed work opens its next round (one statement: the due date moves a year on, the round's number
-- and start move with it), and only a pass submitted since the round's start counts. Earlier rounds'
-- attempts and certificates stay as they were (append-only).
alter table quiz_tests add column recurrence text not null default 'none' check (recurrence in ('none', 'yearly'));
-- the current round (1 for the first) and when it started (null: the first round, every pass counts)
alter table quiz_tests add column round integer not null default 1 check (round >= 1);
alter table quiz_tests add column round_started_at timestamptz;

-- a reminder is sent once per round: the new round's week and day ring again
alter table quiz_reminders add column round integer not null default 1;
alter table quiz_reminders drop constraint quiz_reminders_pkey;
alter table quiz_reminders add primary key (test_id, user_id, round, kind);
