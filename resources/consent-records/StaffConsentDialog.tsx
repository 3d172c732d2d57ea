import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ADULT_AGE, CONSENT_STAFF_CHANNELS, type PublishedNotice } from '../../contract/consent';
import { failureText } from '../../src/components/ErrorToast';
import { CODES, fetchForms, fetchNoticeVersion, staffGiveConsent, staffWithdrawConsent, type StaffRecording } from '../consent-notices/consentApi';
import { GuardianFields, NO_GUARDIAN, guardianComplete, type Guardian } from '../consent-notices/public/GuardianFields';
import { PurposeChecks } from '../consent-notices/public/PurposeChecks';

type Mode = 'give' | 'withdraw';
type Channel = StaffRecording['channel'];

/** The person's side of the record: what the paper form, the call or the visit gave. */
function SubjectFields({ mode, notice, onSaved }: { mode: Mode; notice: PublishedNotice; onSaved(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, o?: Record<string, unknown>) => translate(`consent.staff.${key}`, o);
  const [channel, setChannel] = useState<Channel>('paper');
  const [reference, setReference] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [age, setAge] = useState('');
  const [lang, setLang] = useState<'th' | 'en'>('th');
  const [ticked, setTicked] = useState<string[]>([]);
  const [guardian, setGuardian] = useState<Guardian>(NO_GUARDIAN);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const years = age === '' ? undefined : Number(age);
  const minor = mode === 'give' && years !== undefined && years < ADULT_AGE;

  const submit = async () => {
    if (busy) return;
    setError(undefined);
    const missing = !reference.trim() || !subjectId.trim() || !email.trim() || (mode === 'give' && (!name.trim() || years === undefined));
    if (missing || (minor && !guardianComplete(guardian))) return setError(translate('consent.public.required'));
    if (!ticked.length) return setError(translate('consent.public.pick_one'));
    const recording = { formId: notice.formId, channel, reference: reference.trim(), subjectId: subjectId.trim(), email: email.trim(), lang };
    setBusy(true);
    try {
      if (mode === 'give') {
        const { given } = await staffGiveConsent({
          ...recording,
          name: name.trim(),
          age: years,
          version: notice.version,
          purposes: notice.draft.consent.purposes.map((p) => ({ _id: p._id, consent: ticked.includes(p._id) })),
          ...(minor ? { guardian: { name: guardian.name.trim(), relation: guardian.relation.trim(), consent: true } } : {}),
        });
        notify(t('given', { count: given.length }), { type: 'success' });
      } else {
        const { withdrawn } = await staffWithdrawConsent({ ...recording, purposes: ticked });
        notify(withdrawn.length ? t('withdrawn', { count: withdrawn.length }) : t('withdrawn_none'), { type: withdrawn.length ? 'success' : 'info' });
      }
      onSaved();
    } catch (err) {
      setError(`${failureText(err, translate)} (${mode === 'give' ? CODES.staffGive : CODES.staffWithdraw})`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5} component="form" id="staff-consent-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField select required label={t('channel')} value={channel} onChange={(e) => setChannel(e.target.value as Channel)} sx={{ minWidth: 200 }}>
          {CONSENT_STAFF_CHANNELS.map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`consent.channels.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField required fullWidth label={t('reference')} helperText={t('reference_help')} value={reference} onChange={(e) => setReference(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField required fullWidth label={t('subjectId')} value={subjectId} onChange={(e) => setSubjectId(e.target.value)} />
        <TextField required fullWidth type="email" label={t('email')} value={email} onChange={(e) => setEmail(e.target.value)} />
      </Stack>
      {mode === 'give' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField required fullWidth label={t('name')} value={name} onChange={(e) => setName(e.target.value)} />
          <TextField required type="number" label={t('age')} value={age} sx={{ width: { sm: 150 } }} slotProps={{ htmlInput: { min: 0, max: 150 } }} onChange={(e) => setAge(e.target.value)} />
          <TextField select label={t('lang')} value={lang} sx={{ minWidth: 170 }} onChange={(e) => setLang(e.target.value as 'th' | 'en')}>
            <MenuItem value="th">{translate('consent.records.languages.th')}</MenuItem>
            <MenuItem value="en">{translate('consent.records.languages.en')}</MenuItem>
          </TextField>
        </Stack>
      ) : null}
      <PurposeChecks notice={notice} ticked={ticked} onChange={setTicked} detailed={mode === 'give'} />
      {minor ? <GuardianFields age={years!} value={guardian} onChange={setGuardian} /> : null}
      {error ? <Alert severity="error" role="alert">{error}</Alert> : null}
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
  const [mode, setMode] = useState<Mode>('give');
  const [formId, setFormId] = useState('');
  const forms = useQuery({ queryKey: ['consent-forms', 'all'], queryFn: () => fetchForms(1), enabled: open });
  const published = (forms.data?.formlist ?? []).filter((f) => f.version);
  const chosen = published.find((f) => f._id === formId);
  const notice = useQuery({
    queryKey: ['consent-notice-version', chosen?._id, chosen?.version],
    queryFn: () => fetchNoticeVersion(chosen!._id, chosen!.version!),
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
          <Alert severity="info" role="note">{t('intro')}</Alert>
          <ToggleButtonGroup exclusive color="primary" size="small" value={mode} onChange={(_e, next: Mode | null) => next && setMode(next)} aria-label={t('title')}>
            <ToggleButton value="give">{t('mode_give')}</ToggleButton>
            <ToggleButton value="withdraw">{t('mode_withdraw')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField select required label={t('notice')} value={formId} onChange={(e) => setFormId(e.target.value)} helperText={chosen ? t('version', { version: chosen.version }) : t('notice_help')}>
            {published.map((f) => (
              <MenuItem key={f._id} value={f._id}>
                {f.projectName}
              </MenuItem>
            ))}
          </TextField>
          {forms.isSuccess && !published.length ? <Alert severity="warning">{t('no_notice')}</Alert> : null}
          {notice.isFetching ? <CircularProgress size={24} aria-label={translate('app.loading')} /> : null}
          {notice.error ? <Alert severity="error">{`${failureText(notice.error, translate)} (${CODES.staffNotice})`}</Alert> : null}
          {notice.data && chosen ? <SubjectFields key={`${mode}-${formId}`} mode={mode} notice={notice.data} onSaved={() => (onSaved(), close())} /> : null}
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
