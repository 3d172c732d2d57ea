import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { Datagrid, FunctionField, useListContext, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceUiDefinition } from '../../resources/types';
import { useCanEdit } from '../auth/useCanEdit';
import { DeleteRowButton } from '../components/DeleteRowButton';
import { EmptyList } from '../components/EmptyList';
import { FormDialog } from '../components/FormDialog';
import { formResolver } from '../components/formResolver';
import { PagedList } from '../components/PagedList';
import { RowNumberField } from '../components/RowNumberField';
import { ListFilters } from '../components/ListFilters';
import { fieldColumn } from './fieldColumns';
import { FormRows } from './fieldInputs';
import { formSchema, formValues } from './formSchema';
import { RowAction } from '../components/RowAction';
import { useSaveRecord } from '../components/useSaveRecord';

/** A resource whose definition declares a generated list: fields, table, texts (a form is optional). */
export type ListedResource = ResourceUiDefinition & Required<Pick<ResourceUiDefinition, 'fields' | 'table' | 'texts'>>;

function RowActions({ onEdit, removeCode }: { onEdit?: (r: RaRecord) => void; removeCode?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex' }}>
      {onEdit ? <RowAction label="common.edit" icon={<EditIcon fontSize="small" />} onClick={() => onEdit(record)} /> : null}
      {removeCode ? <DeleteRowButton screenCode={removeCode} /> : null}
    </Box>
  );
}

function Table({ definition, onEdit, canEdit }: { definition: ListedResource; onEdit?: (r: RaRecord) => void; canEdit: boolean }) {
  const { filterValues } = useListContext();
  const { fields, table, api } = definition;
  const canUpdate = Boolean(onEdit && (api.update || api.rest));
  const canDelete = Boolean(api.delete || api.rest);
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyList searching={Boolean(filterValues.search)} />}>
      <RowNumberField label="common.number" />
      {table.columns.map((name) => fieldColumn(name, fields[name]))}
      {canEdit && (canUpdate || canDelete) ? (
        <FunctionField
          label="common.actions"
          render={() => <RowActions onEdit={canUpdate ? onEdit : undefined} removeCode={canDelete ? table.codes.remove : undefined} />}
        />
      ) : null}
    </Datagrid>
  );
}

interface Props {
  definition: ListedResource;
  /** more of the toolbar, before the add button (a module's own filters) */
  toolbar?: ReactNode;
  filterDefaultValues?: Record<string, unknown>;
}

/**
 * The list every simple resource gets from its definition: the seed's search, an add button, a
 * table of 20 a page with row numbers and the declared columns, add/edit in a modal validated by the
 * contract's rules, typed delete. A view-only role sees no add, edit or delete.
 */
export function ResourceListView({ definition, toolbar, filterDefaultValues }: Props) {
  const { name, fields, table, form, texts } = definition;
  const translate = useTranslate();
  const canEdit = useCanEdit(definition.menu);
  const [editing, setEditing] = useState<Partial<RaRecord>>();
  const saving = useSaveRecord(name, { prefix: texts.prefix, screenCode: table.codes.save, onSaved: () => setEditing(undefined) });
  const resolver = useMemo(() => (form ? formResolver(formSchema(form, fields), form.requiredKey ?? 'common.required') : undefined), [form, fields]);
  const isEdit = editing?.id !== undefined;

  const addButton =
    form && canEdit ? (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
        {translate(texts.addButton ?? 'common.add')}
      </Button>
    ) : null;

  return (
    <>
      <PagedList resource={name} screenCode={table.codes.list} filterDefaultValues={filterDefaultValues}>
        {table.search ? (
          <ListFilters
            search
            actions={
              <>
                {toolbar}
                {addButton}
              </>
            }
          />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, py: 1 }}>
            {toolbar}
            {addButton}
          </Box>
        )}
        <Table definition={definition} onEdit={form ? (record) => setEditing(record) : undefined} canEdit={canEdit} />
      </PagedList>
      {form && resolver ? (
        <FormDialog
          open={Boolean(editing)}
          title={translate(`${texts.prefix}.${isEdit ? 'edit_title' : 'add_title'}`)}
          record={{ ...formValues(form, fields, editing), ...(isEdit ? { id: editing!.id } : {}) }}
          resolver={resolver}
          onSubmit={(values) => saving.save(values, editing)}
          onClose={() => setEditing(undefined)}
          busy={saving.isPending}
          modal={form.strictModal}
        >
          <FormRows rows={form.rows} fields={fields} />
        </FormDialog>
      ) : null}
    </>
  );
}
