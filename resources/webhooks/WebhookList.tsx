import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  BooleanInput,
  CheckboxGroupInput,
  Datagrid,
  FunctionField,
  TextInput,
  useCreate,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { WEBHOOK_EVENTS, webhookBody, type WebhookBody, type WebhookRecord } from '../../contract/webhooks';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { ListFilters } from '../../src/components/ListFilters';
import { PagedList } from '../../src/components/PagedList';
import { RowAction } from '../../src/components/RowAction';
import { RowNumberField } from '../../src/components/RowNumberField';
import { fieldErrorsOf } from '../../src/components/serverFieldError';
import { useConfirmedDelete } from '../../src/components/useConfirmedDelete';
import { SecretOnceDialog } from '../../src/components/SecretOnceDialog';

/** The toasts' screen codes of this page. */
export const WEBHOOK_CODES = {
  list: 'WHK#001',
  save: 'WHK#002',
  remove: 'WHK#003',
  test: 'WHK#004',
  deliveries: 'WHK#005',
  retry: 'WHK#006',
} as const;

type Row = WebhookRecord & { id: string };
/** A delivery's state as a chip's colour (the list's last delivery, the log). */
export const DELIVERY_COLORS = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

function WebhookGrid({ canEdit, onEdit, onShowDeliveries }: { canEdit: boolean; onEdit: (row: Row) => void; onShowDeliveries: (row: Row) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const remove = useConfirmedDelete<Row>('webhooks', { deleted: 'webhooks.deleted_success', screenCode: WEBHOOK_CODES.remove });
  const test = useMutation({
    mutationFn: (id: string) => dataProvider.testWebhook({ id }),
    onSuccess: () => {
      notify('webhooks.test_sent', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, WEBHOOK_CODES.test),
  });
  return (
    <>
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyList text="webhooks.empty" />} sx={{ overflowX: 'auto' }}>
        <RowNumberField label="common.number" />
        <FunctionField<Row>
          label="webhooks.columns.url"
          render={(w) => (
            <Box sx={{ minWidth: 220 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
                {w.url}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {[
                  w.description,
                  `${formatDate(w.created_dt, locale)}${w.createdBy ? ` ${translate('webhooks.created_by', { name: w.createdBy })}` : ''}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
          )}
        />
        <FunctionField<Row>
          label="webhooks.columns.events"
          render={(w) => (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {w.events.map((e) => (
                <Chip key={e} size="small" variant="outlined" label={translate(`webhooks.events.${e}`)} />
              ))}
            </Box>
          )}
        />
        <FunctionField<Row>
          label="webhooks.columns.state"
          render={(w) => (
            <Chip
              size="small"
              color={w.active ? 'success' : 'default'}
              variant="outlined"
              label={translate(w.active ? 'webhooks.active' : 'webhooks.inactive')}
            />
          )}
        />
        <FunctionField<Row>
          label="webhooks.columns.last"
          render={(w) =>
            w.lastDelivery ? (
              <Box>
                <Chip
                  size="small"
                  color={DELIVERY_COLORS[w.lastDelivery.state as keyof typeof DELIVERY_COLORS] ?? 'default'}
                  label={`${translate(`webhooks.delivery.states.${w.lastDelivery.state}`)}${w.lastDelivery.status ? ` · ${w.lastDelivery.status}` : ''}`}
                />
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatDate(w.lastDelivery.at, locale, true)}
                </Typography>
              </Box>
            ) : (
              translate('webhooks.never')
            )
          }
        />
        <FunctionField<Row>
          label="common.actions"
          render={(w) => (
            <Box sx={{ display: 'flex' }}>
              <RowAction label="webhooks.deliveries" icon={<HistoryIcon fontSize="small" />} onClick={() => onShowDeliveries(w)} />
              {canEdit ? (
                <>
                  <RowAction label="webhooks.test" icon={<SendIcon fontSize="small" />} onClick={() => test.mutate(w.id)} />
                  <RowAction label="common.edit" icon={<EditIcon fontSize="small" />} onClick={() => onEdit(w)} />
                  <RowAction label="common.delete" color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => remove.ask(w)} />
                </>
              ) : null}
            </Box>
          )}
        />
      </Datagrid>
      {remove.dialog}
    </>
  );
}

/** The company's endpoints: add (the secret shown once), edit, switch off, send a test, delete; each one's deliveries on demand. */
export function WebhookList({ onShowDeliveries }: { onShowDeliveries: (row: WebhookRecord) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const canEdit = useCanEdit('settings');
  const [editing, setEditing] = useState<Row | 'new'>();
  const [created, setCreated] = useState<{ url: string; secret: string }>();
  const [create, { isPending: creating }] = useCreate<Row & { secret: string }>();
  const [update, { isPending: updating }] = useUpdate<Row>();
  const resolver = useMemo(() => formResolver(webhookBody, 'common.required'), []);
  const choices = WEBHOOK_EVENTS.map((e) => ({ id: e, name: translate(`webhooks.events.${e}`) }));

  /** Saves the dialog's values: a refusal naming a field is put on it, any other is a toast. */
  const save = (values: WebhookBody) =>
    new Promise<Record<string, string> | undefined>((resolve) => {
      const onError = (error: unknown) => {
        const onField = fieldErrorsOf(error);
        if (!onField) notifyError(error, WEBHOOK_CODES.save);
        resolve(onField);
      };
      const saved = () => {
        setEditing(undefined);
        refresh();
        resolve(undefined);
      };
      if (editing && editing !== 'new') {
        update(
          'webhooks',
          { id: editing.id, data: values, previousData: editing },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify('webhooks.saved_success', { type: 'success' });
              saved();
            },
            onError,
          },
        );
      } else {
        create(
          'webhooks',
          { data: values },
          {
            onSuccess: (hook) => {
              setCreated({ url: hook.url, secret: hook.secret });
              notify('webhooks.created_success', { type: 'success' });
              saved();
            },
            onError,
          },
        );
      }
    });

  const start =
    editing && editing !== 'new'
      ? { id: editing.id, url: editing.url, description: editing.description, events: editing.events, active: editing.active }
      : { id: editing ? 'new' : undefined, url: '', description: '', events: ['consent.withdrawn'], active: true };
  return (
    <>
      <PagedList resource="webhooks" screenCode={WEBHOOK_CODES.list}>
        <ListFilters
          actions={
            canEdit ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {translate('webhooks.add')}
              </Button>
            ) : null
          }
        />
        <WebhookGrid canEdit={canEdit} onEdit={setEditing} onShowDeliveries={onShowDeliveries} />
      </PagedList>
      <FormDialog
        open={Boolean(editing)}
        title={translate(editing && editing !== 'new' ? 'webhooks.edit_title' : 'webhooks.add_title')}
        record={start}
        resolver={resolver}
        onSubmit={(values) => save(webhookBody.parse(values))}
        onClose={() => setEditing(undefined)}
        busy={creating || updating}
      >
        <TextInput source="url" label="webhooks.url" placeholder={translate('webhooks.url_hint')} helperText={false} fullWidth autoFocus />
        <TextInput source="description" label="webhooks.description" helperText={false} fullWidth />
        <CheckboxGroupInput source="events" label="webhooks.events_label" choices={choices} row={false} />
        <BooleanInput source="active" label="webhooks.active" helperText={false} />
      </FormDialog>
      <SecretOnceDialog
        secret={created?.secret}
        prefix="webhooks"
        values={{ url: created?.url ?? '' }}
        testId="webhook-secret"
        onClose={() => setCreated(undefined)}
      />
    </>
  );
}
