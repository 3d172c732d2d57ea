import { Box, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { WebhookRecord } from '../../contract/webhooks';
import { DeliveryList } from './DeliveryList';
import { WebhookList } from './WebhookList';

/** `/settings/webhooks`: the endpoints the company's systems are told through, and the log of what was sent. */
export default function WebhooksPage() {
  const translate = useTranslate();
  const [shown, setShown] = useState<WebhookRecord>();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('webhooks.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate('webhooks.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate('webhooks.intro')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('webhooks.usage')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <WebhookList onShowDeliveries={setShown} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="webhook-deliveries">
        <Typography variant="h6" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {shown ? translate('webhooks.deliveries_of', { url: shown.url }) : translate('webhooks.deliveries')}
        </Typography>
        <DeliveryList webhookId={shown?.id} />
      </Paper>
    </Box>
  );
}
