import { Box, Button, Paper, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, TextInput, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { assessmentOpinionBody, type AssessmentDetail } from '../../contract/assessments';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { untilSaved } from '../../src/components/serverFieldError';
import { ASSESSMENT_CODES } from './assessmentUi';

const resolver = formResolver(assessmentOpinionBody, 'assessments.opinion.required');

/** The DPO's opinion (s.42): who gave it and when; while the assessment is a draft, it may be given or changed. */
export function OpinionPanel({ assessment, canEdit }: { assessment: AssessmentDetail; canEdit: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const give = useMutation({ mutationFn: (opinion: string) => dataProvider.giveAssessmentOpinion({ id: assessment.id, opinion }) });
  const submit: SubmitHandler<FieldValues> = (values) =>
    untilSaved((handlers) => give.mutate(String(values.opinion), handlers), {
      onSuccess: () => {
        notify('assessments.opinion.saved', { type: 'success' });
        void queryClient.invalidateQueries({ queryKey: ['assessments'] });
      },
      onError: (error) => notifyError(error, ASSESSMENT_CODES.opinion),
    });
  const editable = canEdit && assessment.state === 'draft';
  const given = assessment.dpoOpinion_dt ? (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="opinion-by">
      {translate('assessments.opinion.given_by', {
        name: assessment.dpoOpinionBy?.name ?? '-',
        date: formatDate(assessment.dpoOpinion_dt, locale, true),
      })}
    </Typography>
  ) : null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="opinion-title" data-testid="opinion-panel">
      <Typography variant="h6" component="h3" id="opinion-title" sx={{ mb: 1 }}>
        {translate('assessments.opinion.title')}
      </Typography>
      {editable ? (
        <Form
          record={{ opinion: assessment.dpoOpinion }}
          resolver={resolver}
          onSubmit={submit}
          warnWhenUnsavedChanges
          noValidate
          key={assessment.updated_dt}
        >
          <TextInput source="opinion" label="assessments.opinion.text" fullWidth multiline minRows={3} helperText="assessments.opinion.hint" />
          {given}
          <Box sx={{ mt: 1 }}>
            <Button type="submit" variant="outlined" disabled={give.isPending} data-testid="opinion-save">
              {translate('assessments.opinion.save')}
            </Button>
          </Box>
        </Form>
      ) : (
        <>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="opinion-text">
            {assessment.dpoOpinion || translate('assessments.opinion.none')}
          </Typography>
          {given}
        </>
      )}
    </Paper>
  );
}
