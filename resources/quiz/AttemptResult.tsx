import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { Attempt } from '../../contract/quiz';
import { useNotifyError } from '../../src/components/ErrorToast';
import { SCREEN, useBilingual, useQuizApi } from './quizApi';

/** A closed attempt: the score, the certificate of a pass, and every question with the right answers and why. */
export function AttemptResult({ attempt }: { attempt: Attempt }) {
  const translate = useTranslate();
  const api = useQuizApi();
  const text = useBilingual();
  const notifyError = useNotifyError();
  const certificate = useMutation({ mutationFn: api.downloadQuizCertificate, onError: (e) => notifyError(e, SCREEN.certificate) });
  const result = attempt.result!;
  const heading = result.passed ? 'quiz.result.passed' : result.submittedAt ? 'quiz.result.failed' : 'quiz.result.timed_out';
  return (
    <Box>
      <Alert severity={result.passed ? 'success' : 'warning'} sx={{ mb: 2 }} data-testid="quiz-result">
        <Typography variant="h6" component="p">
          {translate(heading)}
        </Typography>
        <Typography>
          {translate('quiz.result.score', {
            score: result.score,
            right: result.correctCount,
            total: attempt.questions.length,
            mark: attempt.passMark,
          })}
        </Typography>
        {result.certificateCode ? <Typography>{translate('quiz.result.code', { code: result.certificateCode })}</Typography> : null}
      </Alert>
      {result.passed && result.certificateCode ? (
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          sx={{ mb: 2 }}
          disabled={certificate.isPending}
          onClick={() => certificate.mutate({ attemptId: attempt._id, code: result.certificateCode! })}
        >
          {translate('quiz.result.certificate')}
        </Button>
      ) : null}
      <Stack spacing={2}>
        {result.questions.map((q, n) => (
          <Paper key={q._id} variant="outlined" sx={{ p: 2, borderColor: q.right ? 'success.light' : 'error.light' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              {q.right ? <CheckCircleIcon color="success" /> : <CancelIcon color="error" />}
              <Typography variant="caption" color="text.secondary">
                {translate('quiz.take.question_of', { n: n + 1, total: result.questions.length })}
              </Typography>
              <Chip size="small" label={translate(q.right ? 'quiz.result.right' : 'quiz.result.wrong')} color={q.right ? 'success' : 'error'} />
            </Stack>
            <Typography sx={{ fontWeight: 500, mb: 1 }}>{text(q.text)}</Typography>
            <Typography variant="body2">
              <b>{translate('quiz.result.your_answer')}:</b>{' '}
              {q.chosen.length ? q.chosen.map((i) => text(q.choices[i])).join(' · ') : translate('quiz.result.none')}
            </Typography>
            <Typography variant="body2" color="success.main">
              <b>{translate('quiz.result.correct_answer')}:</b> {q.correct.map((i) => text(q.choices[i])).join(' · ')}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              <b>{translate('quiz.result.explanation')}:</b> {text(q.explanation)}
            </Typography>
            {q.reference ? (
              <Typography variant="caption" color="text.secondary">
                {translate('quiz.result.reference')}: {q.reference}
              </Typography>
            ) : null}
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
