import { Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FLAG_TRIGGERS, candidateFlagsBody, type Candidate, type CandidateFlags } from '../../contract/assessments';
import type { AppDataProvider } from '../../dataProvider';
import { CheckboxInput } from '../../src/components/CheckboxInput';
import { useNotifyError } from '../../src/components/ErrorToast';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { untilSaved } from '../../src/components/serverFieldError';
import { ASSESSMENT_CODES } from './assessmentUi';

const resolver = formResolver(candidateFlagsBody, 'ra.validation.required');

/** The DPIA triggers the ROPA's data cannot show (monitoring, new technology, automated decisions, a large scale stated by hand). */
export function FlagsDialog({ candidate, onClose }: { candidate: Candidate | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const save = useMutation({
    mutationFn: (flags: CandidateFlags) => dataProvider.setCandidateFlags({ id: candidate!.id, ...flags }),
  });
  const submit = (values: FieldValues) =>
    untilSaved((handlers) => save.mutate(values as CandidateFlags, handlers), {
      onSuccess: () => {
        notify('assessments.flags.saved', { type: 'success' });
        void queryClient.invalidateQueries({ queryKey: ['assessment-candidates'] });
        onClose();
      },
      onError: (error) => notifyError(error, ASSESSMENT_CODES.flags),
    });
  return (
    <FormDialog
      open={candidate !== null}
      title={translate('assessments.flags.title', { name: candidate?.name ?? '' })}
      record={{ ...candidate?.flags }}
      resolver={resolver}
      onSubmit={submit}
      onClose={onClose}
      busy={save.isPending}
      submitLabel="assessments.save"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('assessments.flags.hint')}
      </Typography>
      {FLAG_TRIGGERS.map((flag) => (
        <div key={flag}>
          <CheckboxInput source={flag} label={`assessments.triggers.${flag}`} />
        </div>
      ))}
    </FormDialog>
  );
}
