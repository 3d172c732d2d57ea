import { describe, expect, it } from 'vitest';
import { QUIZ_TOPICS, questionBody } from '../../contract/quiz';
import { QUIZ_BANK } from '../../demo/quizBank';

describe('the shipped PDPA question bank', () => {
  it('holds 40+ questions, every topic, single and multiple choice', () => {
    expect(QUIZ_BANK.length).toBeGreaterThanOrEqual(40);
    for (const topic of QUIZ_TOPICS) expect(QUIZ_BANK.filter((q) => q.topic === topic).length, topic).toBeGreaterThanOrEqual(5);
    expect(QUIZ_BANK.some((q) => q.kind === 'multiple')).toBe(true);
  });

  it('passes the same rules as a question a company writes (right answers among the choices, one for single choice)', () => {
    for (const q of QUIZ_BANK) {
      const parsed = questionBody.safeParse(q);
      expect(parsed.success, `${q.text.en}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('names the section of the Act behind each question and never repeats a question', () => {
    for (const q of QUIZ_BANK) expect(q.reference, q.text.en).toMatch(/^(ม\.\d|ประกาศ)/);
    expect(new Set(QUIZ_BANK.map((q) => q.text.th)).size).toBe(QUIZ_BANK.length);
    expect(new Set(QUIZ_BANK.map((q) => q.text.en)).size).toBe(QUIZ_BANK.length);
  });

  it('knows the facts staff are tested on: 72 hours to the PDPC Office, 30 days for access', () => {
    const breach = QUIZ_BANK.find((q) => q.reference === 'ม.37(4)' && q.text.en.includes('by when must the controller notify'))!;
    expect(breach.choices[breach.correct[0]].en).toContain('72 hours');
    const access = QUIZ_BANK.find((q) => q.reference === 'ม.30')!;
    expect(access.choices[access.correct[0]].en).toContain('30 days');
  });
});
