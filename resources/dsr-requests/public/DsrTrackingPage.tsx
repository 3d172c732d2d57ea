import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { statusKeyOf } from '../../../contract/dsr';
import { callApi } from '../../../dataProvider/http';
import { failureText } from '../../../src/components/ErrorToast';
import { formatDate } from '../../../i18n/dates';
import { PublicShell } from '../../../src/components/PublicShell';
import { useTexts } from '../../../src/i18n/i18nProvider';

interface Tracked {
  referenceCode: string;
  statusId: number;
  history: { statusId: number; at: string }[];
}

/** `/dsrtracking`: a reference code and the e-mail of the request give its status history, nothing else. */
export default function DsrTrackingPage() {
  useTexts('dsr');
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [params] = useSearchParams();
  const [referenceCode, setReferenceCode] = useState(params.get('ref') ?? '');
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<Tracked | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const track = async () => {
    setFailure(null);
    setResult(null);
    if (!referenceCode.trim() || !email.trim()) return setFailure(translate('dsr.public.required'));
    setBusy(true);
    try {
      setResult(await callApi<Tracked>('/consents/datasubject/tracking', { method: 'POST', body: { referenceCode: referenceCode.trim(), email: email.trim() } }));
    } catch (err) {
      setFailure(failureText(err, translate));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublicShell>
      <Stack spacing={2} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void track())}>
        <Typography variant="h5" component="h1">
          {translate('dsr.public.tracking_title')}
        </Typography>
        <Typography color="text.secondary">{translate('dsr.public.tracking_intro')}</Typography>
        <TextField required label={translate('dsr.public.reference')} value={referenceCode} onChange={(e) => setReferenceCode(e.target.value)} />
        <TextField required type="email" label={translate('dsr.public.email')} value={email} onChange={(e) => setEmail(e.target.value)} />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('dsr.public.track')}
          </Button>
        </Box>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        {result ? (
          <Box role="status">
            <Typography variant="subtitle1" component="h2">
              {translate('dsr.public.current')}: <Chip color="primary" label={translate(`dsr.status.${statusKeyOf(result.statusId)}`)} data-testid="dsr-tracking-status" />
            </Typography>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('dsr.public.history')}
            </Typography>
            <Box component="ol" sx={{ pl: 2 }}>
              {result.history.map((h, i) => (
                <li key={i}>
                  <Typography variant="body2">
                    {formatDate(h.at, locale, true)} — {translate(`dsr.status.${statusKeyOf(h.statusId)}`)}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        ) : null}
      </Stack>
    </PublicShell>
  );
}
