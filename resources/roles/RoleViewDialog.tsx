import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Role } from '../../contract/roles';
import { RightsGrid } from './RightsGrid';
import { useRoleName } from './useRoleName';

/** A role's rights, read only: for built-in roles and for people who may not change roles. */
export function RoleViewDialog({ role, onClose }: { role: Role | undefined; onClose: () => void }) {
  const translate = useTranslate();
  const roleName = useRoleName();
  return (
    <Dialog open={Boolean(role)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="role-view-title">
      {role ? (
        <>
          <DialogTitle id="role-view-title">{translate('roles.view_title', { name: roleName(role) })}</DialogTitle>
          <DialogContent>
            {role.builtin ? (
              <>
                <Typography variant="body2" sx={{ mb: 1 }} data-testid="role-description">
                  {translate(`roles.builtin_descriptions.${role.builtin}`)}
                </Typography>
                <Alert severity="info" sx={{ mb: 1 }}>
                  {translate('roles.builtin_hint')}
                </Alert>
              </>
            ) : null}
            <RightsGrid rights={role.rights} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('roles.close')}</Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
