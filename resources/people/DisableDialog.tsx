import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Person } from '../../contract/people';

/** Asks before disabling a person: they are signed out everywhere at once. */
export function DisableDialog({ person, busy, onConfirm, onClose }: { person?: Person; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={Boolean(person)} onClose={onClose} aria-labelledby="disable-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="disable-dialog-title">{translate('people.disable_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('people.disable_text', { name: person?.name ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {translate('people.disable')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
