import { BANGKOK_TODAY } from '../../db/rows';
import { randomInt } from 'node:crypto';
import {
  QUIZ_GRACE_SECONDS,
  attemptReply,
  idParams,
  myTestListReply,
  submitBody,
  type Attempt,
  type MyTest,
  type Question,
} from '../../../contract/quiz';
import { addDays } from '../../../contract/clock';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { formatDate } from '../../../i18n/dates';
import { ASSIGNED, IN_ROUND } from './tests';

/** A question as an attempt keeps it: the bank's question when drawn, right answers included. */
export type DrawnQuestion = Omit<Question, 'active' | 'updated_dt'>;

interface AttemptRow {
  id: string;
  test_id: string;
  title: string;
  questions: DrawnQuestion[];
  pass_mark: number;
  started_at: Date | string;
  deadline_at: Date | string;
  server_now: Date | string;
  open: boolean;
  answers: { questionId: string; chosen: number[] }[] | null;
  correct_count: number | null;
  score: number | null;
  passed: boolean | null;
  certificate_code: string | null;
  submitted_at: Date | string | null;
}

const ATTEMPT_SELECT = `select a.id, a.test_id, t.title, a.questions, a.pass_mark, a.started_at, a.deadline_at, now() as server_now,
    (s.attempt_id is null and now() <= a.deadline_at + make_interval(secs => ${QUIZ_GRACE_SECONDS})) as open,
    s.answers, s.correct_count, s.score, s.passed, s.certificate_code, s.submitted_at
  from quiz_attempts a
  join quiz_tests t on t.company_id = a.company_id and t.id = a.test_id
  left join quiz_submissions s on s.attempt_id = a.id`;

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * An attempt as its taker sees it: while open, the questions without their answers; once submitted
 * (or the time is up), the score and every question with its right answers and explanation.
 */
export function toAttempt(r: AttemptRow): Attempt {
  const iso = (d: Date | string) => new Date(d).toISOString();
  const questions = r.questions.map((q) => ({ _id: q._id, kind: q.kind, text: q.text, choices: q.choices }));
  const closed = r.submitted_at !== null || !r.open;
  const chosenOf = (id: string) => r.answers?.find((a) => a.questionId === id)?.chosen ?? [];
  return {
    _id: r.id,
    testId: r.test_id,
    title: r.title,
    startedAt: iso(r.started_at),
    deadlineAt: iso(r.deadline_at),
    serverNow: iso(r.server_now),
    passMark: r.pass_mark,
    questions,
    result: closed
      ? {
          submittedAt: r.submitted_at ? iso(r.submitted_at) : null,
          score: r.score ?? 0,
          correctCount: r.correct_count ?? 0,
          passed: r.passed ?? false,
          certificateCode: r.certificate_code,
          questions: r.questions.map((q) => {
            const chosen = chosenOf(q._id);
            return {
              ...questions.find((x) => x._id === q._id)!,
              correct: q.correct,
              chosen,
              right: sameSet(chosen, q.correct),
              explanation: q.explanation,
              reference: q.reference,
            };
          }),
        }
      : null,
  };
}

async function ownAttempt(q: Queryable, companyId: string, userId: string, attemptId: string): Promise<AttemptRow> {
  const [row] = await q.query<AttemptRow>(`${ATTEMPT_SELECT} where a.company_id = $1 and a.user_id = $2 and a.id = $3`, [
    companyId,
    userId,
    attemptId,
  ]);
  if (!row) throw notFound();
  return row;
}

// no look-alikes (0/O, 1/I): a code is read off paper
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newCertificateCode = () =>
  Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('')).join('-');

interface MyRow {
  id: string;
  title: string;
  description: string;
  question_count: number;
  time_limit_minutes: number;
  pass_mark: number;
  due_date: string;
  retake_days: number;
  recurrence: MyTest['recurrence'];
  past_due: boolean;
  best: number | null;
  passed_attempt: string | null;
  last_id: string | null;
  last_started: Date | string | null;
  last_open: boolean | null;
  /** the last attempt was a pass (of an earlier round, when the test is passed no more): no wait after it */
  last_passed: boolean | null;
  /** the last attempt started in the current round (a yearly test's earlier rounds no longer count) */
  last_in_round: boolean | null;
}

function toMyTest(r: MyRow): MyTest {
  let state: MyTest['state'] = 'todo';
  let attemptId: string | null = null;
  let nextAttemptAt: string | null = null;
  // the retake wait runs from the last failed attempt, of this round or the one before (a pass asks no wait)
  const next = r.last_started && !r.last_passed ? addDays(new Date(r.last_started), r.retake_days) : null;
  const waiting = next !== null && next > new Date();
  if (r.passed_attempt) {
    state = 'passed';
    attemptId = r.passed_attempt;
  } else if (r.last_id && r.last_open) {
    state = 'in_progress';
    attemptId = r.last_id;
  } else if (r.last_id && r.last_in_round) {
    state = waiting ? 'failed_wait' : 'failed_retry';
    nextAttemptAt = waiting ? next!.toISOString() : null;
    attemptId = r.last_id;
  } else if (waiting) {
    // a new round, within the wait after the last round's attempt: not taken yet, from that date
    nextAttemptAt = next!.toISOString();
  }
  return {
    _id: r.id,
    title: r.title,
    description: r.description,
    questionCount: r.question_count,
    timeLimitMinutes: r.time_limit_minutes,
    passMark: r.pass_mark,
    dueDate: r.due_date,
    recurrence: r.recurrence,
    overdue: r.past_due && state !== 'passed',
    state,
    bestScore: r.best,
    attemptId,
    nextAttemptAt,
  };
}

const MY_TESTS = `select t.id, t.title, t.description, t.question_count, t.time_limit_minutes, t.pass_mark,
    to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.retake_days, t.recurrence, t.due_date < ${BANGKOK_TODAY} as past_due,
    (select max(s.score)::int from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
      where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and ${IN_ROUND}) as best,
    (select a.id from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
      where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and s.passed and ${IN_ROUND}
      order by s.submitted_at limit 1) as passed_attempt,
    la.id as last_id, la.started_at as last_started, la.open as last_open, la.passed as last_passed,
    la.started_at >= coalesce(t.round_started_at, '-infinity'::timestamptz) as last_in_round
  from quiz_tests t
  join users u on u.id = $2 and ${ASSIGNED}
  left join lateral (
    select a.id, a.started_at,
           (not exists (select 1 from quiz_submissions s where s.attempt_id = a.id)
             and now() <= a.deadline_at + make_interval(secs => ${QUIZ_GRACE_SECONDS})) as open,
           exists (select 1 from quiz_submissions s where s.attempt_id = a.id and s.passed) as passed
      from quiz_attempts a where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id
     order by a.started_at desc limit 1) la on true
  where t.company_id = $1 and t.active`;

/** Taking one's own tests: every signed-in person, and only the tests they must take. */
export const quizAttemptRoutes = [
  route({
    method: 'GET',
    url: '/knowledge/my',
    access: 'session',
    reply: myTestListReply,
    handler: async ({ db, session }) => {
      const rows = await db.query<MyRow>(`${MY_TESTS} order by t.due_date, t.created_at`, [session.companyId, session.userId]);
      return { testList: rows.map(toMyTest) };
    },
  }),

  route({
    method: 'POST',
    url: '/knowledge/my/:id/start',
    access: 'session',
    params: idParams,
    reply: attemptReply,
    handler: async ({ db, session, params, lang }) => {
      // the test's row lock makes two starts of the same test one after the other
      const [test] = await db.query<{
        id: string;
        active: boolean;
        topics: string[];
        question_count: number;
        time_limit_minutes: number;
        pass_mark: number;
      }>('select id, active, topics, question_count, time_limit_minutes, pass_mark from quiz_tests where company_id = $1 and id = $2 for update', [
        session.companyId,
        params.id,
      ]);
      if (!test) throw notFound();
      const [mine] = await db.query<MyRow>(`${MY_TESTS} and t.id = $3`, [session.companyId, session.userId, params.id]);
      if (!mine) throw new ApiError(403, 'quiz_not_assigned');
      const state = toMyTest(mine);
      if (state.state === 'passed') throw new ApiError(409, 'quiz_already_passed');
      if (state.state === 'in_progress' && state.attemptId) {
        return { attempt: toAttempt(await ownAttempt(db, session.companyId, session.userId, state.attemptId)) };
      }
      if ((state.state === 'failed_wait' || state.state === 'todo') && state.nextAttemptAt) {
        throw new ApiError(409, 'quiz_cooldown', { date: formatDate(state.nextAttemptAt, lang, true) });
      }
      const drawn = await db.query<{ id: string } & Omit<DrawnQuestion, '_id'>>(
        `select id, topic, kind, text, choices, correct::int[] as correct, explanation, reference from quiz_questions
          where company_id = $1 and active and topic = any($2::text[]) order by random() limit $3`,
        [session.companyId, test.topics, test.question_count],
      );
      if (drawn.length < test.question_count) {
        throw new ApiError(409, 'quiz_not_enough_questions', { available: drawn.length, wanted: test.question_count });
      }
      const questions: DrawnQuestion[] = drawn.map(({ id, ...q }) => ({ _id: id, ...q, correct: q.correct.map(Number) }));
      const [{ id }] = await db.query<{ id: string }>(
        `insert into quiz_attempts (company_id, test_id, user_id, questions, pass_mark, deadline_at)
         values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6)) returning id`,
        [session.companyId, test.id, session.userId, JSON.stringify(questions), test.pass_mark, test.time_limit_minutes],
      );
      return { attempt: toAttempt(await ownAttempt(db, session.companyId, session.userId, id)) };
    },
  }),

  route({
    method: 'GET',
    url: '/knowledge/attempts/:id',
    access: 'session',
    params: idParams,
    reply: attemptReply,
    handler: async ({ db, session, params }) => ({ attempt: toAttempt(await ownAttempt(db, session.companyId, session.userId, params.id)) }),
  }),

  route({
    method: 'POST',
    url: '/knowledge/attempts/:id/submit',
    access: 'session',
    params: idParams,
    body: submitBody,
    reply: attemptReply,
    handler: async ({ db, session, params, body }) => {
      const row = await ownAttempt(db, session.companyId, session.userId, params.id);
      if (row.submitted_at) throw new ApiError(409, 'quiz_attempt_closed');
      if (!row.open) throw new ApiError(409, 'quiz_time_up');
      for (const answer of body.answers) {
        const question = row.questions.find((q) => q._id === answer.questionId);
        if (!question) throw new ApiError(400, 'quiz_unknown_question');
        const chosen = new Set(answer.chosen);
        if (chosen.size !== answer.chosen.length || answer.chosen.some((i) => i >= question.choices.length))
          throw new ApiError(400, 'quiz_bad_choice');
        if (question.kind === 'single' && chosen.size > 1) throw new ApiError(400, 'quiz_bad_choice');
      }
      const chosenOf = (id: string) => body.answers.find((a) => a.questionId === id)?.chosen ?? [];
      const correctCount = row.questions.filter((q) => sameSet(chosenOf(q._id), q.correct)).length;
      const score = Math.floor((correctCount * 100) / row.questions.length);
      const passed = score >= row.pass_mark;
      const answers = row.questions.map((q) => ({ questionId: q._id, chosen: [...chosenOf(q._id)].sort((a, b) => a - b) }));
      // the time is checked again by the database's clock in the same statement; the primary key keeps a second sheet out
      const inserted = await db.query(
        `insert into quiz_submissions (attempt_id, company_id, answers, correct_count, score, passed, certificate_code)
         select a.id, a.company_id, $3, $4, $5, $6, $7 from quiz_attempts a
          where a.company_id = $1 and a.id = $2 and now() <= a.deadline_at + make_interval(secs => ${QUIZ_GRACE_SECONDS})
         on conflict (attempt_id) do nothing returning attempt_id`,
        [session.companyId, row.id, JSON.stringify(answers), correctCount, score, passed, passed ? newCertificateCode() : null],
      );
      if (!inserted.length) {
        const again = await ownAttempt(db, session.companyId, session.userId, row.id);
        throw new ApiError(409, again.submitted_at ? 'quiz_attempt_closed' : 'quiz_time_up');
      }
      return { attempt: toAttempt(await ownAttempt(db, session.companyId, session.userId, row.id)) };
    },
  }),
];
