import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, FormGroup, FormHelperText, FormLabel, Link, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DSR_FILE_MAX_BYTES, RIGHT_SECTION, type DsrPublicForm, type DsrRight } from '../../../contract/dsr';
import { ApiFailure, callApi } from '../../../dataProvider/http';
import { failureText } from '../../../src/components/ErrorToast';
import { ThaiDateInput } from '../../../src/components/ThaiDateInput';
import { formatDate } from '../../../i18n/dates';
import { readFileInput } from '../dsrApi';
import { PublicShell } from '../../../src/components/PublicShell';
import { useTexts } from '../../../src/i18n/i18nProvider';

type Subject = Record<'firstname' | 'lastname' | 'email' | 'phone' | 'idNumber' | 'dateOfBirth' | 'address', string>;
const EMPTY_SUBJECT: Subject = { firstname: '', lastname: '', email: '', phone: '', idNumber: '', dateOfBirth: '', address: '' };

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

function FilePick({ label, file, onChange, error }: { label: string; file: File | null; onChange(f: File | null): void; error?: string }) {
  const translate = useTranslate();
  return (
    <Box>
      <FormLabel>{label}</FormLabel>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 0.5 }}>
        {/* the input itself takes the focus and names the field; the label is only its face (no role of its own) */}
        <Button variant="outlined" component="label" role={undefined} tabIndex={-1} sx={{ '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}>
          {translate('dsr.public.choose_file')}
          <input type="file" style={VISUALLY_HIDDEN} accept="application/pdf,image/jpeg,image/png" aria-label={label} onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
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
  useTexts('dsr', 'server');
  const { formId = '' } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale === 'en' ? 'en' : 'th';
  const form = useQuery({
    queryKey: ['dsr-public-form', formId],
    queryFn: () => callApi<{ form: DsrPublicForm }>(`/consents/datasubject/public/${encodeURIComponent(formId)}`).then((r) => r.form),
    retry: false,
  });
  const [rights, setRights] = useState<DsrRight[]>([]);
  const [requesterType, setRequesterType] = useState<'subject' | 'representative'>('subject');
  const [subject, setSubject] = useState<Subject>(EMPTY_SUBJECT);
  const [rep, setRep] = useState({ name: '', relation: '', email: '' });
  const [details, setDetails] = useState('');
  const [evidence, setEvidence] = useState<File | null>(null);
  const [authority, setAuthority] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ referenceCode: string; dueAt: string; email: string } | null>(null);

  if (form.isLoading) {
    return (
      <PublicShell>
        <CircularProgress />
      </PublicShell>
    );
  }
  if (form.error || !form.data) {
    const notFound = form.error instanceof ApiFailure && form.error.status === 404;
    return (
      <PublicShell>
        <Alert severity="error">{notFound ? translate('dsr.public.not_found') : translate('dsr.public.error')}</Alert>
      </PublicShell>
    );
  }
  const f = form.data;
  const texts = f.texts[lang];
  const required = translate('dsr.public.required');
  const representative = requesterType === 'representative';
  const tooLarge = (file: File | null) => !!file && file.size > DSR_FILE_MAX_BYTES;
  const missing = (value: string) => tried && !value.trim();
  const problems = [
    rights.length === 0,
    !subject.firstname.trim() || !subject.lastname.trim() || !subject.email.trim(),
    f.identityFields.some((k) => !subject[k].trim()),
    f.evidenceRequired && !evidence,
    representative && (!rep.name.trim() || !rep.relation.trim() || !rep.email.trim() || !authority),
    tooLarge(evidence) || tooLarge(authority),
    !consent,
  ];

  const submit = async () => {
    setTried(true);
    setFailure(null);
    if (problems.some(Boolean)) return;
    setSending(true);
    try {
      const subjectBody = Object.fromEntries(Object.entries(subject).filter(([, v]) => v.trim())) as Partial<Subject>;
      const reply = await callApi<{ referenceCode: string; dueAt: string }>('/consents/datasubject/add', {
        method: 'POST',
        body: {
          formId,
          rights,
          requesterType,
          subject: subjectBody,
          ...(representative ? { representative: rep, authorityProof: authority ? await readFileInput(authority) : undefined } : {}),
          details,
          identityEvidence: evidence ? await readFileInput(evidence) : undefined,
          consent,
          lang,
        },
      });
      setDone({ referenceCode: reply.referenceCode, dueAt: reply.dueAt, email: representative ? rep.email : subject.email });
    } catch (err) {
      setFailure(failureText(err, translate));
    } finally {
      setSending(false);
    }
  };

  if (done) {
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
          <Typography>{translate('dsr.public.done_mail', { email: done.email })}</Typography>
          <Link component={RouterLink} to="/dsrtracking">
            {translate('dsr.public.track_link')}
          </Link>
        </Stack>
      </PublicShell>
    );
  }

  const subjectField = (key: keyof Subject, req: boolean, multiline = false) =>
    key === 'dateOfBirth' ? (
      <ThaiDateInput
        key={key}
        label={translate('dsr.identity.dateOfBirth')}
        value={subject.dateOfBirth || null}
        onChange={(v) => setSubject({ ...subject, dateOfBirth: v ?? '' })}
        yearsAhead={0}
        yearsBack={120}
        required={req}
        error={req && missing(subject.dateOfBirth)}
        helperText={req && missing(subject.dateOfBirth) ? required : undefined}
      />
    ) : (
      <TextField
        key={key}
        label={translate(`dsr.identity.${key}`)}
        required={req}
        multiline={multiline}
        type={key === 'email' ? 'email' : 'text'}
        value={subject[key]}
        onChange={(e) => setSubject({ ...subject, [key]: e.target.value })}
        error={req && missing(subject[key])}
        helperText={req && missing(subject[key]) ? required : undefined}
      />
    );

  return (
    <PublicShell>
      <Stack spacing={2} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <Typography variant="h5" component="h1">
          {texts.title}
        </Typography>
        <Typography color="text.secondary">{translate('dsr.public.controller', { name: lang === 'en' ? f.controller.nameEn : f.controller.nameTh })}</Typography>
        {texts.intro ? <Typography sx={{ whiteSpace: 'pre-wrap' }}>{texts.intro}</Typography> : null}
        <Box>
          <FormLabel required>{translate('dsr.public.rights')}</FormLabel>
          <FormGroup>
            {f.rights.map((r) => (
              <FormControlLabel
                key={r}
                control={<Checkbox checked={rights.includes(r)} onChange={(e) => setRights(e.target.checked ? [...rights, r] : rights.filter((x) => x !== r))} />}
                label={`${translate(`dsr.rights.${r}`)} (${translate('dsr.section')} ${RIGHT_SECTION[r]})`}
              />
            ))}
          </FormGroup>
          {tried && rights.length === 0 ? <FormHelperText error>{translate('dsr.public.pick_right')}</FormHelperText> : null}
        </Box>
        <Box>
          <FormLabel>{translate('dsr.public.requester_type')}</FormLabel>
          <RadioGroup row value={requesterType} onChange={(e) => setRequesterType(e.target.value as 'subject' | 'representative')}>
            <FormControlLabel value="subject" control={<Radio />} label={translate('dsr.requester.subject')} />
            <FormControlLabel value="representative" control={<Radio />} label={translate('dsr.requester.representative')} />
          </RadioGroup>
        </Box>
        <Typography variant="subtitle1" component="h2">
          {translate('dsr.public.subject_section')}
        </Typography>
        {subjectField('firstname', true)}
        {subjectField('lastname', true)}
        {subjectField('email', true)}
        {f.identityFields.map((k) => subjectField(k, true, k === 'address'))}
        {representative ? (
          <>
            <Typography variant="subtitle1" component="h2">
              {translate('dsr.public.representative_section')}
            </Typography>
            <TextField required label={translate('dsr.public.rep_name')} value={rep.name} onChange={(e) => setRep({ ...rep, name: e.target.value })} error={missing(rep.name)} helperText={missing(rep.name) ? required : undefined} />
            <TextField required label={translate('dsr.public.rep_relation')} value={rep.relation} onChange={(e) => setRep({ ...rep, relation: e.target.value })} error={missing(rep.relation)} helperText={missing(rep.relation) ? required : undefined} />
            <TextField required type="email" label={translate('dsr.public.rep_email')} value={rep.email} onChange={(e) => setRep({ ...rep, email: e.target.value })} error={missing(rep.email)} helperText={missing(rep.email) ? required : undefined} />
            <FilePick
              label={translate('dsr.public.authority_proof')}
              file={authority}
              onChange={setAuthority}
              error={tooLarge(authority) ? translate('dsr.public.file_too_large') : tried && !authority ? required : undefined}
            />
          </>
        ) : null}
        <TextField multiline minRows={3} label={translate('dsr.public.details')} value={details} onChange={(e) => setDetails(e.target.value)} />
        <Box>
          <FilePick
            label={translate('dsr.public.identity_evidence')}
            file={evidence}
            onChange={setEvidence}
            error={tooLarge(evidence) ? translate('dsr.public.file_too_large') : tried && f.evidenceRequired && !evidence ? required : undefined}
          />
          {f.evidenceNote[lang] ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {f.evidenceNote[lang]}
            </Typography>
          ) : null}
        </Box>
        <Box>
          <FormControlLabel control={<Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} />} label={texts.consentText} />
          {tried && !consent ? <FormHelperText error>{required}</FormHelperText> : null}
        </Box>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={sending}>
            {translate(sending ? 'dsr.public.sending' : 'dsr.public.submit')}
          </Button>
        </Box>
      </Stack>
    </PublicShell>
  );
}
