import { Alert, Box, Button, CircularProgress, Divider, Link, Stack, TextField, Typography, type TextFieldProps } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { consentGiveBody, type PublishedNotice } from '../../../../contract/consent';
import { failureText } from '../../../../src/components/failureText';
import type { AppDataProvider } from '../../../../dataProvider';
import { policyPath } from '../consentApi';
import { ageOf, consentResolver, firstProblem, underAge, type ConsentFormValues } from './consentFormRules';
import { GuardianFields, NO_GUARDIAN } from './GuardianFields';
import { NoticeText } from './NoticeText';
import { PurposeChecks } from './PurposeChecks';
import { PublicLoadFailed, PublicShell } from '../../../../src/components/PublicShell';
import { WithdrawPanel } from './WithdrawPanel';
import { submissionKeys } from './submissionKeys';
import { useTexts } from '../../../../src/i18n/i18nProvider';
import { usePublicRead } from '../../../../src/pages/usePublicRead';

interface GiveValues extends ConsentFormValues {
  subjectId: string;
  name: string;
  email: string;
}
// every box starts unticked: consent is what the person ticks, nothing else
const EMPTY_GIVE: GiveValues = { subjectId: '', name: '', email: '', age: '', ticked: [], guardian: NO_GUARDIAN };

/** `POST /consents/public/form/...`'s body: every purpose with its tick, for the version shown. */
const giveBody = (notice: PublishedNotice, lang: 'th' | 'en', v: GiveValues) => ({
  subjectId: v.subjectId.trim(),
  name: v.name.trim(),
  email: v.email.trim(),
  age: ageOf(v),
  lang,
  version: notice.version,
  purposes: notice.draft.consent.purposes.map((p) => ({ _id: p._id, consent: v.ticked.includes(p._id) })),
  ...(underAge(v) ? { guardian: { name: v.guardian.name.trim(), relation: v.guardian.relation.trim(), consent: true } } : {}),
});

function ConsentBoxes({ notice }: { notice: PublishedNotice }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale === 'en' ? 'en' : 'th';
  const dataProvider = useDataProvider<AppDataProvider>();
  const t = (key: string, o?: Record<string, unknown>) => translate(`consent.public.${key}`, o);
  const resolver = useMemo(() => consentResolver<GiveValues>(consentGiveBody, (v) => giveBody(notice, lang, v), underAge), [notice, lang]);
  const { control, handleSubmit, watch, formState } = useForm<GiveValues>({ defaultValues: EMPTY_GIVE, resolver });
  // one key per distinct submission of this page load: a double click or a retry is recorded once
  const [keyed] = useState(submissionKeys);
  const sending = useRef(false);
  const give = useMutation({
    onSettled: () => void (sending.current = false),
    mutationFn: (values: GiveValues) =>
      dataProvider.givePublicConsent({ formRef: notice.formRef, formId: notice.formId, body: keyed(giveBody(notice, lang, values)) }),
  });
  const values = watch();
  const problem = firstProblem(formState.errors);
  const result = problem
    ? { ok: false, text: translate(problem.key, problem.args) }
    : give.error
      ? { ok: false, text: failureText(give.error, translate) }
      : give.data
        ? { ok: true, text: t('given', { version: give.data.version }) }
        : undefined;
  const text = (name: 'subjectId' | 'name' | 'email' | 'age', props: TextFieldProps) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field } }) => <TextField required inputRef={ref} {...field} {...props} />}
    />
  );
  return (
    <Stack
      spacing={1.5}
      component="form"
      noValidate
      onSubmit={handleSubmit((v) => {
        // the button is disabled while sending, but a second submit can come before React draws that
        if (sending.current) return;
        sending.current = true;
        give.mutate(v);
      })}
      data-testid="consent-give"
    >
      <Typography variant="h6" component="h2">
        {t('consent_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('consent_intro')}
      </Typography>
      <Controller
        name="ticked"
        control={control}
        render={({ field }) => <PurposeChecks notice={notice} ticked={field.value} onChange={field.onChange} detailed />}
      />
      {text('subjectId', { label: t('subjectId') })}
      {text('name', { label: t('name') })}
      {text('email', { type: 'email', label: t('email') })}
      {text('age', { type: 'number', label: t('age'), slotProps: { htmlInput: { min: 0, max: 150 } } })}
      {underAge(values) ? (
        <Controller
          name="guardian"
          control={control}
          render={({ field }) => <GuardianFields age={ageOf(values)!} value={field.value} onChange={field.onChange} />}
        />
      ) : null}
      <Box>
        <Button type="submit" variant="contained" disabled={give.isPending}>
          {t('submit')}
        </Button>
      </Box>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} role="status">
          {result.text}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** `/consent/form/{formRef}/{formId}`: the published notice, one unticked box per purpose, and withdrawal. */
export default function ConsentFormPage() {
  useTexts('consent');
  const { formRef = '', formId = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notice = usePublicRead(['consent-notices', 'public-form', formRef, formId], () => dataProvider.publicConsentNotice({ formRef, formId }));
  return (
    <PublicShell>
      {notice.isPending ? <CircularProgress aria-label={translate('app.loading')} /> : null}
      {notice.error ? <PublicLoadFailed error={notice.error} /> : null}
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
