import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDelete, useNotify, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useNotifyError } from './ErrorToast';
import { TypedDeleteDialog } from './TypedDeleteDialog';

/** Deletes the row's record after the typed confirmation; the list reloads; failures show `screenCode`. */
export function DeleteRowButton({ screenCode }: { screenCode: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  return (
    <>
      <Tooltip title={translate('common.delete')}>
        <IconButton aria-label={translate('common.delete')} color="error" onClick={() => setOpen(true)} size="small">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <TypedDeleteDialog
        open={open}
        busy={isPending}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          remove(
            resource,
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setOpen(false);
                notify('common.deleted', { type: 'success' });
              },
              onError: (error) => {
                setOpen(false);
                notifyError(error, screenCode);
              },
            },
          )
        }
      />
    </>
  );
}
