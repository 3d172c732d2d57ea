import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCreate, useDataProvider, useGetList, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DPO_KINDS, bangkokDate, dpoAppointmentInput, type DpoAppointment, type DpoAppointmentValues, type DpoKind } from '../../contract/dpo';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';
import { BoardMembers } from './BoardMembers';
import type { DpoAppointmentRecord } from './definition';
import { SCREEN } from './dpoApi';

const EMPTY = (): DpoAppointmentValues => ({
  kind: 'staff',
  userId: null,
  name: '',
  representative: '',
  members: [],
  contact: { email: '', phone: '', address: '' },
  appointedOn: bangkokDate(),
  termEndsOn: null,
  officeInformedOn: null,
  orderNo: '',
  duties: '',
});
const valuesOf = (a: DpoAppointment): DpoAppointmentValues => ({
  kind: a.kind,
  userId: a.userId,
  name: a.name,
  representative: a.representative,
  members: a.members,
  contact: a.contact,
  appointedOn: a.appointedOn,
  termEndsOn: a.termEndsOn,
  officeInformedOn: a.officeInformedOn,
  orderNo: a.orderNo,
  duties: a.duties,
});

/** `/dpo/assing/{dpoId?}`: appoint a DPO (replacing the current one on purpose), or edit an appointment. */
export function DpoAppointmentForm() {
  const { dpoId } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit('dpo');
  const dataProvider = useDataProvider<AppDataProvider>();
  const existing = useGetOne<DpoAppointmentRecord>('dpo-appointments', { id: dpoId! }, { enabled: Boolean(dpoId), retry: false });
  const currentList = useGetList<DpoAppointmentRecord>('dpo-appointments', { pagination: { page: 1, perPage: 1 } }, { enabled: !dpoId });
  const people = useQuery({ queryKey: ['dpo-people'], queryFn: () => dataProvider.dpoPeople(), retry: false, enabled: canEdit });
  const [v, setV] = useState<DpoAppointmentValues>(EMPTY);
  const [replace, setReplace] = useState(false);
  const [tried, setTried] = useState(false);
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  useEffect(() => {
    if (existing.data) setV(valuesOf(existing.data));
  }, [existing.data]);
  useEffect(() => {
    if (people.error) notifyError(people.error, SCREEN.people);
  }, [people.error, notifyError]);

  if (dpoId && existing.isPending) return <Skeleton variant="rectangular" height={300} aria-busy="true" />;
  if (dpoId && existing.error) return <LoadFailed error={existing.error} onRetry={() => void existing.refetch()} />;
  const current = (currentList.meta?.current ?? null) as DpoAppointment | null;
  const mustReplace = !dpoId && !!current;

  const parsed = dpoAppointmentInput.safeParse(v);
  const issues = parsed.success ? [] : parsed.error.issues;
  const problem = (path: string) => {
    if (!tried) return undefined;
    const issue = issues.find((i) => i.path.join('.') === path);
    if (!issue) return undefined;
    return issue.message.startsWith('server.') ? translate(issue.message) : issue.message;
  };
  const t = (key: string, options?: Record<string, unknown>) => translate(`dpo.form.${key}`, options);
  const setContact = (patch: Partial<DpoAppointmentValues['contact']>) => setV({ ...v, contact: { ...v.contact, ...patch } });
  const pickStaff = (userId: string) => {
    const person = people.data?.find((p) => p._id === userId);
    setV({ ...v, userId, contact: { ...v.contact, email: v.contact.email || person?.email || '' } });
  };

  const saved = {
    onSuccess: () => {
      notify('dpo.form.saved', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['dpo-appointments'] });
      void queryClient.invalidateQueries({ queryKey: ['people', 'dpo-list'] });
      navigate('/dpo/list');
    },
    onError: (e: unknown) => notifyError(e, SCREEN.save),
  };
  const save = () => {
    setTried(true);
    if (!parsed.success || (mustReplace && !replace)) return;
    if (dpoId) update('dpo-appointments', { id: dpoId, data: v, previousData: existing.data }, { ...saved, mutationMode: 'pessimistic' });
    else create('dpo-appointments', { data: { ...v, replaceCurrent: replace } }, saved);
  };
  const nameLabel = v.kind === 'firm' ? t('firm_name') : v.kind === 'board' ? t('board_name') : t('name');

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 960 }} component="form" onSubmit={(e) => (e.preventDefault(), save())} noValidate>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t(dpoId ? 'edit_title' : 'add_title')}
      </Typography>
      <Stack spacing={2}>
        <TextField select label={t('kind')} value={v.kind} onChange={(e) => setV({ ...v, kind: e.target.value as DpoKind })} disabled={!canEdit}>
          {DPO_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {translate(`dpo.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        {v.kind === 'staff' ? (
          <TextField
            select
            required
            label={t('user')}
            value={people.data?.some((p) => p._id === v.userId) ? (v.userId ?? '') : ''}
            onChange={(e) => pickStaff(e.target.value)}
            error={!!problem('userId')}
            helperText={problem('userId')}
          >
            {(people.data ?? []).map((p) => (
              <MenuItem key={p._id} value={p._id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            required
            label={nameLabel}
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.target.value })}
            error={!!problem('name')}
            helperText={problem('name')}
          />
        )}
        {v.kind === 'firm' ? (
          <TextField label={t('representative')} value={v.representative} onChange={(e) => setV({ ...v, representative: e.target.value })} />
        ) : null}
        {v.kind === 'board' ? (
          <BoardMembers members={v.members} people={people.data ?? []} onChange={(members) => setV({ ...v, members })} problem={problem} />
        ) : null}
        <Box>
          <Typography variant="subtitle1">{t('contact')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('contact_hint')}
          </Typography>
          <Stack spacing={2} direction={{ xs: 'column', sm: 'row' }}>
            <TextField
              fullWidth
              type="email"
              label={t('email')}
              value={v.contact.email}
              onChange={(e) => setContact({ email: e.target.value })}
              error={!!problem('contact.email')}
              helperText={problem('contact.email')}
            />
            <TextField fullWidth label={t('phone')} value={v.contact.phone} onChange={(e) => setContact({ phone: e.target.value })} />
          </Stack>
          <TextField
            fullWidth
            sx={{ mt: 2 }}
            label={t('address')}
            value={v.contact.address}
            onChange={(e) => setContact({ address: e.target.value })}
            multiline
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ThaiDateInput
            label={t('appointed_on')}
            required
            value={v.appointedOn}
            onChange={(d) => setV({ ...v, appointedOn: d ?? '' })}
            error={!!problem('appointedOn')}
            helperText={problem('appointedOn')}
            yearsBack={10}
          />
          <ThaiDateInput
            label={t('term_ends_on')}
            value={v.termEndsOn}
            onChange={(d) => setV({ ...v, termEndsOn: d })}
            error={!!problem('termEndsOn')}
            helperText={problem('termEndsOn')}
            yearsBack={5}
            yearsAhead={10}
          />
          <ThaiDateInput
            label={t('informed_on')}
            value={v.officeInformedOn}
            onChange={(d) => setV({ ...v, officeInformedOn: d })}
            error={!!problem('officeInformedOn')}
            helperText={problem('officeInformedOn')}
            yearsBack={10}
          />
        </Box>
        <TextField label={t('order_no')} value={v.orderNo} onChange={(e) => setV({ ...v, orderNo: e.target.value })} />
        <TextField label={t('duties')} value={v.duties} onChange={(e) => setV({ ...v, duties: e.target.value })} multiline minRows={3} />
        {mustReplace ? (
          <Box>
            <FormControlLabel
              control={<Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)} />}
              label={t('replace_current', { name: current!.name })}
            />
            {tried && !replace ? <Alert severity="error">{t('must_replace')}</Alert> : null}
          </Box>
        ) : null}
        <Stack direction="row" spacing={1}>
          {canEdit ? (
            <Button type="submit" variant="contained" disabled={creating || updating}>
              {t('save')}
            </Button>
          ) : null}
          <Button component={Link} to="/dpo/list">
            {t('back')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
