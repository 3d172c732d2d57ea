import type { Queryable } from '../../db/client';
import { ASSIGNED, IN_ROUND } from './tests';

/**
 * Across the active tests, how many (person, test) pairs a test is assigned to and how many of them
 * have a passing sheet in the test's current round; optionally only the people of one department, or one person. The dashboard's
 * "staff passed" figure and the main menu's own-tests figure; a test's own results (results.ts) count the
 * same pairs for one test.
 */
export async function staffPassCounts(q: Queryable, companyId: string, departmentId?: string, before?: Date, userId?: string) {
  const [row] = await q.query<{ assigned: number; passed: number }>(
    `select count(*)::int as assigned,
            count(*) filter (where exists (
              select 1 from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
               where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and s.passed and ${IN_ROUND}
                 and ($3::timestamptz is null or s.submitted_at < $3)))::int as passed
       from quiz_tests t join users u on ${ASSIGNED}
      where t.company_id = $1 and t.active and ($2::uuid is null or u.department_id = $2)
        and ($3::timestamptz is null or t.created_at < $3) and ($4::uuid is null or u.id = $4)`,
    [companyId, departmentId ?? null, before ?? null, userId ?? null],
  );
  return row;
}
