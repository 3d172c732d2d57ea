import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  open: boolean;
  /** what is approved, named in the question */
  name: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** more to read before approving (a version number, what changes) */
  children?: ReactNode;
}

/**
 * The one confirmation every approval of the product asks for (four eyes, `server/http/approval.ts`):
 * it names what is approved; the approval is sent only from its confirm button.
 */
export function ApproveDialog({ open, name, onConfirm, onClose, busy, children }: Props) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="approve-dialog-title" maxWidth="sm" fullWidth data-testid="approve-dialog">
      <DialogTitle id="approve-dialog-title">{translate('common.approve_dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('common.approve_dialog.text', { name })}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('common.approve_dialog.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={onConfirm} data-testid="approve-confirm">
          {translate('common.approve_dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
