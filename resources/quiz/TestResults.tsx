import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { SCREEN, dayStart, useBilingual, useQuizApi } from './quizApi';

const Head = ({ keys }: { keys: string[] }) => {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        {keys.map((k) => (
          <TableCell key={k} sx={{ fontWeight: 700 }}>
            {translate(`quiz.results.columns.${k}`)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
};

/** `/knowledge/manage/tests/:testId/results`: who passed, by department and person, and the questions most missed; XLSX. */
export function TestResults() {
  const { testId = '' } = useParams();
  const translate = useTranslate();
  const api = useQuizApi();
  const text = useBilingual();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const [tab, setTab] = useState<'departments' | 'people' | 'questions'>('departments');
  const query = useQuery({ queryKey: ['knowledge', 'results', testId], queryFn: () => api.quizResults({ testId }), retry: false });
  const exportXlsx = useMutation({ mutationFn: () => api.exportQuizResults({ testId }), onError: (e) => notifyError(e, SCREEN.export) });
  const back = (
    <Button component={RouterLink} to="/knowledge/manage/tests" sx={{ mb: 1 }}>
      {translate('quiz.results.back')}
    </Button>
  );
  if (query.isPending) return <Skeleton variant="rounded" height={240} aria-busy="true" />;
  if (query.error)
    return (
      <Box>
        {back}
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  const { test, people, departments, questions } = query.data;
  const noDept = translate('quiz.results.no_department');
  const empty = (key: string, columns: number) => (
    <TableRow>
      <TableCell colSpan={columns} sx={{ textAlign: 'center', py: 4 }}>
        {translate(key)}
      </TableCell>
    </TableRow>
  );
  return (
    <Box>
      {back}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('quiz.results.title', { title: test.title })}
        </Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={exportXlsx.isPending} onClick={() => exportXlsx.mutate()}>
          {translate('quiz.results.export')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate('quiz.my.due', { date: formatDate(dayStart(test.dueDate), locale) })} ·{' '}
        {translate('quiz.results.summary', { passed: test.passed, assigned: test.assigned })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={test.assigned ? (test.passed * 100) / test.assigned : 0}
        sx={{ my: 1, height: 8, borderRadius: 4 }}
      />
      <Tabs value={tab} onChange={(_, t: typeof tab) => setTab(t)} sx={{ mb: 1 }}>
        {(['departments', 'people', 'questions'] as const).map((t) => (
          <Tab key={t} value={t} label={translate(`quiz.results.tabs.${t}`)} />
        ))}
      </Tabs>
      <TableContainer component={Paper} variant="outlined">
        {tab === 'departments' ? (
          <Table size="small" data-testid="results-departments">
            <Head keys={['department', 'assigned', 'passed', 'passed_percent', 'average', 'overdue']} />
            <TableBody>
              {departments.map((d) => (
                <TableRow key={d.departmentId ?? 'none'}>
                  <TableCell>{d.department ?? noDept}</TableCell>
                  <TableCell>{d.assigned}</TableCell>
                  <TableCell>{d.passed}</TableCell>
                  <TableCell>{d.passedPercent}%</TableCell>
                  <TableCell>{d.averageScore ?? '–'}</TableCell>
                  <TableCell>{d.overdue ? <Chip size="small" color="error" label={d.overdue} /> : 0}</TableCell>
                </TableRow>
              ))}
              {departments.length === 0 ? empty('quiz.results.empty_people', 6) : null}
            </TableBody>
          </Table>
        ) : null}
        {tab === 'people' ? (
          <Table size="small" data-testid="results-people">
            <Head keys={['name', 'department', 'position', 'attempts', 'best', 'status', 'passed_at']} />
            <TableBody>
              {people.map((p) => (
                <TableRow key={p.userId}>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>{p.department ?? noDept}</TableCell>
                  <TableCell>{p.position ?? ''}</TableCell>
                  <TableCell>{p.attempts}</TableCell>
                  <TableCell>{p.bestScore ?? '–'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={p.passed ? 'success' : p.overdue ? 'error' : 'default'}
                      label={translate(p.passed ? 'quiz.results.passed' : p.overdue ? 'quiz.results.overdue' : 'quiz.results.not_passed')}
                    />
                  </TableCell>
                  <TableCell>{p.passedAt ? formatDate(p.passedAt, locale) : ''}</TableCell>
                </TableRow>
              ))}
              {people.length === 0 ? empty('quiz.results.empty_people', 7) : null}
            </TableBody>
          </Table>
        ) : null}
        {tab === 'questions' ? (
          <Table size="small" data-testid="results-questions">
            <Head keys={['question', 'topic', 'asked', 'missed', 'missed_percent']} />
            <TableBody>
              {questions.map((q) => (
                <TableRow key={q.questionId}>
                  <TableCell sx={{ maxWidth: 560 }}>{text(q.text)}</TableCell>
                  <TableCell>{translate(`quiz.topics.${q.topic}`)}</TableCell>
                  <TableCell>{q.asked}</TableCell>
                  <TableCell>{q.missed}</TableCell>
                  <TableCell>{q.missedPercent}%</TableCell>
                </TableRow>
              ))}
              {questions.length === 0 ? empty('quiz.results.empty_questions', 5) : null}
            </TableBody>
          </Table>
        ) : null}
      </TableContainer>
    </Box>
  );
}
