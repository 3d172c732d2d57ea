import { Box, Button, Chip, Divider, IconButton, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useDelete, useGetOne, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { DSR_ANSWERED, DSR_STATUS, RIGHT_SECTION, statusKeyOf, type DsrRequestDetail } from '../../contract/dsr';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formatDate } from '../../i18n/dates';
import { ClockBadge, statusColour } from './ClockBadge';
import { ExtendDialog, StateChangeDialog } from './DsrActionDialogs';
import type { AppDataProvider } from '../../dataProvider';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';
import { SCREEN } from './dsrApi';
import { DsrTasks } from './tasks/DsrTasks';
import { RequestConnectors } from '../connectors/RequestConnectors';
import { PACK_RIGHTS } from '../../contract/dsrPack';
import { DsrAccessPack } from './DsrAccessPack';
import { DialogDrawer } from '../../src/components/DialogDrawer';

type RequestRecord = DsrRequestDetail & RaRecord;
/**
 * The detail's own cache entry: react-admin fills `getOne` with the list's rows, which lack the
 * request's subject, files and history (the call ignores this meta).
 */
const DETAIL = { view: 'detail' };

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One request: who asks what, the files, the clock, the state actions and the whole history. */
export function DsrRequestDrawer({ requestId, onClose }: { requestId: string; onClose(): void }) {
  const translate = useTranslate();
  const titleId = useId();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('consents');
  const queryClient = useQueryClient();
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const [extending, setExtending] = useState(false);
  // the typed "delete" dialog every other delete uses, not the browser's confirm()
  const [deleting, setDeleting] = useState(false);
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useGetOne<RequestRecord>(
    'dsr-requests',
    { id: requestId, meta: DETAIL },
    { retry: false, onError: (error) => notifyError(error, SCREEN.list) },
  );
  const assignees = useQuery({ queryKey: ['dsr-requests', 'assignees'], queryFn: () => dataProvider.dsrAssignees(), enabled: canEdit });
  const done = (request: RequestRecord, message: string) => {
    // the reply is the request as it now is: shown at once, and the list follows
    queryClient.setQueryData(['dsr-requests', 'getOne', { id: String(requestId), meta: DETAIL }], request);
    void queryClient.invalidateQueries({ queryKey: ['dsr-requests', 'getList'] });
    notify(message, { type: 'success' });
  };
  const evidence = useMutation({ mutationFn: dataProvider.downloadDsrEvidence, onError: (e) => notifyError(e, SCREEN.file) });
  const state = useMutation({
    mutationFn: dataProvider.changeDsrState,
    onSuccess: (r) => (setMoveTo(null), done(r, 'dsr.change.saved')),
    onError: (e) => notifyError(e, SCREEN.state),
  });
  const extend = useMutation({
    mutationFn: dataProvider.extendDsrRequest,
    onSuccess: (r) => (setExtending(false), done(r, 'dsr.extend.saved')),
    onError: (e) => notifyError(e, SCREEN.extend),
  });
  const assign = useMutation({
    mutationFn: dataProvider.assignDsrRequest,
    onSuccess: (r) => done(r, 'dsr.assign_saved'),
    onError: (e) => notifyError(e, SCREEN.assign),
  });
  const [deleteRequest, { isPending: removing }] = useDelete<RequestRecord>();
  const remove = (request: RequestRecord) =>
    deleteRequest(
      'dsr-requests',
      { id: request.id, previousData: request },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['dsr-requests', 'getList'] });
          notify('dsr.deleted', { type: 'success' });
          onClose();
        },
        onError: (e) => notifyError(e, SCREEN.remove),
      },
    );
  const r = query.data;
  const open = r ? !DSR_ANSWERED.includes(r.statusId) : false;

  return (
    <DialogDrawer titleId={titleId} onClose={onClose}>
      <Box sx={{ p: 2 }}>
        <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
          <Typography id={titleId} variant="h6" sx={{ flex: 1 }}>
            {r ? translate('dsr.detail.title', { ref: r.referenceCode }) : '…'}
          </Typography>
          <IconButton aria-label={translate('dsr.detail.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {query.isPending ? <ScreenLoader /> : null}
        {query.error ? <LoadFailed error={query.error} onRetry={() => void query.refetch()} /> : null}
        {r ? (
          <>
            <Stack direction="row" spacing={1} sx={{ mb: 2 }} alignItems="center">
              <Chip color={statusColour(r.statusId)} label={translate(`dsr.status.${statusKeyOf(r.statusId)}`)} data-testid="dsr-status" />
              <ClockBadge row={r} />
            </Stack>
            <Field label={translate('dsr.detail.clock')}>
              {formatDate(r.receivedAt, locale, true)} → {formatDate(r.dueAt, locale, true)}
              {r.extension ? <Box>{translate('dsr.detail.extension', { days: r.extension.days, reason: r.extension.reason })}</Box> : null}
            </Field>
            <Field label={translate('dsr.list.columns.rights')}>
              {r.rights.map((right) => `${translate(`dsr.rights.${right}`)} (${translate('dsr.section')} ${RIGHT_SECTION[right]})`).join(', ')}
            </Field>
            <Field label={translate('dsr.detail.form')}>{r.formName}</Field>
            <Field label={translate('dsr.detail.requester')}>{translate(`dsr.requester.${r.requesterType}`)}</Field>
            <Field label={translate('dsr.intake.channel')}>{translate(`dsr.intake.channels.${r.channel}`)}</Field>
            <Field label={translate('dsr.list.columns.subject')}>
              {r.subject.firstname} {r.subject.lastname} · {r.subject.email}
              {(['phone', 'idNumber', 'dateOfBirth', 'address'] as const).map((k) =>
                r.subject[k] ? (
                  <Box key={k}>
                    {translate(`dsr.identity.${k}`)}: {k === 'dateOfBirth' ? formatDate(r.subject[k], locale) : r.subject[k]}
                  </Box>
                ) : null,
              )}
            </Field>
            {r.representative ? (
              <Field label={translate('dsr.detail.representative')}>
                {r.representative.name} · {r.representative.email}
                <Box>
                  {translate('dsr.detail.relation')}: {r.representative.relation}
                </Box>
              </Field>
            ) : null}
            {r.details ? <Field label={translate('dsr.detail.details')}>{r.details}</Field> : null}
            <Field label={translate('dsr.detail.files')}>
              {r.files.length === 0 ? translate('dsr.detail.no_files') : null}
              {r.files.map((f) => (
                <Box key={f._id}>
                  {translate(`dsr.detail.file_kinds.${f.kind}`)}:{' '}
                  <Link component="button" onClick={() => evidence.mutate({ requestId: r._id, fileId: f._id, name: f.name })}>
                    {f.name}
                  </Link>
                </Box>
              ))}
            </Field>
            {r.refusal ? (
              <Field label={translate('dsr.detail.refusal')}>
                {translate(`dsr.grounds.${r.refusal.legalGround}`)}
                <Box>{r.refusal.reasons}</Box>
              </Field>
            ) : null}
            {r.proofText ? <Field label={translate('dsr.detail.proof')}>{r.proofText}</Field> : null}
            {r.rights.some((right) => (PACK_RIGHTS as readonly string[]).includes(right)) ? <DsrAccessPack request={r} /> : null}
            {canEdit ? (
              <>
                <Divider sx={{ my: 2 }} />
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  {translate('dsr.detail.actions')}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
                  {r.nextStatusIds.map((id) => (
                    <Button
                      key={id}
                      size="small"
                      variant="contained"
                      color={id === DSR_STATUS.refused ? 'error' : 'primary'}
                      onClick={() => setMoveTo(id)}
                    >
                      {translate(`dsr.status.${statusKeyOf(id)}`)}
                    </Button>
                  ))}
                  {open && !r.extension ? (
                    <Button size="small" variant="outlined" onClick={() => setExtending(true)}>
                      {translate('dsr.detail.extend')}
                    </Button>
                  ) : null}
                  {r.statusId === DSR_STATUS.received && !r.extension ? (
                    <Button size="small" color="error" onClick={() => setDeleting(true)}>
                      {translate('dsr.detail.delete')}
                    </Button>
                  ) : null}
                </Stack>
                <TextField
                  select
                  size="small"
                  fullWidth
                  label={translate('dsr.detail.assign')}
                  value={r.assignee?._id ?? ''}
                  onChange={(e) => assign.mutate({ requestId: r._id, assigneeId: e.target.value || null })}
                >
                  <MenuItem value="">{translate('dsr.list.unassigned')}</MenuItem>
                  {(assignees.data ?? []).map((a) => (
                    <MenuItem key={a._id} value={a._id}>
                      {a.name}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            ) : null}
            <DsrTasks requestId={r._id} statusId={r.statusId} answered={!open} />
            <Divider sx={{ my: 2 }} />
            <RequestConnectors requestId={r._id} />
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {translate('dsr.detail.history')}
            </Typography>
            <Box component="ol" sx={{ pl: 2, m: 0 }} data-testid="dsr-history">
              {r.history.map((h, i) => (
                <Box component="li" key={i} sx={{ mb: 1 }}>
                  <Typography variant="body2">
                    {translate(`dsr.detail.history_actions.${h.action}`, { status: translate(`dsr.status.${statusKeyOf(h.statusId)}`) })}
                    {h.note ? ` — ${h.note}` : ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatDate(h.at, locale, true)} · {h.by ?? translate('dsr.detail.by_public')}
                  </Typography>
                </Box>
              ))}
            </Box>
          </>
        ) : null}
      </Box>
      {moveTo && r ? (
        <StateChangeDialog
          requestId={r._id}
          statusId={moveTo}
          busy={state.isPending}
          onClose={() => setMoveTo(null)}
          onSave={(body) => state.mutate({ ...body, requestId: r._id })}
        />
      ) : null}
      {r ? <TypedDeleteDialog open={deleting} busy={removing} onClose={() => setDeleting(false)} onConfirm={() => remove(r)} /> : null}
      {extending && r ? (
        <ExtendDialog
          requestId={r._id}
          busy={extend.isPending}
          onClose={() => setExtending(false)}
          onSave={(b) => extend.mutate({ ...b, requestId: r._id })}
        />
      ) : null}
    </DialogDrawer>
  );
}
