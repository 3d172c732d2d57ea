import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { daysBetweenDates, bangkokDate, termState, type DpoAppointment } from '../../contract/dpo';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { EndAppointmentDialog } from './EndAppointmentDialog';
import { SCREEN, useDate } from './dpoApi';

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="p">
      {label}
    </Typography>
    <Typography component="div">{children}</Typography>
  </Box>
);

/** The DPO in office: who, their contact for data subjects, the dates, and what may be done next. */
export function CurrentDpoCard({ current, loading }: { current: DpoAppointment | null; loading: boolean }) {
  const translate = useTranslate();
  const date = useDate();
  const canEdit = useCanEdit('dpo');
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [ending, setEnding] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`dpo.current.${key}`, options);

  if (loading) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true">
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </Paper>
    );
  }
  if (!current) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="dpo-current">
        <Typography variant="h6">{t('none')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('none_hint')}
        </Typography>
        {canEdit ? (
          <Button variant="contained" startIcon={<PersonAddIcon />} component={Link} to="/dpo/assing">
            {t('appoint')}
          </Button>
        ) : null}
      </Paper>
    );
  }
  const term = termState(current);
  const download = async () => {
    setDownloading(true);
    try {
      await dataProvider.downloadDpoOrder({ id: current._id, appointedOn: current.appointedOn });
    } catch (e) {
      notifyError(e, SCREEN.order);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="dpo-current">
      <Typography variant="overline" color="text.secondary">
        {t('title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {current.name}
        </Typography>
        <Chip size="small" label={translate(`dpo.kinds.${current.kind}`)} />
        {term === 'ending' ? (
          <Chip size="small" color="warning" label={t('term_ending', { days: daysBetweenDates(bangkokDate(), current.termEndsOn!) })} />
        ) : null}
        {term === 'ended' ? <Chip size="small" color="error" label={t('term_ended')} /> : null}
        {current.sharedWithGroup ? <Chip size="small" color="info" label={t('shared')} data-testid="dpo-shared" /> : null}
      </Stack>
      {current.sharedWithGroup ? (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="dpo-group">
          {t('shared_line', { group: current.groupName })}
          {current.groupCompanies ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('group_companies', { companies: current.groupCompanies })}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
      {!current.officeInformedOn ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('not_informed')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Field label={t('appointed_on')}>{date(current.appointedOn)}</Field>
        <Field label={t('term_ends_on')}>{current.termEndsOn ? date(current.termEndsOn) : t('no_term')}</Field>
        <Field label={t('informed_on')}>{current.officeInformedOn ? date(current.officeInformedOn) : '—'}</Field>
        <Field label={t('order_no')}>{current.orderNo || '—'}</Field>
        {current.kind === 'firm' ? <Field label={t('representative')}>{current.representative || '—'}</Field> : null}
        <Field label={t('contact')}>
          {[current.contact.email, current.contact.phone, current.contact.address].filter(Boolean).map((line) => (
            <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
        </Field>
        {current.kind === 'board' ? (
          <Field label={t('members')}>
            {current.members.map((m, i) => (
              <Typography key={i} variant="body2">
                {m.name}
                {m.position ? ` — ${m.position}` : ''}
              </Typography>
            ))}
          </Field>
        ) : null}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => void download()} disabled={downloading}>
          {t('order_pdf')}
        </Button>
        {canEdit ? (
          <>
            <Button variant="outlined" startIcon={<EditIcon />} component={Link} to={`/dpo/assing/${current._id}`}>
              {t('edit')}
            </Button>
            <Button variant="outlined" startIcon={<PersonAddIcon />} component={Link} to="/dpo/assing">
              {t('replace')}
            </Button>
            <Button color="error" onClick={() => setEnding(true)}>
              {t('end')}
            </Button>
          </>
        ) : null}
      </Stack>
      {ending ? <EndAppointmentDialog appointment={current} onClose={() => setEnding(false)} /> : null}
    </Paper>
  );
}
