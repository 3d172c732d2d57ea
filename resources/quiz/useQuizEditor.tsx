import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useNotifyError } from '../../src/components/ErrorToast';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';
import { untilSaved } from '../../src/components/serverFieldError';

interface Options<T, B> {
  /** adds (no `editing`) or changes `editing` */
  save: (body: B, editing?: T) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  /** i18n keys of the success toasts */
  texts: { saved: string; deleted: string };
  /** screen codes of the failure toasts */
  codes: { save: string; remove: string };
  /** besides the list, the queries a change moves */
  invalidate: QueryKey;
}

/**
 * A quiz bank's add, edit and typed delete: which record the dialog edits ('new' for an added one),
 * the save and the delete with their toasts, then the list and `invalidate` reload.
 */
export function useQuizEditor<T extends { _id: string }, B>({ save, remove, texts, codes, invalidate }: Options<T, B>) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const refreshList = useRefresh();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const refresh = () => (refreshList(), void queryClient.invalidateQueries({ queryKey: invalidate }));
  const saving = useMutation({
    mutationFn: (body: B) => save(body, editing && editing !== 'new' ? editing : undefined),
  });
  const saveForm = (body: B) =>
    untilSaved((done) => saving.mutate(body, done), {
      onSuccess: () => (setEditing(null), notify(texts.saved, { type: 'success' }), refresh()),
      onError: (e) => notifyError(e, codes.save),
    });
  const removing = useMutation({
    mutationFn: remove,
    onSuccess: () => (setDeleting(null), notify(texts.deleted, { type: 'success' }), refresh()),
    onError: (e) => (setDeleting(null), notifyError(e, codes.remove)),
  });
  const deleteDialog = (
    <TypedDeleteDialog
      open={!!deleting}
      busy={removing.isPending}
      onClose={() => setDeleting(null)}
      onConfirm={() => deleting && removing.mutate(deleting._id)}
    />
  );
  /** the record the dialog edits (none: a new one) and its busy, close and save */
  const dialog = editing
    ? {
        record: editing === 'new' ? undefined : editing,
        props: { busy: saving.isPending, onClose: () => setEditing(null), onSave: saveForm },
      }
    : null;
  return { edit: setEditing, ask: setDeleting, dialog, deleteDialog };
}
