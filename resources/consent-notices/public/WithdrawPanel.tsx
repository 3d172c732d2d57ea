import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PublishedNotice } from '../../../contract/consent';
import { failureText } from '../../../src/components/ErrorToast';
import type { AppDataProvider } from '../../../dataProvider';
import { PurposeChecks } from './PurposeChecks';

/** Withdrawal on the same page, as easy as giving: the identifier and e-mail given, and what to withdraw. */
export function WithdrawPanel({ notice }: { notice: PublishedNotice }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [subjectId, setSubjectId] = useState('');
  const [email, setEmail] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [result, setResult] = useState<{ severity: 'success' | 'info' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const t = (key: string, o?: Record<string, unknown>) => translate(`consent.public.${key}`, o);
  const submit = async () => {
    if (!subjectId.trim() || !email.trim()) return setResult({ severity: 'error', text: t('required') });
    if (!picked.length) return setResult({ severity: 'error', text: t('pick_one') });
    setBusy(true);
    try {
      const { withdrawn } = await dataProvider.withdrawPublicConsent({
        formRef: notice.formRef,
        formId: notice.formId,
        body: { subjectId: subjectId.trim(), email: email.trim(), purposes: picked, lang: locale === 'en' ? 'en' : 'th' },
      });
      setResult(withdrawn.length ? { severity: 'success', text: t('withdrawn', { count: withdrawn.length }) } : { severity: 'info', text: t('withdrawn_none') });
    } catch (err) {
      setResult({ severity: 'error', text: failureText(err, translate) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="consent-withdraw">
      <Typography variant="h6" component="h2">
        {t('withdraw_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('withdraw_intro')}
      </Typography>
      <TextField required label={t('subjectId')} value={subjectId} onChange={(e) => setSubjectId(e.target.value)} />
      <TextField required type="email" label={t('email')} value={email} onChange={(e) => setEmail(e.target.value)} />
      <PurposeChecks notice={notice} ticked={picked} onChange={setPicked} />
      <Box>
        <Button type="submit" variant="outlined" color="warning" disabled={busy}>
          {t('withdraw')}
        </Button>
      </Box>
      {result ? <Alert severity={result.severity} role="status">{result.text}</Alert> : null}
    </Stack>
  );
}
