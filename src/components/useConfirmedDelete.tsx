import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDelete, useNotify, type RaRecord } from 'react-admin';
import { useNotifyError } from './ErrorToast';
import { TypedDeleteDialog } from './TypedDeleteDialog';

interface Options {
  /** i18n key of the success toast */
  deleted: string;
  /** the screen code of the failure toast */
  screenCode: string;
  /** the queries a delete moves (the next page's first row moves up) */
  invalidate?: QueryKey;
  /** a failure leaves the confirmation open (the user may try again) */
  keepOpenOnError?: boolean;
  /** after the delete and its toast (a record's own page goes back to its list) */
  onDeleted?: () => void;
}

/**
 * A row's delete after the typed confirmation, pessimistic: `ask(row)` opens the dialog; a delete
 * shows its toast, closes it and reloads `invalidate`; a failure shows the toast with `screenCode`.
 */
export function useConfirmedDelete<T extends RaRecord>(
  resource: string | undefined,
  { deleted, screenCode, invalidate, keepOpenOnError, onDeleted }: Options,
) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<T>();
  const [deleteOne, { isPending }] = useDelete<T>();
  const close = () => setRemoving(undefined);
  const confirm = () =>
    removing &&
    deleteOne(
      resource,
      { id: removing.id, previousData: removing },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          close();
          notify(deleted, { type: 'success' });
          if (invalidate) void queryClient.invalidateQueries({ queryKey: invalidate });
          onDeleted?.();
        },
        onError: (error) => {
          if (!keepOpenOnError) close();
          notifyError(error, screenCode);
        },
      },
    );
  const dialog = <TypedDeleteDialog open={Boolean(removing)} busy={isPending} onClose={close} onConfirm={confirm} />;
  return { ask: setRemoving, dialog };
}
