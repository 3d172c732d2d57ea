import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { preferenceVerifyBody } from '../../../contract/consentPreferences';
import type { AppDataProvider } from '../../../dataProvider';
import { failureText } from '../../../src/components/failureText';
import { formResolver } from '../../../src/components/formResolver';

export interface PreferencePending {
  verificationId: string;
  email: string;
  expiresAt: string;
}

const codeForm = z.object({ code: preferenceVerifyBody.shape.code });
type CodeValues = { code: string };

/** The second step: the code e-mailed to the subject, for the verified view; a new code may be asked (limited per address). */
export function PreferenceCodeStep({
  companyId,
  pending: first,
  onVerified,
  onRestart,
}: {
  companyId: string;
  pending: PreferencePending;
  onVerified(verified: { token: string; expiresAt: string }): void;
  onRestart(): void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [pending, setPending] = useState(first);
  const resolver = useMemo(() => formResolver<CodeValues>(codeForm, 'consent.preferences.code_format'), []);
  const { control, handleSubmit, reset } = useForm<CodeValues>({ defaultValues: { code: '' }, resolver });
  const verify = useMutation({
    mutationFn: (values: CodeValues) =>
      dataProvider.verifyPreferenceCode({ companyId, verificationId: pending.verificationId, code: values.code.trim() }),
    onSuccess: (verified) => onVerified({ token: verified.token, expiresAt: verified.expiresAt }),
  });
  const resend = useMutation({
    mutationFn: () => dataProvider.askPreferenceCode({ companyId, email: pending.email, lang: locale }),
    onSuccess: (next) => {
      setPending(next);
      reset({ code: '' });
    },
  });
  const error = verify.error ?? resend.error;
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit((values) => verify.mutate(values))} data-testid="preferences-code-step">
      <Typography variant="h5" component="h1">
        {translate('consent.preferences.code_title')}
      </Typography>
      <Typography>{translate('consent.preferences.code_text', { email: pending.email })}</Typography>
      <Controller
        name="code"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            label={translate('consent.preferences.code')}
            inputRef={field.ref}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            required
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
            sx={{ maxWidth: 240 }}
          />
        )}
      />
      {error ? <Alert severity="error">{failureText(error, translate)}</Alert> : null}
      {resend.data && !resend.error ? (
        <Alert severity="success" role="status">
          {translate('consent.preferences.resent', { email: resend.data.email })}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" disabled={verify.isPending}>
          {translate(verify.isPending ? 'consent.preferences.verifying' : 'consent.preferences.verify')}
        </Button>
        <Button
          variant="outlined"
          disabled={resend.isPending}
          onClick={() => {
            verify.reset();
            resend.mutate();
          }}
        >
          {translate('consent.preferences.resend')}
        </Button>
        <Button onClick={onRestart}>{translate('consent.preferences.other_email')}</Button>
      </Box>
    </Stack>
  );
}
