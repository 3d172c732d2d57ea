import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  type TextFieldProps,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { CONSENT_STAFF_CHANNELS, type PublishedNotice } from '../../../contract/consent';
import type { AppDataProvider } from '../../../dataProvider';
import { failureText } from '../../../src/components/failureText';
import { CODES, useNoticeChoices, type StaffRecording } from '../notices/consentApi';
import { GuardianFields } from '../notices/public/GuardianFields';
import { PurposeChecks } from '../notices/public/PurposeChecks';
import {
  EMPTY_STAFF_CONSENT,
  ageOf,
  firstProblem,
  isMinor,
  staffConsentBody,
  staffConsentResolver,
  type StaffConsentValues,
  type StaffMode,
} from './staffConsentForm';

type Channel = StaffRecording['channel'];

/** The person's side of the record: what the paper form, the call or the visit gave. */
function SubjectFields({ mode, notice, onSaved }: { mode: StaffMode; notice: PublishedNotice; onSaved(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const t = (key: string, o?: Record<string, unknown>) => translate(`consent.staff.${key}`, o);
  const resolver = useMemo(() => staffConsentResolver(mode, notice), [mode, notice]);
  const { control, handleSubmit, watch, formState } = useForm<StaffConsentValues>({ defaultValues: EMPTY_STAFF_CONSENT, resolver });
  const record = useMutation({
    mutationFn: async (values: StaffConsentValues) => {
      const body = staffConsentBody(mode, notice, values);
      if (mode === 'give') {
        const { given } = await dataProvider.staffGiveConsent(body);
        notify(t('given', { count: given.length }), { type: 'success' });
      } else {
        const { withdrawn } = await dataProvider.staffWithdrawConsent(body);
        notify(withdrawn.length ? t('withdrawn', { count: withdrawn.length }) : t('withdrawn_none'), { type: withdrawn.length ? 'success' : 'info' });
      }
    },
    onSuccess: onSaved,
  });
  const values = watch();
  const minor = isMinor(mode, values);
  const problem = firstProblem(formState.errors);
  const error = problem
    ? translate(problem.key, problem.args)
    : record.error && `${failureText(record.error, translate)} (${mode === 'give' ? CODES.staffGive : CODES.staffWithdraw})`;
  /** a text field bound to the form (the problems show together, below) */
  const text = (name: 'reference' | 'subjectId' | 'email' | 'name' | 'age', props: TextFieldProps) => (
    <Controller name={name} control={control} render={({ field: { ref, ...field } }) => <TextField inputRef={ref} {...field} {...props} />} />
  );

  return (
    <Stack spacing={1.5} component="form" id="staff-consent-form" noValidate onSubmit={handleSubmit((v) => !record.isPending && record.mutate(v))}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Controller
          name="channel"
          control={control}
          render={({ field: { ref, ...field } }) => (
            <TextField
              select
              required
              label={t('channel')}
              inputRef={ref}
              {...field}
              onChange={(e) => field.onChange(e.target.value as Channel)}
              sx={{ minWidth: 200 }}
            >
              {CONSENT_STAFF_CHANNELS.map((c) => (
                <MenuItem key={c} value={c}>
                  {translate(`consent.channels.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {text('reference', {
          required: true,
          fullWidth: true,
          label: t('reference'),
          helperText: t('reference_help'),
          slotProps: { htmlInput: { maxLength: 200 } },
        })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {text('subjectId', { required: true, fullWidth: true, label: t('subjectId') })}
        {text('email', { required: true, fullWidth: true, type: 'email', label: t('email') })}
      </Stack>
      {mode === 'give' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {text('name', { required: true, fullWidth: true, label: t('name') })}
          {text('age', {
            required: true,
            type: 'number',
            label: t('age'),
            sx: { width: { sm: 150 } },
            slotProps: { htmlInput: { min: 0, max: 150 } },
          })}
          <Controller
            name="lang"
            control={control}
            render={({ field: { ref, ...field } }) => (
              <TextField select label={t('lang')} inputRef={ref} {...field} sx={{ minWidth: 170 }}>
                <MenuItem value="th">{translate('consent.records.languages.th')}</MenuItem>
                <MenuItem value="en">{translate('consent.records.languages.en')}</MenuItem>
              </TextField>
            )}
          />
        </Stack>
      ) : null}
      <Controller
        name="ticked"
        control={control}
        render={({ field }) => <PurposeChecks notice={notice} ticked={field.value} onChange={field.onChange} detailed={mode === 'give'} />}
      />
      {minor ? (
        <Controller
          name="guardian"
          control={control}
          render={({ field }) => <GuardianFields age={ageOf(values)!} value={field.value} onChange={field.onChange} />}
        />
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * Staff record a consent the person gave on a signed paper form, by phone, in person or by e-mail
 * (or its withdrawal), against the notice's current version: the same rules as the public page,
 * with who recorded it and where the proof is kept.
 */
export function StaffConsentDialog({ open, onClose, onSaved }: { open: boolean; onClose(): void; onSaved(): void }) {
  const translate = useTranslate();
  const t = (key: string, o?: Record<string, unknown>) => translate(`consent.staff.${key}`, o);
  const dataProvider = useDataProvider<AppDataProvider>();
  const [mode, setMode] = useState<StaffMode>('give');
  const [formId, setFormId] = useState('');
  const forms = useNoticeChoices({ enabled: open });
  const published = (forms.data ?? []).filter((f) => f.version);
  const chosen = published.find((f) => f._id === formId);
  const notice = useQuery({
    queryKey: ['consent-notices', 'version', chosen?._id, chosen?.version],
    queryFn: () => dataProvider.consentNoticeVersion({ formId: chosen!._id, version: chosen!.version! }),
    enabled: Boolean(chosen),
  });
  const close = () => {
    setFormId('');
    setMode('give');
    onClose();
  };
  return (
    <Dialog open={open} onClose={(_e, reason) => (reason ? undefined : close())} fullWidth maxWidth="md" aria-labelledby="staff-consent-title">
      <DialogTitle id="staff-consent-title">{t('title')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={2}>
          <Alert severity="info" role="note">
            {t('intro')}
          </Alert>
          <ToggleButtonGroup
            exclusive
            color="primary"
            size="small"
            value={mode}
            onChange={(_e, next: StaffMode | null) => next && setMode(next)}
            aria-label={t('title')}
          >
            <ToggleButton value="give">{t('mode_give')}</ToggleButton>
            <ToggleButton value="withdraw">{t('mode_withdraw')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            required
            label={t('notice')}
            value={formId}
            onChange={(e) => setFormId(e.target.value)}
            helperText={chosen ? t('version', { version: chosen.version }) : t('notice_help')}
          >
            {published.map((f) => (
              <MenuItem key={f._id} value={f._id}>
                {f.projectName}
              </MenuItem>
            ))}
          </TextField>
          {forms.isSuccess && !published.length ? <Alert severity="warning">{t('no_notice')}</Alert> : null}
          {notice.isFetching ? <CircularProgress size={24} aria-label={translate('app.loading')} /> : null}
          {notice.error ? <Alert severity="error">{`${failureText(notice.error, translate)} (${CODES.staffNotice})`}</Alert> : null}
          {notice.data && chosen ? (
            <SubjectFields key={`${mode}-${formId}`} mode={mode} notice={notice.data} onSaved={() => (onSaved(), close())} />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('common.cancel')}</Button>
        <Button type="submit" form="staff-consent-form" variant="contained" disabled={!notice.data}>
          {mode === 'give' ? t('save_give') : t('save_withdraw')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
