import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Controller, useForm, type ControllerFieldState, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { RIGHT_SECTION, type DsrPublicForm } from '../../../contract/dsr';
import type { AppDataProvider } from '../../../dataProvider';
import { ApiFailure } from '../../../dataProvider/http';
import { failureText } from '../../../src/components/failureText';
import { ThaiDateInput } from '../../../src/components/ThaiDateInput';
import { formatDate } from '../../../i18n/dates';
import { formResolver } from '../../../src/components/formResolver';
import { EMPTY_REQUEST, REQUIRED_KEY, publicRequestSchema, requestBody, type PublicRequestValues } from './publicRequestForm';
import { PublicLoadFailed, PublicShell } from '../../../src/components/PublicShell';
import { useTexts } from '../../../src/i18n/i18nProvider';
import { usePublicRead } from '../../../src/pages/usePublicRead';
import type { DsrPending } from '../definition';
import { DsrCodeStep } from './DsrCodeStep';

type SubjectKey = keyof PublicRequestValues['subject'];

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

function FilePick({ label, file, onChange, error }: { label: string; file: File | null; onChange(f: File | null): void; error?: string }) {
  const translate = useTranslate();
  return (
    <Box>
      <FormLabel>{label}</FormLabel>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 0.5 }}>
        {/* the input itself takes the focus and names the field; the label is only its face (no role of its own) */}
        <Button
          variant="outlined"
          component="label"
          role={undefined}
          tabIndex={-1}
          sx={{ '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {translate('dsr.public.choose_file')}
          <input
            type="file"
            style={VISUALLY_HIDDEN}
            accept="application/pdf,image/jpeg,image/png"
            aria-label={label}
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {file?.name ?? translate('dsr.public.no_file')}
        </Typography>
      </Stack>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}

/** `/datasubject/form/{formId}`: the published request form, as its company configured it. */
export default function DsrPublicFormPage() {
  useTexts('dsr');
  const { formId = '' } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const form = usePublicRead(['dsr-requests', 'public-form', formId], () => dataProvider.dsrPublicForm({ formId }));
  if (form.isPending) {
    return (
      <PublicShell>
        <CircularProgress />
      </PublicShell>
    );
  }
  if (form.error || !form.data) {
    const notFound = form.error instanceof ApiFailure && (form.error.status === 404 || form.error.status === 400);
    return (
      <PublicShell>
        {notFound ? <PublicLoadFailed error={form.error} /> : <Alert severity="error">{translate('dsr.public.error')}</Alert>}
      </PublicShell>
    );
  }
  return <RequestForm form={form.data} formId={formId} lang={locale === 'en' ? 'en' : 'th'} />;
}

function RequestForm({ form: f, formId, lang }: { form: DsrPublicForm; formId: string; lang: 'th' | 'en' }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const resolver = useMemo(() => formResolver(publicRequestSchema(f) as unknown as z.ZodType<PublicRequestValues, FieldValues>, REQUIRED_KEY), [f]);
  const { control, handleSubmit, watch, formState } = useForm<PublicRequestValues>({ defaultValues: EMPTY_REQUEST, resolver });
  // the e-mail's link back to the code step (`?verify=<id>`) opens it directly
  const [search] = useSearchParams();
  const linked = search.get('verify');
  const send = useMutation({
    mutationFn: async (values: PublicRequestValues) => dataProvider.submitDsrRequest(await requestBody(formId, lang, values)),
  });
  const pending: DsrPending | undefined = send.data ?? (linked ? { verificationId: linked, email: '', expiresAt: '' } : undefined);
  const [filed, setFiled] = useState<{ referenceCode: string; dueAt: string } | null>(null);
  const texts = f.texts[lang];
  const representative = watch('requesterType') === 'representative';
  /** a field's problem, in the reader's language */
  const problem = (message: string | undefined) => (message ? translate(message) : undefined);
  /** A text box bound to its form field: a cleared box is no value; the field's problem under it. */
  const textProps = <N extends FieldPath<PublicRequestValues>>({
    field,
    fieldState,
  }: {
    field: ControllerRenderProps<PublicRequestValues, N>;
    fieldState: ControllerFieldState;
  }) => ({
    name: field.name,
    inputRef: field.ref,
    value: field.value ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.onChange(e.target.value || undefined),
    onBlur: field.onBlur,
    error: !!fieldState.error,
    helperText: problem(fieldState.error?.message),
  });

  if (filed) {
    const done = { ...filed, email: pending?.email ?? '' };
    return (
      <PublicShell>
        <Stack spacing={2} role="status">
          <Typography variant="h5" component="h1">
            {translate('dsr.public.done_title')}
          </Typography>
          <Typography>{translate('dsr.public.done_text')}</Typography>
          <Typography variant="h4" component="p" sx={{ fontFamily: 'monospace' }} data-testid="dsr-reference">
            {done.referenceCode}
          </Typography>
          <Typography>{translate('dsr.public.done_due', { date: formatDate(done.dueAt, locale) })}</Typography>
          {done.email ? <Typography>{translate('dsr.public.done_mail', { email: done.email })}</Typography> : null}
          <Link component={RouterLink} to="/dsrtracking">
            {translate('dsr.public.track_link')}
          </Link>
        </Stack>
      </PublicShell>
    );
  }

  if (pending) {
    return (
      <PublicShell>
        <DsrCodeStep pending={pending} onDone={setFiled} />
      </PublicShell>
    );
  }

  const subjectField = (key: SubjectKey, multiline = false) => (
    <Controller
      key={key}
      name={`subject.${key}`}
      control={control}
      render={(bound) =>
        key === 'dateOfBirth' ? (
          <ThaiDateInput
            label={translate('dsr.identity.dateOfBirth')}
            value={bound.field.value || null}
            onChange={(v) => bound.field.onChange(v || undefined)}
            yearsAhead={0}
            yearsBack={120}
            required
            error={!!bound.fieldState.error}
            helperText={problem(bound.fieldState.error?.message)}
          />
        ) : (
          <TextField
            label={translate(`dsr.identity.${key}`)}
            required
            multiline={multiline}
            type={key === 'email' ? 'email' : 'text'}
            {...textProps(bound)}
          />
        )
      }
    />
  );
  const fileField = (name: 'authority' | 'evidence', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FilePick label={translate(label)} file={field.value} onChange={field.onChange} error={problem(fieldState.error?.message)} />
      )}
    />
  );

  const representativeField = (key: 'name' | 'relation' | 'email') => (
    <Controller
      name={`representative.${key}`}
      control={control}
      render={(bound) => (
        <TextField required type={key === 'email' ? 'email' : 'text'} label={translate(`dsr.public.rep_${key}`)} {...textProps(bound)} />
      )}
    />
  );

  return (
    <PublicShell>
      <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit((values) => send.mutate(values))}>
        <Typography variant="h5" component="h1">
          {texts.title}
        </Typography>
        <Typography color="text.secondary">
          {translate('dsr.public.controller', { name: lang === 'en' ? f.controller.nameEn : f.controller.nameTh })}
        </Typography>
        {texts.intro ? <Typography sx={{ whiteSpace: 'pre-wrap' }}>{texts.intro}</Typography> : null}
        <Controller
          name="rights"
          control={control}
          render={({ field, fieldState }) => (
            <Box>
              <FormLabel required>{translate('dsr.public.rights')}</FormLabel>
              <FormGroup>
                {f.rights.map((r) => (
                  <FormControlLabel
                    key={r}
                    control={
                      <Checkbox
                        checked={field.value.includes(r)}
                        onChange={(e) => field.onChange(e.target.checked ? [...field.value, r] : field.value.filter((x) => x !== r))}
                      />
                    }
                    label={`${translate(`dsr.rights.${r}`)} (${translate('dsr.section')} ${RIGHT_SECTION[r]})`}
                  />
                ))}
              </FormGroup>
              {fieldState.error ? <FormHelperText error>{problem(fieldState.error.message)}</FormHelperText> : null}
            </Box>
          )}
        />
        <Box>
          <FormLabel>{translate('dsr.public.requester_type')}</FormLabel>
          <Controller
            name="requesterType"
            control={control}
            render={({ field }) => (
              <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                <FormControlLabel value="subject" control={<Radio />} label={translate('dsr.requester.subject')} />
                <FormControlLabel value="representative" control={<Radio />} label={translate('dsr.requester.representative')} />
              </RadioGroup>
            )}
          />
        </Box>
        <Typography variant="subtitle1" component="h2">
          {translate('dsr.public.subject_section')}
        </Typography>
        {subjectField('firstname')}
        {subjectField('lastname')}
        {subjectField('email')}
        {f.identityFields.map((k) => subjectField(k, k === 'address'))}
        {representative ? (
          <>
            <Typography variant="subtitle1" component="h2">
              {translate('dsr.public.representative_section')}
            </Typography>
            {representativeField('name')}
            {representativeField('relation')}
            {representativeField('email')}
            {fileField('authority', 'dsr.public.authority_proof')}
          </>
        ) : null}
        <Controller
          name="details"
          control={control}
          render={({ field: { ref, ...field } }) => (
            <TextField multiline minRows={3} label={translate('dsr.public.details')} inputRef={ref} {...field} />
          )}
        />
        <Box>
          {fileField('evidence', 'dsr.public.identity_evidence')}
          {f.evidenceNote[lang] ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {f.evidenceNote[lang]}
            </Typography>
          ) : null}
        </Box>
        <Controller
          name="consent"
          control={control}
          render={({ field, fieldState }) => (
            <Box>
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={texts.consentText}
              />
              {fieldState.error ? <FormHelperText error>{problem(fieldState.error.message)}</FormHelperText> : null}
            </Box>
          )}
        />
        {send.error ? <Alert severity="error">{failureText(send.error, translate)}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={send.isPending || formState.isSubmitting}>
            {translate(send.isPending ? 'dsr.public.sending' : 'dsr.public.submit')}
          </Button>
        </Box>
      </Stack>
    </PublicShell>
  );
}
