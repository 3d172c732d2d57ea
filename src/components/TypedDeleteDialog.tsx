import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** The word the user must type to confirm a delete (seed section 9). */
export const DELETE_WORD = 'delete';

interface Props {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** true while the delete is on its way */
  busy?: boolean;
}

/** The generic delete confirmation: title 'ลบข้อมูล', confirm enabled only when `delete` is typed exactly. */
export function TypedDeleteDialog({ open, onConfirm, onClose, busy }: Props) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const matches = typed === DELETE_WORD;
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="typed-delete-title" maxWidth="xs" fullWidth>
      <DialogTitle id="typed-delete-title">{translate('common.delete_dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('common.delete_dialog.text')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          margin="normal"
          name="confirmWord"
          label={translate('common.delete_dialog.hint', { word: DELETE_WORD })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={typed.length > 0 && !matches}
          helperText={typed.length > 0 && !matches ? translate('common.delete_dialog.mismatch', { word: DELETE_WORD }) : ' '}
          slotProps={{ htmlInput: { autoComplete: 'off', 'data-testid': 'typed-delete-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('common.delete_dialog.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={!matches || busy}
          onClick={() => {
            onConfirm();
            setTyped('');
          }}
        >
          {translate('common.delete_dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
