import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { menuReply } from '../../../contract/auth';
import {
  QUIZ_TOPICS,
  attemptReply,
  myTestListReply,
  questionListReply,
  questionReply,
  resultsReply,
  standingListReply,
  teamDepartmentsReply,
  testListReply,
  testReply,
  verifyReply,
  type Attempt,
  type Question,
  type QuestionBody,
  type TestBody,
} from '../../../contract/quiz';
import { sumStatReply } from '../../../contract/dashboard';
import { departmentListReply, masterWriteReply } from '../../../contract/people';
import { newCertificateCode } from '../../../server/modules/quiz/attempts';
import { raiseQuizReminders } from '../../../server/modules/quiz/reminders';
import { openNextRounds, quizTimedWork } from '../../../server/modules/quiz/rounds';
import { expectFailure, expectInvalidField, expectMessage, type Ctx } from '../expectations';
import { kinds } from '../kinds';

const QUESTION: QuestionBody = {
  topic: 'consent',
  kind: 'single',
  text: { th: 'คำถามทดสอบ', en: 'A test question' },
  choices: [
    { th: 'ถูก', en: 'Right' },
    { th: 'ผิด', en: 'Wrong' },
  ],
  correct: [0],
  explanation: { th: 'คำอธิบาย', en: 'Why' },
  reference: 'ม.19',
};
const inDays = (d: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(Date.now() + d * 86_400_000));
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Knowledge tests: the bank and the tests (menu 7), taking one's own tests, results, certificates, reminders. */
export function quizCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const admin = () => ctx.demoAdmin.access_token;
  const viewer = () => ctx.demoViewer.access_token;
  let n = 0;
  const newTest = async (extra: Partial<TestBody> = {}, token = admin()) => {
    n += 1;
    const body: TestBody = {
      title: `แบบทดสอบสัญญา ${n} ${Date.now()}`,
      topics: ['breach'],
      questionCount: 3,
      timeLimitMinutes: 10,
      passMark: 100,
      dueDate: inDays(20),
      retakeDays: 2,
      userIds: [ctx.demoViewer.user._id],
      ...extra,
    };
    const reply = await ctx.api.post('/knowledge/tests', body, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return testReply.parse(reply.body).data;
  };
  const bank = async (token = admin()): Promise<Question[]> => {
    const reply = await ctx.api.get('/knowledge/questions?limit=100', { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return questionListReply.parse(reply.body).questionList;
  };
  const start = async (testId: string, token = viewer()) => {
    const reply = await ctx.api.post(`/knowledge/my/${testId}/start`, undefined, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return attemptReply.parse(reply.body).attempt;
  };
  const answersFor = async (attempt: Attempt, right: boolean) => {
    const all = await bank();
    return {
      answers: attempt.questions.map((q) => {
        const correct = all.find((b) => b._id === q._id)!.correct;
        return { questionId: q._id, chosen: right ? correct : [q.choices.findIndex((_, i) => !correct.includes(i))] };
      }),
    };
  };
  const submit = (attemptId: string, body: unknown, token = viewer()) => ctx.api.post(`/knowledge/attempts/${attemptId}/submit`, body, { token });

  describe('the question bank (menu 7)', () => {
    shape.it('ships 40+ Thai and English questions on every topic, each with its right answers and explanation', async () => {
      const reply = await ctx.api.get('/knowledge/questions?limit=100', { token: admin() });
      expect(reply.status).toBe(200);
      const body = questionListReply.parse(reply.body);
      expect(body.totalItem).toBeGreaterThanOrEqual(40);
      for (const topic of QUIZ_TOPICS) expect(body.questionList.some((q) => q.topic === topic)).toBe(true);
      for (const q of body.questionList) {
        expect(q.text.th && q.text.en && q.explanation.th && q.explanation.en).toBeTruthy();
        expect(q.correct.every((i) => i < q.choices.length)).toBe(true);
      }
      expect(body.questionList.some((q) => q.kind === 'multiple')).toBe(true);
      const breach = questionListReply.parse((await ctx.api.get('/knowledge/questions?topic=breach&limit=100', { token: admin() })).body);
      expect(breach.questionList.every((q) => q.topic === 'breach')).toBe(true);
      expect(breach.questionList.some((q) => q.reference.includes('37(4)'))).toBe(true);
    });

    shape.it('adds, changes and deletes a question of the company; the viewer reads but may not change (403)', async () => {
      const made = await ctx.api.post('/knowledge/questions', QUESTION, { token: admin() });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const q = questionReply.parse(made.body).data;
      expect(q).toMatchObject({ topic: 'consent', kind: 'single', correct: [0], active: true });
      const changed = await ctx.api.put(
        `/knowledge/questions/${q._id}`,
        { ...QUESTION, kind: 'multiple', choices: [...QUESTION.choices, { th: 'ก', en: 'A' }], correct: [0, 2] },
        { token: admin() },
      );
      expect(questionReply.parse(changed.body).data.correct).toEqual([0, 2]);
      expect((await ctx.api.get(`/knowledge/questions/${q._id}`, { token: viewer() })).status).toBe(200);
      expectMessage(await ctx.api.post('/knowledge/questions', QUESTION, { token: viewer() }), 403, 'read_only');
      expectMessage(await ctx.api.delete(`/knowledge/questions/${q._id}`, { token: viewer() }), 403, 'read_only');
      expect((await ctx.api.delete(`/knowledge/questions/${q._id}`, { token: admin() })).status).toBe(200);
      expectFailure(await ctx.api.get(`/knowledge/questions/${q._id}`, { token: admin() }), 404);
    });

    shape.it('refuses a single-choice question with two right answers, a right answer that is no choice, and one choice (400)', async () => {
      expectInvalidField(await ctx.api.post('/knowledge/questions', { ...QUESTION, correct: [0, 1] }, { token: admin() }), 'correct');
      expectInvalidField(await ctx.api.post('/knowledge/questions', { ...QUESTION, correct: [3] }, { token: admin() }), 'correct');
      expectInvalidField(await ctx.api.post('/knowledge/questions', { ...QUESTION, choices: [QUESTION.choices[0]] }, { token: admin() }), 'choices');
      expectInvalidField(await ctx.api.post('/knowledge/questions', { ...QUESTION, topic: 'gossip' }, { token: admin(), lang: 'en' }), 'topic', 'en');
      expectFailure(await ctx.api.get('/knowledge/questions/not-a-uuid', { token: admin() }), 400);
    });

    rule.it('takes a question in Thai alone (English optional) but never one without Thai', async () => {
      const thaiOnly = {
        ...QUESTION,
        text: { th: 'คำถามภาษาไทยอย่างเดียว', en: '' },
        choices: [{ th: 'ใช่' }, { th: 'ไม่ใช่', en: '' }],
        explanation: { th: 'คำอธิบายภาษาไทย' },
      };
      const made = await ctx.api.post('/knowledge/questions', thaiOnly, { token: admin() });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const q = questionReply.parse(made.body).data;
      expect(q.text).toEqual({ th: 'คำถามภาษาไทยอย่างเดียว', en: '' });
      expect(q.choices.map((c) => c.en)).toEqual(['', '']);
      expect(questionListReply.parse((await ctx.api.get('/knowledge/questions?limit=100', { token: admin() })).body).totalItem).toBeGreaterThan(0);
      expectInvalidField(
        await ctx.api.post('/knowledge/questions', { ...QUESTION, text: { th: ' ', en: 'English only' } }, { token: admin() }),
        'text.th',
      );
      expectInvalidField(
        await ctx.api.post('/knowledge/questions', { ...QUESTION, choices: [{ th: '', en: 'Yes' }, QUESTION.choices[1]] }, { token: admin() }),
        'choices.0.th',
      );
      expect((await ctx.api.delete(`/knowledge/questions/${q._id}`, { token: admin() })).status).toBe(200);
    });

    shape.it('keeps each company to its own bank: another company neither reads nor changes it (404)', async () => {
      const mine = (await bank())[0];
      expectFailure(await ctx.api.get(`/knowledge/questions/${mine._id}`, { token: ctx.siamAdmin.access_token }), 404);
      expectFailure(await ctx.api.put(`/knowledge/questions/${mine._id}`, QUESTION, { token: ctx.siamAdmin.access_token }), 404);
      expect((await bank(ctx.siamAdmin.access_token)).some((q) => q._id === mine._id)).toBe(false);
    });

    shape.it('is closed to a role without menu 7 (a contact user: 403) and to no session (401)', async () => {
      expectFailure(await ctx.api.get('/knowledge/questions', { token: ctx.demoContact.access_token }), 403);
      expectFailure(await ctx.api.get('/knowledge/tests', { token: ctx.demoContact.access_token }), 403);
      expectFailure(await ctx.api.get('/knowledge/questions'), 401);
      expectFailure(await ctx.api.get('/knowledge/my'), 401);
    });
  });

  describe('the built-in role "staff" takes tests (menu 19) but does not manage them', () => {
    rule.it('a staff member sees their own tests but cannot read the bank, make, change or delete a test, nor see results (403)', async () => {
      const roles = z
        .object({ data: z.array(z.object({ id: z.string(), builtin: z.string().nullable() })) })
        .parse((await ctx.api.get('/roles?range=[0,99]', { token: admin() })).body).data;
      const username = `staff.quiz.${Date.now().toString(36)}`;
      const password = 'Staff-Quiz-2569!';
      const created = await ctx.api.post(
        '/people',
        {
          kind: 'staff',
          username,
          firstname: 'พนักงาน',
          lastname: 'ทดสอบสิทธิ',
          email: `${username}@thaidigital.example`,
          roleId: roles.find((r) => r.builtin === 'staff')!.id,
          password,
        },
        { token: admin() },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const staff = (await ctx.api.signin({ companyCode: 'DEMO', username, password })).access_token;
      // taking their own tests: menu 19
      myTestListReply.parse((await ctx.api.get('/knowledge/my', { token: staff })).body);
      // managing them (and documents): menu 7, the administrator's and the DPO's
      const test = await newTest();
      expectFailure(await ctx.api.get('/knowledge/questions', { token: staff }), 403);
      expectFailure(await ctx.api.post('/knowledge/questions', QUESTION, { token: staff }), 403);
      expectFailure(await ctx.api.get('/knowledge/tests', { token: staff }), 403);
      const body: TestBody = {
        title: 'ห้ามสร้าง',
        topics: ['breach'],
        questionCount: 3,
        timeLimitMinutes: 10,
        passMark: 80,
        dueDate: inDays(5),
        retakeDays: 1,
        userIds: [],
      };
      expectFailure(await ctx.api.post('/knowledge/tests', body, { token: staff }), 403);
      expectFailure(await ctx.api.put(`/knowledge/tests/${test._id}`, body, { token: staff }), 403);
      expectFailure(await ctx.api.delete(`/knowledge/tests/${test._id}`, { token: staff }), 403);
      expectFailure(await ctx.api.get('/knowledge/results', { token: staff }), 403);
      expectFailure(await ctx.api.get('/sheets', { token: staff }), 403);
      const menu = menuReply.parse((await ctx.api.get('/user/menu', { token: staff })).body).menu.map((m) => m.menuId);
      expect(menu).toContain(19);
      expect(menu).not.toContain(7);
    });

    rule.it('no existing company keeps menu 7 on its built-in staff role (migration 0025)', async () => {
      const [{ n }] = await ctx.db!.query<{ n: number }>(
        `select count(*)::int as n from role_menus rm join roles r on r.id = rm.role_id where r.builtin = 'staff' and rm.menu_id = 7`,
      );
      expect(n).toBe(0);
    });
  });

  describe('tests (menu 7)', () => {
    rule.it('creates a test for named people, lists it with how many must take it, and refuses nobody assigned (400)', async () => {
      const test = await newTest();
      expect(test).toMatchObject({ topics: ['breach'], questionCount: 3, assigned: 1, passed: 0, attempts: 0 });
      const list = testListReply.parse((await ctx.api.get('/knowledge/tests?limit=100', { token: viewer() })).body);
      expect(list.testList.some((t) => t._id === test._id)).toBe(true);
      expectInvalidField(await ctx.api.post('/knowledge/tests', { ...test, userIds: [] }, { token: admin() }), 'departmentIds');
      expectInvalidField(await ctx.api.post('/knowledge/tests', { ...test, dueDate: '25/12/2569' }, { token: admin() }), 'dueDate');
      expectInvalidField(await ctx.api.post('/knowledge/tests', { ...test, passMark: 0 }, { token: admin() }), 'passMark');
      expectMessage(await ctx.api.post('/knowledge/tests', test, { token: viewer() }), 403, 'read_only');
      expectFailure(await ctx.api.get(`/knowledge/tests/${test._id}`, { token: ctx.siamAdmin.access_token }), 404);
    });

    rule.it("refuses another company's person or an unknown department, and more questions than the topics hold (400)", async () => {
      const siamAdmin = ctx.siamAdmin.user._id;
      const base = { title: 'x', topics: ['breach'], questionCount: 3, timeLimitMinutes: 10, passMark: 80, dueDate: inDays(5), retakeDays: 1 };
      expectMessage(await ctx.api.post('/knowledge/tests', { ...base, userIds: [siamAdmin] }, { token: admin() }), 400, 'quiz_unknown_assignee');
      expectMessage(await ctx.api.post('/knowledge/tests', { ...base, departmentIds: [UNKNOWN] }, { token: admin() }), 400, 'quiz_unknown_assignee');
      const breach = (await bank()).filter((q) => q.topic === 'breach' && q.active).length;
      expectMessage(
        await ctx.api.post('/knowledge/tests', { ...base, questionCount: breach + 1, userIds: [ctx.demoViewer.user._id] }, { token: admin() }),
        400,
        'quiz_not_enough_questions',
        'th',
        { available: breach, wanted: breach + 1 },
      );
    });
  });

  describe('taking a test (every signed-in person)', () => {
    rule.it('lists the tests the person must take and starts one without ever sending the right answers', async () => {
      const test = await newTest();
      const mine = myTestListReply.parse((await ctx.api.get('/knowledge/my', { token: viewer() })).body);
      expect(mine.testList.find((t) => t._id === test._id)).toMatchObject({ state: 'todo', attemptId: null });
      const reply = await ctx.api.post(`/knowledge/my/${test._id}/start`, undefined, { token: viewer() });
      expect(reply.status).toBe(200);
      const attempt = attemptReply.parse(reply.body).attempt;
      expect(attempt.questions).toHaveLength(3);
      expect(attempt.result).toBeNull();
      const raw = JSON.stringify(reply.body);
      expect(raw).not.toContain('"correct"');
      expect(raw).not.toContain('"explanation"');
      const again = await ctx.api.get(`/knowledge/attempts/${attempt._id}`, { token: viewer() });
      expect(JSON.stringify(again.body)).not.toContain('"correct"');
      // starting again while it is open gives the same attempt
      expect((await start(test._id))._id).toBe(attempt._id);
      // another person (not assigned, or of another company) cannot see it
      expectFailure(await ctx.api.get(`/knowledge/attempts/${attempt._id}`, { token: admin() }), 404);
      expectFailure(await ctx.api.get(`/knowledge/attempts/${attempt._id}`, { token: ctx.siamAdmin.access_token }), 404);
      expectFailure(await ctx.api.post(`/knowledge/my/${test._id}/start`, undefined, { token: ctx.siamAdmin.access_token }), 404);
    });

    rule.it('submits once: the score and the explanations come back, a second sheet is refused (409)', async () => {
      const test = await newTest({ passMark: 60 });
      const attempt = await start(test._id);
      const body = await answersFor(attempt, true);
      const reply = await submit(attempt._id, body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const done = attemptReply.parse(reply.body).attempt;
      expect(done.result).toMatchObject({ score: 100, correctCount: 3, passed: true });
      expect(done.result!.questions.every((q) => q.right && q.explanation.th.length > 0)).toBe(true);
      expect(done.result!.certificateCode).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      expectMessage(await submit(attempt._id, await answersFor(attempt, false)), 409, 'quiz_attempt_closed');
      expect(attemptReply.parse((await ctx.api.get(`/knowledge/attempts/${attempt._id}`, { token: viewer() })).body).attempt.result!.score).toBe(100);
      // passed: no retake, and anyone may verify the certificate's code
      expectMessage(await ctx.api.post(`/knowledge/my/${test._id}/start`, undefined, { token: viewer() }), 409, 'quiz_already_passed');
      const verified = await ctx.api.get(`/knowledge/verify/${done.result!.certificateCode}`);
      expect(verified.status).toBe(200);
      expect(verifyReply.parse(verified.body).certificate).toMatchObject({ test: test.title, score: 100, name: 'สมหญิง รักงาน' });
      expectMessage(await ctx.api.get('/knowledge/verify/AAAA-BBBB-CCCC'), 404, 'quiz_certificate_not_found');
    });

    rule.it('refuses bad answer sheets (400) and a person who is not assigned (403)', async () => {
      const test = await newTest();
      const attempt = await start(test._id);
      expectFailure(await submit(attempt._id, { answers: 'all of them' }), 400);
      expectFailure(await submit(attempt._id, { answers: [{ questionId: 'x', chosen: [0] }] }), 400);
      const q = attempt.questions[0]._id;
      expectFailure(
        await submit(attempt._id, {
          answers: [
            { questionId: q, chosen: [0] },
            { questionId: q, chosen: [1] },
          ],
        }),
        400,
      );
      expectFailure(await ctx.api.post(`/knowledge/my/${test._id}/start`, undefined, { token: admin() }), 403);
    });

    rule.it('refuses an answer that names a question outside the attempt or a choice the question lacks (400)', async () => {
      const attempt = await start((await newTest())._id);
      expectMessage(await submit(attempt._id, { answers: [{ questionId: UNKNOWN, chosen: [0] }] }), 400, 'quiz_unknown_question');
      const single = attempt.questions.find((q) => q.kind === 'single') ?? attempt.questions[0];
      expectMessage(await submit(attempt._id, { answers: [{ questionId: single._id, chosen: [5] }] }), 400, 'quiz_bad_choice');
      // the refused sheets left the attempt open
      expect(attemptReply.parse((await ctx.api.get(`/knowledge/attempts/${attempt._id}`, { token: viewer() })).body).attempt.result).toBeNull();
    });

    rule.it('refuses a retake before the cooldown (409) and counts a failed attempt', async () => {
      const test = await newTest({ retakeDays: 3 });
      const attempt = await start(test._id);
      const failed = attemptReply.parse((await submit(attempt._id, await answersFor(attempt, false))).body).attempt;
      expect(failed.result).toMatchObject({ passed: false, score: 0, certificateCode: null });
      const reply = await ctx.api.post(`/knowledge/my/${test._id}/start`, undefined, { token: viewer() });
      expectFailure(reply, 409);
      expect((reply.body as { msg: string }).msg).toContain('ยังทำแบบทดสอบซ้ำไม่ได้ ทำได้อีกครั้งตั้งแต่');
      const mine = myTestListReply.parse((await ctx.api.get('/knowledge/my', { token: viewer() })).body).testList.find((t) => t._id === test._id)!;
      expect(mine).toMatchObject({ state: 'failed_wait', bestScore: 0 });
      expect(Date.parse(mine.nextAttemptAt!) - Date.parse(failed.startedAt)).toBeGreaterThan(2.9 * 86_400_000);
      expectMessage(await ctx.api.get(`/knowledge/attempts/${attempt._id}/certificate`, { token: viewer() }), 409, 'quiz_no_certificate');
    });

    rule.it('refuses answers after the time limit by the server clock (409), and shows the attempt closed', async () => {
      const test = await newTest();
      const [row] = await ctx.db!.query<{ id: string }>(
        `insert into quiz_attempts (company_id, test_id, user_id, questions, pass_mark, started_at, deadline_at)
         select company_id, id, $2, '[]'::jsonb || (select jsonb_agg(jsonb_build_object('_id', q.id, 'topic', q.topic, 'kind', q.kind, 'text', q.text,
                  'choices', q.choices, 'correct', to_jsonb(q.correct), 'explanation', q.explanation, 'reference', q.reference))
                  from (select * from quiz_questions where company_id = quiz_tests.company_id and topic = 'breach' limit 3) q),
                100, now() - interval '20 minutes', now() - interval '10 minutes'
           from quiz_tests where id = $1 returning id`,
        [test._id, ctx.demoViewer.user._id],
      );
      const attempt = attemptReply.parse((await ctx.api.get(`/knowledge/attempts/${row.id}`, { token: viewer() })).body).attempt;
      expect(attempt.result).toMatchObject({ submittedAt: null, passed: false });
      expectMessage(await submit(row.id, await answersFor(attempt, true)), 409, 'quiz_time_up');
    });

    rule.it('keeps attempts and answer sheets append-only in the database: no update, no delete', async () => {
      const test = await newTest({ passMark: 1 });
      const attempt = await start(test._id);
      await submit(attempt._id, await answersFor(attempt, true));
      await expect(ctx.db!.query('update quiz_submissions set score = 0 where attempt_id = $1', [attempt._id])).rejects.toThrow(/append-only/);
      await expect(ctx.db!.query('delete from quiz_submissions where attempt_id = $1', [attempt._id])).rejects.toThrow(/append-only/);
      await expect(ctx.db!.query(`update quiz_attempts set deadline_at = now() + interval '1 day' where id = $1`, [attempt._id])).rejects.toThrow(
        /append-only/,
      );
      await expect(ctx.db!.query('delete from quiz_attempts where id = $1', [attempt._id])).rejects.toThrow(/append-only/);
      // and a test with attempts is evidence: it cannot be deleted
      expectMessage(await ctx.api.delete(`/knowledge/tests/${test._id}`, { token: admin() }), 409, 'quiz_test_has_attempts', 'th', { count: 1 });
    });

    rule.it('gives the certificate of a pass as a PDF to its holder only', async () => {
      const test = await newTest({ passMark: 50 });
      const attempt = await start(test._id);
      await submit(attempt._id, await answersFor(attempt, true));
      const pdf = await ctx.api.get(`/knowledge/attempts/${attempt._id}/certificate`, { token: viewer() });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expectFailure(await ctx.api.get(`/knowledge/attempts/${attempt._id}/certificate`, { token: admin() }), 404);
    });

    rule.it('prints on the certificate a link to the public verify page a person can open, not an API call', async () => {
      const test = await newTest({ passMark: 50 });
      const attempt = await start(test._id);
      const code = attemptReply.parse((await submit(attempt._id, await answersFor(attempt, true))).body).attempt.result!.certificateCode!;
      for (const lang of ['th', 'en'] as const) {
        const pdf = await ctx.api.get(`/knowledge/attempts/${attempt._id}/certificate`, { token: viewer(), lang });
        expect(pdf.status).toBe(200);
        const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.bytes }).toString('utf8');
        expect(text).not.toContain('/api/v1');
        expect(text).not.toContain('GET ');
        expect(text).toMatch(new RegExp(`https?://[^\\s]+/certificate/${code}`));
        // the link is a link (a URI annotation), and the page is one
        expect(pdf.bytes.toString('latin1')).toMatch(new RegExp(`/URI \\(https?://[^)]+/certificate/${code}\\)`));
        expect(execFileSync('pdfinfo', ['-'], { input: pdf.bytes }).toString('utf8')).toMatch(/Pages:\s+1\n/);
      }
    });
  });

  describe('results and reminders', () => {
    rule.it('counts passes per person and department for the people who must take the test', async () => {
      const test = await newTest({ passMark: 50 });
      const attempt = await start(test._id);
      await submit(attempt._id, await answersFor(attempt, true));
      const reply = await ctx.api.get(`/knowledge/results?testId=${test._id}`, { token: viewer() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const results = resultsReply.parse(reply.body);
      expect(results.people).toEqual([expect.objectContaining({ userId: ctx.demoViewer.user._id, passed: true, bestScore: 100, attempts: 1 })]);
      expect(results.departments).toEqual([expect.objectContaining({ assigned: 1, passed: 1, passedPercent: 100, averageScore: 100 })]);
      expectFailure(await ctx.api.get(`/knowledge/results?testId=${test._id}`, { token: ctx.siamAdmin.access_token }), 404);
      expectFailure(await ctx.api.get(`/knowledge/results?testId=${test._id}`, { token: ctx.demoContact.access_token }), 403);
    });

    rule.it('ranks the questions most missed and exports the results as XLSX with Buddhist-era dates', async () => {
      const test = await newTest({ passMark: 50 });
      const attempt = await start(test._id);
      await submit(attempt._id, await answersFor(attempt, false));
      const results = resultsReply.parse((await ctx.api.get(`/knowledge/results?testId=${test._id}`, { token: admin() })).body);
      expect(results.questions).toHaveLength(3);
      expect(results.questions.every((q) => q.missed === 1 && q.missedPercent === 100)).toBe(true);
      const file = await ctx.api.get(`/knowledge/results/export?testId=${test._id}`, { token: admin() });
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['รายบุคคล', 'รายแผนก', 'รายคำถาม']);
      const people = wb.worksheets[0];
      expect(String(people.getCell('A2').value)).toMatch(/25\d\d/);
      expect(String(people.getCell('A4').value)).toBe('สมหญิง รักงาน');
      expect(wb.worksheets[2].rowCount).toBe(3 + 3);
    });

    rule.it('rings the bell once per person a week before the due date and once on the day, however often the timed work runs', async () => {
      const week = await newTest({ dueDate: inDays(5) });
      const today = await newTest({ dueDate: inDays(0) });
      const [{ id }] = await ctx.db!.query<{ id: string }>(`select company_id as id from quiz_tests where id = $1`, [week._id]);
      const count = async (kind: string, title: string) =>
        (
          await ctx.db!.query<{ n: number }>(
            `select count(*)::int as n from notifications where company_id = $1 and user_id = $2 and kind = $3 and params->>'title' = $4`,
            [id, ctx.demoViewer.user._id, kind, title],
          )
        )[0].n;
      await Promise.all([raiseQuizReminders(ctx.db!, id), raiseQuizReminders(ctx.db!, id)]);
      await raiseQuizReminders(ctx.db!, id);
      expect(await count('quiz_due_week', week.title)).toBe(1);
      expect(await count('quiz_due_today', today.title)).toBe(1);
      expect(await count('quiz_due_week', today.title)).toBe(0);
      // the viewer's bell shows it, the admin (not assigned) does not get it
      const bell = await ctx.api.get('/user/notification/list?limit=100', { token: viewer() });
      expect(JSON.stringify(bell.body)).toContain(week.title);
      expect(JSON.stringify((await ctx.api.get('/user/notification/list?limit=100', { token: admin() })).body)).not.toContain(week.title);
    });
  });

  describe("a department head's team (menu 19)", () => {
    const CALL_CENTER = 'ศูนย์บริการลูกค้าสัมพันธ์ (Call Center)';
    const team = async (token: string, filter: Record<string, unknown> = {}) => {
      const reply = await ctx.api.get(`/knowledge/team?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}`, {
        token,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return standingListReply.parse(reply.body);
    };
    const standing = async (filter: Record<string, unknown>) =>
      standingListReply.parse(
        (await ctx.api.get(`/knowledge/standing?filter=${encodeURIComponent(JSON.stringify(filter))}`, { token: admin() })).body,
      );
    const headed = async (token: string) => teamDepartmentsReply.parse((await ctx.api.get('/knowledge/team/departments', { token })).body).data;
    const departments = async () => departmentListReply.parse((await ctx.api.get('/user/contact/department', { token: admin() })).body).department;
    const setHead = (dataId: string, value: string, headUserId?: string | null) =>
      ctx.api.put(
        '/user/contact/department',
        { dataId, value, type: 'department', ...(headUserId === undefined ? {} : { headUserId }) },
        { token: admin() },
      );

    rule.it(
      "the demo Call Center's head sees her department's standing alone, not the documents menu's; one who heads nothing sees nothing",
      async () => {
        const kanya = (await ctx.api.signin({ companyCode: 'DEMO', username: 'kanya', password: 'staff12345' })).access_token;
        const [callCenter] = await headed(kanya);
        expect(callCenter.name).toBe(CALL_CENTER);
        const mine = await team(kanya);
        // exactly the rows menu 7's standing shows for that department
        const all = await standing({ departmentId: callCenter.id });
        expect(mine.total).toBeGreaterThan(0);
        expect(mine.total).toBe(all.total);
        expect(mine.data.every((r) => r.departmentId === callCenter.id)).toBe(true);
        expect((await team(kanya, { state: 'passed' })).total).toBe((await standing({ departmentId: callCenter.id, state: 'passed' })).total);
        // another department named in the filter: nothing of it
        const other = (await departments()).find((d) => d._id !== callCenter.id)!;
        expect((await team(kanya, { departmentId: other._id })).total).toBe(0);
        // not a head: no department, no rows; the staff role has no menu 7
        expect(await headed(admin())).toEqual([]);
        expect((await team(admin())).total).toBe(0);
        expect((await team(ctx.siamAdmin.access_token)).total).toBe(0);
        expectFailure(await ctx.api.get('/knowledge/standing', { token: kanya }), 403);
      },
    );

    rule.it(
      "a department's head is set, kept and taken away by the department's edit; a contact or another company's person is refused",
      async () => {
        // the demo's second department, with staff who must take the yearly test
        const department = (await departments()).find((d) => d.name === 'งานสรรหาและพัฒนาบุคลากร')!;
        expect(department.headUserId).toBeNull();
        const before = await standing({ departmentId: department._id });
        expect(before.total).toBeGreaterThan(0);
        expectMessage(await setHead(department._id, department.name, ctx.demoContact.user._id), 400, 'department_head_not_staff');
        expectMessage(await setHead(department._id, department.name, ctx.siamAdmin.user._id), 400, 'department_head_not_staff');
        expect((await departments()).find((d) => d._id === department._id)!.headUserId).toBeNull();
        const set = await setHead(department._id, department.name, ctx.demoViewer.user._id);
        expect(set.status, JSON.stringify(set.body)).toBe(200);
        expect(masterWriteReply.parse(set.body).data).toMatchObject({ headUserId: ctx.demoViewer.user._id, headName: 'สมหญิง รักงาน' });
        expect((await headed(viewer())).map((d) => d.id)).toEqual([department._id]);
        expect((await team(viewer())).total).toBe(before.total);
        // a rename that does not name the head keeps it; '' takes it away
        expect((await setHead(department._id, department.name)).status).toBe(200);
        expect((await departments()).find((d) => d._id === department._id)!.headName).toBe('สมหญิง รักงาน');
        expect((await setHead(department._id, department.name, '')).status).toBe(200);
        expect(await headed(viewer())).toEqual([]);
      },
    );
  });

  describe('the staff standing (menu 7)', () => {
    const standing = async (filter: Record<string, unknown>, token = admin(), extra = '') => {
      const reply = await ctx.api.get(`/knowledge/standing?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, { token });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return standingListReply.parse(reply.body);
    };

    rule.it(
      "lists every person of an active test with their state, filtered, sorted and paged by the server; another company's sees none",
      async () => {
        const both = [ctx.demoViewer.user._id, ctx.demoAdmin.user._id];
        const test = await newTest({ passMark: 50, userIds: both });
        const attempt = await start(test._id);
        await submit(attempt._id, await answersFor(attempt, true));
        const all = await standing({ testId: test._id });
        expect(all.total).toBe(2);
        const viewerRow = all.data.find((r) => r.userId === ctx.demoViewer.user._id)!;
        expect(viewerRow).toMatchObject({ testId: test._id, test: test.title, state: 'passed', bestScore: 100, failedAttempts: 0, round: 1 });
        expect(viewerRow.passedAt).not.toBeNull();
        expect(all.data.find((r) => r.userId === ctx.demoAdmin.user._id)).toMatchObject({ state: 'todo', bestScore: null, passedAt: null });
        expect((await standing({ testId: test._id, state: 'passed' })).data.map((r) => r.userId)).toEqual([ctx.demoViewer.user._id]);
        expect((await standing({ testId: test._id, state: 'not_passed' })).data.map((r) => r.userId)).toEqual([ctx.demoAdmin.user._id]);
        expect((await standing({ testId: test._id, state: 'overdue' })).total).toBe(0);
        expect((await standing({ testId: test._id, search: viewerRow.name.slice(0, 4) })).data.map((r) => r.userId)).toContain(
          ctx.demoViewer.user._id,
        );
        // sorted by the best score, one a page
        const page = await standing(
          { testId: test._id },
          admin(),
          `&sort=${encodeURIComponent('["bestScore","DESC"]')}&range=${encodeURIComponent('[0,0]')}`,
        );
        expect(page).toMatchObject({ total: 2, data: [expect.objectContaining({ userId: ctx.demoViewer.user._id })] });
        // the view right reads it; another company sees none of it; no menu 7 is refused
        expect((await standing({ testId: test._id }, viewer())).total).toBe(2);
        expect((await standing({ testId: test._id }, ctx.siamAdmin.access_token)).total).toBe(0);
        expectFailure(await ctx.api.get('/knowledge/standing', { token: ctx.demoContact.access_token }), 403);
        expectFailure(await ctx.api.get(`/knowledge/standing?filter=${encodeURIComponent('{"state":"lost"}')}`, { token: admin() }), 400);
        expectFailure(await ctx.api.get(`/knowledge/standing?sort=${encodeURIComponent('["password","ASC"]')}`, { token: admin() }), 400);
      },
    );

    rule.it('tells overdue and failed apart, counts the failed attempts, and exports what it shows as XLSX with Buddhist-era dates', async () => {
      const late = await newTest({ dueDate: inDays(-2) });
      expect((await standing({ testId: late._id })).data).toEqual([expect.objectContaining({ state: 'overdue', failedAttempts: 0 })]);
      const failing = await newTest({ retakeDays: 0 });
      for (let i = 0; i < 2; i++) {
        const attempt = await start(failing._id);
        await submit(attempt._id, await answersFor(attempt, false));
      }
      expect((await standing({ testId: failing._id })).data).toEqual([expect.objectContaining({ state: 'failed', failedAttempts: 2, bestScore: 0 })]);
      const file = await ctx.api.get(`/knowledge/standing/export?filter=${encodeURIComponent(JSON.stringify({ testId: late._id }))}`, {
        token: admin(),
      });
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0];
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getRow(1).values).toContain('ชื่อ-สกุล');
      expect(sheet.getRow(2).values).toContain('สมหญิง รักงาน');
      expect(sheet.getRow(2).values).toContain('เกินกำหนด');
      expect(String(sheet.getRow(2).getCell(5).value)).toMatch(/25\d\d/);
    });

    rule.it(
      "holds exactly the pairs the dashboard's staff figure counts: all of them, and those not passed, in the company and in a department",
      async () => {
        const [department] = await ctx.db!.query<{ id: string }>(
          `select d.id from departments d join companies c on c.id = d.company_id where c.code = 'DEMO' and d.name like 'ศูนย์บริการลูกค้าสัมพันธ์%'`,
        );
        for (const departmentId of [undefined, department.id]) {
          const query = departmentId ? `?departmentId=${departmentId}` : '';
          const stat = sumStatReply
            .parse((await ctx.api.get(`/user/dashboard/sum-stat${query}`, { token: admin() })).body)
            .data.find((s) => s.key === 'quiz')!;
          expect(stat.total).toBeGreaterThan(stat.stat);
          expect((await standing({ departmentId })).total).toBe(stat.total);
          expect((await standing({ departmentId, state: 'not_passed' })).total).toBe(stat.total! - stat.stat);
        }
      },
    );
  });

  describe('yearly rounds', () => {
    const companyId = async () => (await ctx.db!.query<{ id: string }>(`select id from companies where code = 'DEMO'`))[0].id;
    const mine = async (testId: string) =>
      myTestListReply.parse((await ctx.api.get('/knowledge/my', { token: viewer() })).body).testList.find((t) => t._id === testId)!;
    const oneOf = async (testId: string) => testReply.parse((await ctx.api.get(`/knowledge/tests/${testId}`, { token: admin() })).body).data;
    /** A sheet the viewer handed in `daysAgo` days ago (the database keeps sheets as written: a past one is inserted as such). */
    const pastSheet = async (testId: string, daysAgo: number, passed: boolean) => {
      const [row] = await ctx.db!.query<{ id: string }>(
        `insert into quiz_attempts (company_id, test_id, user_id, questions, pass_mark, started_at, deadline_at)
         select company_id, id, $2, '[]'::jsonb, 100, now() - make_interval(days => $3), now() - make_interval(days => $3) + interval '10 minutes'
           from quiz_tests where id = $1 returning id`,
        [testId, ctx.demoViewer.user._id, daysAgo],
      );
      const code = passed ? newCertificateCode() : null;
      await ctx.db!.query(
        `insert into quiz_submissions (attempt_id, company_id, answers, correct_count, score, passed, certificate_code, submitted_at)
         select id, company_id, '[]'::jsonb, 3, $2, $3, $4, started_at + interval '5 minutes' from quiz_attempts where id = $1`,
        [row.id, passed ? 100 : 0, passed, code],
      );
      return { attemptId: row.id, code };
    };
    const nextYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

    rule.it('a yearly test past its due date rolls over once even when two timed-work runs race', async () => {
      const test = await newTest({ recurrence: 'yearly', dueDate: inDays(-1) });
      expect(test).toMatchObject({ recurrence: 'yearly', round: 1, roundStartedAt: null });
      const id = await companyId();
      const rolled = await Promise.all([ctx.db!.tx((q) => openNextRounds(q, id)), ctx.db!.tx((q) => openNextRounds(q, id))]);
      expect(rolled.flat().filter((t) => t === test._id)).toHaveLength(1);
      await ctx.db!.tx((q) => quizTimedWork(q, id));
      const after = await oneOf(test._id);
      expect(after).toMatchObject({ round: 2, dueDate: nextYear(inDays(-1)) });
      // the new round starts on the day after the last due date, Bangkok time
      expect(after.roundStartedAt).toBe(new Date(`${inDays(0)}T00:00:00+07:00`).toISOString());
    });

    rule.it('a pass in the last round does not count in the new one; it stays valid, and the new round is taken and passed again', async () => {
      // a 30-day retake wait: a pass is no failure, and asks no wait in the next round
      const test = await newTest({ recurrence: 'yearly', dueDate: inDays(-1), passMark: 50, retakeDays: 30 });
      const old = await pastSheet(test._id, 3, true);
      expect(await mine(test._id)).toMatchObject({ state: 'passed', recurrence: 'yearly' });
      expectMessage(await ctx.api.post(`/knowledge/my/${test._id}/start`, undefined, { token: viewer() }), 409, 'quiz_already_passed');
      const id = await companyId();
      await ctx.db!.tx((q) => openNextRounds(q, id));
      // everyone must pass again: not passed, no best score in this round, on the list, the results and the test's count
      expect(await mine(test._id)).toMatchObject({ state: 'todo', bestScore: null, overdue: false, nextAttemptAt: null });
      expect(await oneOf(test._id)).toMatchObject({ round: 2, passed: 0 });
      const results = resultsReply.parse((await ctx.api.get(`/knowledge/results?testId=${test._id}`, { token: admin() })).body);
      expect(results.people).toEqual([expect.objectContaining({ passed: false, attempts: 0, bestScore: null })]);
      const list = standingListReply.parse(
        (await ctx.api.get(`/knowledge/standing?filter=${encodeURIComponent(JSON.stringify({ testId: test._id }))}`, { token: admin() })).body,
      );
      expect(list.data).toEqual([expect.objectContaining({ state: 'todo', round: 2, passedAt: null })]);
      // the last round's certificate stays valid
      expect((await ctx.api.get(`/knowledge/attempts/${old.attemptId}/certificate`, { token: viewer() })).status).toBe(200);
      expect(verifyReply.parse((await ctx.api.get(`/knowledge/verify/${old.code}`)).body).certificate.code).toBe(old.code);
      // the new round is taken and passed
      const attempt = await start(test._id);
      await submit(attempt._id, await answersFor(attempt, true));
      expect(await mine(test._id)).toMatchObject({ state: 'passed', attemptId: attempt._id });
      expect(await oneOf(test._id)).toMatchObject({ passed: 1 });
    });

    rule.it("the retake wait still runs from the last round's attempt into the new round (409 until then)", async () => {
      const test = await newTest({ recurrence: 'yearly', dueDate: inDays(-1), retakeDays: 5 });
      await pastSheet(test._id, 2, false);
      const id = await companyId();
      await ctx.db!.tx((q) => openNextRounds(q, id));
      const state = await mine(test._id);
      expect(state).toMatchObject({ state: 'todo' });
      expect(Date.parse(state.nextAttemptAt!)).toBeGreaterThan(Date.now() + 2 * 86_400_000);
      const refused = expectFailure(await ctx.api.post(`/knowledge/my/${test._id}/start`, undefined, { token: viewer() }), 409);
      expect(refused.msg).toContain('ยังทำแบบทดสอบซ้ำไม่ได้ ทำได้อีกครั้งตั้งแต่');
    });

    rule.it('a test that is not yearly never rolls: it stays overdue in its one round', async () => {
      const test = await newTest({ dueDate: inDays(-1) });
      const id = await companyId();
      const rolled = await ctx.db!.tx((q) => openNextRounds(q, id));
      expect(rolled).not.toContain(test._id);
      expect(await oneOf(test._id)).toMatchObject({ recurrence: 'none', round: 1, dueDate: inDays(-1), roundStartedAt: null });
      expect(await mine(test._id)).toMatchObject({ overdue: true, state: 'todo' });
    });

    rule.it("rings the bell again in a new round: the reminders' key has the round", async () => {
      const test = await newTest({ recurrence: 'yearly', dueDate: inDays(0) });
      const id = await companyId();
      const count = async () =>
        (
          await ctx.db!.query<{ n: number }>(
            `select count(*)::int as n from notifications where company_id = $1 and user_id = $2 and kind = 'quiz_due_today' and params->>'title' = $3`,
            [id, ctx.demoViewer.user._id, test.title],
          )
        )[0].n;
      await raiseQuizReminders(ctx.db!, id);
      await raiseQuizReminders(ctx.db!, id);
      expect(await count()).toBe(1);
      // as if a year had gone by: the next round, due today again
      await ctx.db!.query(`update quiz_tests set round = round + 1, round_started_at = now() where id = $1`, [test._id]);
      await raiseQuizReminders(ctx.db!, id);
      await raiseQuizReminders(ctx.db!, id);
      expect(await count()).toBe(2);
    });

    shape.it('refuses a recurrence that is not one (400)', async () => {
      const reply = await ctx.api.post(
        '/knowledge/tests',
        {
          title: 'x',
          topics: ['breach'],
          questionCount: 1,
          timeLimitMinutes: 5,
          passMark: 50,
          dueDate: inDays(5),
          retakeDays: 0,
          userIds: [ctx.demoViewer.user._id],
          recurrence: 'monthly',
        },
        { token: admin() },
      );
      expectFailure(reply, 400);
    });
  });
}
