import { Box, Button, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { BooleanInput, Form, SelectInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, type FieldValues, type SubmitHandler } from 'react-hook-form';
import {
  ERASURE_ACTIONS,
  IDENTITY_KINDS,
  connectorTablesForm,
  tablesBodyOf,
  tablesFormOf,
  type CatalogueTable,
  type ConnectionRecord,
  type ConnectorTablesForm,
} from '../../contract/connectors';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { LoadFailed } from '../../src/components/LoadFailed';
import { untilSaved } from '../../src/components/serverFieldError';
import { CONNECTION_CODES } from './ConnectionSection';

const resolver = formResolver(connectorTablesForm, 'ra.validation.required');
const labelOf = (t: { schema: string; table: string }) => (t.schema ? `${t.schema}.${t.table}` : t.table);

function ChosenTables({ catalogue, canEdit }: { catalogue: CatalogueTable[]; canEdit: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`connectors.tables.${key}`);
  const { control, formState } = useFormContext<ConnectorTablesForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'tables' });
  const [pick, setPick] = useState('');
  const chosen = new Set(fields.map(labelOf));
  const addable = catalogue.filter((c) => !chosen.has(labelOf(c)));
  const identityChoices = [{ id: 'none', name: t('identity_kinds.none') }, ...IDENTITY_KINDS.map((k) => ({ id: k, name: t(`identity_kinds.${k}`) }))];
  const erasureChoices = ERASURE_ACTIONS.map((a) => ({ id: a, name: t(`erasure_actions.${a}`) }));
  const typeOf = (table: { schema: string; table: string }, column: string) =>
    catalogue.find((c) => labelOf(c) === labelOf(table))?.columns.find((c) => c.column === column)?.type ?? '';
  const errors = formState.errors.tables as unknown as { columns?: { root?: { message?: string }; message?: string } }[] | undefined;
  return (
    <>
      {!fields.length ? <Typography variant="body2">{t('empty')}</Typography> : null}
      {fields.map((table, i) => (
        <Box key={table.id} sx={{ mb: 2 }} data-testid={`connector-table-${labelOf(table)}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2">{labelOf(table)}</Typography>
            {canEdit ? (
              <Button size="small" color="error" onClick={() => remove(i)}>
                {t('remove_table')}
              </Button>
            ) : null}
          </Stack>
          {errors?.[i]?.columns ? (
            <Typography variant="caption" color="error" role="alert">
              {translate(errors[i].columns?.root?.message ?? errors[i].columns?.message ?? '')}
            </Typography>
          ) : null}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('column')}</TableCell>
                <TableCell>{t('identity')}</TableCell>
                <TableCell>{t('returned')}</TableCell>
                <TableCell>{t('erasure')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {table.columns.map((col, j) => (
                <TableRow key={col.column} data-testid={`connector-column-${col.column}`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {col.column}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {typeOf(table, col.column)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <SelectInput
                      source={`tables.${i}.columns.${j}.identity`}
                      label={false}
                      aria-label={`${t('identity')} ${col.column}`}
                      choices={identityChoices}
                      size="small"
                      helperText={false}
                      disabled={!canEdit}
                    />
                  </TableCell>
                  <TableCell>
                    <BooleanInput
                      source={`tables.${i}.columns.${j}.returned`}
                      label={false}
                      aria-label={`${t('returned')} ${col.column}`}
                      helperText={false}
                      disabled={!canEdit}
                    />
                  </TableCell>
                  <TableCell>
                    <SelectInput
                      source={`tables.${i}.columns.${j}.erasure`}
                      label={false}
                      aria-label={`${t('erasure')} ${col.column}`}
                      choices={erasureChoices}
                      size="small"
                      helperText={false}
                      disabled={!canEdit}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
      {canEdit && addable.length ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
          <TextField
            select
            size="small"
            label={t('pick')}
            value={pick}
            onChange={(e) => setPick(e.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'connector-pick-table' } }}
          >
            {addable.map((c) => (
              <MenuItem key={labelOf(c)} value={labelOf(c)}>
                {labelOf(c)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!pick}
            onClick={() => {
              const c = addable.find((x) => labelOf(x) === pick);
              if (c)
                append({
                  schema: c.schema,
                  table: c.table,
                  columns: c.columns.map((col) => ({ column: col.column, identity: 'none', returned: false, erasure: 'keep' })),
                });
              setPick('');
            }}
          >
            {t('add')}
          </Button>
        </Stack>
      ) : null}
    </>
  );
}

/** The tables of a connected system: chosen from what its database lists, with identity, returned and erasure per column. */
export function TablesEditor({
  systemId,
  connection,
  canEdit,
  onSaved,
}: {
  systemId: string;
  connection: ConnectionRecord;
  canEdit: boolean;
  onSaved(data: ConnectionRecord | null): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`connectors.tables.${key}`);
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [reading, setReading] = useState(connection.tables.length > 0);
  const catalogue = useQuery({
    queryKey: ['connector-catalogue', systemId, connection.updated_dt],
    queryFn: () => dataProvider.connectorCatalogue({ systemId }),
    enabled: reading,
    retry: false,
  });
  useEffect(() => {
    if (catalogue.error) notifyError(catalogue.error, CONNECTION_CODES.catalogue);
  }, [catalogue.error, notifyError]);
  const save = useMutation({
    mutationFn: (form: ConnectorTablesForm) => dataProvider.saveConnectorTables({ systemId, body: tablesBodyOf(form) }),
    onSuccess: onSaved,
  });
  /** The form waits for the reply: a refusal keeps it changed (and guarded), one naming a field shows on it. */
  const submit: SubmitHandler<FieldValues> = (form) =>
    untilSaved((done) => save.mutate(form as ConnectorTablesForm, done), {
      onSuccess: () => notify('connectors.tables.saved', { type: 'success' }),
      onError: (err) => notifyError(err, CONNECTION_CODES.tables),
    });
  const record = useMemo(() => tablesFormOf(connection.tables, catalogue.data ?? []), [connection.tables, catalogue.data]);
  return (
    <Box sx={{ mt: 3 }} data-testid="connector-tables">
      <Typography variant="subtitle1">{t('title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('intro')}
      </Typography>
      {!reading ? (
        <Button variant="outlined" onClick={() => setReading(true)}>
          {t('load')}
        </Button>
      ) : null}
      {reading && catalogue.isPending ? <Typography variant="body2">…</Typography> : null}
      {catalogue.error ? (
        <LoadFailed error={catalogue.error} screenCode={CONNECTION_CODES.catalogue} onRetry={() => void catalogue.refetch()} />
      ) : null}
      {catalogue.data ? (
        <Form key={connection.updated_dt} record={record} resolver={resolver} onSubmit={submit} warnWhenUnsavedChanges noValidate>
          <ChosenTables catalogue={catalogue.data} canEdit={canEdit} />
          {canEdit ? (
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('save')}
            </Button>
          ) : null}
        </Form>
      ) : null}
    </Box>
  );
}
