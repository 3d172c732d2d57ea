import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, Divider, IconButton, ListItemButton, ListItemText, Popover, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../contract/notifications';
import { callApi } from '../../dataProvider/http';
import { useNotifyError } from '../components/ErrorToast';
import { formatDate } from '../../i18n/dates';
import { safeRedirect } from '../routing/routeTable';

/** The shell's fetch: page 1, limit 5 (seed section 9). */
export const BELL_LIMIT = 5;
/** The dropdown's maximum height (seed section 9). */
export const BELL_PANEL_MAX_HEIGHT = 230;
const QUERY_KEY = ['notifications', 'bell'];

interface BellData {
  notificationList: Notification[];
  totalNotification: number;
  unread: number;
}

export function NotificationBell() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const { data, error } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => callApi<BellData>('/user/notification/list', { query: { currentPage: 1, limit: BELL_LIMIT } }),
    refetchInterval: 60_000,
    retry: false,
  });
  useEffect(() => {
    if (error) notifyError(error, '#VER01');
  }, [error, notifyError]);

  const markRead = useMutation({
    mutationFn: (body: { notificationId: string } | { all: true }) =>
      callApi('/user/notification/read', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    onError: (err) => notifyError(err, '#VER01'),
  });

  const unread = data?.unread ?? 0;
  const open = (item: Notification) => {
    setAnchor(null);
    if (!item.read) markRead.mutate({ notificationId: item._id });
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
              <Button size="small" onClick={() => markRead.mutate({ all: true })}>
                {translate('shell.mark_all_read')}
              </Button>
            ) : null}
          </Box>
          <Divider />
          <Box data-testid="notification-panel" sx={{ maxHeight: BELL_PANEL_MAX_HEIGHT, overflowY: 'auto' }}>
            {data && data.notificationList.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {translate('shell.no_notifications')}
              </Typography>
            ) : null}
            {data?.notificationList.map((item) => (
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
            {translate('ra.action.show')} ({data?.totalNotification ?? 0})
          </Button>
        </Box>
      </Popover>
    </>
  );
}
