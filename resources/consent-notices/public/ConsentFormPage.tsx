import { Alert, Box, Button, CircularProgress, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADULT_AGE, type PublishedNotice } from '../../../contract/consent';
import { failureText } from '../../../src/components/ErrorToast';
import { fetchPublicForm, giveConsent, policyPath } from '../consentApi';
import { GuardianFields, NO_GUARDIAN, guardianComplete, type Guardian } from './GuardianFields';
import { NoticeText } from './NoticeText';
import { PurposeChecks } from './PurposeChecks';
import { PublicShell } from '../../../src/components/PublicShell';
import { WithdrawPanel } from './WithdrawPanel';
import { useTexts } from '../../../src/i18n/i18nProvider';

function ConsentBoxes({ notice }: { notice: PublishedNotice }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, o?: Record<string, unknown>) => translate(`consent.public.${key}`, o);
  // every box starts unticked: consent is what the person ticks, nothing else
  const [ticked, setTicked] = useState<string[]>([]);
  const [subjectId, setSubjectId] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [age, setAge] = useState('');
  const [guardian, setGuardian] = useState<Guardian>(NO_GUARDIAN);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const years = age === '' ? undefined : Number(age);
  const minor = years !== undefined && years < ADULT_AGE;
  const submit = async () => {
    setResult(undefined);
    if (!subjectId.trim() || !name.trim() || !email.trim() || years === undefined || (minor && !guardianComplete(guardian))) {
      return setResult({ ok: false, text: t('required') });
    }
    if (!ticked.length) return setResult({ ok: false, text: t('pick_one') });
    setBusy(true);
    try {
      const given = await giveConsent(notice.formRef, notice.formId, {
        subjectId: subjectId.trim(),
        name: name.trim(),
        email: email.trim(),
        age: years,
        lang: locale === 'en' ? 'en' : 'th',
        version: notice.version,
        purposes: notice.draft.consent.purposes.map((p) => ({ _id: p._id, consent: ticked.includes(p._id) })),
        ...(minor ? { guardian: { name: guardian.name.trim(), relation: guardian.relation.trim(), consent: true } } : {}),
      });
      setResult({ ok: true, text: t('given', { version: given.version }) });
    } catch (err) {
      setResult({ ok: false, text: failureText(err, translate) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="consent-give">
      <Typography variant="h6" component="h2">
        {t('consent_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('consent_intro')}
      </Typography>
      <PurposeChecks notice={notice} ticked={ticked} onChange={setTicked} detailed />
      <TextField required label={t('subjectId')} value={subjectId} onChange={(e) => setSubjectId(e.target.value)} />
      <TextField required label={t('name')} value={name} onChange={(e) => setName(e.target.value)} />
      <TextField required type="email" label={t('email')} value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField required type="number" label={t('age')} value={age} slotProps={{ htmlInput: { min: 0, max: 150 } }} onChange={(e) => setAge(e.target.value)} />
      {minor ? <GuardianFields age={years!} value={guardian} onChange={setGuardian} /> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('submit')}
        </Button>
      </Box>
      {result ? <Alert severity={result.ok ? 'success' : 'error'} role="status">{result.text}</Alert> : null}
    </Stack>
  );
}

/** `/consent/form/{formRef}/{formId}`: the published notice, one unticked box per purpose, and withdrawal. */
export default function ConsentFormPage() {
  useTexts('consent');
  const { formRef = '', formId = '' } = useParams();
  const translate = useTranslate();
  const notice = useQuery({ queryKey: ['public-consent', formRef, formId], queryFn: () => fetchPublicForm(formRef, formId), retry: false });
  return (
    <PublicShell>
      {notice.isPending ? <CircularProgress aria-label={translate('app.loading')} /> : null}
      {notice.error ? <Alert severity="error">{failureText(notice.error, translate)}</Alert> : null}
      {notice.data ? (
        <Stack spacing={3}>
          <Typography variant="overline">{translate('consent.public.form_title')}</Typography>
          <NoticeText notice={notice.data} />
          <Link href={policyPath(notice.data.companyId, notice.data.formId)}>{translate('consent.public.policy_link')}</Link>
          <Divider />
          <ConsentBoxes notice={notice.data} />
          <Divider />
          <WithdrawPanel notice={notice.data} />
        </Stack>
      ) : null}
    </PublicShell>
  );
}
