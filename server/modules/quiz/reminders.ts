import { BANGKOK_TODAY } from '../../db/rows';
import { QUIZ_REMIND_DAYS } from '../../../contract/quiz';
import type { Queryable } from '../../db/client';
import { ASSIGNED, IN_ROUND } from './tests';

/**
 * The bell for each person who must still pass an active test: once within the week before its due
 * date (`quiz_due_week`) and once on the day (`quiz_due_today`). Run by the timed work (server/jobs.ts).
 * One statement marks and picks (quiz_reminders' primary key, per round: a yearly test's new round rings
 * again), so several API processes notify once.
 */
export async function raiseQuizReminders(q: Queryable, companyId: string) {
  await q.query(
    `with due as (
       select t.id as test_id, t.round, t.title, t.due_date, u.id as user_id,
              case when t.due_date = ${BANGKOK_TODAY} then 'due' else 'week' end as kind
         from quiz_tests t join users u on ${ASSIGNED}
        where t.company_id = $1 and t.active
          and t.due_date between ${BANGKOK_TODAY} and ${BANGKOK_TODAY} + $2::int
          and not exists (select 1 from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
                           where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and s.passed and ${IN_ROUND})
     ), picked as (
       insert into quiz_reminders (company_id, test_id, user_id, round, kind)
       select $1, test_id, user_id, round, kind from due
       on conflict do nothing
       returning test_id, user_id, kind
     )
     insert into notifications (company_id, user_id, kind, params, link)
     select $1, p.user_id, case p.kind when 'due' then 'quiz_due_today' else 'quiz_due_week' end,
            jsonb_build_object('title', d.title,
                               'date', to_char(d.due_date, 'DD/MM/') || (extract(year from d.due_date)::int + 543),
                               'days', d.due_date - ${BANGKOK_TODAY}),
            '/knowledge/my'
       from picked p join due d on d.test_id = p.test_id and d.user_id = p.user_id and d.kind = p.kind`,
    [companyId, QUIZ_REMIND_DAYS],
  );
}
