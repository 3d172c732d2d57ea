import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { bangkokDate, type DpoAppointment } from '../../contract/dpo';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';
import { SCREEN } from './dpoApi';

/** Ends the current appointment on a date, with its reason; the history keeps it. */
export function EndAppointmentDialog({ appointment, onClose }: { appointment: DpoAppointment; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [endedOn, setEndedOn] = useState<string | null>(bangkokDate());
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const invalid = !endedOn || endedOn < appointment.appointedOn;
  const submit = async () => {
    if (!endedOn) return;
    setBusy(true);
    try {
      await dataProvider.endDpoAppointment({ id: appointment._id, endedOn, reason });
      notify('dpo.end.done', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['dpo-appointments'] });
      onClose();
    } catch (e) {
      notifyError(e, SCREEN.end);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('dpo.end.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <ThaiDateInput label={translate('dpo.end.ended_on')} value={endedOn} onChange={setEndedOn} required error={invalid} yearsBack={5} />
          <TextField label={translate('dpo.end.reason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('dpo.form.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => void submit()} disabled={busy || invalid}>
          {translate('dpo.end.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
