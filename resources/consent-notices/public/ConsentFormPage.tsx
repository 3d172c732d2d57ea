import { Alert, Box, Button, Checkbox, CircularProgress, Divider, FormControlLabel, Link, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADULT_AGE, GUARDIAN_SOLE_AGE, type PublishedNotice } from '../../../contract/consent';
import { failureText } from '../../../src/components/ErrorToast';
import { fetchPublicForm, giveConsent, policyPath } from '../consentApi';
import { NoticeText, namesOf } from './NoticeText';
import { PublicShell } from '../../../src/components/PublicShell';
import { WithdrawPanel } from './WithdrawPanel';

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
  const [guardianName, setGuardianName] = useState('');
  const [relation, setRelation] = useState('');
  const [guardianConsent, setGuardianConsent] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const years = age === '' ? undefined : Number(age);
  const minor = years !== undefined && years < ADULT_AGE;
  const submit = async () => {
    setResult(undefined);
    if (!subjectId.trim() || !name.trim() || !email.trim() || years === undefined || (minor && (!guardianName.trim() || !relation.trim() || !guardianConsent))) {
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
        ...(minor ? { guardian: { name: guardianName.trim(), relation: relation.trim(), consent: true } } : {}),
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
      {notice.draft.consent.purposes.map((p) => {
        const meta = notice.purposes.find((x) => x._id === p._id);
        return (
          <Box key={p._id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }}>
            <FormControlLabel
              label={namesOf(notice, p.list)}
              control={<Checkbox checked={ticked.includes(p._id)} onChange={(e) => setTicked(e.target.checked ? [...ticked, p._id] : ticked.filter((x) => x !== p._id))} />}
            />
            <Typography variant="caption" component="div" color="text.secondary" sx={{ ml: 4 }}>
              {t('uses', { data: namesOf(notice, p.data) })}
              {meta?.explicit ? ` · ${t('explicit')}` : ''}
            </Typography>
          </Box>
        );
      })}
      <TextField required label={t('subjectId')} value={subjectId} onChange={(e) => setSubjectId(e.target.value)} />
      <TextField required label={t('name')} value={name} onChange={(e) => setName(e.target.value)} />
      <TextField required type="email" label={t('email')} value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField required type="number" label={t('age')} value={age} slotProps={{ htmlInput: { min: 0, max: 150 } }} onChange={(e) => setAge(e.target.value)} />
      {minor ? (
        <Stack spacing={1.5} sx={{ p: 1.5, bgcolor: 'warning.50', border: 1, borderColor: 'warning.light', borderRadius: 1 }}>
          <Typography variant="body2">{t(years! < GUARDIAN_SOLE_AGE ? 'minor_sole' : 'minor')}</Typography>
          <TextField required label={t('guardianName')} value={guardianName} onChange={(e) => setGuardianName(e.target.value)} />
          <TextField required label={t('guardianRelation')} value={relation} onChange={(e) => setRelation(e.target.value)} />
          <FormControlLabel label={t('guardianConsent')} control={<Checkbox checked={guardianConsent} onChange={(e) => setGuardianConsent(e.target.checked)} />} />
        </Stack>
      ) : null}
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
