import ReplayIcon from '@mui/icons-material/Replay';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { AssessmentDetail } from '../../contract/assessments';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { ApproveDialog } from '../../src/components/ApproveDialog';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ASSESSMENT_CODES, assessmentPath } from './assessmentUi';

/**
 * The sign-off by a person who neither made nor changed the assessment (the server refuses its authors): why it
 * cannot be signed yet when it cannot; once signed, who signed it and when, and the start of the next round.
 */
export function SignOffPanel({ assessment, canEdit }: { assessment: AssessmentDetail; canEdit: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [asking, setAsking] = useState(false);
  const what = `${translate(`assessments.kinds_short.${assessment.kind}`)} · ${assessment.activity} (${translate('assessments.round', { round: assessment.round })})`;
  const sign = useMutation({
    mutationFn: () => dataProvider.signAssessment({ id: assessment.id }),
    onSuccess: () => {
      setAsking(false);
      notify('assessments.sign.signed', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['assessments'] });
      void queryClient.invalidateQueries({ queryKey: ['assessment-candidates'] });
    },
    onError: (error) => {
      setAsking(false);
      notifyError(error, ASSESSMENT_CODES.sign);
    },
  });
  const round = useMutation({
    mutationFn: () => dataProvider.nextAssessmentRound({ id: assessment.id }),
    onSuccess: (next) => {
      notify('assessments.sign.round_started', { type: 'success', messageArgs: { round: next.round } });
      void queryClient.invalidateQueries({ queryKey: ['assessments'] });
      navigate(assessmentPath(next.id));
    },
    onError: (error) => notifyError(error, ASSESSMENT_CODES.round),
  });
  const authors = assessment.authors.map((a) => a.name).join(', ') || '-';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="sign-title" data-testid="sign-panel">
      <Typography variant="h6" component="h3" id="sign-title" sx={{ mb: 1 }}>
        {translate('assessments.sign.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('assessments.sign.authors', { names: authors })}
      </Typography>
      {assessment.state === 'signed' ? (
        <>
          <Alert severity="success" icon={<VerifiedIcon />} sx={{ mb: 1 }} data-testid="signed-by">
            {translate('assessments.sign.signed_by', {
              name: assessment.signedBy?.name ?? '-',
              date: assessment.signed_dt ? formatDate(assessment.signed_dt, locale, true) : '-',
            })}
          </Alert>
          {assessment.kind === 'dpia' ? (
            <Box sx={{ mb: 1 }} data-testid="written-back">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {translate('assessments.sign.written_back')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button size="small" component={Link} to="/risk-management/event">
                  {translate('assessments.sign.risk_register')}
                </Button>
                <Button size="small" component={Link} to={`/ropa/activity/create/${encodeURIComponent(assessment.activityId)}`}>
                  {translate('assessments.sign.activity')}
                </Button>
              </Box>
            </Box>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('assessments.sign.immutable')}
          </Typography>
          {canEdit ? (
            <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => round.mutate()} disabled={round.isPending} data-testid="next-round">
              {translate('assessments.sign.next_round')}
            </Button>
          ) : null}
        </>
      ) : (
        <>
          {assessment.canSign !== 'yes' ? (
            <Alert severity="info" sx={{ mb: 1 }} data-testid="sign-blocked">
              {translate(`assessments.sign.why_not.${assessment.canSign}`)}
            </Alert>
          ) : null}
          {canEdit ? (
            <Box>
              <Button
                variant="contained"
                color="success"
                startIcon={<VerifiedIcon />}
                disabled={assessment.canSign !== 'yes' || sign.isPending}
                onClick={() => setAsking(true)}
                data-testid="sign-button"
              >
                {translate('assessments.sign.button')}
              </Button>
            </Box>
          ) : null}
        </>
      )}
      <ApproveDialog open={asking} name={what} onConfirm={() => sign.mutate()} onClose={() => setAsking(false)} busy={sign.isPending}>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('assessments.sign.confirm_note')}
        </Typography>
      </ApproveDialog>
    </Paper>
  );
}
