import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, Divider, IconButton, ListItemButton, ListItemText, Popover, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useLocaleState, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../contract/notifications';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../components/ErrorToast';
import { formatDate } from '../../i18n/dates';
import { safeRedirect } from '../routing/routeTable';

/** The shell's fetch: page 1, limit 5 (seed section 9). */
export const BELL_LIMIT = 5;
/** The dropdown's maximum height (seed section 9). */
export const BELL_PANEL_MAX_HEIGHT = 230;

export type NotificationRecord = Notification & RaRecord;
/** The latest notifications, as the bell and the dashboard ask for them (one cache entry). */
export const LATEST_NOTIFICATIONS = {
  pagination: { page: 1, perPage: BELL_LIMIT },
  sort: { field: 'created_dt', order: 'DESC' as const },
};

export function NotificationBell() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const { data, total, meta, isPending } = useGetList<NotificationRecord>('notifications', LATEST_NOTIFICATIONS, {
    refetchInterval: 60_000,
    retry: false,
    onError: (error) => notifyError(error, '#VER01'),
  });
  // the bell's count and the other lists of notifications follow every change at once
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
  const [markRead] = useUpdate<NotificationRecord>();
  const markAllRead = useMutation({
    mutationFn: () => dataProvider.markAllNotificationsRead(),
    onSettled: refreshAll,
    onError: (err) => notifyError(err, '#VER01'),
  });

  const unread = (meta as { unread?: number } | undefined)?.unread ?? 0;
  const open = (item: NotificationRecord) => {
    setAnchor(null);
    if (!item.read) {
      markRead(
        'notifications',
        { id: item.id, data: { read: true }, previousData: item },
        { mutationMode: 'pessimistic', onSettled: refreshAll, onError: (err) => notifyError(err, '#VER01') },
      );
    }
    if (item.link) navigate(safeRedirect(item.link));
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread ? translate('shell.notifications_count', { count: unread }) : translate('shell.notifications')}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: 340 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
            <Typography variant="subtitle1" component="h2">
              {translate('shell.notifications')}
            </Typography>
            {unread > 0 ? (
              <Button size="small" onClick={() => markAllRead.mutate()}>
                {translate('shell.mark_all_read')}
              </Button>
            ) : null}
          </Box>
          <Divider />
          <Box data-testid="notification-panel" sx={{ maxHeight: BELL_PANEL_MAX_HEIGHT, overflowY: 'auto' }}>
            {!isPending && data?.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {translate('shell.no_notifications')}
              </Typography>
            ) : null}
            {data?.map((item) => (
              <ListItemButton key={item._id} onClick={() => open(item)} sx={{ alignItems: 'flex-start' }}>
                <ListItemText
                  primary={translate(`notifications.kinds.${item.kind}`, item.params)}
                  secondary={formatDate(item.created_dt, locale, true)}
                  slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 } } }}
                />
              </ListItemButton>
            ))}
          </Box>
          <Divider />
          <Button fullWidth onClick={() => (setAnchor(null), navigate('/notifications'))}>
            {translate('ra.action.show')} ({total ?? 0})
          </Button>
        </Box>
      </Popover>
    </>
  );
}
