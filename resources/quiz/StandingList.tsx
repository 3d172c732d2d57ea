import { Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { Datagrid, FunctionField, SelectInput, TextInput, useGetList, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { STANDING_FILTER_STATES, type QuizTest, type StandingRow } from '../../contract/quiz';
import { formatDate } from '../../i18n/dates';
import { ListFilters } from '../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { MENU } from '../../contract/menus';
import { useServerMenu } from '../../src/layout/useServerMenu';
import { SCREEN, dayStart, useQuizApi } from './quizApi';

type Row = StandingRow & RaRecord;
/** A filter's label always sits on its border; the blank choice reads "any". */
const SHRUNK = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;
const STATE_COLOUR = { passed: 'success', todo: 'warning', failed: 'error', overdue: 'error' } as const;

/** What a link may name (the dashboard's staff figures): the department, the test, the state. */
export const STANDING_LINK_FILTERS = { departmentId: 'text', testId: 'text', state: STANDING_FILTER_STATES } as const;

/** A person's place: passed with its date, or not yet / not passed (with the failed attempts) / overdue. */
function StandingState({ row }: { row: Row }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const label =
    row.state === 'passed' && row.passedAt
      ? translate('quiz.standing.passed_on', { date: formatDate(row.passedAt, locale) })
      : translate(`quiz.standing.states.${row.state}`);
  return (
    <>
      <Chip size="small" color={STATE_COLOUR[row.state]} variant={row.state === 'todo' ? 'outlined' : 'filled'} label={label} />
      {row.state !== 'passed' && row.failedAttempts > 0 ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {translate('quiz.standing.failed_count', { count: row.failedAttempts })}
        </Typography>
      ) : null}
    </>
  );
}

/** The departments a department head heads (none for most people): their team tab and its department filter. */
export function useTeamDepartments() {
  const api = useQuizApi();
  const { menu } = useServerMenu();
  const takesTests = menu.some((m) => m.menuId === MENU.knowledge.menuId);
  return useQuery({ queryKey: ['knowledge', 'team-departments'], queryFn: () => api.quizTeamDepartments(), retry: false, enabled: takesTests });
}

/**
 * `/knowledge/manage/standing` (menu 7, view): every person who must take an active test, with their place
 * in its current round, for their managers; searched by name, filtered by department, test and state, 20 a page.
 * `team`: `/knowledge/my/team` (menu 19), the same list of the departments the signed-in person heads alone.
 */
export function StandingList({ team = false }: { team?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const api = useQuizApi();
  const assignees = useQuery({ queryKey: ['knowledge', 'assignees'], queryFn: () => api.quizAssignees(), retry: false, enabled: !team });
  const headed = useTeamDepartments();
  const departments = team ? (headed.data ?? []).map((d) => ({ _id: d.id, name: d.name })) : (assignees.data?.departments ?? []);
  // the tests' list is menu 7's: a head's team list has no test filter
  const tests = useGetList<QuizTest & RaRecord>('knowledge-tests', { pagination: { page: 1, perPage: 100 } }, { enabled: !team });
  const select = { slotProps: SHRUNK, helperText: false as const, emptyText: 'quiz.standing.any' };
  // a person who heads no department (the path typed by hand) has no team: their own tests
  if (team && headed.data && !headed.data.length) return <Navigate to="/knowledge/my" replace />;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(team ? 'quiz.team.intro' : 'quiz.standing.intro', { departments: departments.map((d) => d.name).join(', ') })}
      </Typography>
      <PagedList
        resource={team ? 'knowledge-team' : 'knowledge-standing'}
        screenCode={team ? SCREEN.team : SCREEN.standing}
        sort={{ field: 'dueDate', order: 'ASC' }}
        syncWithLocation
        linkFilters={STANDING_LINK_FILTERS}
        tools={team ? { savedFilters: true, what: 'quiz.team.title' } : { export: true, savedFilters: true, what: 'quiz.standing.title' }}
      >
        <ListFilters searchButton>
          <TextInput source="search" label="quiz.standing.search" helperText={false} resettable={false} />
          {/* a head of one department has nothing to choose */}
          {team && departments.length < 2 ? null : (
            <SelectInput
              {...select}
              source="departmentId"
              label="quiz.standing.columns.department"
              choices={departments}
              optionValue="_id"
              translateChoice={false}
              sx={{ minWidth: 200 }}
            />
          )}
          {team ? null : (
            <SelectInput
              {...select}
              source="testId"
              label="quiz.standing.columns.test"
              choices={(tests.data ?? []).filter((t) => t.active)}
              optionText="title"
              translateChoice={false}
              sx={{ minWidth: 240 }}
            />
          )}
          <SelectInput
            {...select}
            source="state"
            label="quiz.standing.columns.state"
            choices={STANDING_FILTER_STATES.map((s) => ({ id: s, name: `quiz.standing.states.${s}` }))}
            sx={{ minWidth: 180 }}
          />
        </ListFilters>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          body={rowsWith((r) => ({ 'data-testid': 'standing-row', 'data-state': String(r.state) }))}
          empty={<ListLooks />}
          sx={{ overflowX: 'auto' }}
        >
          <RowNumberField label="common.number" />
          <FunctionField<Row> label="quiz.standing.columns.name" sortBy="name" render={(r) => r.name} />
          <FunctionField<Row>
            label="quiz.standing.columns.department"
            sortBy="department"
            render={(r) => r.department ?? translate('quiz.results.no_department')}
          />
          <FunctionField<Row> label="quiz.standing.columns.position" sortable={false} render={(r) => r.position ?? '-'} />
          <FunctionField<Row> label="quiz.standing.columns.test" sortBy="test" render={(r) => r.test} />
          <FunctionField<Row>
            label="quiz.standing.columns.due"
            sortBy="dueDate"
            sx={{ whiteSpace: 'nowrap' }}
            render={(r) => formatDate(dayStart(r.dueDate), locale)}
          />
          <FunctionField<Row> label="quiz.standing.columns.state" sortable={false} render={(r) => <StandingState row={r} />} />
          <FunctionField<Row>
            label="quiz.standing.columns.best"
            sortBy="bestScore"
            sx={{ whiteSpace: 'nowrap' }}
            render={(r) => (r.bestScore === null ? '-' : `${r.bestScore}%`)}
          />
        </Datagrid>
      </PagedList>
    </>
  );
}
