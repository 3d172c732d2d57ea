import { z } from 'zod';

/** The collections' schemas (fake-api/collections.ts). */
const uuid = z.string().uuid();
const instant = z.string();
const bi = z.object({ th: z.string(), en: z.string() });
const drawn = z.object({
  _id: z.string(),
  topic: z.enum(['lawful_basis', 'consent', 'dsr', 'breach', 'security']),
  kind: z.enum(['single', 'multiple']),
  text: bi,
  choices: z.array(bi),
  correct: z.array(z.number().int()),
  explanation: bi,
  reference: z.string(),
});
export const quizCollections = {
  quizQuestions: drawn.extend({ _id: uuid, companyId: uuid, active: z.boolean(), created_dt: instant, updated_dt: instant }).strict(),
  quizTests: z
    .object({
      _id: uuid,
      companyId: uuid,
      title: z.string(),
      description: z.string(),
      topics: z.array(drawn.shape.topic),
      questionCount: z.number().int(),
      timeLimitMinutes: z.number().int(),
      passMark: z.number().int(),
      dueDate: z.string(),
      retakeDays: z.number().int(),
      departmentIds: z.array(z.string()),
      positionIds: z.array(z.string()),
      userIds: z.array(z.string()),
      active: z.boolean(),
      created_dt: instant,
    })
    .strict(),
  quizAttempts: z
    .object({
      _id: uuid,
      companyId: uuid,
      testId: uuid,
      userId: uuid,
      questions: z.array(drawn),
      passMark: z.number().int(),
      startedAt: instant,
      deadlineAt: instant,
      submission: z
        .object({
          answers: z.array(z.object({ questionId: z.string(), chosen: z.array(z.number().int()) })),
          correctCount: z.number().int(),
          score: z.number().int(),
          passed: z.boolean(),
          certificateCode: z.string().nullable(),
          submittedAt: instant,
        })
        .nullable(),
    })
    .strict(),
};
