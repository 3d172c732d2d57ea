import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useGetOne, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AssessmentDetail } from '../../contract/assessments';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { useConfirmedDelete } from '../../src/components/useConfirmedDelete';
import { OutcomeCell, StateChip, TriggerChips } from './AssessmentChips';
import { AnswersForm } from './AnswersForm';
import { ASSESSMENT_CODES } from './assessmentUi';
import { ExportButtons } from './ExportButtons';
import { OpinionPanel } from './OpinionPanel';
import { RoundsHistory } from './RoundsHistory';
import { SignOffPanel } from './SignOffPanel';

/** A list fills react-admin's getOne cache with its rows (no questions, no answers): the page reads its own key. */
const DETAIL = { detail: true };

/** `/assessments/edit/:id`: one DPIA or LIA: its questionnaire and risks, the DPO's opinion, the sign-off, its rounds, its files. */
export function AssessmentEdit() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('assessments');
  const navigate = useNavigate();
  // a draft may go (a signed one is kept: the server refuses)
  const remove = useConfirmedDelete<AssessmentDetail & RaRecord>('assessments', {
    deleted: 'assessments.deleted',
    screenCode: ASSESSMENT_CODES.remove,
    invalidate: ['assessments'],
    onDeleted: () => navigate('/assessments/list'),
  });
  const { data, error, refetch } = useGetOne<AssessmentDetail & RaRecord>('assessments', { id, meta: DETAIL }, { retry: false });
  useEffect(() => {
    if (error) notifyError(error, ASSESSMENT_CODES.load);
  }, [error, notifyError]);
  if (error) return <LoadFailed error={error} onRetry={() => void refetch()} screenCode={ASSESSMENT_CODES.load} />;
  if (!data) return <ScreenLoader />;
  const signed = data.state === 'signed';
  return (
    <Stack spacing={2} data-testid="assessment-edit" data-state={data.state}>
      <Box>
        <Button component={Link} to="/assessments/list" startIcon={<ArrowBackIcon />} size="small">
          {translate('assessments.back')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          {translate(`assessments.kinds.${data.kind}`)} · {data.activity}
        </Typography>
        <Chip size="small" variant="outlined" label={translate('assessments.round', { round: data.round })} />
        <StateChip state={data.state} />
        <OutcomeCell row={data} />
        <Box sx={{ flex: 1 }} />
        {canEdit && !signed ? (
          <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => remove.ask(data)} data-testid="assessment-delete">
            {translate('assessments.delete_draft')}
          </Button>
        ) : null}
        <ExportButtons assessment={data} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('assessments.form.template', { name: data.templateName, version: data.templateVersion })} ·{' '}
        {translate('assessments.form.created', { name: data.createdBy?.name ?? '-', date: formatDate(data.created_dt, locale) })}
      </Typography>
      {data.kind === 'dpia' ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">{translate('assessments.candidates.triggers')}:</Typography>
          <TriggerChips triggers={data.triggers} />
        </Box>
      ) : null}
      {signed ? (
        <Alert severity="info" data-testid="read-only">
          {translate('assessments.form.read_only')}
        </Alert>
      ) : null}
      <AnswersForm assessment={data} readOnly={signed || !canEdit} />
      <OpinionPanel assessment={data} canEdit={canEdit} />
      <SignOffPanel assessment={data} canEdit={canEdit} />
      <RoundsHistory assessment={data} />
      {remove.dialog}
    </Stack>
  );
}
