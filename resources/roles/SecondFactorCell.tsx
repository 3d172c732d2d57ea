import { Switch, Tooltip } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Role } from '../../contract/roles';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { useRoleName } from './useRoleName';

/** Whether the role's holders sign in with a second factor: a switch for role managers (built-in roles too), read only for others. */
export function SecondFactorCell({ canEdit, screenCode }: { canEdit: boolean; screenCode: string }) {
  const role = useRecordContext<Role>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const roleName = useRoleName();
  const dataProvider = useDataProvider<AppDataProvider>();
  const change = useMutation({ mutationFn: dataProvider.setRoleSecondFactor });
  if (!role || role.builtin === 'contact') return null;
  const name = roleName(role);
  const toggle = (required: boolean) =>
    change.mutate(
      { id: role.id, required },
      {
        onSuccess: () => {
          notify(required ? 'roles.second_factor_on' : 'roles.second_factor_off', { type: 'success', messageArgs: { name } });
          refresh();
        },
        onError: (error) => notifyError(error, screenCode),
      },
    );
  return (
    <Tooltip title={translate('roles.second_factor_hint')}>
      <Switch
        checked={role.requireSecondFactor}
        disabled={!canEdit || change.isPending}
        onChange={(e) => toggle(e.target.checked)}
        slotProps={{ input: { 'aria-label': translate('roles.second_factor_label', { name }) } }}
      />
    </Tooltip>
  );
}
