import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { useDelete, useNotify, useRecordContext, useResourceContext } from 'react-admin';
import { useNotifyError } from './ErrorToast';
import { TypedDeleteDialog } from './TypedDeleteDialog';
import { RowAction } from './RowAction';

/** Deletes the row's record after the typed confirmation; the list reloads; failures show `screenCode`. */
export function DeleteRowButton({ screenCode }: { screenCode: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  return (
    <>
      <RowAction label="common.delete" color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => setOpen(true)} />
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
