import { Alert, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { DSR_FILE_MAX_BYTES } from '../../../contract/dsr';
import {
  DSR_TASK_STATES,
  dsrTaskCreateBody,
  dsrTaskUpdateBody,
  type DsrTask,
  type DsrTaskCreateBody,
  type DsrTaskUpdateBody,
} from '../../../contract/dsrTasks';
import { FormDialog } from '../../../src/components/FormDialog';
import { formResolver } from '../../../src/components/formResolver';
import { readFileInput } from '../dsrApi';

const updateResolver = formResolver(dsrTaskUpdateBody, 'dsr.tasks.required');
const createResolver = formResolver(dsrTaskCreateBody, 'dsr.tasks.required');

type People = { _id: string; name: string }[];
const ownerChoices = (people: People) => people.map((p) => ({ id: p._id, name: p.name }));

/** The reason field, shown once the state is "failed". */
function FailureReason() {
  const translate = useTranslate();
  const state = useWatch({ name: 'state' }) as string;
  return state === 'failed' ? <TextInput source="reason" label={translate('dsr.tasks.reason')} multiline minRows={2} fullWidth /> : null;
}

/** A task's state (a failure with its reason), note, owner and one more evidence file; read-only for a view-only role. */
export function TaskEditDialog({
  task,
  people,
  readOnly,
  busy,
  onClose,
  onSave,
}: {
  task: DsrTask;
  people: People;
  readOnly: boolean;
  busy: boolean;
  onClose(): void;
  onSave(body: DsrTaskUpdateBody & { id: string }): void;
}) {
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const tooLarge = !!file && file.size > DSR_FILE_MAX_BYTES;
  const submit = async (values: FieldValues) => {
    if (tooLarge) return;
    const body = values as DsrTaskUpdateBody;
    onSave({ id: task.id, ...body, ...(file ? { evidence: await readFileInput(file) } : {}) });
  };
  return (
    <FormDialog
      open
      title={translate('dsr.tasks.edit_title', { system: task.systemName })}
      record={{ id: task.id, state: task.state, reason: task.reason, note: task.note, ownerId: task.ownerId }}
      resolver={updateResolver}
      onSubmit={(values) => void submit(values)}
      onClose={onClose}
      busy={busy}
      readOnly={readOnly}
      cancelLabel="ra.action.cancel"
      submitLabel="dsr.tasks.save"
    >
      <SelectInput
        source="state"
        label={translate('dsr.tasks.columns.state')}
        choices={DSR_TASK_STATES.map((s) => ({ id: s, name: translate(`dsr.tasks.states.${s}`) }))}
        fullWidth
      />
      <FailureReason />
      <TextInput source="note" label={translate('dsr.tasks.columns.note')} multiline minRows={2} fullWidth />
      <SelectInput
        source="ownerId"
        label={translate('dsr.tasks.columns.owner')}
        choices={ownerChoices(people)}
        emptyText={translate('dsr.tasks.no_owner')}
        parse={(v: string) => v || null}
        fullWidth
      />
      {readOnly ? null : (
        <>
          <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
            {translate('dsr.tasks.evidence_file')}
            <input hidden type="file" accept="application/pdf,image/jpeg,image/png" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Button>
          {file ? (
            <Typography variant="body2" color={tooLarge ? 'error' : 'text.secondary'}>
              {file.name}
              {tooLarge ? ` — ${translate('dsr.public.file_too_large')}` : ''}
            </Typography>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}

/** A task added by hand for a system the data map lacks; the data map is offered to add it there too. */
export function TaskAddDialog({
  requestId,
  people,
  busy,
  onClose,
  onSave,
}: {
  requestId: string;
  people: People;
  busy: boolean;
  onClose(): void;
  onSave(body: DsrTaskCreateBody): void;
}) {
  const translate = useTranslate();
  return (
    <FormDialog
      open
      title={translate('dsr.tasks.add_title')}
      record={{ id: requestId, requestId, systemName: '', departmentId: null, ownerId: null, note: '' }}
      resolver={createResolver}
      onSubmit={(values) => onSave(values as DsrTaskCreateBody)}
      onClose={onClose}
      busy={busy}
      cancelLabel="ra.action.cancel"
      submitLabel="dsr.tasks.add"
    >
      <Alert severity="info" sx={{ mb: 1 }}>
        {translate('dsr.tasks.add_hint')}
      </Alert>
      <TextInput source="systemName" label={translate('dsr.tasks.columns.system')} fullWidth />
      <SelectInput
        source="ownerId"
        label={translate('dsr.tasks.columns.owner')}
        choices={ownerChoices(people)}
        emptyText={translate('dsr.tasks.no_owner')}
        parse={(v: string) => v || null}
        fullWidth
      />
      <TextInput source="note" label={translate('dsr.tasks.columns.note')} multiline minRows={2} fullWidth />
    </FormDialog>
  );
}
