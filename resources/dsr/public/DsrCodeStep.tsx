import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { dsrVerifyBody } from '../../../contract/dsrIntake';
import type { AppDataProvider } from '../../../dataProvider';
import { failureText } from '../../../src/components/failureText';
import { formResolver } from '../../../src/components/formResolver';
import type { DsrPending } from '../definition';

const codeForm = z.object({ code: dsrVerifyBody.shape.code.pipe(z.string()) });
type CodeValues = { code: string };

/**
 * The public form's second step: the 6-digit code e-mailed to the requester. The request is filed
 * when it is right; a new code may be asked (limited per address). `pending.email` is empty when the
 * page was opened from the e-mail's link.
 */
export function DsrCodeStep({ pending, onDone }: { pending: DsrPending; onDone(filed: { referenceCode: string; dueAt: string }): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const resolver = useMemo(() => formResolver<CodeValues>(codeForm, 'dsr.intake.code.format'), []);
  const { control, handleSubmit } = useForm<CodeValues>({ defaultValues: { code: '' }, resolver });
  const verify = useMutation({
    mutationFn: (values: CodeValues) => dataProvider.verifyDsrRequest({ verificationId: pending.verificationId, code: values.code.trim() }),
    onSuccess: onDone,
  });
  const resend = useMutation({ mutationFn: () => dataProvider.resendDsrCode({ verificationId: pending.verificationId }) });
  const error = verify.error ?? resend.error;
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit((values) => verify.mutate(values))} data-testid="dsr-code-step">
      <Typography variant="h5" component="h1">
        {translate('dsr.intake.code.title')}
      </Typography>
      <Typography>{pending.email ? translate('dsr.intake.code.text', { email: pending.email }) : translate('dsr.intake.code.text_again')}</Typography>
      <Controller
        name="code"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            label={translate('dsr.intake.code.label')}
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
          {translate('dsr.intake.code.resent', { email: resend.data.email })}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" disabled={verify.isPending}>
          {translate(verify.isPending ? 'dsr.intake.code.verifying' : 'dsr.intake.code.verify')}
        </Button>
        <Button
          variant="outlined"
          disabled={resend.isPending}
          onClick={() => {
            verify.reset();
            resend.mutate();
          }}
        >
          {translate('dsr.intake.code.resend')}
        </Button>
      </Box>
    </Stack>
  );
}
