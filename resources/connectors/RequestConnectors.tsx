import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  ListBase,
  TextField,
  useDataProvider,
  useGetIdentity,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { ConnectorRun } from '../../contract/connectors';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { ApproveDialog } from '../../src/components/ApproveDialog';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ListLooks } from '../../src/components/PagedList';
import { RunRowsDialog } from './RunRowsDialog';
import { reasonText } from './reasons';

export const RUN_CODES = { list: 'CNR#001', access: 'CNR#002', erasure: 'CNR#003', approve: 'CNR#004', cancel: 'CNR#005', file: 'CNR#006' } as const;

function RunActions({ run, onRows }: { run: ConnectorRun; onRows(run: ConnectorRun): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const notify = useNotify();
  const refresh = useRefresh();
  const { identity } = useGetIdentity();
  const [asking, setAsking] = useState(false);
  const canEdit = useCanEdit('consents');
  const act = useMutation({
    mutationFn: (action: 'approve' | 'cancel') =>
      action === 'approve' ? dataProvider.approveConnectorRun({ id: run.id }) : dataProvider.cancelConnectorRun({ id: run.id }),
    onSuccess: (r) => {
      notify(
        r.status === 'erased' ? 'connectors.request.approved' : r.status === 'cancelled' ? 'connectors.request.cancelled' : 'connectors.request.done',
        {
          type: r.status === 'failed' ? 'warning' : 'success',
        },
      );
      refresh();
    },
    onError: (err, action) => notifyError(err, action === 'approve' ? RUN_CODES.approve : RUN_CODES.cancel),
  });
  const download = useMutation({
    mutationFn: () => dataProvider.connectorCertificate({ id: run.id, number: run.certificateNumber ?? run.id }),
    onError: (err) => notifyError(err, RUN_CODES.file),
  });
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {run.kind === 'access' && run.status === 'done' ? (
        <Button size="small" onClick={() => onRows(run)}>
          {translate('connectors.request.rows')}
        </Button>
      ) : null}
      {run.status === 'awaiting_approval' && canEdit ? (
        <>
          {/* four eyes: who ran the dry run is told the rule, never offered the approval */}
          {identity?.id && identity.id === run.requestedById ? (
            <Typography variant="caption" color="text.secondary" data-testid="erasure-approval-rule" sx={{ alignSelf: 'center' }}>
              {translate('common.approve_dialog.self_refused')}
            </Typography>
          ) : (
            <Button size="small" variant="contained" color="error" disabled={act.isPending} onClick={() => setAsking(true)}>
              {translate('connectors.request.approve')}
            </Button>
          )}
          <Button size="small" disabled={act.isPending} onClick={() => act.mutate('cancel')}>
            {translate('connectors.request.cancel')}
          </Button>
        </>
      ) : null}
      <ApproveDialog
        open={asking}
        name={`${translate(`connectors.request.kinds.${run.kind}`)} · ${run.systemName}`}
        busy={act.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          act.mutate('approve');
        }}
      >
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('connectors.request.approve_hint')}
        </Typography>
      </ApproveDialog>
      {run.status === 'erased' ? (
        <Button size="small" variant="outlined" disabled={download.isPending} onClick={() => download.mutate()}>
          {translate('connectors.request.certificate')}
        </Button>
      ) : null}
    </Stack>
  );
}

function RunTable() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [rowsOf, setRowsOf] = useState<ConnectorRun | null>(null);
  const { meta } = useListContext() as { meta?: { systems?: { name: string }[] } };
  const systems = meta?.systems ?? [];
  return (
    <>
      {systems.length ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {translate('connectors.request.systems', { names: systems.map((s) => s.name).join(', ') })}
        </Typography>
      ) : null}
      <Datagrid bulkActionButtons={false} rowClick={false} size="small" data-testid="connector-runs">
        <TextField source="systemName" label="datamap.systems.name" sortable={false} />
        <FunctionField<ConnectorRun>
          label="connectors.request.counts"
          render={(r) => (
            <Box>
              <Typography variant="body2">{translate(`connectors.request.kinds.${r.kind}`)}</Typography>
              <Chip
                size="small"
                label={translate(`connectors.request.statuses.${r.status}`)}
                color={
                  r.status === 'failed' ? 'error' : r.status === 'awaiting_approval' ? 'warning' : r.status === 'cancelled' ? 'default' : 'success'
                }
              />
              {Object.entries(r.counts).map(([table, n]) => (
                <Typography key={table} variant="caption" component="div">
                  {table}: {n.toLocaleString(locale === 'en' ? 'en-GB' : 'th-TH')}
                </Typography>
              ))}
              {r.error ? (
                <Typography variant="caption" color="error" component="div">
                  {reasonText(translate, r.error)}
                </Typography>
              ) : null}
              <Typography variant="caption" color="text.secondary" component="div">
                {translate('connectors.request.by', { name: r.requestedBy ?? '—', at: formatDate(r.requestedAt, locale, true) })}
              </Typography>
              {r.approvedBy && r.approvedAt ? (
                <Typography variant="caption" color="text.secondary" component="div">
                  {translate('connectors.request.approved_by', { name: r.approvedBy, at: formatDate(r.approvedAt, locale, true) })}
                </Typography>
              ) : null}
            </Box>
          )}
        />
        <FunctionField<ConnectorRun> label="" render={(r) => <RunActions run={r} onRows={setRowsOf} />} />
      </Datagrid>
      {rowsOf ? <RunRowsDialog run={rowsOf} onClose={() => setRowsOf(null)} /> : null}
    </>
  );
}

/** The request drawer's section: find the requester in the connected systems, erase after a second person's approval. */
export function RequestConnectors({ requestId }: { requestId: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const canEdit = useCanEdit('consents');
  const start = useMutation({
    mutationFn: (kind: 'access' | 'erasure') =>
      kind === 'access' ? dataProvider.runConnectorAccess({ requestId }) : dataProvider.runConnectorErasure({ requestId }),
    onSuccess: () => refresh(),
    onError: (err, kind) => notifyError(err, kind === 'access' ? RUN_CODES.access : RUN_CODES.erasure),
  });
  return (
    <Box data-testid="request-connectors">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('connectors.request.title')}
      </Typography>
      <ListBase
        resource="connector-runs"
        filter={{ requestId }}
        perPage={100}
        disableSyncWithLocation
        storeKey={false}
        queryOptions={{ retry: false, onError: (error: unknown) => notifyError(error, RUN_CODES.list) }}
      >
        <RunsOrNone canEdit={canEdit} busy={start.isPending} onStart={(kind) => start.mutate(kind)} />
      </ListBase>
    </Box>
  );
}

function RunsOrNone({ canEdit, busy, onStart }: { canEdit: boolean; busy: boolean; onStart(kind: 'access' | 'erasure'): void }) {
  const translate = useTranslate();
  const { meta, isPending, error } = useListContext() as { meta?: { systems?: unknown[] }; isPending: boolean; error: unknown };
  const connected = Boolean(meta?.systems?.length);
  return (
    <>
      {!isPending && !error && !connected ? <Alert severity="info">{translate('connectors.request.none')}</Alert> : null}
      {connected && canEdit ? (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
            <Button size="small" variant="outlined" disabled={busy} onClick={() => onStart('access')}>
              {translate('connectors.request.run_access')}
            </Button>
            <Button size="small" variant="outlined" color="warning" disabled={busy} onClick={() => onStart('erasure')}>
              {translate('connectors.request.run_erasure')}
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {translate('connectors.request.approve_hint')}
          </Typography>
        </>
      ) : null}
      {connected ? (
        <ListLooks screenCode={RUN_CODES.list} empty={<Typography variant="body2">{translate('connectors.request.runs_empty')}</Typography>}>
          <RunTable />
        </ListLooks>
      ) : null}
    </>
  );
}
