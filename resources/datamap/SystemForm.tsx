import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { SystemBreaches } from './SystemBreaches';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useGetOne, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { systemBody, type SystemBody, type SystemRecord } from '../../contract/datamap';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { MultiPick } from './Pickers';
import { SYSTEM_CODES } from './SystemList';
import { TransfersEditor } from './TransfersEditor';

const EMPTY: SystemBody = systemBody.parse({ name: '-' });
const bodyOf = (r: SystemRecord): SystemBody => {
  const keys = Object.keys(systemBody.shape) as (keyof SystemBody)[];
  return Object.fromEntries(keys.map((k) => [k, r[k]])) as SystemBody;
};

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
  const [body, setBody] = useState<SystemBody>({ ...EMPTY, name: '' });
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState(false);
  const choices = useQuery({ queryKey: ['datamap-systems', 'choices'], queryFn: () => dataProvider.datamapChoices() });
  const system = useGetOne<SystemRecord & RaRecord>('datamap-systems', { id: dataId! }, { enabled: Boolean(dataId) });
  useEffect(() => {
    if (system.data) setBody(bodyOf(system.data));
  }, [system.data]);
  useEffect(() => {
    if (system.error) notifyError(system.error, SYSTEM_CODES.list);
    if (choices.error) notifyError(choices.error, SYSTEM_CODES.choices);
  }, [system.error, choices.error, notifyError]);
  const set = (patch: Partial<SystemBody>) => setBody((b) => ({ ...b, ...patch }));
  const save = async () => {
    if (!body.name.trim()) return setNameError(true);
    setBusy(true);
    try {
      if (dataId) await dataProvider.update('datamap-systems', { id: dataId, data: body, previousData: system.data });
      else await dataProvider.create('datamap-systems', { data: body });
      notify(dataId ? 'datamap.systems.edit_success' : 'datamap.systems.add_success', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['datamap-systems'] });
      navigate('/data-manage/list');
    } catch (err) {
      notifyError(err, SYSTEM_CODES.save);
    } finally {
      setBusy(false);
    }
  };
  if (dataId && system.isPending) return <ScreenLoader />;
  const c = choices.data;
  const disabled = !canEdit;
  const text = (key: keyof SystemBody, label: string, multiline = false) => (
    <TextField
      size="small"
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      label={t(label)}
      value={body[key] as string}
      disabled={disabled}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  return (
    <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), void save())}>
      <Typography variant="h6">{t(dataId ? 'edit_title' : 'add_title')}</Typography>
      {system.data?.activities ? <Alert severity="info">{translate('datamap.systems.in_use', { count: system.data.activities })}</Alert> : null}
      <TextField
        size="small"
        required
        label={t('name')}
        value={body.name}
        disabled={disabled}
        error={nameError}
        helperText={nameError ? translate('ra.validation.required') : undefined}
        onChange={(e) => (setNameError(false), set({ name: e.target.value }))}
        inputProps={{ 'data-testid': 'system-name' }}
      />
      <TextField
        select
        size="small"
        label={t('department')}
        value={body.departmentId ?? ''}
        disabled={disabled}
        onChange={(e) => set({ departmentId: e.target.value || null })}
      >
        <MenuItem value="">-</MenuItem>
        {(c?.departments ?? []).map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      {text('description', 'description', true)}
      <MultiPick
        label={t('categories')}
        choices={c?.categories ?? []}
        value={body.categoryIds}
        onChange={(categoryIds) => set({ categoryIds })}
        disabled={disabled}
        sensitiveMark={t('sensitive_mark')}
        testId="system-categories"
      />
      {c && !c.categories.length ? (
        <Alert severity="info">{translate('datamap.systems.empty_registers', { tab: translate('datamap.categories.tab') })}</Alert>
      ) : null}
      <MultiPick
        label={t('subjects')}
        choices={c?.subjects ?? []}
        value={body.subjectIds}
        onChange={(subjectIds) => set({ subjectIds })}
        disabled={disabled}
      />
      <MultiPick
        label={t('processors')}
        choices={c?.processors ?? []}
        value={body.processorIds}
        onChange={(processorIds) => set({ processorIds })}
        disabled={disabled}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {text('volume', 'volume')}
        {text('retention', 'retention')}
        {text('storageLocation', 'storage_location')}
        {text('storageCountry', 'storage_country')}
      </Box>
      {text('access', 'access', true)}
      {text('security', 'security', true)}
      <TransfersEditor value={body.transfers} onChange={(transfers) => set({ transfers })} disabled={disabled} />
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
  );
}
