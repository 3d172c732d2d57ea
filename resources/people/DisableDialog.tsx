import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Person } from '../../contract/people';

/** What the dialog asks before: disabling a person, or resetting their lost second factor. Either signs them out everywhere at once. */
export type PersonAction = 'disable' | 'reset_second_factor';

/** Asks before an action that signs a person out everywhere (its texts `people.<action>_title`, `_text`, and the button `people.<action>`). */
export function DisableDialog({
  person,
  action = 'disable',
  busy,
  onConfirm,
  onClose,
}: {
  person?: Person;
  action?: PersonAction;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={Boolean(person)} onClose={onClose} aria-labelledby="disable-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="disable-dialog-title">{translate(`people.${action}_title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(`people.${action}_text`, { name: person?.name ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {translate(`people.${action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
