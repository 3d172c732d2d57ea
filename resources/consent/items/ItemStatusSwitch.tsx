import { Switch, Tooltip } from '@mui/material';
import { useLocaleState, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate, useUpdate } from 'react-admin';
import { itemNameIn } from '../../../contract/consent';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { useNotifyError } from '../../../src/components/ErrorToast';

/** The item's status as a switch: off removes it from every draft notice (the server does that). */
export function ItemStatusSwitch() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('consents');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record || !resource) return null;
  const toggle = () =>
    update(
      resource,
      { id: record.id, data: { ...record, status: !record.status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`consent.item.${record.status ? 'off' : 'on'}`, { type: 'success' });
          refresh();
        },
        onError: (error) => notifyError(error, 'CSI#002'),
      },
    );
  return (
    // the hint describes the switch (a tooltip's title as a label would land on the wrapping span)
    <Tooltip title={translate('consent.item.off_hint')} describeChild>
      <span>
        <Switch
          checked={Boolean(record.status)}
          onChange={toggle}
          disabled={!canEdit || isPending}
          slotProps={{
            input: {
              'aria-label': `${translate('consent.item.status')}: ${itemNameIn({ name: String(record.name), name_en: record.name_en }, locale)}`,
            },
          }}
        />
      </span>
    </Tooltip>
  );
}
