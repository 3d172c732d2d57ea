import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { SystemBreaches } from './SystemBreaches';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Form, SelectInput, TextInput, useDataProvider, useGetOne, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { systemBody, type SystemBody, type SystemRecord } from '../../contract/datamap';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { fieldErrorsOf } from '../../src/components/serverFieldError';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { MultiPickInput } from './Pickers';
import { SYSTEM_CODES } from './SystemList';
import { TransfersEditor } from './TransfersEditor';
import { SystemTransfers } from '../transfers/SystemTransfers';
import { ConnectionSection } from '../connectors/ConnectionSection';

const EMPTY: SystemBody = { ...systemBody.parse({ name: '-' }), name: '' };
const bodyOf = (r: SystemRecord): SystemBody => {
  const keys = Object.keys(systemBody.shape) as (keyof SystemBody)[];
  return Object.fromEntries(keys.map((k) => [k, r[k]])) as SystemBody;
};
const resolver = formResolver(systemBody, 'ra.validation.required');

/** `/data-manage/add/{dataId?}`: one system or data set, entered once for every ROPA record that uses it. */
export function SystemForm() {
  const { dataId } = useParams();
  const translate = useTranslate();
  const t = (key: string) => translate(`datamap.systems.${key}`);
  const canEdit = useCanEdit('dataManage');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState(false);
  const choices = useQuery({ queryKey: ['datamap-systems', 'choices'], queryFn: () => dataProvider.datamapChoices() });
  const system = useGetOne<SystemRecord & RaRecord>('datamap-systems', { id: dataId! }, { enabled: Boolean(dataId) });
  const record = useMemo(() => (system.data ? bodyOf(system.data) : EMPTY), [system.data]);
  useEffect(() => {
    if (system.error) notifyError(system.error, SYSTEM_CODES.list);
    if (choices.error) notifyError(choices.error, SYSTEM_CODES.choices);
  }, [system.error, choices.error, notifyError]);
  /** Saves; a server refusal naming a field is given back to the form, which shows it on that field. */
  const save: SubmitHandler<FieldValues> = async (body) => {
    setBusy(true);
    try {
      if (dataId) await dataProvider.update('datamap-systems', { id: dataId, data: body, previousData: system.data });
      else await dataProvider.create('datamap-systems', { data: body });
      notify(dataId ? 'datamap.systems.edit_success' : 'datamap.systems.add_success', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['datamap-systems'] });
      navigate('/data-manage/list');
    } catch (err) {
      const onField = fieldErrorsOf(err);
      if (onField) return onField;
      notifyError(err, SYSTEM_CODES.save);
    } finally {
      setBusy(false);
    }
  };
  if (dataId && system.error) return <LoadFailed error={system.error} onRetry={() => void system.refetch()} screenCode={SYSTEM_CODES.list} />;
  if (dataId && system.isPending) return <ScreenLoader />;
  const c = choices.data;
  const disabled = !canEdit;
  const text = (source: keyof SystemBody, label: string, multiline = false) => (
    <TextInput
      source={source}
      size="small"
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      label={t(label)}
      disabled={disabled}
      helperText={false}
    />
  );
  return (
    <>
      <Form record={record} resolver={resolver} onSubmit={save} warnWhenUnsavedChanges noValidate>
        <Stack spacing={2}>
          <Typography variant="h6">{t(dataId ? 'edit_title' : 'add_title')}</Typography>
          {system.data?.activities ? <Alert severity="info">{translate('datamap.systems.in_use', { count: system.data.activities })}</Alert> : null}
          <TextInput
            source="name"
            size="small"
            label={t('name')}
            disabled={disabled}
            helperText={false}
            slotProps={{ htmlInput: { 'data-testid': 'system-name' } }}
          />
          <SelectInput
            source="departmentId"
            size="small"
            label={t('department')}
            choices={c?.departments ?? []}
            emptyText="-"
            format={(departmentId: string | null) => departmentId ?? ''}
            parse={(value: string) => value || null}
            disabled={disabled}
            helperText={false}
          />
          {text('description', 'description', true)}
          <MultiPickInput
            source="categoryIds"
            label={t('categories')}
            choices={c?.categories ?? []}
            disabled={disabled}
            sensitiveMark={t('sensitive_mark')}
            testId="system-categories"
          />
          {c && !c.categories.length ? (
            <Alert severity="info">{translate('datamap.systems.empty_registers', { tab: translate('datamap.categories.tab') })}</Alert>
          ) : null}
          <MultiPickInput source="subjectIds" label={t('subjects')} choices={c?.subjects ?? []} disabled={disabled} />
          <MultiPickInput source="processorIds" label={t('processors')} choices={c?.processors ?? []} disabled={disabled} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {text('volume', 'volume')}
            {text('retention', 'retention')}
            {text('storageLocation', 'storage_location')}
            {text('storageCountry', 'storage_country')}
          </Box>
          {text('access', 'access', true)}
          {text('security', 'security', true)}
          {dataId ? <SystemTransfers systemId={dataId} /> : null}
          <TransfersEditor source="transfers" disabled={disabled} />
          {system.data ? <SystemBreaches breaches={system.data.breaches} /> : null}
          <Box sx={{ display: 'flex', gap: 1 }}>
            {canEdit ? (
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('ropa.form.save')}
              </Button>
            ) : null}
            <Button component={Link} to="/data-manage/list">
              {t('back')}
            </Button>
          </Box>
        </Stack>
      </Form>
      {dataId ? <ConnectionSection systemId={dataId} /> : null}
    </>
  );
}
