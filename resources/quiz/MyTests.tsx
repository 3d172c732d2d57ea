import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { MyTest } from '../../contract/quiz';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { SCREEN, dayStart, useQuizApi } from './quizApi';

const STATE_COLOUR = { todo: 'warning', in_progress: 'info', passed: 'success', failed_wait: 'error', failed_retry: 'error' } as const;

/** `/knowledge/my`: the tests the signed-in person must pass, each with its state and what to do next. */
export function MyTests() {
  const translate = useTranslate();
  const api = useQuizApi();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const [confirming, setConfirming] = useState<MyTest | null>(null);
  const tests = useQuery({ queryKey: ['knowledge', 'my', locale], queryFn: () => api.myQuizTests(), retry: false });
  const start = useMutation({
    mutationFn: (testId: string) => api.startQuizAttempt({ testId }),
    onSuccess: (attempt) => navigate(`/knowledge/my/attempt/${attempt._id}`),
    onError: (e) => (setConfirming(null), notifyError(e, SCREEN.start)),
  });
  if (tests.isPending)
    return (
      <Stack spacing={2}>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={120} aria-busy="true" />
        ))}
      </Stack>
    );
  if (tests.error) return <LoadFailed error={tests.error} onRetry={() => void tests.refetch()} />;
  const rows = tests.data ?? [];
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('quiz.my.intro')}
      </Typography>
      {rows.length === 0 ? <Alert severity="info">{translate('quiz.my.empty')}</Alert> : null}
      <Stack spacing={2}>
        {rows.map((t) => (
          <Card key={t._id} variant="outlined" data-testid="my-test">
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
                  {t.title}
                </Typography>
                <Chip size="small" color={STATE_COLOUR[t.state]} label={translate(`quiz.my.states.${t.state}`)} />
                {t.recurrence === 'yearly' ? <Chip size="small" variant="outlined" label={translate('quiz.my.yearly')} /> : null}
                {t.overdue ? <Chip size="small" color="error" variant="outlined" label={translate('quiz.my.overdue')} /> : null}
              </Stack>
              {t.description ? (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t.description}
                </Typography>
              ) : null}
              <Typography variant="body2" color="text.secondary">
                {translate('quiz.my.facts', { count: t.questionCount, minutes: t.timeLimitMinutes, mark: t.passMark })}
              </Typography>
              <Typography variant="body2" color={t.overdue ? 'error' : 'text.secondary'}>
                {translate('quiz.my.due', { date: formatDate(dayStart(t.dueDate), locale) })}
              </Typography>
              {t.bestScore !== null ? <Typography variant="body2">{translate('quiz.my.best', { score: t.bestScore })}</Typography> : null}
              {t.nextAttemptAt ? (
                <Typography variant="body2" color="text.secondary">
                  {translate(t.state === 'todo' ? 'quiz.my.round_from' : 'quiz.my.next_attempt', { date: formatDate(t.nextAttemptAt, locale, true) })}
                </Typography>
              ) : null}
            </CardContent>
            <CardActions>
              {(t.state === 'todo' && !t.nextAttemptAt) || t.state === 'failed_retry' ? (
                <Button variant="contained" onClick={() => setConfirming(t)}>
                  {translate(t.state === 'todo' ? 'quiz.my.start' : 'quiz.my.retake')}
                </Button>
              ) : null}
              {t.state === 'in_progress' && t.attemptId ? (
                <Button variant="contained" onClick={() => navigate(`/knowledge/my/attempt/${t.attemptId}`)}>
                  {translate('quiz.my.resume')}
                </Button>
              ) : null}
              {t.state === 'passed' && t.attemptId ? (
                <Button variant="outlined" onClick={() => navigate(`/knowledge/my/attempt/${t.attemptId}`)}>
                  {translate('quiz.my.view_result')}
                </Button>
              ) : null}
              {(t.state === 'failed_wait' || t.state === 'failed_retry') && t.attemptId ? (
                <Button onClick={() => navigate(`/knowledge/my/attempt/${t.attemptId}`)}>{translate('quiz.my.view_last')}</Button>
              ) : null}
            </CardActions>
          </Card>
        ))}
      </Stack>
      <Dialog open={!!confirming} onClose={() => setConfirming(null)}>
        <DialogContent>
          <Typography>{confirming ? translate('quiz.my.confirm_start', { minutes: confirming.timeLimitMinutes }) : ''}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={start.isPending} onClick={() => confirming && start.mutate(confirming._id)}>
            {translate('quiz.my.start')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
