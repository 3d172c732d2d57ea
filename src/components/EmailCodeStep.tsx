import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { failureText } from './failureText';
import { formResolver } from './formResolver';

/** The step's texts, as catalogue keys: `resent` takes `%{email}`. */
export interface EmailCodeTexts {
  title: string;
  label: string;
  format: string;
  resent: string;
  verify: string;
  verifying: string;
  resend: string;
}

type CodeValues = { code: string };

/**
 * A public page's step that asks for the 6-digit code e-mailed to a person (a data subject's request,
 * the preference centre): the code checked by the contract's schema, then by the server; a new code may
 * be asked (the server limits them). The page says what happens next through `onVerified`.
 */
export function EmailCodeStep<T>({
  code,
  texts,
  intro,
  verify,
  onVerified,
  resend,
  actions,
  testId,
}: {
  /** the contract's schema of the code */
  code: z.ZodType<string>;
  texts: EmailCodeTexts;
  /** the sentence under the title (where the code was sent) */
  intro: ReactNode;
  verify(code: string): Promise<T>;
  onVerified(verified: T): void;
  /** asks for a new code; resolves with the address it went to */
  resend(): Promise<{ email: string }>;
  /** more buttons after "send a new code" */
  actions?: ReactNode;
  testId: string;
}) {
  const translate = useTranslate();
  const resolver = useMemo(() => formResolver<CodeValues>(z.object({ code }), texts.format), [code, texts.format]);
  const { control, handleSubmit, reset } = useForm<CodeValues>({ defaultValues: { code: '' }, resolver });
  const verifying = useMutation({ mutationFn: (values: CodeValues) => verify(values.code.trim()), onSuccess: onVerified });
  const resending = useMutation({ mutationFn: resend, onSuccess: () => reset({ code: '' }) });
  const error = verifying.error ?? resending.error;
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit((values) => verifying.mutate(values))} data-testid={testId}>
      <Typography variant="h5" component="h1">
        {translate(texts.title)}
      </Typography>
      <Typography>{intro}</Typography>
      <Controller
        name="code"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            label={translate(texts.label)}
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
      {resending.data && !resending.error ? (
        <Alert severity="success" role="status">
          {translate(texts.resent, { email: resending.data.email })}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" disabled={verifying.isPending}>
          {translate(verifying.isPending ? texts.verifying : texts.verify)}
        </Button>
        <Button
          variant="outlined"
          disabled={resending.isPending}
          onClick={() => {
            verifying.reset();
            resending.mutate();
          }}
        >
          {translate(texts.resend)}
        </Button>
        {actions}
      </Box>
    </Stack>
  );
}
