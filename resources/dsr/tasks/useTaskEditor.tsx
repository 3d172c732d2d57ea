import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { DsrTask } from '../../../contract/dsrTasks';
import type { AppDataProvider } from '../../../dataProvider';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { TaskEditDialog } from './DsrTaskDialogs';
import { TASK_SCREEN } from './taskCells';

/**
 * A task's edit dialog and what opens it (the request's tasks, my tasks): the people a task may be given to, the save
 * with its toasts, then every task list read again.
 */
export function useTaskEditor(readOnly: boolean) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DsrTask | null>(null);
  const people = useQuery({ queryKey: ['dsr-requests', 'assignees'], queryFn: () => dataProvider.dsrAssignees() });
  const save = useMutation({
    mutationFn: dataProvider.updateDsrTask,
    onSuccess: () => (
      setEditing(null),
      void queryClient.invalidateQueries({ queryKey: ['dsr-tasks'] }),
      notify('dsr.tasks.saved', { type: 'success' })
    ),
    onError: (e) => notifyError(e, TASK_SCREEN.save),
  });
  const dialog = editing ? (
    <TaskEditDialog
      task={editing}
      people={people.data ?? []}
      readOnly={readOnly}
      busy={save.isPending}
      onClose={() => setEditing(null)}
      onSave={(body) => save.mutate(body)}
    />
  ) : null;
  return { edit: setEditing, people: people.data ?? [], dialog };
}
