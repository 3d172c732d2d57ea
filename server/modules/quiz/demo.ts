import { addDays } from '../../../contract/clock';
import { QUIZ_DEMO } from '../../../demo';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { hashPassword } from '../auth/passwords';
import { newCertificateCode, type DrawnQuestion } from './attempts';

const bangkokDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(addDays(new Date(), days));

/** Writes one company's demo knowledge tests (demo/quiz.ts): departments, their staff, the tests and some attempts. */
export async function seedQuizDemo(q: Queryable, companyId: string, code: string) {
  const demo = QUIZ_DEMO[code];
  if (!demo) return;
  const departmentIds: string[] = [];
  for (const name of demo.departments) {
    const [row] = await q.query<{ id: string }>(
      `insert into departments (company_id, name) values ($1, $2)
       on conflict (company_id, lower(name)) do update set name = excluded.name returning id`,
      [companyId, name],
    );
    departmentIds.push(row.id);
  }
  const [staffRole] = await q.query<{ id: string }>(`select id from roles where company_id = $1 and builtin = 'staff'`, [companyId]);
  for (const p of demo.people) {
    await q.query(
      `insert into users (company_id, username, password_hash, firstname, lastname, email, role_id, department_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [companyId, p.username, await hashPassword(p.password), p.firstname, p.lastname, p.email, staffRole.id, departmentIds[p.department]],
    );
  }
  const userId = async (username: string) =>
    (await q.query<{ id: string }>('select id from users where company_id = $1 and lower(username) = lower($2)', [companyId, username]))[0]?.id;
  for (const [department, username] of Object.entries(demo.heads ?? {})) {
    await q.query('update departments set head_user_id = $3 where company_id = $1 and id = $2', [
      companyId,
      departmentIds[Number(department)],
      await userId(username),
    ]);
  }
  const testIds: string[] = [];
  for (const t of demo.tests) {
    const userIds = (await Promise.all(t.usernames.map(userId))).filter(Boolean);
    const [row] = await q.query<{ id: string }>(
      `insert into quiz_tests (company_id, title, description, topics, question_count, time_limit_minutes, pass_mark, due_date, retake_days,
                               department_ids, position_ids, user_ids, created_at, recurrence, round, round_started_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '{}', $11, $12, $13, $14,
               case when $14 > 1 then ($8::date - interval '1 year' + interval '1 day')::timestamp at time zone 'Asia/Bangkok' end)
       returning id`,
      [
        companyId,
        t.title,
        t.description,
        t.topics,
        t.questionCount,
        t.timeLimitMinutes,
        t.passMark,
        bangkokDay(t.dueInDays),
        t.retakeDays,
        t.departments.map((i) => departmentIds[i]),
        userIds,
        // a test in its second round was made a year before
        addDays(new Date(), -10 - 365 * ((t.round ?? 1) - 1)).toISOString(),
        t.recurrence ?? 'none',
        t.round ?? 1,
      ],
    );
    testIds.push(row.id);
  }
  for (const a of demo.attempts) {
    const t = demo.tests[a.test];
    const uid = await userId(a.username);
    const drawn = await q.query<{ id: string } & Omit<DrawnQuestion, '_id'>>(
      `select id, topic, kind, text, choices, correct::int[] as correct, explanation, reference from quiz_questions
        where company_id = $1 and active and topic = any($2::text[]) order by md5(id::text || $3) limit $4`,
      [companyId, t.topics, a.username, t.questionCount],
    );
    const questions: DrawnQuestion[] = drawn.map(({ id, ...rest }) => ({ _id: id, ...rest, correct: rest.correct.map(Number) }));
    const answers = questions.map((question, i) => ({
      questionId: question._id,
      chosen: i < a.right ? question.correct : [question.choices.findIndex((_, c) => !question.correct.includes(c))],
    }));
    const score = Math.floor((Math.min(a.right, questions.length) * 100) / questions.length);
    const passed = score >= t.passMark;
    const started = addDays(new Date(), -a.daysAgo);
    const [{ id }] = await q.query<{ id: string }>(
      `insert into quiz_attempts (company_id, test_id, user_id, questions, pass_mark, started_at, deadline_at)
       values ($1, $2, $3, $4, $5, $6, $6::timestamptz + make_interval(mins => $7)) returning id`,
      [companyId, testIds[a.test], uid, JSON.stringify(questions), t.passMark, started.toISOString(), t.timeLimitMinutes],
    );
    await q.query(
      `insert into quiz_submissions (attempt_id, company_id, answers, correct_count, score, passed, certificate_code, submitted_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz + interval '12 minutes')`,
      [
        id,
        companyId,
        JSON.stringify(answers),
        Math.min(a.right, questions.length),
        score,
        passed,
        passed ? newCertificateCode() : null,
        started.toISOString(),
      ],
    );
  }
}

export default { seed: (q, { company, companyId }) => seedQuizDemo(q, companyId, company.code) } satisfies ModuleDemo;
