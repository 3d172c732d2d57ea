import { MENU } from '../../../contract/menus';
import { standingListQuery, standingListReply, teamDepartmentsReply, type StandingRow } from '../../../contract/quiz';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
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

type StandingQuery = z.infer<typeof standingListQuery>;

/** One page of the standing, counted; `departments` keeps it to those departments (a head's own). */
async function standingPage(db: Queryable, companyId: string, query: StandingQuery, departments?: string[]) {
  const params: unknown[] = [companyId];
  const where: string[] = [];
  const { search, departmentId, testId, state } = query.filter;
  if (departments) {
    params.push(departments);
    where.push(`department_id = any($${params.length}::uuid[])`);
  }
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
  return { data: rows.map(toStanding), total, from };
}

const contentRange = (resource: string, { data, total, from }: { data: unknown[]; total: number; from: number }) =>
  data.length ? `${resource} ${from}-${from + data.length - 1}/${total}` : `${resource} */${total}`;

const standingList = route({
  method: 'GET',
  url: '/knowledge/standing',
  access: read,
  query: standingListQuery,
  reply: standingListReply,
  handler: async ({ db, session, query, reply }) => {
    const page = await standingPage(db, session.companyId, query);
    reply.header('Content-Range', contentRange('knowledge-standing', page));
    return { data: page.data, total: page.total };
  },
});

/** Everyone who takes tests (menu 19); what they see is only the departments they head. */
const team = { menuId: MENU.knowledge.menuId } as const;
const headedBy = async (db: Queryable, companyId: string, userId: string) =>
  // a head made a contact since is no head: the team is a staff member's
  db.query<{ id: string; name: string }>(
    `select d.id, d.name from departments d join users h on h.company_id = d.company_id and h.id = d.head_user_id
      where d.company_id = $1 and d.head_user_id = $2 and h.sub_id is null order by lower(d.name), d.id`,
    [companyId, userId],
  );

const teamRoutes = [
  route({
    method: 'GET',
    url: '/knowledge/team/departments',
    access: team,
    reply: teamDepartmentsReply,
    handler: async ({ db, session }) => ({ data: await headedBy(db, session.companyId, session.userId) }),
  }),
  route({
    method: 'GET',
    url: '/knowledge/team',
    access: team,
    query: standingListQuery,
    reply: standingListReply,
    handler: async ({ db, session, query, reply }) => {
      // a person who heads no department has no team: an empty list (the screen shows no tab for them)
      const departments = (await headedBy(db, session.companyId, session.userId)).map((d) => d.id);
      const page = await standingPage(db, session.companyId, query, departments);
      reply.header('Content-Range', contentRange('knowledge-team', page));
      return { data: page.data, total: page.total };
    },
  }),
];

const stateText = (r: StandingRow, lang: 'th' | 'en') => textAt(lang, `quiz.standing.states.${r.state}`) ?? r.state;

/** The staff standing (menu 7, view): on screen, and as XLSX of what the screen shows; a department head's own (menu 19). */
export const quizStandingRoutes = [
  standingList,
  ...teamRoutes,
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
