import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PreferenceConsent } from '../../../contract/consentPreferences';
import type { AppDataProvider } from '../../../dataProvider';
import { ApiFailure } from '../../../dataProvider/http';
import { formatDate } from '../../../i18n/dates';
import { failureText } from '../../../src/components/failureText';
import { PreferenceConsentCard } from './PreferenceConsentCard';

/** The token is refused (expired, or not this company's): the subject verifies again. */
const tokenRefused = (error: unknown) => error instanceof ApiFailure && error.status === 403;

/** The verified view: every consent the subject gave the company, newest first, each withdrawable once confirmed. */
export function PreferenceConsentList({ companyId, token, onRestart }: { companyId: string; token: string; onRestart(): void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ['consent-preferences', companyId, token, locale];
  const list = useQuery({ queryKey, queryFn: () => dataProvider.preferenceConsents({ companyId, token, lang: locale }), retry: false });
  const [asked, setAsked] = useState<PreferenceConsent | null>(null);
  const withdraw = useMutation({
    mutationFn: (consent: PreferenceConsent) => dataProvider.withdrawPreference({ companyId, token, consentId: consent._id, lang: locale }),
    onSettled: () => {
      setAsked(null);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
  const error = list.error ?? withdraw.error;
  if (error && tokenRefused(error)) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        <Alert severity="warning">{failureText(error, translate)}</Alert>
        <Button variant="contained" onClick={onRestart}>
          {translate('consent.preferences.start_again')}
        </Button>
      </Stack>
    );
  }
  if (list.isPending) return <CircularProgress aria-label={translate('app.loading')} />;
  if (!list.data) return <Alert severity="error">{failureText(list.error, translate)}</Alert>;
  const { email, company, expiresAt, consents } = list.data;
  return (
    <Stack spacing={2} data-testid="preferences-list">
      <Typography variant="h5" component="h1">
        {translate('consent.preferences.list_title', { email })}
      </Typography>
      <Typography color="text.secondary">
        {translate('consent.preferences.list_intro', { company, until: formatDate(expiresAt, locale, true) })}
      </Typography>
      {withdraw.error ? <Alert severity="error">{failureText(withdraw.error, translate)}</Alert> : null}
      {withdraw.data && !withdraw.error ? (
        <Alert severity="success" role="status">
          {translate('consent.preferences.withdrawn', { purpose: withdraw.data.purpose })}
        </Alert>
      ) : null}
      {consents.length ? (
        consents.map((c) => <PreferenceConsentCard key={c._id} consent={c} busy={withdraw.isPending} onWithdraw={() => setAsked(c)} />)
      ) : (
        <Box sx={{ py: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{translate('consent.preferences.empty')}</Typography>
        </Box>
      )}
      <Dialog open={Boolean(asked)} onClose={() => setAsked(null)} aria-labelledby="preference-withdraw-title">
        <DialogTitle id="preference-withdraw-title">{translate('consent.preferences.withdraw_confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {asked ? translate('consent.preferences.withdraw_confirm', { purpose: asked.purpose, notice: asked.notice }) : null}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsked(null)}>{translate('consent.preferences.cancel')}</Button>
          <Button color="error" variant="contained" disabled={withdraw.isPending} onClick={() => asked && withdraw.mutate(asked)}>
            {translate('consent.preferences.withdraw')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
