import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Form, NumberInput, PasswordInput, SelectInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { CONNECTOR_KINDS, connectionBody, type ConnectionBody } from '../../contract/connectors';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { LoadFailed } from '../../src/components/LoadFailed';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { untilSaved } from '../../src/components/serverFieldError';
import { TablesEditor } from './TablesEditor';
import { reasonText } from './reasons';

export const CONNECTION_CODES = {
  load: 'CNX#001',
  save: 'CNX#002',
  test: 'CNX#003',
  remove: 'CNX#004',
  catalogue: 'CNX#005',
  tables: 'CNX#006',
} as const;
const resolver = formResolver(connectionBody, 'ra.validation.required');
const DEFAULT_PORT = { postgres: 5432, mysql: 3306 } as const;

/** A data-map system's database connection (menu 16): its settings, a test, and the tables chosen. */
export function ConnectionSection({ systemId }: { systemId: string }) {
  const translate = useTranslate();
  const t = (key: string, params?: Record<string, unknown>) => translate(`connectors.${key}`, params);
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit('dataManage');
  const key = ['connector-connection', systemId];
  const connection = useQuery({ queryKey: key, queryFn: () => dataProvider.connectorConnection({ systemId }), retry: false });
  useEffect(() => {
    if (connection.error) notifyError(connection.error, CONNECTION_CODES.load);
  }, [connection.error, notifyError]);
  const save = useMutation({
    mutationFn: (body: ConnectionBody) => dataProvider.saveConnectorConnection({ systemId, body }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
  // a new form after each save of its own (the password typed goes), not after the tables' save (which moves updated_dt)
  const [saves, setSaves] = useState(0);
  /** The form waits for the reply: a refusal keeps it changed (and guarded), one naming a field shows on it. */
  const submit: SubmitHandler<FieldValues> = (body) =>
    untilSaved((done) => save.mutate(body as ConnectionBody, done), {
      onSuccess: () => {
        setSaves((n) => n + 1);
        notify('connectors.saved', { type: 'success' });
      },
      onError: (err) => notifyError(err, CONNECTION_CODES.save),
    });
  const test = useMutation({
    mutationFn: () => dataProvider.testConnectorConnection({ systemId }),
    onSuccess: (r) =>
      r.ok
        ? notify(t('test_ok', { ms: r.ms, version: (r.version ?? '').slice(0, 60) }), { type: 'success' })
        : notify(t('test_failed', { reason: reasonText(translate, r.error ?? '') }), { type: 'warning' }),
    onError: (err) => notifyError(err, CONNECTION_CODES.test),
  });
  const remove = useMutation({
    mutationFn: () => dataProvider.removeConnectorConnection({ systemId }),
    onSuccess: () => {
      queryClient.setQueryData(key, null);
      notify('connectors.removed', { type: 'success' });
    },
    onError: (err) => notifyError(err, CONNECTION_CODES.remove),
  });
  const c = connection.data;
  const record: ConnectionBody = c
    ? { kind: c.kind, host: c.host, port: c.port, database: c.database, user: c.user, password: '', timeoutSeconds: c.timeoutSeconds }
    : { kind: 'postgres', host: '', port: DEFAULT_PORT.postgres, database: '', user: '', password: '', timeoutSeconds: 10 };
  return (
    <Box component="section" aria-labelledby="connection-title" data-testid="connection-section" sx={{ mt: 4 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" id="connection-title">
        {t('tab')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      {connection.isPending ? <LoadingSkeleton shape="list" /> : null}
      {connection.error ? <LoadFailed error={connection.error} screenCode={CONNECTION_CODES.load} onRetry={() => void connection.refetch()} /> : null}
      {connection.isSuccess ? (
        <>
          {!c ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('none')}
            </Alert>
          ) : null}
          <Form key={saves} record={record} resolver={resolver} onSubmit={submit} warnWhenUnsavedChanges noValidate>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
              <SelectInput
                source="kind"
                size="small"
                label={t('kind')}
                choices={CONNECTOR_KINDS.map((k) => ({ id: k, name: t(`kinds.${k}`) }))}
                disabled={!canEdit}
                helperText={false}
              />
              <TextInput source="host" size="small" label={t('host')} disabled={!canEdit} helperText={false} />
              <NumberInput source="port" size="small" label={t('port')} disabled={!canEdit} helperText={false} />
              <TextInput source="database" size="small" label={t('database')} disabled={!canEdit} helperText={false} />
              <TextInput source="user" size="small" label={t('user')} disabled={!canEdit} helperText={false} />
              <PasswordInput
                source="password"
                size="small"
                label={t('password')}
                disabled={!canEdit}
                helperText={c?.hasPassword ? t('password_kept') : false}
                autoComplete="new-password"
              />
              <NumberInput source="timeoutSeconds" size="small" label={t('timeout')} disabled={!canEdit} helperText={false} />
            </Box>
            {canEdit ? (
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  {t('save')}
                </Button>
                {c ? (
                  <>
                    <Button variant="outlined" disabled={test.isPending} onClick={() => test.mutate()}>
                      {t('test')}
                    </Button>
                    <Button color="error" disabled={remove.isPending} onClick={() => remove.mutate()}>
                      {t('remove')}
                    </Button>
                  </>
                ) : null}
              </Stack>
            ) : null}
          </Form>
          {c ? <TablesEditor systemId={systemId} connection={c} canEdit={canEdit} onSaved={(data) => queryClient.setQueryData(key, data)} /> : null}
        </>
      ) : null}
    </Box>
  );
}
