import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { questionnaireSubmitBody } from '../../../contract/processors';
import type { AppDataProvider } from '../../../dataProvider';
import { formatDate } from '../../../i18n/dates';
import { failureText } from '../../../src/components/failureText';
import { formResolver } from '../../../src/components/formResolver';
import { PlainTextField } from '../../../src/components/PlainTextField';
import { PublicShell } from '../../../src/components/PublicShell';
import { useTexts } from '../../../src/i18n/i18nProvider';
import { usePublicRead } from '../../../src/pages/usePublicRead';

const resolver = formResolver(questionnaireSubmitBody, 'ra.validation.required');
const DEFAULTS = {
  respondentName: '',
  answers: {
    encryption: false,
    accessControl: false,
    staffTraining: false,
    securityNotes: '',
    subprocessorsDisclosed: false,
    subprocessorsList: '',
    dataInThailand: false,
    dataLocations: '',
    breachProcedure: false,
    breachNoticeHours: 72,
    certified: false,
    certifications: '',
  },
};
type Values = typeof DEFAULTS;
type Path = 'respondentName' | `answers.${keyof Values['answers']}`;

function Text({
  control,
  name,
  label,
  multiline,
  number,
}: {
  control: Control<Values>;
  name: Path;
  label: string;
  multiline?: boolean;
  number?: boolean;
}) {
  const translate = useTranslate();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, onChange, ...input }, fieldState }) => (
        <PlainTextField
          label={label}
          inputRef={ref}
          {...input}
          value={input.value as string | number}
          onChange={(e) => onChange(number ? Number(e.target.value) : e.target.value)}
          type={number ? 'number' : 'text'}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : undefined}
        />
      )}
    />
  );
}

function Tick({ control, name, label }: { control: Control<Values>; name: Path; label: string }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />} label={label} />
      )}
    />
  );
}

/** `/processor-questionnaire/{token}`: the processor's due-diligence questionnaire, no account; answered once, within 30 days. */
export default function ProcessorQuestionnairePage() {
  useTexts('processors');
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const { token = '' } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const page = usePublicRead(['processor-questionnaire', token], () => dataProvider.processorQuestionnaire({ token }));
  const { control, handleSubmit } = useForm<Values>({ defaultValues: DEFAULTS, resolver: resolver as never });
  const submit = useMutation({ mutationFn: (values: Values) => dataProvider.submitProcessorQuestionnaire({ token, ...values }) });
  const lang = page.data?.lang;
  // the questionnaire's language once, when it is known; the reader may switch after
  const languageSet = useRef(false);
  useEffect(() => {
    if (!lang || languageSet.current) return;
    languageSet.current = true;
    if (lang !== locale) setLocale(lang);
  }, [lang, locale, setLocale]);
  const t = (key: string, options?: Record<string, unknown>) => translate(`processors.public.${key}`, options);
  const a = (key: keyof Values['answers']) => `answers.${key}` as const;
  return (
    <PublicShell>
      <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit((values) => submit.mutate(values))}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        {page.error ? <Alert severity="error">{failureText(page.error, translate)}</Alert> : null}
        {page.data && !submit.data ? (
          <>
            <Typography color="text.secondary">
              {t('intro', { company: page.data.company, processor: page.data.processor, date: formatDate(page.data.expires_dt, locale) })}
            </Typography>
            <Text control={control} name="respondentName" label={t('respondent')} />
            <Typography variant="subtitle1" component="h2">
              {t('security')}
            </Typography>
            <Tick control={control} name={a('encryption')} label={t('encryption')} />
            <Tick control={control} name={a('accessControl')} label={t('accessControl')} />
            <Tick control={control} name={a('staffTraining')} label={t('staffTraining')} />
            <Text control={control} name={a('securityNotes')} label={t('securityNotes')} multiline />
            <Typography variant="subtitle1" component="h2">
              {t('subprocessors')}
            </Typography>
            <Tick control={control} name={a('subprocessorsDisclosed')} label={t('subprocessorsDisclosed')} />
            <Text control={control} name={a('subprocessorsList')} label={t('subprocessorsList')} multiline />
            <Typography variant="subtitle1" component="h2">
              {t('location')}
            </Typography>
            <Tick control={control} name={a('dataInThailand')} label={t('dataInThailand')} />
            <Text control={control} name={a('dataLocations')} label={t('dataLocations')} />
            <Typography variant="subtitle1" component="h2">
              {t('breach')}
            </Typography>
            <Tick control={control} name={a('breachProcedure')} label={t('breachProcedure')} />
            <Text control={control} name={a('breachNoticeHours')} label={t('breachNoticeHours')} number />
            <Typography variant="subtitle1" component="h2">
              {t('certifications')}
            </Typography>
            <Tick control={control} name={a('certified')} label={t('certified')} />
            <Text control={control} name={a('certifications')} label={t('certificationsList')} />
            {submit.error ? <Alert severity="error">{failureText(submit.error, translate)}</Alert> : null}
            <Box>
              <Button type="submit" variant="contained" disabled={submit.isPending} data-testid="questionnaire-submit">
                {t('submit')}
              </Button>
            </Box>
          </>
        ) : null}
        {submit.data ? (
          <Alert severity="success" role="status">
            {t('done', { score: submit.data.score })}
          </Alert>
        ) : null}
      </Stack>
    </PublicShell>
  );
}
