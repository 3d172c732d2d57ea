import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  FormControlLabel,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Attempt } from '../../contract/quiz';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { AttemptResult } from './AttemptResult';
import { SCREEN, useBilingual, useQuizApi } from './quizApi';

/** Seconds left by the server's clock: the device's clock may be wrong, so only its elapsed time counts. */
function useSecondsLeft(attempt: Attempt | undefined) {
  const [now, setNow] = useState(() => Date.now());
  const [loadedAt] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!attempt) return 0;
  const serverNow = new Date(attempt.serverNow).getTime() + (now - loadedAt);
  return Math.max(0, Math.floor((new Date(attempt.deadlineAt).getTime() - serverNow) / 1000));
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** `/knowledge/my/attempt/:attemptId`: answering an open attempt within its time, or its result once closed. */
export function TakeTest() {
  const { attemptId = '' } = useParams();
  const translate = useTranslate();
  const api = useQuizApi();
  const text = useBilingual();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const key = ['knowledge', 'attempt', attemptId];
  const query = useQuery({ queryKey: key, queryFn: () => api.quizAttempt({ attemptId }), retry: false });
  const [answers, setAnswers] = useState<Record<string, number[]>>({});
  const [confirming, setConfirming] = useState(false);
  const secondsLeft = useSecondsLeft(query.data);
  const submit = useMutation({
    mutationFn: () =>
      api.submitQuizAttempt({ attemptId, body: { answers: Object.entries(answers).map(([questionId, chosen]) => ({ questionId, chosen })) } }),
    onSuccess: (attempt) => {
      setConfirming(false);
      queryClient.setQueryData(key, attempt);
      void queryClient.invalidateQueries({ queryKey: ['knowledge', 'my'] });
    },
    onError: (e) => {
      setConfirming(false);
      notifyError(e, SCREEN.submit);
      void query.refetch();
    },
  });
  if (query.isPending) return <Skeleton variant="rounded" height={300} aria-busy="true" />;
  if (query.error) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const attempt = query.data;
  const back = (
    <Button component={RouterLink} to="/knowledge/my" sx={{ mb: 2 }}>
      {translate('quiz.take.back')}
    </Button>
  );
  if (attempt.result) {
    return (
      <Box>
        {back}
        <AttemptResult attempt={attempt} />
      </Box>
    );
  }
  const total = attempt.questions.length;
  const answered = attempt.questions.filter((q) => (answers[q._id] ?? []).length > 0).length;
  const choose = (questionId: string, index: number, single: boolean, on: boolean) =>
    setAnswers((prev) => {
      const current = prev[questionId] ?? [];
      const next = single ? [index] : on ? [...current.filter((i) => i !== index), index].sort() : current.filter((i) => i !== index);
      return { ...prev, [questionId]: next };
    });
  return (
    <Box>
      {back}
      <Paper variant="outlined" sx={{ p: 2, mb: 2, position: 'sticky', top: 56, zIndex: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {attempt.title}
          </Typography>
          <Typography data-testid="time-left" color={secondsLeft < 60 ? 'error' : 'text.primary'} sx={{ fontWeight: 700 }}>
            {secondsLeft > 0 ? translate('quiz.take.time_left', { time: clock(secondsLeft) }) : translate('quiz.take.time_up')}
          </Typography>
          <Typography variant="body2">{translate('quiz.take.answered', { n: answered, total })}</Typography>
          <Button variant="contained" disabled={submit.isPending || secondsLeft <= 0} onClick={() => setConfirming(true)}>
            {translate('quiz.take.submit')}
          </Button>
        </Stack>
      </Paper>
      {secondsLeft <= 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }} action={<Button onClick={() => void query.refetch()}>{translate('app.retry')}</Button>}>
          {translate('quiz.take.time_up')}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        {attempt.questions.map((q, n) => (
          <Paper key={q._id} variant="outlined" sx={{ p: 2 }} data-testid="quiz-question">
            <Typography variant="caption" color="text.secondary">
              {translate('quiz.take.question_of', { n: n + 1, total })}
              {q.kind === 'multiple' ? ` · ${translate('quiz.take.choose_all')}` : ''}
            </Typography>
            <Typography sx={{ mb: 1, fontWeight: 500 }}>{text(q.text)}</Typography>
            <Stack>
              {q.choices.map((c, i) => {
                const checked = (answers[q._id] ?? []).includes(i);
                const Control = q.kind === 'single' ? Radio : Checkbox;
                return (
                  <FormControlLabel
                    key={i}
                    control={<Control checked={checked} onChange={(e) => choose(q._id, i, q.kind === 'single', e.target.checked)} />}
                    label={text(c)}
                  />
                );
              })}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogContent>
          <Typography>{translate('quiz.take.confirm_submit')}</Typography>
          {answered < total ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate('quiz.take.unanswered', { n: total - answered })}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={submit.isPending} onClick={() => submit.mutate()}>
            {translate('quiz.take.submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
