import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Form, NumberInput, SelectInput, useDataProvider, useGetOne, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { DPA_STATUSES, diligenceBody, type DiligenceRecord } from '../../contract/processors';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { SaveFailed, fieldErrorsOf } from '../../src/components/serverFieldError';
import { UnsavedChangesSpy, useLeaveGuard } from '../../src/components/unsavedChanges';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';
import { EvidenceInput } from '../transfers/EvidenceInput';
import { ProcessorWarnings } from './ProcessorDiligenceList';
import { PROCESSOR_CODES } from './processorUi';
import { QuestionnairePanel } from './QuestionnairePanel';
import { SubprocessorsEditor } from './SubprocessorsEditor';

const resolver = formResolver(diligenceBody, 'ra.validation.required');
const bodyOf = (r: DiligenceRecord) => ({
  dpaStatus: r.dpaStatus,
  dpaSignedOn: r.dpaSignedOn,
  dpaExpiresOn: r.dpaExpiresOn,
  dpaFile: null,
  removeDpaFile: false,
  breachNoticeHours: r.breachNoticeHours,
  reviewOn: r.reviewOn,
  subprocessors: r.subprocessors,
});

/** `/data-manage/processor-diligence/{processorId}`: a processor's agreement, sub-processors, breach notice, review date and questionnaires. */
export function ProcessorDiligenceForm() {
  const { processorId = '' } = useParams();
  const translate = useTranslate();
  const t = (key: string) => translate(`processors.fields.${key}`);
  const canEdit = useCanEdit('dataManage');
  const canOpenRisk = useCanEdit('riskManagement');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState(false);
  // one guard for the page's two forms (the router takes one blocker): the record's, and a questionnaire being addressed
  const [recordDirty, setRecordDirty] = useState(false);
  const [questionnaireDirty, setQuestionnaireDirty] = useState(false);
  useLeaveGuard(recordDirty || questionnaireDirty);
  const diligence = useGetOne<DiligenceRecord & RaRecord>('processor-diligence', { id: processorId });
  const record = useMemo(() => (diligence.data ? bodyOf(diligence.data) : undefined), [diligence.data]);
  const download = useMutation({
    mutationFn: () => dataProvider.downloadProcessorDpa({ id: processorId, name: diligence.data?.dpaFile?.name ?? 'dpa' }),
    onError: (e) => notifyError(e, PROCESSOR_CODES.file),
  });
  useEffect(() => {
    if (diligence.error) notifyError(diligence.error, PROCESSOR_CODES.list);
  }, [diligence.error, notifyError]);
  const save: SubmitHandler<FieldValues> = async (body) => {
    setBusy(true);
    try {
      await dataProvider.update('processor-diligence', { id: processorId, data: body, previousData: diligence.data });
      notify('processors.edit_success', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['processor-diligence'] });
    } catch (err) {
      const onField = fieldErrorsOf(err);
      if (onField) return onField;
      notifyError(err, PROCESSOR_CODES.save);
      throw new SaveFailed();
    } finally {
      setBusy(false);
    }
  };
  if (diligence.error) return <LoadFailed error={diligence.error} onRetry={() => void diligence.refetch()} screenCode={PROCESSOR_CODES.list} />;
  if (!diligence.data || !record) return <ScreenLoader />;
  const disabled = !canEdit;
  return (
    <Stack spacing={3}>
      <Form record={record} resolver={resolver} onSubmit={save} noValidate>
        <UnsavedChangesSpy onChange={setRecordDirty} />
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6">{diligence.data.name}</Typography>
            <ProcessorWarnings warnings={diligence.data.warnings} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <SelectInput
              source="dpaStatus"
              label={t('dpaStatus')}
              choices={DPA_STATUSES.map((s) => ({ id: s, name: `processors.statuses.${s}` }))}
              disabled={disabled}
              helperText={false}
            />
            <NumberInput
              source="breachNoticeHours"
              label={t('breachNoticeHours')}
              min={1}
              max={720}
              disabled={disabled}
              helperText={false}
              parse={(v: string) => (v === '' || v == null ? null : Number(v))}
            />
            <ThaiDateSourceInput source="dpaSignedOn" label={t('dpaSignedOn')} yearsBack={30} clearable />
            <ThaiDateSourceInput source="dpaExpiresOn" label={t('dpaExpiresOn')} yearsAhead={30} clearable />
            <ThaiDateSourceInput source="reviewOn" label={t('reviewOn')} yearsAhead={10} clearable />
            <TextField label={t('country')} value={diligence.data.country || '-'} size="small" slotProps={{ htmlInput: { readOnly: true } }} />
          </Box>
          <EvidenceInput
            source="dpaFile"
            removeSource="removeDpaFile"
            stored={diligence.data.dpaFile}
            onDownload={() => download.mutate()}
            disabled={disabled}
          />
          <SubprocessorsEditor disabled={disabled} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            {canEdit ? (
              <Button type="submit" variant="contained" disabled={busy} data-testid="diligence-save">
                {translate('processors.save')}
              </Button>
            ) : null}
            <Button component={Link} to="/data-manage/processor-diligence">
              {translate('processors.back')}
            </Button>
          </Box>
        </Stack>
      </Form>
      <QuestionnairePanel record={diligence.data} canEdit={canEdit} canOpenRisk={canOpenRisk} onDirtyChange={setQuestionnaireDirty} />
    </Stack>
  );
}
