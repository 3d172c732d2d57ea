import type {
  TeamDepartment,
  Assignees,
  Attempt,
  MyTest,
  Question,
  QuestionBody,
  QuizResults,
  QuizTest,
  QuizTopic,
  SubmitBody,
  TestBody,
} from '../../contract/quiz';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

const withId = <T extends { _id: string }>(row: T) => ({ ...row, id: row._id });

/** The question bank (menu 7): its list by topic and text; saving and deleting are the tests' calls. */
export const knowledgeQuestions = {
  name: 'knowledge-questions',
  menu: 'sheets',
  bulk: { import: '/knowledge/questions' },
  api: {
    getList: {
      method: 'GET',
      path: () => '/knowledge/questions',
      query: ({ pagination, filter }) => ({
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? DEFAULT_PAGE_SIZE,
        topic: (filter?.topic as QuizTopic | undefined) || undefined,
        search: (filter?.search as string | undefined)?.trim() || undefined,
      }),
      reply: (body) => ({ data: (body.questionList as Question[]).map(withId), total: body.totalItem as number }),
    },
  },
  calls: {
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
  },
} satisfies ResourceDefinition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof knowledgeQuestions> {}
}

/**
 * The staff standing (menu 7, view): every person's place in every active test's current round, by the
 * REST convention (`/knowledge/standing?sort&range&filter`), with its XLSX export and saved filters.
 */
export const knowledgeStanding = {
  name: 'knowledge-standing',
  menu: 'sheets',
  api: { rest: '/knowledge/standing' },
  bulk: { export: '/knowledge/standing/export' },
} satisfies ResourceDefinition;

/**
 * A department head's team (menu 19, everyone who takes tests): the standing of the departments they head, by the
 * same convention (`/knowledge/team?sort&range&filter`); nothing for a person who heads none.
 */
export const knowledgeTeam = {
  name: 'knowledge-team',
  menu: 'knowledge',
  api: { rest: '/knowledge/team' },
} satisfies ResourceDefinition;

/**
 * Knowledge tests: their list, and the calls of the question bank, the tests and their results. These are menu 7's (documents): the server
 * checks view and edit on each call. Taking one's own tests, their certificates and checking a code are
 * every signed-in person's (menu 19 in the sidebar).
 */
const definition = {
  name: 'knowledge-tests',
  menu: 'sheets',
  api: {
    getList: {
      method: 'GET',
      path: () => '/knowledge/tests',
      query: ({ pagination }) => ({ currentPage: pagination?.page ?? 1, limit: pagination?.perPage ?? DEFAULT_PAGE_SIZE }),
      reply: (body) => ({ data: (body.testList as QuizTest[]).map(withId), total: body.totalItem as number }),
    },
  },
  calls: {
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
    /** the departments the signed-in person heads (their team's tab shows when there is one) */
    quizTeamDepartments: apiCall({
      method: 'GET',
      path: () => '/knowledge/team/departments',
      reply: (body) => body.data as TeamDepartment[],
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
