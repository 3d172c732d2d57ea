/**
 * Knowledge tests: the question bank and the tests (menu 7), one's own tests and attempts (every
 * signed-in person), certificates. The fake answers with the server's shapes; the server's rules that
 * protect the evidence (the time limit by the database's clock, append-only attempts, the cooldown's
 * 409, the assignees being the company's) are the server's, tested there (fake-api/README.md).
 */
import { randomUUID } from 'node:crypto';
import { MENU } from '../../contract/menus';
import { displayName } from '../../contract/people';
import {
  QUIZ_GRACE_SECONDS,
  idParams,
  questionBody,
  questionListQuery,
  resultsQuery,
  submitBody,
  testBody,
  testListQuery,
  verifyParams,
  type Attempt,
  type MyTest,
  type Question,
  type QuizTest,
} from '../../contract/quiz';
import { QUIZ_BANK, QUIZ_DEMO } from '../../demo';
import type { FakeDb, Row } from '../collections';
import { ownRow, ownRows, matches, page } from '../crud';
import { Failure, now, route, type Call } from '../engine';

const read = { menuId: MENU.sheets.menuId } as const;
const write = { ...read, write: true } as const;
type Drawn = Omit<Question, 'active' | 'updated_dt'>;

/** Each company's copy of the shipped bank and its demo tests assigned by name (the fake has no demo departments). */
export function quizFixtures(db: FakeDb, companyId: string, code: string, nextId: () => string, at: number) {
  const day = (d: number) => new Date(at + d * 86_400_000);
  const created = day(-10).toISOString();
  for (const q of QUIZ_BANK) db.quizQuestions.push({ _id: nextId(), companyId, ...q, active: true, created_dt: created, updated_dt: created });
  for (const t of QUIZ_DEMO[code]?.tests ?? []) {
    const userIds = db.users.filter((u) => u.companyId === companyId && t.usernames.includes(u.username)).map((u) => u._id);
    db.quizTests.push({
      _id: nextId(),
      companyId,
      title: t.title,
      description: t.description,
      topics: t.topics,
      questionCount: t.questionCount,
      timeLimitMinutes: t.timeLimitMinutes,
      passMark: t.passMark,
      dueDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(day(t.dueInDays)),
      retakeDays: t.retakeDays,
      departmentIds: [],
      positionIds: [],
      userIds,
      active: true,
      created_dt: created,
    });
  }
}

const questionView = (r: Row<'quizQuestions'>): Question => {
  const { companyId: _, created_dt: __, ...rest } = r;
  return rest;
};

export const assignedTo = (call: Call, t: Row<'quizTests'>) =>
  ownRows(call, 'users').filter(
    (u) =>
      !u.disabled &&
      (t.userIds.includes(u._id) ||
        (u.departmentId && t.departmentIds.includes(u.departmentId)) ||
        (u.positionId && t.positionIds.includes(u.positionId))),
  );
const attemptsOf = (call: Call, testId: string, userId?: string) =>
  ownRows(call, 'quizAttempts').filter((a) => a.testId === testId && (!userId || a.userId === userId));

const testView = (t: Row<'quizTests'>, call: Call): QuizTest => {
  const { companyId: _, ...rest } = t;
  const people = assignedTo(call, t);
  return {
    ...rest,
    assigned: people.length,
    passed: people.filter((u) => attemptsOf(call, t._id, u._id).some((a) => a.submission?.passed)).length,
    attempts: attemptsOf(call, t._id).length,
  };
};

const isOpen = (a: Row<'quizAttempts'>) => !a.submission && Date.now() <= Date.parse(a.deadlineAt) + QUIZ_GRACE_SECONDS * 1000;

function attemptView(a: Row<'quizAttempts'>, call: Call): Attempt {
  const test = ownRow(call, 'quizTests', a.testId);
  const questions = a.questions.map((q) => ({ _id: q._id, kind: q.kind, text: q.text, choices: q.choices }));
  const chosenOf = (id: string) => a.submission?.answers.find((x) => x.questionId === id)?.chosen ?? [];
  const same = (x: number[], y: number[]) => x.length === y.length && x.every((i) => y.includes(i));
  return {
    _id: a._id,
    testId: a.testId,
    title: test.title,
    startedAt: a.startedAt,
    deadlineAt: a.deadlineAt,
    serverNow: new Date().toISOString(),
    passMark: a.passMark,
    questions,
    result: isOpen(a)
      ? null
      : {
          submittedAt: a.submission?.submittedAt ?? null,
          score: a.submission?.score ?? 0,
          correctCount: a.submission?.correctCount ?? 0,
          passed: a.submission?.passed ?? false,
          certificateCode: a.submission?.certificateCode ?? null,
          questions: a.questions.map((q, i) => ({
            ...questions[i],
            correct: q.correct,
            chosen: chosenOf(q._id),
            right: same(chosenOf(q._id), q.correct),
            explanation: q.explanation,
            reference: q.reference,
          })),
        },
  };
}

export function myTestView(t: Row<'quizTests'>, call: Call): MyTest {
  const mine = attemptsOf(call, t._id, call.session.user._id).toSorted((a, b) => b.startedAt.localeCompare(a.startedAt));
  const passed = mine.find((a) => a.submission?.passed);
  const last = mine[0];
  const next = last ? new Date(Date.parse(last.startedAt) + t.retakeDays * 86_400_000) : null;
  const state: MyTest['state'] = passed
    ? 'passed'
    : last && isOpen(last)
      ? 'in_progress'
      : last
        ? next! > new Date()
          ? 'failed_wait'
          : 'failed_retry'
        : 'todo';
  const scores = mine.map((a) => a.submission?.score).filter((s): s is number => s !== undefined);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  return {
    _id: t._id,
    title: t.title,
    description: t.description,
    questionCount: t.questionCount,
    timeLimitMinutes: t.timeLimitMinutes,
    passMark: t.passMark,
    dueDate: t.dueDate,
    overdue: t.dueDate < today && state !== 'passed',
    state,
    bestScore: scores.length ? Math.max(...scores) : null,
    attemptId: passed?._id ?? last?._id ?? null,
    nextAttemptAt: state === 'failed_wait' ? next!.toISOString() : null,
  };
}

const code = () =>
  Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 32)]).join('')).join(
    '-',
  );

export const quizRoutes = [
  // ---- question bank ----
  route({
    method: 'get',
    url: '/knowledge/questions',
    access: read,
    query: questionListQuery,
    handler: (call) => {
      const rows = ownRows(call, 'quizQuestions').filter(
        (q) => (!call.query.topic || q.topic === call.query.topic) && matches(call.query.search, q.text.th, q.text.en, q.reference),
      );
      // oldest first, as the server lists the bank
      const start = (call.query.currentPage - 1) * call.query.limit;
      return { questionList: rows.slice(start, start + call.query.limit).map(questionView), totalItem: rows.length };
    },
  }),
  route({
    method: 'get',
    url: '/knowledge/questions/:id',
    access: read,
    params: idParams,
    handler: (call) => ({ data: questionView(ownRow(call, 'quizQuestions', call.params.id)) }),
  }),
  route({
    method: 'post',
    url: '/knowledge/questions',
    access: write,
    body: questionBody,
    handler: (call) => {
      const row = { _id: randomUUID(), companyId: call.companyId, ...call.body, created_dt: now(), updated_dt: now() };
      call.db.quizQuestions.push(row);
      return { data: questionView(row) };
    },
  }),
  route({
    method: 'put',
    url: '/knowledge/questions/:id',
    access: write,
    params: idParams,
    body: questionBody,
    handler: (call) => {
      const row = ownRow(call, 'quizQuestions', call.params.id);
      Object.assign(row, call.body, { updated_dt: now() });
      return { data: questionView(row) };
    },
  }),
  route({
    method: 'delete',
    url: '/knowledge/questions/:id',
    access: write,
    params: idParams,
    handler: (call) => {
      const row = ownRow(call, 'quizQuestions', call.params.id);
      call.db.quizQuestions.splice(call.db.quizQuestions.indexOf(row), 1);
      return {};
    },
  }),
  // ---- tests ----
  route({
    method: 'get',
    url: '/knowledge/tests',
    access: read,
    query: testListQuery,
    handler: (call) => {
      const rows = ownRows(call, 'quizTests').filter((t) => matches(call.query.search, t.title));
      return { testList: page(rows, call.query, (t) => t.created_dt).map((t) => testView(t, call)), totalItem: rows.length };
    },
  }),
  route({
    method: 'get',
    url: '/knowledge/tests/:id',
    access: read,
    params: idParams,
    handler: (call) => ({ data: testView(ownRow(call, 'quizTests', call.params.id), call) }),
  }),
  route({
    method: 'post',
    url: '/knowledge/tests',
    access: write,
    body: testBody,
    handler: (call) => {
      const row = { _id: randomUUID(), companyId: call.companyId, ...call.body, created_dt: now() };
      call.db.quizTests.push(row);
      return { data: testView(row, call) };
    },
  }),
  route({
    method: 'put',
    url: '/knowledge/tests/:id',
    access: write,
    params: idParams,
    body: testBody,
    handler: (call) => {
      const row = ownRow(call, 'quizTests', call.params.id);
      Object.assign(row, call.body);
      return { data: testView(row, call) };
    },
  }),
  route({
    method: 'delete',
    url: '/knowledge/tests/:id',
    access: write,
    params: idParams,
    handler: (call) => {
      const row = ownRow(call, 'quizTests', call.params.id);
      const count = attemptsOf(call, row._id).length;
      if (count) throw new Failure(409, 'quiz_test_has_attempts', { count });
      call.db.quizTests.splice(call.db.quizTests.indexOf(row), 1);
      return {};
    },
  }),
  route({
    method: 'get',
    url: '/knowledge/assignees',
    access: read,
    handler: (call) => {
      const departmentName = (id: string | null) => ownRows(call, 'departments').find((d) => d._id === id)?.name ?? null;
      return {
        departments: ownRows(call, 'departments').map((d) => ({ _id: d._id, name: d.name, departmentName: null })),
        positions: ownRows(call, 'positions').map((p) => ({ _id: p._id, name: p.name, departmentName: departmentName(p.departmentId) })),
        people: ownRows(call, 'users')
          .filter((u) => !u.disabled)
          .map((u) => ({ _id: u._id, name: displayName(u), departmentName: departmentName(u.departmentId) })),
      };
    },
  }),
  route({
    method: 'get',
    url: '/knowledge/results',
    access: read,
    query: resultsQuery,
    handler: (call) => {
      const test = ownRow(call, 'quizTests', call.query.testId);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
      const people = assignedTo(call, test).map((u) => {
        const mine = attemptsOf(call, test._id, u._id);
        const scores = mine.map((a) => a.submission?.score).filter((s): s is number => s !== undefined);
        const pass = mine.find((a) => a.submission?.passed);
        return {
          userId: u._id,
          name: displayName(u),
          department: ownRows(call, 'departments').find((d) => d._id === u.departmentId)?.name ?? null,
          departmentId: u.departmentId,
          position: ownRows(call, 'positions').find((p) => p._id === u.positionId)?.name ?? null,
          attempts: mine.length,
          bestScore: scores.length ? Math.max(...scores) : null,
          passed: !!pass,
          passedAt: pass?.submission?.submittedAt ?? null,
          overdue: !pass && test.dueDate < today,
        };
      });
      const groups = new Map<string, typeof people>();
      for (const p of people) groups.set(p.departmentId ?? '', [...(groups.get(p.departmentId ?? '') ?? []), p]);
      const departments = [...groups.values()].map((rows) => {
        const scored = rows.filter((r) => r.bestScore !== null);
        const passed = rows.filter((r) => r.passed).length;
        return {
          departmentId: rows[0].departmentId,
          department: rows[0].department,
          assigned: rows.length,
          passed,
          passedPercent: Math.round((passed * 100) / rows.length),
          averageScore: scored.length ? Math.round(scored.reduce((n, r) => n + (r.bestScore ?? 0), 0) / scored.length) : null,
          overdue: rows.filter((r) => r.overdue).length,
        };
      });
      return { test: testView(test, call), people: people.map(({ departmentId: _, ...p }) => p), departments, questions: [] };
    },
  }),
  // ---- one's own tests ----
  route({
    method: 'get',
    url: '/knowledge/my',
    access: 'session',
    handler: (call) => ({
      testList: ownRows(call, 'quizTests')
        .filter((t) => t.active && assignedTo(call, t).some((u) => u._id === call.session.user._id))
        .toSorted((a, b) => a.dueDate.localeCompare(b.dueDate))
        .map((t) => myTestView(t, call)),
    }),
  }),
  route({
    method: 'post',
    url: '/knowledge/my/:id/start',
    access: 'session',
    params: idParams,
    handler: (call) => {
      const test = ownRow(call, 'quizTests', call.params.id);
      if (!test.active || !assignedTo(call, test).some((u) => u._id === call.session.user._id)) throw new Failure(403, 'quiz_not_assigned');
      const state = myTestView(test, call);
      if (state.state === 'passed') throw new Failure(409, 'quiz_already_passed');
      if (state.state === 'in_progress') return { attempt: attemptView(ownRow(call, 'quizAttempts', state.attemptId), call) };
      if (state.state === 'failed_wait') throw new Failure(409, 'quiz_cooldown', { date: state.nextAttemptAt ?? '' });
      const pool = ownRows(call, 'quizQuestions').filter((q) => q.active && test.topics.includes(q.topic));
      const drawn: Drawn[] = pool
        .toSorted(() => Math.random() - 0.5)
        .slice(0, test.questionCount)
        .map(({ companyId: _, created_dt: __, updated_dt: ___, active: ____, ...q }) => q);
      const startedAt = new Date();
      const row = {
        _id: randomUUID(),
        companyId: call.companyId,
        testId: test._id,
        userId: call.session.user._id,
        questions: drawn,
        passMark: test.passMark,
        startedAt: startedAt.toISOString(),
        deadlineAt: new Date(startedAt.getTime() + test.timeLimitMinutes * 60_000).toISOString(),
        submission: null,
      };
      call.db.quizAttempts.push(row);
      return { attempt: attemptView(row, call) };
    },
  }),
  route({
    method: 'get',
    url: '/knowledge/attempts/:id',
    access: 'session',
    params: idParams,
    handler: (call) => ({
      attempt: attemptView(
        ownRow(call, 'quizAttempts', call.params.id, (a) => a.userId === call.session.user._id),
        call,
      ),
    }),
  }),
  route({
    method: 'post',
    url: '/knowledge/attempts/:id/submit',
    access: 'session',
    params: idParams,
    body: submitBody,
    handler: (call) => {
      const a = ownRow(call, 'quizAttempts', call.params.id, (x) => x.userId === call.session.user._id);
      if (a.submission) throw new Failure(409, 'quiz_attempt_closed');
      if (!isOpen(a)) throw new Failure(409, 'quiz_time_up');
      const chosenOf = (id: string) => call.body.answers.find((x) => x.questionId === id)?.chosen ?? [];
      const correctCount = a.questions.filter((q) => {
        const c = chosenOf(q._id);
        return c.length === q.correct.length && c.every((i) => q.correct.includes(i));
      }).length;
      const score = Math.floor((correctCount * 100) / a.questions.length);
      const passed = score >= a.passMark;
      a.submission = {
        answers: a.questions.map((q) => ({ questionId: q._id, chosen: chosenOf(q._id) })),
        correctCount,
        score,
        passed,
        certificateCode: passed ? code() : null,
        submittedAt: now(),
      };
      return { attempt: attemptView(a, call) };
    },
  }),
  route({
    method: 'get',
    url: '/knowledge/verify/:code',
    access: 'public',
    params: verifyParams,
    handler: (call) => {
      const a = call.db.quizAttempts.find((x) => x.submission?.passed && x.submission.certificateCode === call.params.code);
      if (!a) throw new Failure(404, 'quiz_certificate_not_found');
      const test = call.db.quizTests.find((t) => t._id === a.testId)!;
      const user = call.db.users.find((u) => u._id === a.userId)!;
      const company = call.db.companies.find((c) => c._id === a.companyId)!;
      return {
        certificate: {
          code: a.submission!.certificateCode!,
          name: displayName(user),
          test: test.title,
          company: call.lang === 'en' ? company.detail.nameEn || company.detail.nameTh : company.detail.nameTh,
          score: a.submission!.score,
          passedAt: a.submission!.submittedAt,
        },
      };
    },
  }),
];
