import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, Chip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Datagrid, FunctionField, useCreate, useListContext, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import type { Role, RoleRight } from '../../contract/roles';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { DeleteRowButton } from '../../src/components/DeleteRowButton';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { PagedList } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { ListFilters } from '../../src/components/ListFilters';
import { rightsCount } from './rights';
import { RoleFormDialog, type RoleDraft } from './RoleFormDialog';
import { RoleViewDialog } from './RoleViewDialog';
import { SecondFactorCell } from './SecondFactorCell';
import { useRoleName } from './useRoleName';
import { RowAction } from '../../src/components/RowAction';

/** The toasts' screen codes of this page. */
export const ROLE_CODES = { list: 'ROLE#001', add: 'ROLE#002', edit: 'ROLE#003', remove: 'ROLE#004', secondFactor: 'ROLE#005' } as const;

interface RowActions {
  canEdit: boolean;
  onView: (role: Role) => void;
  onCopy: (role: Role) => void;
  onEdit: (role: Role) => void;
}

/** View for everyone; copy for role managers; edit and delete for the company's own roles only. */
function RoleActions({ canEdit, onView, onCopy, onEdit }: RowActions) {
  const role = useRecordContext<Role>();
  if (!role) return null;
  return (
    <Box sx={{ display: 'flex' }}>
      <RowAction label="roles.view" icon={<VisibilityIcon fontSize="small" />} onClick={() => onView(role)} />
      {canEdit ? <RowAction label="roles.copy" icon={<ContentCopyIcon fontSize="small" />} onClick={() => onCopy(role)} /> : null}
      {canEdit && !role.builtin ? (
        <>
          <RowAction label="common.edit" icon={<EditIcon fontSize="small" />} onClick={() => onEdit(role)} />
          <DeleteRowButton screenCode={ROLE_CODES.remove} />
        </>
      ) : null}
    </Box>
  );
}

function RoleNameCell() {
  const role = useRecordContext<Role>();
  const translate = useTranslate();
  const roleName = useRoleName();
  if (!role) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span>{roleName(role)}</span>
      {role.builtin ? <Chip size="small" color="primary" variant="outlined" label={translate('roles.builtin')} /> : null}
    </Box>
  );
}

function RoleGrid(actions: RowActions) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyList searching={Boolean(filterValues.search)} />}>
      <RowNumberField label="common.number" />
      <FunctionField label="roles.columns.name" sortBy="name" render={() => <RoleNameCell />} />
      <FunctionField<Role>
        label="roles.columns.rights"
        sortable={false}
        render={(role) => translate('roles.rights_summary', rightsCount(role.rights))}
      />
      <FunctionField<Role>
        label="roles.columns.users"
        sortBy="userCount"
        render={(role) => translate('roles.user_count', { smart_count: role.userCount })}
      />
      <FunctionField
        label="roles.columns.second_factor"
        sortable={false}
        render={() => <SecondFactorCell canEdit={actions.canEdit} screenCode={ROLE_CODES.secondFactor} />}
      />
      <FunctionField label="common.actions" sortable={false} render={() => <RoleActions {...actions} />} />
    </Datagrid>
  );
}

/** The company's roles: search, add, the list with holders, view, copy, edit and typed delete. */
export function RoleList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const roleName = useRoleName();
  const canEdit = useCanEdit('contacts');
  const [draft, setDraft] = useState<RoleDraft>();
  const [viewing, setViewing] = useState<Role>();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();

  const save = (target: RoleDraft, data: { name: string; rights: RoleRight[] }) => {
    const done = {
      onSuccess: () => {
        setDraft(undefined);
        notify(`roles.${target.mode}_success`, { type: 'success' });
        refresh();
        // the signed-in person's own role may be the one changed: their menu follows at once
        void queryClient.invalidateQueries({ queryKey: ['user-menu'] });
      },
      onError: (error: unknown) => notifyError(error, target.mode === 'edit' ? ROLE_CODES.edit : ROLE_CODES.add),
    };
    if (target.mode === 'edit') update('roles', { id: target.id!, data, previousData: undefined }, { ...done, mutationMode: 'pessimistic' });
    else create('roles', { data }, done);
  };

  const actions: RowActions = {
    canEdit,
    onView: setViewing,
    onCopy: (role) => setDraft({ mode: 'copy', name: translate('roles.copy_name', { name: roleName(role) }), rights: role.rights }),
    onEdit: (role) => setDraft({ mode: 'edit', id: role.id, name: role.name, rights: role.rights }),
  };

  return (
    <>
      <PagedList resource="roles" screenCode={ROLE_CODES.list}>
        <ListFilters
          search
          actions={
            canEdit ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDraft({ mode: 'add', name: '', rights: [] })}>
                {translate('roles.add')}
              </Button>
            ) : null
          }
        />
        <RoleGrid {...actions} />
      </PagedList>
      <RoleFormDialog draft={draft} busy={creating || updating} onSave={save} onClose={() => setDraft(undefined)} />
      <RoleViewDialog role={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}
