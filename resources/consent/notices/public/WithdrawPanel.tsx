import { Alert, Box, Button, Stack, TextField, Typography, type TextFieldProps } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { consentWithdrawBody, type PublishedNotice } from '../../../../contract/consent';
import type { AppDataProvider } from '../../../../dataProvider';
import { failureText } from '../../../../src/components/failureText';
import { consentResolver, firstProblem, type ConsentFormValues } from './consentFormRules';
import { NO_GUARDIAN } from './GuardianFields';
import { PurposeChecks } from './PurposeChecks';

interface WithdrawValues extends ConsentFormValues {
  subjectId: string;
  email: string;
}
const EMPTY_WITHDRAW: WithdrawValues = { subjectId: '', email: '', age: '', ticked: [], guardian: NO_GUARDIAN };
const withdrawBody = (lang: 'th' | 'en', v: WithdrawValues) => ({ subjectId: v.subjectId.trim(), email: v.email.trim(), purposes: v.ticked, lang });

/** Withdrawal on the same page, as easy as giving: the identifier and e-mail given, and what to withdraw. */
export function WithdrawPanel({ notice }: { notice: PublishedNotice }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale === 'en' ? 'en' : 'th';
  const dataProvider = useDataProvider<AppDataProvider>();
  const t = (key: string, o?: Record<string, unknown>) => translate(`consent.public.${key}`, o);
  // withdrawing asks no age: nobody needs a guardian to withdraw
  const resolver = useMemo(
    () =>
      consentResolver<WithdrawValues>(
        consentWithdrawBody,
        (v) => withdrawBody(lang, v),
        () => false,
      ),
    [lang],
  );
  const { control, handleSubmit, formState } = useForm<WithdrawValues>({ defaultValues: EMPTY_WITHDRAW, resolver });
  const withdraw = useMutation({
    mutationFn: (values: WithdrawValues) =>
      dataProvider.withdrawPublicConsent({ formRef: notice.formRef, formId: notice.formId, body: withdrawBody(lang, values) }),
  });
  const problem = firstProblem(formState.errors);
  const withdrawn = withdraw.data?.withdrawn;
  const result: { severity: 'success' | 'info' | 'error'; text: string } | undefined = problem
    ? { severity: 'error', text: translate(problem.key, problem.args) }
    : withdraw.error
      ? { severity: 'error', text: failureText(withdraw.error, translate) }
      : withdrawn
        ? withdrawn.length
          ? { severity: 'success', text: t('withdrawn', { count: withdrawn.length }) }
          : { severity: 'info', text: t('withdrawn_none') }
        : undefined;
  const text = (name: 'subjectId' | 'email', props: TextFieldProps) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field } }) => <TextField required inputRef={ref} {...field} {...props} />}
    />
  );
  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={handleSubmit((v) => withdraw.mutate(v))} data-testid="consent-withdraw">
      <Typography variant="h6" component="h2">
        {t('withdraw_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('withdraw_intro')}
      </Typography>
      {text('subjectId', { label: t('subjectId') })}
      {text('email', { type: 'email', label: t('email') })}
      <Controller
        name="ticked"
        control={control}
        render={({ field }) => <PurposeChecks notice={notice} ticked={field.value} onChange={field.onChange} />}
      />
      <Box>
        <Button type="submit" variant="outlined" color="warning" disabled={withdraw.isPending}>
          {t('withdraw')}
        </Button>
      </Box>
      {result ? (
        <Alert severity={result.severity} role="status">
          {result.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
