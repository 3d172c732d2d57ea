import { BANGKOK_TODAY } from '../../db/rows';
import ExcelJS from 'exceljs';
import { resultsQuery, resultsReply, type QuizResults } from '../../../contract/quiz';
import type { Queryable } from '../../db/client';
import { route } from '../../http/route';
import type { Lang } from '../../http/messages';
import { formatDate } from '../../../i18n/dates';
import quizTexts from '../../../i18n/quiz';
import { auditExport } from '../audit/record';
import { read } from './bank';
import { ASSIGNED, IN_ROUND, STARTED_IN_ROUND, oneTest } from './tests';
import type { DrawnQuestion } from './attempts';

interface PersonRow {
  user_id: string;
  name: string;
  department_id: string | null;
  department: string | null;
  position: string | null;
  attempts: number;
  best: number | null;
  passed_at: Date | string | null;
  overdue: boolean;
}

/**
 * A test's results in its current round (a yearly test's earlier rounds stay in the attempts, not here): every
 * person who must take it, their departments, and the questions most often missed.
 */
export async function testResults(q: Queryable, companyId: string, testId: string): Promise<Omit<QuizResults, 'status'>> {
  const test = await oneTest(q, companyId, testId);
  const people = await q.query<PersonRow>(
    `select u.id as user_id, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as name,
            u.department_id, d.name as department, p.name as position,
            (select count(*)::int from quiz_attempts a
              where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and ${STARTED_IN_ROUND}) as attempts,
            (select max(s.score)::int from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
              where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and ${IN_ROUND}) as best,
            (select min(s.submitted_at) from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
              where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and s.passed and ${IN_ROUND}) as passed_at,
            t.due_date < ${BANGKOK_TODAY} as overdue
       from quiz_tests t
       join users u on ${ASSIGNED}
       left join departments d on d.company_id = u.company_id and d.id = u.department_id
       left join positions p on p.company_id = u.company_id and p.id = u.position_id
      where t.company_id = $1 and t.id = $2
      order by d.name nulls last, name`,
    [companyId, testId],
  );
  const personResults = people.map((p) => ({
    userId: p.user_id,
    name: p.name,
    department: p.department,
    position: p.position,
    attempts: p.attempts,
    bestScore: p.best,
    passed: p.passed_at !== null,
    passedAt: p.passed_at ? new Date(p.passed_at).toISOString() : null,
    overdue: p.overdue && p.passed_at === null,
  }));
  const byDepartment = new Map<string, { departmentId: string | null; department: string | null; rows: typeof personResults }>();
  people.forEach((p, i) => {
    const key = p.department_id ?? '';
    const entry = byDepartment.get(key) ?? { departmentId: p.department_id, department: p.department, rows: [] };
    entry.rows.push(personResults[i]);
    byDepartment.set(key, entry);
  });
  const departments = [...byDepartment.values()].map(({ departmentId, department, rows }) => {
    const scored = rows.filter((r) => r.bestScore !== null);
    const passed = rows.filter((r) => r.passed).length;
    return {
      departmentId,
      department,
      assigned: rows.length,
      passed,
      passedPercent: rows.length ? Math.round((passed * 100) / rows.length) : 0,
      averageScore: scored.length ? Math.round(scored.reduce((n, r) => n + (r.bestScore ?? 0), 0) / scored.length) : null,
      overdue: rows.filter((r) => r.overdue).length,
    };
  });
  const sheets = await q.query<{ questions: DrawnQuestion[]; answers: { questionId: string; chosen: number[] }[] }>(
    `select a.questions, s.answers from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
       join quiz_tests t on t.company_id = a.company_id and t.id = a.test_id
      where a.company_id = $1 and a.test_id = $2 and ${IN_ROUND}`,
    [companyId, testId],
  );
  const tally = new Map<string, { question: DrawnQuestion; asked: number; missed: number }>();
  for (const sheet of sheets) {
    for (const question of sheet.questions) {
      const chosen = sheet.answers.find((a) => a.questionId === question._id)?.chosen ?? [];
      const right = chosen.length === question.correct.length && chosen.every((c) => question.correct.includes(c));
      const entry = tally.get(question._id) ?? { question, asked: 0, missed: 0 };
      entry.asked += 1;
      if (!right) entry.missed += 1;
      tally.set(question._id, entry);
    }
  }
  const questions = [...tally.values()]
    .map(({ question, asked, missed }) => ({
      questionId: question._id,
      text: question.text,
      topic: question.topic,
      asked,
      missed,
      missedPercent: Math.round((missed * 100) / asked),
    }))
    .sort((a, b) => b.missedPercent - a.missedPercent || b.missed - a.missed);
  return { test, people: personResults, departments, questions };
}

/** The results as one workbook: people, departments, questions; dates in the Buddhist era. */
export async function resultsXlsx(results: Omit<QuizResults, 'status'>, lang: Lang, companyName: string): Promise<Buffer> {
  const t = quizTexts[lang].quiz;
  const x = t.xlsx;
  const wb = new ExcelJS.Workbook();
  wb.creator = companyName;
  const font = { name: 'Tahoma', size: 10 };
  const sheet = (name: string, title: string, header: string[], rows: (string | number)[][], widths: number[]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 3 }] });
    ws.columns = widths.map((width) => ({ width }));
    ws.addRow([title]).font = { ...font, size: 13, bold: true };
    ws.addRow([
      `${companyName} — ${x.due}: ${formatDate(`${results.test.dueDate}T00:00:00+07:00`, lang)} — ${x.generated}: ${formatDate(new Date(), lang, true)}`,
    ]).font = font;
    const h = ws.addRow(header);
    h.eachCell((c) => {
      c.font = { ...font, bold: true };
      c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
    });
    for (const r of rows) ws.addRow(r).font = font;
    ws.autoFilter = { from: { row: 3, column: 1 }, to: { row: 3, column: header.length } };
  };
  const yes = (b: boolean) => (b ? x.yes : x.no);
  sheet(
    x.people_sheet,
    `${results.test.title} — ${x.people_sheet}`,
    [x.name, x.department, x.position, x.attempts, x.best, x.passed, x.passed_at, x.overdue],
    results.people.map((p) => [
      p.name,
      p.department ?? x.no_department,
      p.position ?? '',
      p.attempts,
      p.bestScore ?? '',
      yes(p.passed),
      p.passedAt ? formatDate(p.passedAt, lang, true) : '',
      yes(p.overdue),
    ]),
    [30, 24, 24, 10, 12, 10, 28, 12],
  );
  sheet(
    x.departments_sheet,
    `${results.test.title} — ${x.departments_sheet}`,
    [x.department, x.assigned, x.passed, x.passed_percent, x.average, x.overdue],
    results.departments.map((d) => [d.department ?? x.no_department, d.assigned, d.passed, d.passedPercent, d.averageScore ?? '', d.overdue]),
    [30, 12, 12, 14, 14, 12],
  );
  sheet(
    x.questions_sheet,
    `${results.test.title} — ${x.questions_sheet}`,
    [x.question, x.topic, x.asked, x.missed, x.missed_percent],
    results.questions.map((q) => [q.text[lang], t.topics[q.topic as keyof typeof t.topics] ?? q.topic, q.asked, q.missed, q.missedPercent]),
    [80, 22, 10, 10, 14],
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Results (menu 7, view): on screen and as XLSX, the evidence of staff awareness. */
export const quizResultRoutes = [
  route({
    method: 'GET',
    url: '/knowledge/results',
    access: read,
    query: resultsQuery,
    reply: resultsReply,
    handler: async ({ db, session, query }) => testResults(db, session.companyId, query.testId),
  }),
  route({
    method: 'GET',
    url: '/knowledge/results/export',
    access: read,
    query: resultsQuery,
    handler: async ({ db, session, query, lang, req, reply }) => {
      const results = await testResults(db, session.companyId, query.testId);
      const [company] = await db.query<{ code: string; detail: { nameTh?: string; nameEn?: string } }>(
        'select code, detail from companies where id = $1',
        [session.companyId],
      );
      const name = (lang === 'en' ? company.detail.nameEn : company.detail.nameTh) || company.code;
      const body = await resultsXlsx(results, lang, name);
      await auditExport({ db, session, req }, 'quiz_results', [query.testId], { format: 'xlsx', people: results.people.length });
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="knowledge-test-results.xlsx"')
        .send(body);
      return undefined;
    },
  }),
];
