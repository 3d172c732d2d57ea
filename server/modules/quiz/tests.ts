import { assigneesReply, idParams, testBody, testListQuery, testListReply, testReply, type QuizTest } from '../../../contract/quiz';
import type { Queryable } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { likePattern } from '../../db/search';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { read, write } from './bank';

/** `u` (users) must take `t` (quiz_tests): listed by name, or in a listed department or position; never a disabled account. */
export const ASSIGNED = `u.company_id = t.company_id and not u.disabled
  and (u.id = any(t.user_ids) or u.department_id = any(t.department_ids) or u.position_id = any(t.position_ids))`;

/**
 * The answer sheet `s` of an attempt `a` belongs to the current round of test `t`: a yearly test's new
 * round (rounds.ts) leaves the earlier rounds' passes valid but no longer counting.
 */
export const IN_ROUND = `s.submitted_at >= coalesce(t.round_started_at, '-infinity'::timestamptz)`;
/** An attempt `a` started in the current round of test `t`. */
export const STARTED_IN_ROUND = `a.started_at >= coalesce(t.round_started_at, '-infinity'::timestamptz)`;

export interface TestRow {
  id: string;
  title: string;
  description: string;
  topics: QuizTest['topics'];
  question_count: number;
  time_limit_minutes: number;
  pass_mark: number;
  due_date: string;
  retake_days: number;
  recurrence: QuizTest['recurrence'];
  round: number;
  round_started_at: Date | string | null;
  department_ids: string[];
  position_ids: string[];
  user_ids: string[];
  active: boolean;
  created_at: Date | string;
  assigned: number;
  passed: number;
  attempts: number;
}

export const TEST_SELECT = `select t.id, t.title, t.description, t.topics, t.question_count, t.time_limit_minutes, t.pass_mark,
    to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.retake_days, t.recurrence, t.round, t.round_started_at, t.department_ids, t.position_ids, t.user_ids, t.active, t.created_at,
    (select count(*)::int from users u where ${ASSIGNED}) as assigned,
    (select count(*)::int from users u where ${ASSIGNED} and exists (
       select 1 from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
        where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and s.passed and ${IN_ROUND})) as passed,
    (select count(*)::int from quiz_attempts a where a.company_id = t.company_id and a.test_id = t.id) as attempts
  from quiz_tests t`;

export const toTest = (r: TestRow): QuizTest => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  topics: r.topics,
  questionCount: r.question_count,
  timeLimitMinutes: r.time_limit_minutes,
  passMark: r.pass_mark,
  dueDate: r.due_date,
  retakeDays: r.retake_days,
  recurrence: r.recurrence,
  round: r.round,
  roundStartedAt: r.round_started_at ? new Date(r.round_started_at).toISOString() : null,
  departmentIds: r.department_ids,
  positionIds: r.position_ids,
  userIds: r.user_ids,
  active: r.active,
  assigned: r.assigned,
  passed: r.passed,
  attempts: r.attempts,
  created_dt: new Date(r.created_at).toISOString(),
});

export async function oneTest(q: Queryable, companyId: string, id: string): Promise<QuizTest> {
  const [row] = await q.query<TestRow>(`${TEST_SELECT} where t.company_id = $1 and t.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return toTest(row);
}

type TestInput = ReturnType<typeof testBody.parse>;

/** The server's own checks of a test: the people are the company's, the bank holds enough active questions. */
async function checkTest(q: Queryable, companyId: string, b: TestInput) {
  const [{ departments, positions, users }] = await q.query<{ departments: number; positions: number; users: number }>(
    `select (select count(*)::int from departments where company_id = $1 and id = any($2::uuid[])) as departments,
            (select count(*)::int from positions where company_id = $1 and id = any($3::uuid[])) as positions,
            (select count(*)::int from users where company_id = $1 and id = any($4::uuid[])) as users`,
    [companyId, b.departmentIds, b.positionIds, b.userIds],
  );
  const distinct = (a: string[]) => new Set(a).size;
  if (departments !== distinct(b.departmentIds) || positions !== distinct(b.positionIds) || users !== distinct(b.userIds)) {
    throw new ApiError(400, 'quiz_unknown_assignee');
  }
  const [{ available }] = await q.query<{ available: number }>(
    'select count(*)::int as available from quiz_questions where company_id = $1 and active and topic = any($2::text[])',
    [companyId, b.topics],
  );
  if (available < b.questionCount) throw new ApiError(400, 'quiz_not_enough_questions', { available, wanted: b.questionCount });
}

const values = (b: TestInput) => [
  b.title,
  b.description,
  [...new Set(b.topics)],
  b.questionCount,
  b.timeLimitMinutes,
  b.passMark,
  b.dueDate,
  b.retakeDays,
  b.recurrence,
  [...new Set(b.departmentIds)],
  [...new Set(b.positionIds)],
  [...new Set(b.userIds)],
  b.active,
];

/** The tests (menu 7): who must pass what by when. */
export const quizTestRoutes = [
  route({
    method: 'GET',
    url: '/knowledge/assignees',
    access: read,
    reply: assigneesReply,
    handler: async ({ db, session }) => {
      const [departments, positions, people] = await Promise.all([
        db.query<{ _id: string; name: string; departmentName: null }>(
          'select id as "_id", name, null as "departmentName" from departments where company_id = $1 order by name',
          [session.companyId],
        ),
        db.query<{ _id: string; name: string; departmentName: string }>(
          `select p.id as "_id", p.name, d.name as "departmentName" from positions p
             join departments d on d.company_id = p.company_id and d.id = p.department_id
            where p.company_id = $1 order by d.name, p.name`,
          [session.companyId],
        ),
        db.query<{ _id: string; name: string; departmentName: string | null }>(
          `select u.id as "_id", coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as name, d.name as "departmentName"
             from users u left join departments d on d.company_id = u.company_id and d.id = u.department_id
            where u.company_id = $1 and not u.disabled order by name`,
          [session.companyId],
        ),
      ]);
      return { departments, positions, people };
    },
  }),
  route({
    method: 'GET',
    url: '/knowledge/tests',
    access: read,
    query: testListQuery,
    reply: testListReply,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 't.company_id = $1';
      if (query.search) {
        params.push(likePattern(query.search));
        where += ` and t.title ilike $${params.length}`;
      }
      const [rows, [{ total }]] = await Promise.all([
        db.query<TestRow>(
          `${TEST_SELECT} where ${where} order by t.created_at desc, t.id desc limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, query.limit, pageOffset(query)],
        ),
        db.query<{ total: number }>(`select count(*)::int as total from quiz_tests t where ${where}`, params),
      ]);
      return { testList: rows.map(toTest), totalItem: total };
    },
  }),
  route({
    method: 'GET',
    url: '/knowledge/tests/:id',
    access: read,
    params: idParams,
    reply: testReply,
    handler: async ({ db, session, params }) => ({ data: await oneTest(db, session.companyId, params.id) }),
  }),
  route({
    method: 'POST',
    url: '/knowledge/tests',
    access: write,
    body: testBody,
    reply: testReply,
    handler: async ({ db, session, body }) => {
      await checkTest(db, session.companyId, body);
      const [{ id }] = await db.query<{ id: string }>(
        `insert into quiz_tests (company_id, title, description, topics, question_count, time_limit_minutes, pass_mark, due_date, retake_days,
                                 recurrence, department_ids, position_ids, user_ids, active, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
        [session.companyId, ...values(body), session.userId],
      );
      return { data: await oneTest(db, session.companyId, id) };
    },
  }),
  route({
    method: 'PUT',
    url: '/knowledge/tests/:id',
    access: write,
    params: idParams,
    body: testBody,
    reply: testReply,
    handler: async ({ db, session, params, body }) => {
      await checkTest(db, session.companyId, body);
      const rows = await db.query(
        `update quiz_tests set title = $3, description = $4, topics = $5, question_count = $6, time_limit_minutes = $7, pass_mark = $8,
                due_date = $9, retake_days = $10, recurrence = $11, department_ids = $12, position_ids = $13, user_ids = $14, active = $15,
                updated_at = now()
          where company_id = $1 and id = $2 returning id`,
        [session.companyId, params.id, ...values(body)],
      );
      if (!rows.length) throw notFound();
      return { data: await oneTest(db, session.companyId, params.id) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/knowledge/tests/:id',
    access: write,
    params: idParams,
    handler: async ({ db, session, params }) => {
      const [{ count }] = await db.query<{ count: number }>(
        'select count(*)::int as count from quiz_attempts where company_id = $1 and test_id = $2',
        [session.companyId, params.id],
      );
      if (count > 0) throw new ApiError(409, 'quiz_test_has_attempts', { count });
      const rows = await db.query('delete from quiz_tests where company_id = $1 and id = $2 returning id', [session.companyId, params.id]);
      if (!rows.length) throw notFound();
      return {};
    },
  }),
];
