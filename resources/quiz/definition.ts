import type { Assignees, Attempt, MyTest, Question, QuestionBody, QuizResults, QuizTest, QuizTopic, SubmitBody, TestBody } from '../../contract/quiz';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

const withId = <T extends { _id: string }>(row: T) => ({ ...row, id: row._id });

/**
 * Knowledge tests. The question bank, the tests and their results are menu 7's (documents): the server
 * checks view and edit on each call. Taking one's own tests, their certificates and checking a code are
 * every signed-in person's (menu 19 in the sidebar).
 */
const definition = {
  name: 'knowledge-tests',
  menu: 'sheets',
  api: {},
  calls: {
    quizQuestions: apiCall({
      method: 'GET',
      path: () => '/knowledge/questions',
      query: ({ page, perPage, topic, search }: { page: number; perPage: number; topic?: QuizTopic; search?: string }) => ({
        currentPage: page,
        limit: perPage,
        topic,
        search: search?.trim() || undefined,
      }),
      reply: (body) => ({ data: (body.questionList as Question[]).map(withId), total: body.totalItem as number }),
    }),
    saveQuizQuestion: apiCall({
      method: 'POST',
      path: () => '/knowledge/questions',
      body: (body: QuestionBody) => body,
      reply: (body) => body.data as Question,
    }),
    updateQuizQuestion: apiCall({
      method: 'PUT',
      path: ({ id }: { id: string; body: QuestionBody }) => `/knowledge/questions/${encodeURIComponent(id)}`,
      body: ({ body }) => body,
      reply: (body) => body.data as Question,
    }),
    deleteQuizQuestion: apiCall({
      method: 'DELETE',
      path: ({ id }: { id: string }) => `/knowledge/questions/${encodeURIComponent(id)}`,
      reply: () => ({}),
    }),
    quizTests: apiCall({
      method: 'GET',
      path: () => '/knowledge/tests',
      query: ({ page, perPage }: { page: number; perPage: number }) => ({ currentPage: page, limit: perPage }),
      reply: (body) => ({ data: (body.testList as QuizTest[]).map(withId), total: body.totalItem as number }),
    }),
    saveQuizTest: apiCall({
      method: 'POST',
      path: () => '/knowledge/tests',
      body: (body: TestBody) => body,
      reply: (body) => body.data as QuizTest,
    }),
    updateQuizTest: apiCall({
      method: 'PUT',
      path: ({ id }: { id: string; body: TestBody }) => `/knowledge/tests/${encodeURIComponent(id)}`,
      body: ({ body }) => body,
      reply: (body) => body.data as QuizTest,
    }),
    deleteQuizTest: apiCall({
      method: 'DELETE',
      path: ({ id }: { id: string }) => `/knowledge/tests/${encodeURIComponent(id)}`,
      reply: () => ({}),
    }),
    quizAssignees: apiCall({
      method: 'GET',
      path: () => '/knowledge/assignees',
      reply: (body) => body as unknown as Assignees,
    }),
    quizResults: apiCall({
      method: 'GET',
      path: () => '/knowledge/results',
      query: ({ testId }: { testId: string }) => ({ testId }),
      reply: (body) => body as unknown as Omit<QuizResults, 'status'>,
    }),
    exportQuizResults: fileCall({
      method: 'GET',
      path: () => '/knowledge/results/export',
      query: ({ testId }: { testId: string }) => ({ testId }),
      fileName: () => 'knowledge-test-results.xlsx',
    }),
    // ---- every signed-in person: their own tests ----
    myQuizTests: apiCall({
      method: 'GET',
      path: () => '/knowledge/my',
      reply: (body) => body.testList as MyTest[],
    }),
    startQuizAttempt: apiCall({
      method: 'POST',
      path: ({ testId }: { testId: string }) => `/knowledge/my/${encodeURIComponent(testId)}/start`,
      reply: (body) => body.attempt as Attempt,
    }),
    quizAttempt: apiCall({
      method: 'GET',
      path: ({ attemptId }: { attemptId: string }) => `/knowledge/attempts/${encodeURIComponent(attemptId)}`,
      reply: (body) => body.attempt as Attempt,
    }),
    submitQuizAttempt: apiCall({
      method: 'POST',
      path: ({ attemptId }: { attemptId: string; body: SubmitBody }) => `/knowledge/attempts/${encodeURIComponent(attemptId)}/submit`,
      body: ({ body }) => body,
      reply: (body) => body.attempt as Attempt,
    }),
    downloadQuizCertificate: fileCall({
      method: 'GET',
      path: ({ attemptId }: { attemptId: string; code: string }) => `/knowledge/attempts/${encodeURIComponent(attemptId)}/certificate`,
      fileName: ({ code }) => `certificate-${code}.pdf`,
    }),
    verifyQuizCertificate: apiCall({
      method: 'GET',
      path: ({ code }: { code: string }) => `/knowledge/verify/${encodeURIComponent(code.trim().toUpperCase())}`,
      reply: (body) => body.certificate as { code: string; name: string; test: string; company: string; score: number; passedAt: string },
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
