import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Chip, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Datagrid, FunctionField, useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { WebhookDelivery } from '../../contract/webhooks';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { PagedList } from '../../src/components/PagedList';
import { RowAction } from '../../src/components/RowAction';
import { DELIVERY_COLORS, WEBHOOK_CODES } from './WebhookList';

type Row = WebhookDelivery & { id: string };

function DeliveryGrid() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('settings');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const retry = useMutation({
    mutationFn: (id: string) => dataProvider.retryWebhookDelivery({ id }),
    onSuccess: () => {
      notify('webhooks.delivery.retried', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, WEBHOOK_CODES.retry),
  });
  const t = (key: string, values?: Record<string, unknown>) => translate(`webhooks.delivery.${key}`, values);
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      empty={<EmptyList text="webhooks.delivery.none" />}
      sx={{ overflowX: 'auto' }}
      rowSx={() => ({ verticalAlign: 'top' })}
    >
      <FunctionField<Row>
        label="webhooks.delivery.created"
        render={(d) => (
          <Box sx={{ minWidth: 140 }}>
            {formatDate(d.created_dt, locale, true)}
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {d.url}
            </Typography>
          </Box>
        )}
      />
      <FunctionField<Row> label="webhooks.delivery.event" render={(d) => translate(`webhooks.events.${d.event}`, { _: d.event })} />
      <FunctionField<Row>
        label="webhooks.delivery.state"
        render={(d) => (
          <Box>
            <Chip size="small" color={DELIVERY_COLORS[d.state]} label={t(`states.${d.state}`)} data-testid="delivery-state" />
            {d.state === 'pending' && d.nextAttempt_dt ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('next', { date: formatDate(d.nextAttempt_dt, locale, true) })}
              </Typography>
            ) : null}
          </Box>
        )}
      />
      <FunctionField<Row> label="webhooks.delivery.attempts" render={(d) => d.attempts} />
      <FunctionField<Row>
        label="webhooks.delivery.reply"
        render={(d) => (
          <Box sx={{ maxWidth: 360 }}>
            <Typography variant="body2">{d.lastStatus ?? (d.attempts ? t('no_reply') : '-')}</Typography>
            {d.lastReply ? (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
                {d.lastReply.slice(0, 200)}
              </Typography>
            ) : null}
          </Box>
        )}
      />
      {canEdit ? (
        <FunctionField<Row>
          label="common.actions"
          render={(d) =>
            d.state === 'delivered' ? null : (
              <RowAction label="webhooks.delivery.retry" icon={<ReplayIcon fontSize="small" />} onClick={() => retry.mutate(d.id)} />
            )
          }
        />
      ) : null}
    </Datagrid>
  );
}

/** The delivery log, newest first: every endpoint's, or the one chosen. */
export function DeliveryList({ webhookId }: { webhookId?: string }) {
  return (
    <PagedList
      key={webhookId ?? 'all'}
      resource="webhook-deliveries"
      screenCode={WEBHOOK_CODES.deliveries}
      filter={webhookId ? { webhookId } : undefined}
    >
      <DeliveryGrid />
    </PagedList>
  );
}
