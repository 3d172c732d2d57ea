import { Datagrid, FunctionField, List, useLocaleState, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../contract/notifications';
import { EmptyList } from '../../src/components/EmptyList';
import { ListPagination } from '../../src/components/ListPagination';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formatDate } from '../../i18n/dates';
import { safeRedirect } from '../../src/routing/routeTable';

type NotificationRecord = Notification & RaRecord;

/** Every notification of the user, newest first; opening one marks it read. */
export function NotificationList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const [update] = useUpdate();
  const open = (record: NotificationRecord) => {
    if (!record.read) {
      update('notifications', { id: record.id, data: { read: true }, previousData: record }, { onError: (e) => notifyError(e, '#VER01') });
    }
    if (record.link) navigate(safeRedirect(record.link));
    return false as const;
  };
  return (
    <List
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<ListPagination />}
      sort={{ field: 'created_dt', order: 'DESC' }}
      empty={<EmptyList />}
      exporter={false}
      title={translate('shell.notifications')}
    >
      <Datagrid rowClick={(_id, _resource, record) => open(record as NotificationRecord)} bulkActionButtons={false} sort={undefined}>
        <FunctionField<NotificationRecord>
          label="resources.notifications.fields.message"
          render={(n) => <span style={{ fontWeight: n.read ? 400 : 700 }}>{translate(`notifications.kinds.${n.kind}`, n.params)}</span>}
        />
        <FunctionField<NotificationRecord> label="resources.notifications.fields.created_dt" render={(n) => formatDate(n.created_dt, locale, true)} />
      </Datagrid>
    </List>
  );
}
