import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Datagrid,
  FunctionField,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PERSON_KIND_FILTERS, type Person } from '../../contract/people';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { readSession } from '../../src/auth/session';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { PagedList } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { ListFilters } from '../../src/components/ListFilters';
import { DisableDialog } from './DisableDialog';
import type { AppDataProvider } from '../../dataProvider';
import { PEOPLE_CODES } from './peopleCalls';
import { KindCell, PersonNameCell, PlacementCell, RoleCell, StatusCell } from './PersonCells';
import { PersonFormDialog } from './PersonFormDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { RowAction } from '../../src/components/RowAction';
import { useSaveRecord } from '../../src/components/useSaveRecord';

function KindFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <TextField
      select
      size="small"
      label={translate('people.fields.kind')}
      value={filterValues.kind ?? 'all'}
      onChange={(e) => setFilters({ ...filterValues, kind: e.target.value }, {})}
      sx={{ minWidth: 180 }}
    >
      {PERSON_KIND_FILTERS.map((kind) => (
        <MenuItem key={kind} value={kind}>
          {translate(`people.kinds.${kind}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface Handlers {
  onEdit: (p: Person) => void;
  onDisable: (p: Person) => void;
  onEnable: (p: Person) => void;
  onResetPassword: (p: Person) => void;
  onResetSecondFactor: (p: Person) => void;
}

/** Edit, disable or enable, new password, reset a lost second factor. Nobody disables themselves or resets their own factor (the server refuses both too). */
function PersonActions({ onEdit, onDisable, onEnable, onResetPassword, onResetSecondFactor }: Handlers) {
  const person = useRecordContext<Person & RaRecord>();
  if (!person) return null;
  const isMe = readSession()?.user._id === person._id;
  return (
    <Box sx={{ display: 'flex' }}>
      <RowAction label="common.edit" icon={<EditIcon fontSize="small" />} onClick={() => onEdit(person)} />
      <RowAction label="people.reset_password" icon={<KeyIcon fontSize="small" />} onClick={() => onResetPassword(person)} />
      {person.secondFactor && !isMe ? (
        <RowAction label="people.reset_second_factor" icon={<PhonelinkEraseIcon fontSize="small" />} onClick={() => onResetSecondFactor(person)} />
      ) : null}
      {person.disabled ? (
        <RowAction label="people.enable" icon={<CheckCircleIcon fontSize="small" color="success" />} onClick={() => onEnable(person)} />
      ) : isMe ? null : (
        <RowAction label="people.disable" icon={<BlockIcon fontSize="small" color="error" />} onClick={() => onDisable(person)} />
      )}
    </Box>
  );
}

function PeopleGrid({ canEdit, handlers }: { canEdit: boolean; handlers: Handlers }) {
  const { filterValues } = useListContext();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyList searching={Boolean(filterValues.search)} />} sx={{ overflowX: 'auto' }}>
      <RowNumberField label="common.number" />
      <FunctionField label="people.fields.name" sortable={false} render={() => <PersonNameCell />} />
      <FunctionField label="people.fields.kind" sortable={false} render={() => <KindCell />} />
      <FunctionField label="people.fields.placement" sortable={false} render={() => <PlacementCell />} />
      <FunctionField label="people.fields.role" sortable={false} render={() => <RoleCell />} />
      <FunctionField label="people.fields.status" sortable={false} render={() => <StatusCell />} />
      {canEdit ? <FunctionField label="common.actions" sortable={false} render={() => <PersonActions {...handlers} />} /> : null}
    </Datagrid>
  );
}

/** The people tab: search, kind filter, add; the list with disable, enable and password reset (hidden from a view-only role). */
export function PeopleList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const canEdit = useCanEdit('contacts');
  const [editing, setEditing] = useState<Partial<RaRecord>>();
  const [disabling, setDisabling] = useState<Person>();
  const [resetting, setResetting] = useState<Person>();
  const [resettingFactor, setResettingFactor] = useState<Person>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const statusChange = useMutation({ mutationFn: dataProvider.setPersonDisabled });
  const factorReset = useMutation({ mutationFn: dataProvider.resetPersonSecondFactor });
  const saving = useSaveRecord('people', { prefix: 'people', screenCode: PEOPLE_CODES.save, onSaved: () => setEditing(undefined) });

  const setDisabled = (person: Person, disabled: boolean) =>
    statusChange.mutate(
      { id: person._id, disabled },
      {
        onSuccess: () => {
          notify(disabled ? 'people.disabled_success' : 'people.enabled_success', { type: 'success', messageArgs: { name: person.name } });
          refresh();
        },
        onError: (error) => notifyError(error, PEOPLE_CODES.status),
        onSettled: () => setDisabling(undefined),
      },
    );

  const resetSecondFactor = (person: Person) =>
    factorReset.mutate(
      { id: person._id },
      {
        onSuccess: () => {
          notify('people.reset_second_factor_success', { type: 'success', messageArgs: { name: person.name } });
          refresh();
        },
        onError: (error) => notifyError(error, PEOPLE_CODES.secondFactor),
        onSettled: () => setResettingFactor(undefined),
      },
    );

  const handlers: Handlers = {
    onEdit: (person) => setEditing(person as unknown as RaRecord),
    onDisable: setDisabling,
    onEnable: (person) => void setDisabled(person, false),
    onResetPassword: setResetting,
    onResetSecondFactor: setResettingFactor,
  };
  const actions = (
    <>
      <KindFilter />
      {canEdit ? (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
          {translate('people.add')}
        </Button>
      ) : null}
    </>
  );

  return (
    <>
      <PagedList
        resource="people"
        screenCode={PEOPLE_CODES.list}
        filterDefaultValues={{ kind: 'all' }}
        tools={canEdit ? { import: true, what: 'people.tabs.people', importNote: 'people.import_note' } : undefined}
      >
        <ListFilters search actions={actions} />
        <PeopleGrid canEdit={canEdit} handlers={handlers} />
      </PagedList>
      <PersonFormDialog
        person={editing}
        busy={saving.isPending}
        onSubmit={(values) => saving.save(values, editing)}
        onClose={() => setEditing(undefined)}
      />
      <DisableDialog
        person={disabling}
        busy={statusChange.isPending}
        onConfirm={() => disabling && void setDisabled(disabling, true)}
        onClose={() => setDisabling(undefined)}
      />
      <DisableDialog
        person={resettingFactor}
        action="reset_second_factor"
        busy={factorReset.isPending}
        onConfirm={() => resettingFactor && void resetSecondFactor(resettingFactor)}
        onClose={() => setResettingFactor(undefined)}
      />
      <ResetPasswordDialog person={resetting} onClose={() => setResetting(undefined)} />
    </>
  );
}
