import { z } from 'zod';
import { restRange } from './datamap';
import { jsonParam, pagingQuery, restSort, searchText } from './http';

/**
 * Knowledge tests (PDPA awareness): a question bank per company, tests drawn from it, attempts and
 * their certificates. Managing the bank and the tests is menu 7's (view: read the results, edit:
 * change); taking one's own due tests is every signed-in person's (`session`).
 */

export const QUIZ_TOPICS = ['lawful_basis', 'consent', 'dsr', 'breach', 'security'] as const;
export type QuizTopic = (typeof QUIZ_TOPICS)[number];
export const QUIZ_KINDS = ['single', 'multiple'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

/** Seconds after the time limit that an answer sheet is still taken (the network's delay, not more time to think). */
export const QUIZ_GRACE_SECONDS = 30;
/** The bell reminds the people who have not passed this many days before the due date, and on the day. */
export const QUIZ_REMIND_DAYS = 7;

const id = z.uuid();
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s), { message: 'server.control_chars' });

/** A text in Thai (required) and English (optional: an empty English text reads as the Thai one). */
export const bilingual = (max: number) =>
  z.object({
    th: text(max),
    en: z
      .string()
      .trim()
      .max(max)
      .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s), { message: 'server.control_chars' })
      .default(''),
  });
export type Bilingual = { th: string; en: string };

// ---- questions ---------------------------------------------------------------------------------

export const questionBody = z
  .object({
    topic: z.enum(QUIZ_TOPICS),
    kind: z.enum(QUIZ_KINDS),
    text: bilingual(1000),
    choices: z.array(bilingual(300)).min(2).max(6),
    /** the indexes (0-based) of the right choices */
    correct: z.array(z.number().int().min(0).max(5)).min(1).max(6),
    explanation: bilingual(2000),
    /** the section of the Act the question rests on, e.g. "ม.37(4)" */
    reference: z.string().trim().max(100).default(''),
    active: z.boolean().default(true),
  })
  .superRefine((q, ctx) => {
    const unique = new Set(q.correct);
    if (unique.size !== q.correct.length) ctx.addIssue({ code: 'custom', path: ['correct'], message: 'server.quiz_correct_duplicate' });
    if (q.correct.some((i) => i >= q.choices.length))
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'server.quiz_correct_out_of_range' });
    if (q.kind === 'single' && q.correct.length !== 1) ctx.addIssue({ code: 'custom', path: ['correct'], message: 'server.quiz_single_one_correct' });
    if (q.kind === 'multiple' && q.correct.length >= q.choices.length)
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'server.quiz_multiple_not_all' });
  });
export type QuestionBody = z.input<typeof questionBody>;

export const question = z.object({
  _id: z.string(),
  topic: z.enum(QUIZ_TOPICS),
  kind: z.enum(QUIZ_KINDS),
  text: bilingual(1000),
  choices: z.array(bilingual(300)),
  correct: z.array(z.number().int()),
  explanation: bilingual(2000),
  reference: z.string(),
  active: z.boolean(),
  updated_dt: z.string(),
});
export type Question = z.infer<typeof question>;

export const questionListQuery = pagingQuery.extend({ topic: z.enum(QUIZ_TOPICS).optional(), search: searchText });
export const questionListReply = z.object({ status: z.literal(200), questionList: z.array(question), totalItem: z.number().int() });
export const questionReply = z.object({ status: z.literal(200), data: question });
export const idParams = z.object({ id });

// ---- tests -------------------------------------------------------------------------------------

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'server.quiz_bad_date');

/** How a test recurs: once, or every year (when its due date passes, the next round opens a year on and everyone must pass again). */
export const QUIZ_RECURRENCES = ['none', 'yearly'] as const;
export type QuizRecurrence = (typeof QUIZ_RECURRENCES)[number];

export const testBody = z
  .object({
    title: text(200),
    description: z.string().trim().max(2000).default(''),
    topics: z.array(z.enum(QUIZ_TOPICS)).min(1).max(QUIZ_TOPICS.length),
    questionCount: z.number().int().min(1).max(100),
    timeLimitMinutes: z.number().int().min(1).max(240),
    /** the lowest score (percent) that passes */
    passMark: z.number().int().min(1).max(100),
    /** the last day (Bangkok calendar day, yyyy-mm-dd) to pass by */
    dueDate: dayString,
    /** days to wait after an attempt before the next one */
    retakeDays: z.number().int().min(0).max(365),
    recurrence: z.enum(QUIZ_RECURRENCES).default('none'),
    departmentIds: z.array(id).max(200).default([]),
    positionIds: z.array(id).max(200).default([]),
    userIds: z.array(id).max(2000).default([]),
    active: z.boolean().default(true),
  })
  .refine((t) => t.departmentIds.length + t.positionIds.length + t.userIds.length > 0, {
    path: ['departmentIds'],
    message: 'server.quiz_nobody_assigned',
  });
export type TestBody = z.input<typeof testBody>;

export const quizTest = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  topics: z.array(z.enum(QUIZ_TOPICS)),
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int(),
  passMark: z.number().int(),
  dueDate: z.string(),
  retakeDays: z.number().int(),
  recurrence: z.enum(QUIZ_RECURRENCES),
  /** the current round (1 for the first; a yearly test's next round opens when its due date passes) */
  round: z.number().int(),
  /** when the current round started (null: the first round); only a pass since then counts */
  roundStartedAt: z.string().nullable(),
  departmentIds: z.array(z.string()),
  positionIds: z.array(z.string()),
  userIds: z.array(z.string()),
  active: z.boolean(),
  /** people who must take it, and how many of them have passed in the current round */
  assigned: z.number().int(),
  passed: z.number().int(),
  attempts: z.number().int(),
  created_dt: z.string(),
});
export type QuizTest = z.infer<typeof quizTest>;

export const testListQuery = pagingQuery.extend({ search: searchText });
export const testListReply = z.object({ status: z.literal(200), testList: z.array(quizTest), totalItem: z.number().int() });
export const testReply = z.object({ status: z.literal(200), data: quizTest });

// ---- taking a test -----------------------------------------------------------------------------

export const MY_TEST_STATES = ['todo', 'in_progress', 'passed', 'failed_wait', 'failed_retry'] as const;
export type MyTestState = (typeof MY_TEST_STATES)[number];

export const myTest = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int(),
  passMark: z.number().int(),
  dueDate: z.string(),
  recurrence: z.enum(QUIZ_RECURRENCES),
  overdue: z.boolean(),
  /** in the current round: a pass of an earlier round no longer counts */
  state: z.enum(MY_TEST_STATES),
  bestScore: z.number().int().nullable(),
  /** the open attempt (in_progress), or the passing one */
  attemptId: z.string().nullable(),
  /** when the next attempt may start (failed_wait; or todo in a new round, within the retake wait after the last round's attempt) */
  nextAttemptAt: z.string().nullable(),
});
export type MyTest = z.infer<typeof myTest>;
export const myTestListReply = z.object({ status: z.literal(200), testList: z.array(myTest) });

/** A question as the taker sees it before submitting: never the right answers nor the explanation. */
export const takerQuestion = z.object({ _id: z.string(), kind: z.enum(QUIZ_KINDS), text: bilingual(1000), choices: z.array(bilingual(300)) });
export type TakerQuestion = z.infer<typeof takerQuestion>;

export const reviewedQuestion = takerQuestion.extend({
  correct: z.array(z.number().int()),
  chosen: z.array(z.number().int()),
  right: z.boolean(),
  explanation: bilingual(2000),
  reference: z.string(),
});

export const attempt = z.object({
  _id: z.string(),
  testId: z.string(),
  title: z.string(),
  startedAt: z.string(),
  /** answers are refused after this instant (plus QUIZ_GRACE_SECONDS) */
  deadlineAt: z.string(),
  /** the server's clock when it replied, so the page's countdown does not trust the device's */
  serverNow: z.string(),
  passMark: z.number().int(),
  questions: z.array(takerQuestion),
  /** after submitting (or when the time ran out): the result */
  result: z
    .object({
      submittedAt: z.string().nullable(),
      score: z.number().int(),
      correctCount: z.number().int(),
      passed: z.boolean(),
      certificateCode: z.string().nullable(),
      questions: z.array(reviewedQuestion),
    })
    .nullable(),
});
export type Attempt = z.infer<typeof attempt>;
export const attemptReply = z.object({ status: z.literal(200), attempt });

export const submitBody = z.object({
  answers: z
    .array(z.object({ questionId: id, chosen: z.array(z.number().int().min(0).max(5)).max(6) }))
    .max(100)
    .refine((a) => new Set(a.map((x) => x.questionId)).size === a.length, { message: 'server.quiz_answer_duplicate' }),
});
export type SubmitBody = z.input<typeof submitBody>;

// ---- results -----------------------------------------------------------------------------------

export const resultsQuery = z.object({ testId: id });
export const personResult = z.object({
  userId: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  attempts: z.number().int(),
  bestScore: z.number().int().nullable(),
  passed: z.boolean(),
  passedAt: z.string().nullable(),
  overdue: z.boolean(),
});
export const departmentResult = z.object({
  departmentId: z.string().nullable(),
  department: z.string().nullable(),
  assigned: z.number().int(),
  passed: z.number().int(),
  passedPercent: z.number().int(),
  averageScore: z.number().int().nullable(),
  overdue: z.number().int(),
});
export const questionResult = z.object({
  questionId: z.string(),
  text: bilingual(1000),
  topic: z.string(),
  asked: z.number().int(),
  missed: z.number().int(),
  missedPercent: z.number().int(),
});
export const resultsReply = z.object({
  status: z.literal(200),
  test: quizTest,
  people: z.array(personResult),
  departments: z.array(departmentResult),
  questions: z.array(questionResult),
});
export type QuizResults = z.infer<typeof resultsReply>;

// ---- standing: every person's place in every active test (for their managers) -----------------

/** A person's place in a test's current round: passed, not yet (before the due date), failed so far, overdue. */
export const STANDING_STATES = ['passed', 'todo', 'failed', 'overdue'] as const;
export type StandingState = (typeof STANDING_STATES)[number];
/** The list's state filter: a state, or every one not passed yet (the dashboard's "keeping it from 100 %"). */
export const STANDING_FILTER_STATES = [...STANDING_STATES, 'not_passed'] as const;
export const STANDING_SORTS = ['name', 'department', 'test', 'dueDate', 'bestScore'] as const;

/** `GET /knowledge/standing?sort&range&filter` (menu 7, view): every assignment of an active test, searched by the person's name. */
export const standingListQuery = z.object({
  sort: restSort(STANDING_SORTS, ['dueDate', 'ASC']),
  range: restRange,
  filter: jsonParam(
    z.object({
      search: z.string().max(200).optional(),
      departmentId: id.optional(),
      testId: id.optional(),
      state: z.enum(STANDING_FILTER_STATES).optional(),
    }),
  )
    .optional()
    .transform((f) => f ?? {}),
});
export const standingRow = z.object({
  /** the test and the person: `<testId>:<userId>` */
  id: z.string(),
  testId: z.string(),
  test: z.string(),
  userId: z.string(),
  name: z.string(),
  departmentId: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  dueDate: z.string(),
  round: z.number().int(),
  state: z.enum(STANDING_STATES),
  /** the first pass of the current round */
  passedAt: z.string().nullable(),
  /** the current round's attempts that did not pass (a sheet under the mark, or the time ran out) */
  failedAttempts: z.number().int(),
  bestScore: z.number().int().nullable(),
});
export type StandingRow = z.infer<typeof standingRow>;
export const standingListReply = z.object({ data: z.array(standingRow), total: z.number().int() });

/**
 * `GET /knowledge/team/departments` (menu 19, everyone who takes tests): the departments the caller heads, none for
 * most people. `GET /knowledge/team?sort&range&filter` answers the standing of those departments alone (nothing
 * for a person who heads none), with the standing list's query and reply.
 */
export const teamDepartmentsReply = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });
export type TeamDepartment = z.infer<typeof teamDepartmentsReply>['data'][number];

// ---- certificates ------------------------------------------------------------------------------

/** A certificate's verification code: 12 letters and digits without look-alikes, in groups of four. */
export const CERTIFICATE_CODE = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;
export const verifyParams = z.object({ code: z.string().trim().toUpperCase().max(20) });
export const verifyReply = z.object({
  status: z.literal(200),
  certificate: z.object({ code: z.string(), name: z.string(), test: z.string(), company: z.string(), score: z.number().int(), passedAt: z.string() }),
});

/** `GET /knowledge/assignees` (menu 7): whom a test may be assigned to, without needing the people menu. */
const named = z.object({ _id: z.string(), name: z.string(), departmentName: z.string().nullable() });
export const assigneesReply = z.object({ status: z.literal(200), departments: z.array(named), positions: z.array(named), people: z.array(named) });
export type Assignees = Omit<z.infer<typeof assigneesReply>, 'status'>;
