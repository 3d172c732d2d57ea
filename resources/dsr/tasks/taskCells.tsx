import { Chip, Link, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { DsrTask } from '../../../contract/dsrTasks';
import type { AppDataProvider } from '../../../dataProvider';
import { formatDate } from '../../../i18n/dates';
import { useNotifyError } from '../../../src/components/ErrorToast';

export const TASK_SCREEN = { list: 'DSR#008', save: 'DSR#009', add: 'DSR#010', file: 'DSR#011', mine: 'DSR#012' } as const;

const STATE_COLOUR = { to_do: 'default', done: 'success', not_held: 'info', failed: 'error' } as const;

/** A task's state, and "overdue" when it is still to do past its date. */
export function TaskStateCell({ task }: { task: DsrTask }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      <Chip size="small" color={STATE_COLOUR[task.state]} label={translate(`dsr.tasks.states.${task.state}`)} data-testid="dsr-task-state" />
      {task.overdue ? <Chip size="small" color="error" variant="outlined" label={translate('dsr.tasks.overdue')} /> : null}
    </Stack>
  );
}

/** The due date in the Buddhist era. */
export function TaskDueCell({ task }: { task: DsrTask }) {
  const [locale] = useLocaleState();
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDate(task.dueAt, locale)}</span>;
}

/** The owner: the person, else the department. */
export function TaskOwnerCell({ task }: { task: DsrTask }) {
  const translate = useTranslate();
  return <>{[task.owner?.name, task.department].filter(Boolean).join(' · ') || translate('dsr.tasks.no_owner')}</>;
}

/** The task's evidence files, each downloaded through the API. */
export function TaskFilesCell({ task }: { task: DsrTask }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const download = useMutation({ mutationFn: dataProvider.downloadDsrTaskFile, onError: (e) => notifyError(e, TASK_SCREEN.file) });
  if (!task.files.length) return <>-</>;
  return (
    <Stack>
      {task.files.map((f) => (
        <Link key={f.id} component="button" onClick={(e) => (e.stopPropagation(), download.mutate({ taskId: task.id, fileId: f.id, name: f.name }))}>
          {f.name}
        </Link>
      ))}
    </Stack>
  );
}
