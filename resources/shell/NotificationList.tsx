import DoneAllIcon from '@mui/icons-material/DoneAll';
import DraftsIcon from '@mui/icons-material/Drafts';
import { Box, Button, Chip, IconButton, Link, Paper, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Datagrid,
  FunctionField,
  ListBase,
  Title,
  useDataProvider,
  useListContext,
  useLocaleState,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Notification } from '../../contract/notifications';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ListPagination } from '../../src/components/ListPagination';
import { ListLooks, rowsWith } from '../../src/components/PagedList';
import { safeRedirect } from '../../src/routing/routeTable';

type NotificationRecord = Notification & RaRecord;
const SCREEN_CODE = '#VER01';

/** Opens a notification's record (and marks it read), or marks it read where it is. */
function NotificationRows() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
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
  const textOf = (n: NotificationRecord) => translate(`notifications.kinds.${n.kind}`, n.params);
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      body={rowsWith((n) => ({ 'data-unread': !n.read || undefined }))}
      aria-label={translate('shell.notifications')}
      sx={{ '& th:nth-of-type(2)': { width: 220 }, '& th:nth-of-type(3)': { width: 72 } }}
    >
      <FunctionField<NotificationRecord>
        label="resources.notifications.fields.message"
        sortable={false}
        render={(n) => (
          <Box component="span" sx={{ fontWeight: n.read ? 400 : 700 }}>
            {!n.read ? <Chip size="small" color="primary" label={translate('resources.notifications.unread')} sx={{ mr: 1 }} /> : null}
            {n.link ? (
              <Link component={RouterLink} to={safeRedirect(n.link)} onClick={() => markRead(n)} sx={{ fontWeight: 'inherit' }}>
                {textOf(n)}
              </Link>
            ) : (
              textOf(n)
            )}
          </Box>
        )}
      />
      <FunctionField<NotificationRecord>
        label="resources.notifications.fields.created_dt"
        sortable={false}
        render={(n) => formatDate(n.created_dt, locale, true)}
      />
      <FunctionField<NotificationRecord>
        label={
          <Box component="span" sx={visuallyHidden}>
            {translate('common.actions')}
          </Box>
        }
        sortable={false}
        render={(n) =>
          !n.read ? (
            <Tooltip title={translate('resources.notifications.mark_read')}>
              <IconButton size="small" aria-label={`${translate('resources.notifications.mark_read')}: ${textOf(n)}`} onClick={() => markRead(n)}>
                <DraftsIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null
        }
      />
    </Datagrid>
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
          <ListLooks screenCode={SCREEN_CODE}>
            <NotificationRows />
          </ListLooks>
          <ListPagination />
        </Paper>
      </Box>
    </ListBase>
  );
}
