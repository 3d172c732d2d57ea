import DevicesIcon from '@mui/icons-material/Devices';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef } from 'react';
import { useDataProvider, useLocaleState, useLogout, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { UserMenuDialogItem } from './UserMenuDialogItem';
import { formatDate } from '../../i18n/dates';

/** The user menu's "Signed-in devices": one's own sessions, ending one, or all of them (sign out everywhere). */
export const SessionsMenuItem = forwardRef<HTMLLIElement>(function SessionsMenuItem(_props, ref) {
  return (
    <UserMenuDialogItem
      ref={ref}
      icon={<DevicesIcon fontSize="small" />}
      label="shell.sessions_menu"
      dialog={(onClose) => <SessionsDialog onClose={onClose} />}
    />
  );
});

function SessionsDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const logout = useLogout();
  const sessions = useQuery({ queryKey: ['ownSessions'], queryFn: () => dataProvider.ownSessions() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ownSessions'] });
  const endOne = useMutation({ mutationFn: (id: string) => dataProvider.endOwnSession(id), onSuccess: refresh });
  const everywhere = useMutation({
    mutationFn: (keepCurrent: boolean) => dataProvider.signOutEverywhere(keepCurrent),
    onSuccess: (reply, keepCurrent) => {
      notify(translate('shell.sessions_done', { count: reply.revoked }), { type: 'info' });
      // signed out here too: back to the sign-in page
      if (!keepCurrent) void logout(undefined, '/login', false);
      else void refresh();
    },
  });
  const busy = endOne.isPending || everywhere.isPending;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="sessions-title">
      <DialogTitle id="sessions-title">{translate('shell.sessions_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('shell.sessions_hint')}
        </Typography>
        {sessions.isPending ? (
          <CircularProgress size={24} aria-label={translate('shell.sessions_loading')} />
        ) : sessions.isError ? (
          <Alert severity="error">{translate('shell.sessions_failed')}</Alert>
        ) : (
          <List dense aria-label={translate('shell.sessions_title')}>
            {sessions.data.map((s) => (
              <ListItem
                key={s.id}
                secondaryAction={
                  s.current ? (
                    <Chip size="small" color="primary" label={translate('shell.sessions_current')} />
                  ) : (
                    <Button size="small" disabled={busy} onClick={() => endOne.mutate(s.id)}>
                      {translate('shell.sessions_end')}
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={s.userAgent ?? '-'}
                  primaryTypographyProps={{ noWrap: true, sx: { maxWidth: 340 } }}
                  secondary={translate('shell.sessions_last_seen', {
                    date: formatDate(s.lastSeenAt, locale, true),
                    created: formatDate(s.createdAt, locale, true),
                    ip: s.ip ?? '-',
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button disabled={busy} onClick={() => everywhere.mutate(true)}>
          {translate('shell.sessions_others')}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => everywhere.mutate(false)}>
          {translate('shell.sessions_everywhere')}
        </Button>
        <Button onClick={onClose}>{translate('shell.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
