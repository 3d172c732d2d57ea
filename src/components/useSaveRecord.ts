import { useCreate, useNotify, useRefresh, useUpdate, type RaRecord } from 'react-admin';
import { useNotifyError } from './ErrorToast';
import { untilSaved } from './serverFieldError';

interface Options {
  /** the texts' prefix: `<prefix>.add_success` / `<prefix>.edit_success` */
  prefix: string;
  /** the screen code of the failure toast */
  screenCode: string;
  /** after a save (the dialog closes) */
  onSaved: () => void;
}

/**
 * An add/edit dialog's save: a record without an id is created, one with an id updated (pessimistic);
 * then the success toast, `onSaved` and the list reloads. A server 400 naming a field of the form is what
 * the returned promise gives (react-admin's `<Form onSubmit>` puts it on that field); any other failure
 * shows the toast with `screenCode`.
 */
export function useSaveRecord(resource: string, { prefix, screenCode, onSaved }: Options) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const save = (values: Record<string, unknown>, editing?: Partial<RaRecord>) => {
    const isEdit = editing?.id !== undefined;
    return untilSaved(
      (done) => {
        if (isEdit) update(resource, { id: editing!.id!, data: values, previousData: editing }, { ...done, mutationMode: 'pessimistic' });
        else create(resource, { data: values }, done);
      },
      {
        onSuccess: () => {
          onSaved();
          notify(`${prefix}.${isEdit ? 'edit_success' : 'add_success'}`, { type: 'success' });
          refresh();
        },
        onError: (error) => notifyError(error, screenCode),
      },
    );
  };
  return { save, isPending: creating || updating };
}
