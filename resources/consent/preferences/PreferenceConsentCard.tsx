import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { CONSENT_CHANNELS } from '../../../contract/consent';
import type { PreferenceConsent } from '../../../contract/consentPreferences';
import { formatDate } from '../../../i18n/dates';
import { ConsentStateChip } from '../records/ConsentStateChip';

/** A channel of the house by its name; an app's channel (the consent API's key name) as it is. */
const isHouseChannel = (channel: string): boolean => (CONSENT_CHANNELS as readonly string[]).includes(channel);

/** One consent: its notice and purpose, version, day given (Buddhist era), channel and state; withdrawable while in force. */
export function PreferenceConsentCard({ consent, busy, onWithdraw }: { consent: PreferenceConsent; busy: boolean; onWithdraw(): void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const channel = isHouseChannel(consent.channel) ? translate(`consent.channels.${consent.channel}`) : consent.channel;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="preference-consent">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ sm: 'center' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {consent.purpose}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('consent.preferences.notice')}: {consent.notice} · {translate('consent.preferences.version', { version: consent.version })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('consent.preferences.given_at')} {formatDate(consent.given_dt, locale, true)} · {translate('consent.preferences.channel')}:{' '}
            {channel}
          </Typography>
          {consent.withdrawn_dt ? (
            <Typography variant="body2" color="text.secondary">
              {translate('consent.preferences.withdrawn_at', { date: formatDate(consent.withdrawn_dt, locale, true) })}
            </Typography>
          ) : null}
        </Box>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flexShrink: 0 }}>
          <ConsentStateChip state={consent.state} />
          {consent.state !== 'withdrawn' ? (
            <Button size="small" color="error" variant="outlined" disabled={busy} onClick={onWithdraw}>
              {translate('consent.preferences.withdraw')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
