import DoneAllIcon from '@mui/icons-material/DoneAll';
import DraftsIcon from '@mui/icons-material/Drafts';
import { Box, Button, Chip, IconButton, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListBase, Title, useDataProvider, useListContext, useLocaleState, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Notification } from '../../contract/notifications';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ListPagination } from '../../src/components/ListPagination';
import { TableBodyState } from '../../src/components/TableBodyState';
import { safeRedirect } from '../../src/routing/routeTable';

type NotificationRecord = Notification & RaRecord;
const SCREEN_CODE = '#VER01';

function NotificationRows() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useListContext<NotificationRecord>();
  const [update] = useUpdate<NotificationRecord>();
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
  const markRead = (record: NotificationRecord) => {
    if (record.read) return;
    update(
      'notifications',
      { id: record.id, data: { read: true }, previousData: record },
      { mutationMode: 'pessimistic', onSettled: refreshAll, onError: (e) => notifyError(e, SCREEN_CODE) },
    );
  };
  return (
    <Table size="small" aria-label={translate('shell.notifications')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.notifications.fields.message')}</TableCell>
          <TableCell sx={{ width: 220 }}>{translate('resources.notifications.fields.created_dt')}</TableCell>
          <TableCell sx={{ width: 72 }}>
            <Box component="span" sx={visuallyHidden}>
              {translate('common.actions')}
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <TableBodyState
          columns={3}
          isPending={isPending}
          error={error}
          onRetry={() => void refetch()}
          isEmpty={!data?.length}
          empty={<EmptyList />}
        />
        {!isPending && !error
          ? data?.map((n) => {
              const text = translate(`notifications.kinds.${n.kind}`, n.params);
              return (
                <TableRow key={n.id} hover data-unread={!n.read || undefined}>
                  <TableCell sx={{ fontWeight: n.read ? 400 : 700 }}>
                    {!n.read ? <Chip size="small" color="primary" label={translate('resources.notifications.unread')} sx={{ mr: 1 }} /> : null}
                    {n.link ? (
                      <Link component={RouterLink} to={safeRedirect(n.link)} onClick={() => markRead(n)} sx={{ fontWeight: 'inherit' }}>
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                  </TableCell>
                  <TableCell>{formatDate(n.created_dt, locale, true)}</TableCell>
                  <TableCell>
                    {!n.read ? (
                      <Tooltip title={translate('resources.notifications.mark_read')}>
                        <IconButton
                          size="small"
                          aria-label={`${translate('resources.notifications.mark_read')}: ${text}`}
                          onClick={() => markRead(n)}
                        >
                          <DraftsIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })
          : null}
      </TableBody>
    </Table>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function MarkAllRead() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { meta } = useListContext();
  const unread = (meta as { unread?: number } | undefined)?.unread ?? 0;
  const markAll = useMutation({
    mutationFn: () => dataProvider.markAllNotificationsRead(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    onError: (err) => notifyError(err, SCREEN_CODE),
  });
  if (!unread) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.notifications.all_read')}
      </Typography>
    );
  }
  return (
    <Button variant="outlined" startIcon={<DoneAllIcon />} disabled={markAll.isPending} onClick={() => markAll.mutate()}>
      {translate('shell.mark_all_read')} ({unread})
    </Button>
  );
}

/**
 * `/notifications`: every notification the person may see (their menus decide), unread first and
 * newest first within, 20 a page; each links to its record (and is then read), one or all can be
 * marked read.
 */
export function NotificationList() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  return (
    <ListBase
      resource="notifications"
      perPage={DEFAULT_PAGE_SIZE}
      filter={{ order: 'unread' }}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ retry: false, onError: (error: unknown) => notifyError(error, SCREEN_CODE) }}
    >
      <Box sx={{ p: { xs: 1, sm: 3 } }}>
        <Title title={translate('shell.notifications')} />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1">
            {translate('shell.notifications')}
          </Typography>
          <MarkAllRead />
        </Box>
        <Paper variant="outlined">
          <NotificationRows />
          <ListPagination />
        </Paper>
      </Box>
    </ListBase>
  );
}
