import { standingListQuery, standingListReply, type StandingRow } from '../../../contract/quiz';
import { textAt } from '../../../i18n';
import { listExportRoute } from '../../bulk/export';
import { BANGKOK_TODAY, iso } from '../../db/rows';
import { likePattern } from '../../db/search';
import { route } from '../../http/route';
import { read } from './bank';
import { ASSIGNED, IN_ROUND, STARTED_IN_ROUND } from './tests';

interface Row {
  test_id: string;
  test: string;
  user_id: string;
  name: string;
  department_id: string | null;
  department: string | null;
  position: string | null;
  due_date: string;
  round: number;
  state: StandingRow['state'];
  passed_at: Date | string | null;
  failed: number;
  best: number | null;
}

/**
 * Every (test, person) of the company's active tests with the person's place in the test's current round:
 * passed (the first pass), overdue (past the due date, not passed), failed (attempts that did not pass,
 * before the due date), todo. The same pairs the dashboard's staff figures count (passRate.ts).
 */
const STANDING = `select t.id as test_id, t.title as test, u.id as user_id,
      coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as name,
      u.department_id, d.name as department, p.name as position, to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.round,
      x.passed_at, x.failed, x.best,
      case when x.passed_at is not null then 'passed' when t.due_date < ${BANGKOK_TODAY} then 'overdue'
           when x.failed > 0 then 'failed' else 'todo' end as state
    from quiz_tests t
    join users u on ${ASSIGNED}
    left join departments d on d.company_id = u.company_id and d.id = u.department_id
    left join positions p on p.company_id = u.company_id and p.id = u.position_id
    left join lateral (
      select (select min(s.submitted_at) from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
               where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and s.passed and ${IN_ROUND}) as passed_at,
             (select max(s.score)::int from quiz_attempts a join quiz_submissions s on s.attempt_id = a.id
               where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and ${IN_ROUND}) as best,
             (select count(*)::int from quiz_attempts a left join quiz_submissions s on s.attempt_id = a.id
               where a.company_id = t.company_id and a.test_id = t.id and a.user_id = u.id and ${STARTED_IN_ROUND}
                 and (s.passed = false or (s.attempt_id is null and now() > a.deadline_at))) as failed
    ) x on true
   where t.company_id = $1 and t.active`;

const SORTS = { name: 'name', department: 'department', test: 'test', dueDate: 'due_date', bestScore: 'best' } as const;

const toStanding = (r: Row): StandingRow => ({
  id: `${r.test_id}:${r.user_id}`,
  testId: r.test_id,
  test: r.test,
  userId: r.user_id,
  name: r.name,
  departmentId: r.department_id,
  department: r.department,
  position: r.position,
  dueDate: r.due_date,
  round: r.round,
  state: r.state,
  passedAt: r.passed_at ? iso(r.passed_at) : null,
  failedAttempts: r.failed,
  bestScore: r.best,
});

const standingList = route({
  method: 'GET',
  url: '/knowledge/standing',
  access: read,
  query: standingListQuery,
  reply: standingListReply,
  handler: async ({ db, session, query, reply }) => {
    const params: unknown[] = [session.companyId];
    const where: string[] = [];
    const { search, departmentId, testId, state } = query.filter;
    if (search?.trim()) {
      params.push(likePattern(search.trim()));
      where.push(`name ilike $${params.length}`);
    }
    if (departmentId) {
      params.push(departmentId);
      where.push(`department_id = $${params.length}`);
    }
    if (testId) {
      params.push(testId);
      where.push(`test_id = $${params.length}`);
    }
    if (state === 'not_passed') where.push(`state <> 'passed'`);
    else if (state) {
      params.push(state);
      where.push(`state = $${params.length}`);
    }
    const filtered = `select * from (${STANDING}) standing${where.length ? ` where ${where.join(' and ')}` : ''}`;
    const [field, direction] = query.sort;
    const dir = direction === 'DESC' ? 'desc' : 'asc';
    const [from, to] = query.range;
    const [[{ n: total }], rows] = await Promise.all([
      db.query<{ n: number }>(`select count(*)::int as n from (${filtered}) f`, params),
      db.query<Row>(
        `${filtered} order by ${SORTS[field]} ${dir} nulls last, name, test, test_id, user_id limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, to - from + 1, from],
      ),
    ]);
    reply.header('Content-Range', rows.length ? `knowledge-standing ${from}-${from + rows.length - 1}/${total}` : `knowledge-standing */${total}`);
    return { data: rows.map(toStanding), total };
  },
});

const stateText = (r: StandingRow, lang: 'th' | 'en') => textAt(lang, `quiz.standing.states.${r.state}`) ?? r.state;

/** The staff standing (menu 7, view): on screen, and as XLSX of what the screen shows. */
export const quizStandingRoutes = [
  standingList,
  listExportRoute<StandingRow>({
    list: standingList,
    url: '/knowledge/standing/export',
    title: 'quiz.standing.title',
    entity: 'quiz_results',
    paging: 'range',
    rows: (body) => body.data as StandingRow[],
    columns: [
      { label: 'quiz.standing.columns.name', value: (r) => r.name, width: 30 },
      { label: 'quiz.standing.columns.department', value: (r, lang) => r.department ?? textAt(lang, 'quiz.results.no_department') ?? '' },
      { label: 'quiz.standing.columns.position', value: (r) => r.position ?? '' },
      { label: 'quiz.standing.columns.test', value: (r) => r.test, width: 40 },
      { label: 'quiz.standing.columns.due', value: (r) => `${r.dueDate}T00:00:00+07:00`, kind: 'date', width: 18 },
      { label: 'quiz.standing.columns.state', value: stateText, width: 16 },
      { label: 'quiz.standing.columns.passed_at', value: (r) => r.passedAt, kind: 'datetime', width: 28 },
      { label: 'quiz.standing.columns.failed', value: (r) => r.failedAttempts, width: 14 },
      { label: 'quiz.standing.columns.best', value: (r) => r.bestScore, width: 12 },
    ],
  }),
];
