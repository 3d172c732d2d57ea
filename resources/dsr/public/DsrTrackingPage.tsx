import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { dsrTrackingBody, statusKeyOf } from '../../../contract/dsr';
import type { AppDataProvider } from '../../../dataProvider';
import { failureText } from '../../../src/components/failureText';
import { formResolver } from '../../../src/components/formResolver';
import { formatDate } from '../../../i18n/dates';
import { PublicShell } from '../../../src/components/PublicShell';
import { PlainTextField } from '../../../src/components/PlainTextField';
import { useTexts } from '../../../src/i18n/i18nProvider';
import { useEndFirstPaint } from '../../../src/pages/firstPaint';

const resolver = formResolver(dsrTrackingBody, 'dsr.public.required');

/** `/dsrtracking`: a reference code and the e-mail of the request give its status history, nothing else. */
export default function DsrTrackingPage() {
  useTexts('dsr');
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [params] = useSearchParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { control, handleSubmit } = useForm({ defaultValues: { referenceCode: params.get('ref') ?? '', email: '' }, resolver });
  // the resolver hands over the contract's values: trimmed
  const track = useMutation({ mutationFn: dataProvider.trackDsrRequest });
  const result = track.data;
  useEndFirstPaint(true);
  const field = (name: 'referenceCode' | 'email', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...input }, fieldState }) => (
        <PlainTextField
          required
          type={name === 'email' ? 'email' : 'text'}
          label={label}
          inputRef={ref}
          {...input}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
        />
      )}
    />
  );
  return (
    <PublicShell>
      <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit((values) => track.mutate(values))}>
        <Typography variant="h5" component="h1">
          {translate('dsr.public.tracking_title')}
        </Typography>
        <Typography color="text.secondary">{translate('dsr.public.tracking_intro')}</Typography>
        {field('referenceCode', translate('dsr.public.reference'))}
        {field('email', translate('dsr.public.email'))}
        <Box>
          <Button type="submit" variant="contained" disabled={track.isPending}>
            {translate('dsr.public.track')}
          </Button>
        </Box>
        {track.error ? <Alert severity="error">{failureText(track.error, translate)}</Alert> : null}
        {result ? (
          <Box role="status">
            <Typography variant="subtitle1" component="h2">
              {translate('dsr.public.current')}:{' '}
              <Chip color="primary" label={translate(`dsr.status.${statusKeyOf(result.statusId)}`)} data-testid="dsr-tracking-status" />
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
