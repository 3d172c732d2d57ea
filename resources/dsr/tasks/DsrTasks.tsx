import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Datagrid, FunctionField, ListBase, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { DSR_STATUS } from '../../../contract/dsr';
import type { DsrTask } from '../../../contract/dsrTasks';
import type { AppDataProvider } from '../../../dataProvider';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { ListLooks, rowsWith } from '../../../src/components/PagedList';
import { TaskAddDialog } from './DsrTaskDialogs';
import { TASK_SCREEN, TaskDueCell, TaskFilesCell, TaskOwnerCell, TaskStateCell } from './taskCells';
import { useTaskEditor } from './useTaskEditor';

/** While the request is in review, why it cannot be answered as fulfilled yet: its tasks still to do. */
function OpenTasksNotice({ statusId }: { statusId: number }) {
  const translate = useTranslate();
  const { data } = useListContext<DsrTask & { id: string }>();
  const open = (data ?? []).filter((t) => t.state === 'to_do').length;
  if (statusId !== DSR_STATUS.inReview || !open) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="dsr-tasks-open">
      {translate('dsr.tasks.open_block', { count: open })}
    </Alert>
  );
}

/** The request's tasks in the request drawer: one per system, their owners, dates, states and evidence; an editor changes them. */
export function DsrTasks({ requestId, statusId, answered }: { requestId: string; statusId: number; answered: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('consents') && !answered;
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const editor = useTaskEditor(!canEdit);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['dsr-tasks'] });
  // accepting the request makes its tasks: read them again when its state changes
  useEffect(() => void queryClient.invalidateQueries({ queryKey: ['dsr-tasks'] }), [statusId, queryClient]);
  const add = useMutation({
    mutationFn: dataProvider.addDsrTask,
    onSuccess: () => (setAdding(false), refresh(), notify('dsr.tasks.added', { type: 'success' })),
    onError: (e) => notifyError(e, TASK_SCREEN.add),
  });
  return (
    <Box data-testid="dsr-tasks">
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate('dsr.tasks.title')}
        </Typography>
        {canEdit ? (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('dsr.tasks.add')}
          </Button>
        ) : null}
      </Stack>
      <ListBase
        resource="dsr-tasks"
        filter={{ requestId }}
        sort={{ field: 'systemName', order: 'ASC' }}
        perPage={100}
        disableSyncWithLocation
        storeKey={false}
        queryOptions={{ retry: false, onError: (error: unknown) => notifyError(error, TASK_SCREEN.list) }}
      >
        <OpenTasksNotice statusId={statusId} />
        <ListLooks screenCode={TASK_SCREEN.list} empty={<Typography variant="body2">{translate('dsr.tasks.none')}</Typography>}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={(_id, _resource, record) => (editor.edit(record as unknown as DsrTask), false)}
            body={rowsWith(() => ({ 'data-testid': 'dsr-task-row' }))}
            size="small"
          >
            <FunctionField<DsrTask & { id: string }> label="dsr.tasks.columns.system" sortable={false} render={(t) => t.systemName} />
            <FunctionField<DsrTask & { id: string }> label="dsr.tasks.columns.owner" sortable={false} render={(t) => <TaskOwnerCell task={t} />} />
            <FunctionField<DsrTask & { id: string }> label="dsr.tasks.columns.due" sortable={false} render={(t) => <TaskDueCell task={t} />} />
            <FunctionField<DsrTask & { id: string }> label="dsr.tasks.columns.state" sortable={false} render={(t) => <TaskStateCell task={t} />} />
            <FunctionField<DsrTask & { id: string }> label="dsr.tasks.columns.evidence" sortable={false} render={(t) => <TaskFilesCell task={t} />} />
          </Datagrid>
        </ListLooks>
      </ListBase>
      {editor.dialog}
      {adding ? (
        <TaskAddDialog
          requestId={requestId}
          people={editor.people}
          busy={add.isPending}
          onClose={() => setAdding(false)}
          onSave={(b) => add.mutate(b)}
        />
      ) : null}
    </Box>
  );
}
