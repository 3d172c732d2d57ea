import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { preferenceCodeBody } from '../../../contract/consentPreferences';
import type { AppDataProvider } from '../../../dataProvider';
import { failureText } from '../../../src/components/failureText';
import { formResolver } from '../../../src/components/formResolver';
import type { PreferencePending } from './PreferenceCodeStep';

const emailForm = z.object({ email: preferenceCodeBody.shape.email });
type EmailValues = { email: string };

/** The first step: the e-mail the subject consented with; a 6-digit code is sent to it. */
export function PreferenceEmailStep({ companyId, onSent }: { companyId: string; onSent(pending: PreferencePending): void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const resolver = useMemo(() => formResolver<EmailValues>(emailForm, 'consent.public.required'), []);
  const { control, handleSubmit } = useForm<EmailValues>({ defaultValues: { email: '' }, resolver });
  const send = useMutation({
    mutationFn: (values: EmailValues) => dataProvider.askPreferenceCode({ companyId, email: values.email.trim(), lang: locale }),
    onSuccess: onSent,
  });
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit((values) => send.mutate(values))} data-testid="preferences-email-step">
      <Typography variant="h5" component="h1">
        {translate('consent.preferences.title')}
      </Typography>
      <Typography>{translate('consent.preferences.intro')}</Typography>
      <Controller
        name="email"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            label={translate('consent.preferences.email')}
            type="email"
            inputRef={field.ref}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            required
            autoComplete="email"
            error={!!fieldState.error}
            helperText={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
            sx={{ maxWidth: 420 }}
          />
        )}
      />
      {send.error ? <Alert severity="error">{failureText(send.error, translate)}</Alert> : null}
      <div>
        <Button type="submit" variant="contained" size="large" disabled={send.isPending}>
          {translate(send.isPending ? 'consent.preferences.sending' : 'consent.preferences.send_code')}
        </Button>
      </div>
    </Stack>
  );
}
