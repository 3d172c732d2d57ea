import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, useTranslate, type RaRecord } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';

interface Props {
  open: boolean;
  title: string;
  /** the values the form starts from; a new key resets the form (closing resets it too) */
  record: Partial<RaRecord>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each form's own field types
  resolver: Resolver<any>;
  /** may give the server's refusals by field (`{ path: reason }`, useSaveRecord): the form shows them there */
  onSubmit: (values: FieldValues) => unknown;
  onClose: () => void;
  busy?: boolean;
  /** the seed's plan modal cannot be closed by Esc or by clicking the backdrop */
  modal?: boolean;
  /** a view-only person reads the record: the fields cannot change, no submit, "close" instead of "cancel" */
  readOnly?: boolean;
  /** the buttons' texts (translation keys) where the screen names them otherwise */
  submitLabel?: string;
  cancelLabel?: string;
  maxWidth?: 'sm' | 'md';
  children: ReactNode;
}

/** An add/edit form in a modal: cancel and submit, validated by the contract schema. */
export function FormDialog({
  open,
  title,
  record,
  resolver,
  onSubmit,
  onClose,
  busy,
  modal,
  readOnly,
  submitLabel,
  cancelLabel,
  maxWidth = 'sm',
  children,
}: Props) {
  const translate = useTranslate();
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => (modal && reason ? undefined : onClose())}
      disableEscapeKeyDown={modal}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby="form-dialog-title"
    >
      {open ? (
        <Form record={record} resolver={resolver} onSubmit={onSubmit} key={String(record.id ?? 'new')} noValidate>
          <DialogTitle id="form-dialog-title">{title}</DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>
            <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              {children}
            </fieldset>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate(readOnly ? 'ra.action.close' : (cancelLabel ?? 'common.cancel'))}</Button>
            {readOnly ? null : (
              <Button type="submit" variant="contained" disabled={busy}>
                {translate(submitLabel ?? 'common.submit')}
              </Button>
            )}
          </DialogActions>
        </Form>
      ) : null}
    </Dialog>
  );
}

interface EditDialogProps<B> {
  /** the record being edited; none: a new one */
  record?: { _id: string };
  /** a new record's values */
  empty: object;
  /** translation keys of the title when adding and when editing */
  titles: { add: string; edit: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each form's own field types
  resolver: Resolver<any>;
  busy: boolean;
  onClose(): void;
  onSave(body: B): unknown;
  children: ReactNode;
}

/** A wide add-or-edit modal of a record keyed by `_id` (quiz questions and tests, request forms): "cancel" and "save". */
export function EditDialog<B>({ record, empty, titles, resolver, busy, onClose, onSave, children }: EditDialogProps<B>) {
  const translate = useTranslate();
  return (
    <FormDialog
      open
      title={translate(record ? titles.edit : titles.add)}
      record={record ? { ...empty, ...record, id: record._id } : empty}
      resolver={resolver}
      onSubmit={(values) => onSave(values as B)}
      onClose={onClose}
      busy={busy}
      maxWidth="md"
      cancelLabel="ra.action.cancel"
      submitLabel="ra.action.save"
    >
      {children}
    </FormDialog>
  );
}
