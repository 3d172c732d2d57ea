import { Box, Button, Chip, Divider, Drawer, IconButton, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { DSR_ANSWERED, DSR_STATUS, RIGHT_SECTION, statusKeyOf, type DsrRequestDetail } from '../../contract/dsr';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formatDate } from '../../i18n/dates';
import { ClockBadge, statusColour } from './ClockBadge';
import { ExtendDialog, StateChangeDialog } from './DsrActionDialogs';
import { SCREEN, assignRequest, changeState, deleteRequest, downloadEvidence, extendRequest, fetchAssignees, fetchRequest } from './dsrApi';

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
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('consents');
  const queryClient = useQueryClient();
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const [extending, setExtending] = useState(false);
  const query = useQuery({ queryKey: ['dsr-request', requestId], queryFn: () => fetchRequest(requestId) });
  const assignees = useQuery({ queryKey: ['dsr-assignees'], queryFn: fetchAssignees, enabled: canEdit });
  useEffect(() => {
    if (query.error) notifyError(query.error, SCREEN.list);
  }, [query.error, notifyError]);
  const done = (request: DsrRequestDetail, message: string) => {
    queryClient.setQueryData(['dsr-request', requestId], request);
    void queryClient.invalidateQueries({ queryKey: ['dsr-requests'] });
    notify(message, { type: 'success' });
  };
  const state = useMutation({
    mutationFn: changeState,
    onSuccess: (r) => (setMoveTo(null), done(r, 'dsr.change.saved')),
    onError: (e) => notifyError(e, SCREEN.state),
  });
  const extend = useMutation({
    mutationFn: extendRequest,
    onSuccess: (r) => (setExtending(false), done(r, 'dsr.extend.saved')),
    onError: (e) => notifyError(e, SCREEN.extend),
  });
  const assign = useMutation({ mutationFn: assignRequest, onSuccess: (r) => done(r, 'dsr.assign_saved'), onError: (e) => notifyError(e, SCREEN.assign) });
  const remove = useMutation({
    mutationFn: () => deleteRequest(requestId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['dsr-requests'] });
      notify('dsr.deleted', { type: 'success' });
      onClose();
    },
    onError: (e) => notifyError(e, SCREEN.remove),
  });
  const r = query.data;
  const open = r ? !DSR_ANSWERED.includes(r.statusId) : false;

  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 } } } }}>
      <Box sx={{ p: 2 }} role="region" aria-label={r ? translate('dsr.detail.title', { ref: r.referenceCode }) : undefined}>
        <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {r ? translate('dsr.detail.title', { ref: r.referenceCode }) : '…'}
          </Typography>
          <IconButton aria-label={translate('dsr.detail.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
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
            <Field label={translate('dsr.list.columns.subject')}>
              {r.subject.firstname} {r.subject.lastname} · {r.subject.email}
              {(['phone', 'idNumber', 'dateOfBirth', 'address'] as const).map((k) =>
                r.subject[k] ? <Box key={k}>{translate(`dsr.identity.${k}`)}: {k === 'dateOfBirth' ? formatDate(r.subject[k], locale) : r.subject[k]}</Box> : null,
              )}
            </Field>
            {r.representative ? (
              <Field label={translate('dsr.detail.representative')}>
                {r.representative.name} · {r.representative.email}
                <Box>{translate('dsr.detail.relation')}: {r.representative.relation}</Box>
              </Field>
            ) : null}
            {r.details ? <Field label={translate('dsr.detail.details')}>{r.details}</Field> : null}
            <Field label={translate('dsr.detail.files')}>
              {r.files.length === 0 ? translate('dsr.detail.no_files') : null}
              {r.files.map((f) => (
                <Box key={f._id}>
                  {translate(`dsr.detail.file_kinds.${f.kind}`)}:{' '}
                  <Link component="button" onClick={() => downloadEvidence(r._id, f._id, f.name).catch((e) => notifyError(e, SCREEN.file))}>
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
            {canEdit ? (
              <>
                <Divider sx={{ my: 2 }} />
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  {translate('dsr.detail.actions')}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
                  {r.nextStatusIds.map((id) => (
                    <Button key={id} size="small" variant="contained" color={id === DSR_STATUS.refused ? 'error' : 'primary'} onClick={() => setMoveTo(id)}>
                      {translate(`dsr.status.${statusKeyOf(id)}`)}
                    </Button>
                  ))}
                  {open && !r.extension ? (
                    <Button size="small" variant="outlined" onClick={() => setExtending(true)}>
                      {translate('dsr.detail.extend')}
                    </Button>
                  ) : null}
                  {r.statusId === DSR_STATUS.received && !r.extension ? (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => window.confirm(translate('dsr.detail.delete_confirm', { ref: r.referenceCode })) && remove.mutate()}
                    >
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
        <StateChangeDialog statusId={moveTo} busy={state.isPending} onClose={() => setMoveTo(null)} onSave={(body) => state.mutate({ ...body, requestId: r._id })} />
      ) : null}
      {extending && r ? <ExtendDialog busy={extend.isPending} onClose={() => setExtending(false)} onSave={(b) => extend.mutate({ ...b, requestId: r._id })} /> : null}
    </Drawer>
  );
}
