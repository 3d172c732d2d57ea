import { Datagrid, FunctionField, SelectInput, useTranslate } from 'react-admin';
import { DSR_TASK_STATES, type DsrTask } from '../../../contract/dsrTasks';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { ListFilters } from '../../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../../src/components/PagedList';
import { TASK_SCREEN, TaskDueCell, TaskFilesCell, TaskStateCell } from './taskCells';
import { useTaskEditor } from './useTaskEditor';

type TaskRow = DsrTask & { id: string };

/** `/consents/datasubject/tasks`: the signed-in person's tasks (and their department's unowned ones), nearest due first. */
export function MyTasks() {
  const translate = useTranslate();
  const canEdit = useCanEdit('consents');
  const editor = useTaskEditor(!canEdit);
  return (
    <>
      <PagedList
        resource="dsr-tasks"
        screenCode={TASK_SCREEN.mine}
        filter={{ mine: true }}
        filterDefaultValues={{ state: 'to_do' }}
        sort={{ field: 'dueAt', order: 'ASC' }}
      >
        <ListFilters>
          <SelectInput
            source="state"
            label="dsr.tasks.columns.state"
            choices={DSR_TASK_STATES.map((s) => ({ id: s, name: `dsr.tasks.states.${s}` }))}
            emptyText="dsr.tasks.all_states"
            helperText={false}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 180 }}
          />
        </ListFilters>
        <ListLooks screenCode={TASK_SCREEN.mine} empty={<>{translate('dsr.tasks.mine_empty')}</>}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={(_id, _resource, record) => (editor.edit(record as unknown as DsrTask), false)}
            body={rowsWith(() => ({ 'data-testid': 'my-task-row' }))}
          >
            <FunctionField<TaskRow> label="dsr.tasks.columns.request" sortable={false} render={(t) => t.referenceCode} />
            <FunctionField<TaskRow> label="dsr.tasks.columns.system" sortBy="systemName" render={(t) => t.systemName} />
            <FunctionField<TaskRow> label="dsr.tasks.columns.due" sortBy="dueAt" render={(t) => <TaskDueCell task={t} />} />
            <FunctionField<TaskRow> label="dsr.tasks.columns.state" sortBy="state" render={(t) => <TaskStateCell task={t} />} />
            <FunctionField<TaskRow> label="dsr.tasks.columns.note" sortable={false} render={(t) => t.note || '-'} />
            <FunctionField<TaskRow> label="dsr.tasks.columns.evidence" sortable={false} render={(t) => <TaskFilesCell task={t} />} />
          </Datagrid>
        </ListLooks>
      </PagedList>
      {editor.dialog}
    </>
  );
}
