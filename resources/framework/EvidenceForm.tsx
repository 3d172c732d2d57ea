import { Box, Button, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Form, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { bangkokDay } from '../../contract/clock';
import { frameworkEvidenceBody, type FrameworkEvidenceBody, type FrameworkRequirementId } from '../../contract/framework';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';
import { FRAMEWORK_CODES } from './codes';

/** Attaches evidence to a requirement: what it shows, a document's reference and its day; the score moves at once. */
export function EvidenceForm({ requirementId, onSaved }: { requirementId: FrameworkRequirementId; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const resolver = useMemo(() => formResolver(frameworkEvidenceBody, 'framework.required'), []);
  const save = useMutation({
    mutationFn: (body: FrameworkEvidenceBody) => dataProvider.addFrameworkEvidence(body),
    onSuccess: () => {
      notify('framework.evidence_saved', { type: 'success' });
      void client.invalidateQueries({ queryKey: ['framework'] });
      void client.invalidateQueries({ queryKey: ['framework-requirements'] });
      onSaved();
    },
    onError: (e) => notifyError(e, FRAMEWORK_CODES.evidence),
  });
  // no `id`: the contract's schema is strict, an unknown key would refuse the form
  const record = { requirementId, note: '', reference: '', evidencedOn: bangkokDay() };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }} data-testid="framework-evidence-form">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        {translate('framework.evidence_add')}
      </Typography>
      <Form
        record={record}
        resolver={resolver}
        onSubmit={(v: Record<string, string>) =>
          save.mutate({ requirementId, note: v.note, reference: v.reference ?? '', evidencedOn: v.evidencedOn })
        }
        warnWhenUnsavedChanges
        noValidate
      >
        <TextInput source="note" label={translate('framework.evidence_note')} multiline minRows={2} fullWidth />
        <TextInput source="reference" label={translate('framework.evidence_reference')} fullWidth />
        <ThaiDateSourceInput source="evidencedOn" label={translate('framework.evidence_day')} yearsBack={10} />
        <Box sx={{ mt: 1 }}>
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="framework-evidence-save">
            {translate('framework.evidence_add')}
          </Button>
        </Box>
      </Form>
    </Box>
  );
}
